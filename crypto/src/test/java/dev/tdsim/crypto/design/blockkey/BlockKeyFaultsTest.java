package dev.tdsim.crypto.design.blockkey;

import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.DESIGN;
import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.KEYS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Bad, malformed and missing shares: named, excluded, and the block opens from the rest. */
class BlockKeyFaultsTest {
  private static final BlockId ID = BlockKeyFixture.block(7);
  private static final List<SealedTx> TXS =
      BlockKeyFixture.seal(DESIGN, ID, 4, SeededDrbg.of(2, "faults", 0));
  private static final PreparedBlock BLOCK = BlockKeyFixture.prepare(DESIGN, ID, TXS);

  private static final PreparedBlock OTHER =
      BlockKeyFixture.prepare(DESIGN, BlockKeyFixture.block(8), TXS);

  /** New honest shares from exactly the signers asked, counting the calls. */
  private static BlockProposer.Reshare reshare(AtomicInteger calls) {
    return reshare(calls, Set.of());
  }

  /** The same, but the validators in {@code bad} send their share for another block again. */
  private static BlockProposer.Reshare reshare(AtomicInteger calls, Set<Integer> bad) {
    return signers -> {
      calls.incrementAndGet();
      Map<Integer, List<byte[]>> out = BlockKeyFixture.shares(DESIGN, signers, BLOCK);
      for (int v : bad) {
        if (signers.contains(v)) {
          out.put(v, DESIGN.createShares(v, signers, OTHER));
        }
      }
      return out;
    };
  }

  private static void assertAllOpen(BlockResult r) {
    assertEquals(BlockResult.Status.DECRYPTED, r.status());
    for (int j = 0; j < TXS.size(); j++) {
      assertArrayEquals(BlockKeyFixture.message(j), r.plaintexts().get(j).orElseThrow());
    }
  }

  @Test
  void aBadAndAMalformedShareAreNamedAndTheRestOpenTheBlock() {
    SignerSet all = BlockKeyFixture.all();
    Map<Integer, List<byte[]>> shares = BlockKeyFixture.shares(DESIGN, all, BLOCK);
    // Validator 3: its share for another block (a valid G1 point, the wrong one).
    shares.put(3, DESIGN.createShares(3, all, OTHER));
    shares.put(5, List.of(new byte[] {1, 2, 3, 4, 5, 6, 7}));
    AtomicInteger calls = new AtomicInteger();
    BlockResult r =
        DESIGN.propose(BLOCK, shares, all, reshare(calls, Set.of(3)), SeededDrbg.of(2, "w", 1));
    assertAllOpen(r);
    assertEquals(Set.of(3, 5), r.faultyValidators().keySet());
    assertTrue(r.faultyValidators().get(3).contains("failed verification"), r.faultyValidators()
        .get(3));
    assertTrue(r.faultyValidators().get(5).contains("malformed"), r.faultyValidators().get(5));
    assertEquals(SignerSet.of(KEYS.committee(), List.of(0, 1, 2, 4, 6, 7)), r.signersUsed());
    assertEquals(2, calls.get()); // once without 5 (malformed), once more without 3 (bad)
  }

  @Test
  void withoutAReshareSourceTheResultAsksForOne() {
    SignerSet all = BlockKeyFixture.all();
    Map<Integer, List<byte[]>> shares = BlockKeyFixture.shares(DESIGN, all, BLOCK);
    G1Point honest = G1Point.fromBytes(shares.get(2).get(0));
    shares.put(2, List.of(honest.add(G1Point.generator()).toUncompressed()));
    BlockResult r = DESIGN.propose(BLOCK, shares, all, null, SeededDrbg.of(2, "w", 2));
    assertEquals(BlockResult.Status.NEEDS_RESHARE, r.status());
    assertEquals(Set.of(2), r.faultyValidators().keySet());
    assertTrue(r.plaintexts().stream().allMatch(java.util.Optional::isEmpty));
    assertEquals(7, r.signersUsed().size());
  }

  @Test
  void aMissingSignerNeedsNewSharesFromTheRest() {
    SignerSet all = BlockKeyFixture.all();
    Map<Integer, List<byte[]>> shares = BlockKeyFixture.shares(DESIGN, all, BLOCK);
    shares.remove(6);
    AtomicInteger calls = new AtomicInteger();
    BlockResult r = DESIGN.propose(BLOCK, shares, all, reshare(calls), SeededDrbg.of(2, "w", 3));
    assertAllOpen(r);
    assertTrue(r.faultyValidators().isEmpty());
    assertEquals(1, calls.get());
    assertEquals(7, r.signersUsed().size());
  }

  @Test
  void aWrongShareCountIsNamed() {
    SignerSet all = BlockKeyFixture.all();
    Map<Integer, List<byte[]>> shares = BlockKeyFixture.shares(DESIGN, all, BLOCK);
    List<byte[]> two = new ArrayList<>(shares.get(1));
    two.add(two.get(0));
    shares.put(1, two);
    BlockResult r = DESIGN.propose(
        BLOCK, shares, all, reshare(new AtomicInteger()), SeededDrbg.of(2, "w", 4));
    assertAllOpen(r);
    assertTrue(r.faultyValidators().get(1).contains("sent 2 shares"), r.faultyValidators().get(1));
  }

  /** A torsion component passes every pairing check; the key's subgroup check finds it. */
  @Test
  void aShareWithATorsionComponentIsNamed() {
    SignerSet all = BlockKeyFixture.all();
    Map<Integer, List<byte[]>> shares = BlockKeyFixture.shares(DESIGN, all, BLOCK);
    G1Point honest = G1Point.fromBytes(shares.get(4).get(0));
    shares.put(4, List.of(honest.add(BlockKeyFixture.torsion()).toUncompressed()));
    BlockResult r = DESIGN.propose(
        BLOCK, shares, all, reshare(new AtomicInteger()), SeededDrbg.of(2, "w", 5));
    assertAllOpen(r);
    assertEquals(Set.of(4), r.faultyValidators().keySet());
    assertTrue(r.faultyValidators().get(4).contains("subgroup"), r.faultyValidators().get(4));
    assertTrue(r.timings().blameNanos() > 0);
  }

  @Test
  void tooFewHonestPointsOpenNothing() {
    SignerSet all = BlockKeyFixture.all();
    Map<Integer, List<byte[]>> shares = BlockKeyFixture.shares(DESIGN, all, BLOCK);
    for (int v : List.of(0, 1, 2)) { // 5 of 8 validators left: 40 points < 42
      shares.put(v, List.of(G1Point.generator().toUncompressed()));
    }
    BlockResult r = DESIGN.propose(
        BLOCK, shares, all, reshare(new AtomicInteger()), SeededDrbg.of(2, "w", 6));
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, r.status());
    assertNull(r.signersUsed());
    assertEquals(Set.of(0, 1, 2), r.faultyValidators().keySet());
    assertTrue(r.plaintexts().stream().allMatch(java.util.Optional::isEmpty));
    assertEquals(40, r.pointsAvailable());
  }
}
