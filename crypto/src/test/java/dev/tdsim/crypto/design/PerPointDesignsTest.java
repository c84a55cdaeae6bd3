package dev.tdsim.crypto.design;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The per-point forms of the one-share-per-block designs ({@link ShareForm#PER_POINT}): one
 * message of one G1 point per key-share point, no signer set, interpolation by the combiner.
 * Small committees: N = 64 points, t = 42.
 */
class PerPointDesignsTest {
  private static final Workers WORKERS = Workers.of(2);
  private static final int SHARES = 64;
  private static final int THRESHOLD = Committee.defaultThreshold(SHARES);

  private record Opened(DesignKeys design, BlockId block, List<SealedTx> txs,
      PreparedBlock prepared) {
    Map<Integer, List<byte[]>> shares(List<Integer> validators) {
      Map<Integer, List<byte[]>> out = new LinkedHashMap<>();
      SignerSet all = SignerSet.all(design.keys().committee());
      for (int v : validators) {
        out.put(v, new ArrayList<>(design.createShares(v, all, prepared)));
      }
      return out;
    }

    BlockResult propose(Map<Integer, List<byte[]>> shares, long seed) {
      return design.propose(prepared, shares, null, null, SeededDrbg.of(seed, "propose", 0));
    }

    void assertOpened(BlockResult r) {
      assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.faultyValidators().toString());
      for (int j = 0; j < txs.size(); j++) {
        assertArrayEquals(message(j), r.plaintexts().get(j).orElseThrow());
      }
    }
  }

  private static byte[] message(int j) {
    return ("tx " + j + " ").repeat(j + 1).getBytes(StandardCharsets.UTF_8);
  }

  private static Opened block(String name, Committee committee, long seed, int count) {
    KeySet keys = KeySet.deal(committee, SeededDrbg.of(seed, "keys", 0), WORKERS);
    DesignKeys design = Designs.byName(name).setup(keys, 16, SeededDrbg.of(seed, "setup", 0),
        WORKERS);
    SeededDrbg random = SeededDrbg.of(seed, "seal", 0);
    BlockId id = new BlockId("per-point", 7 + seed);
    List<SealedTx> txs = new ArrayList<>();
    for (int j = 0; j < count; j++) {
      txs.add(design.encrypt(id, j, message(j), random));
    }
    return new Opened(design, id, txs, design.prepare(design.digest(id, txs, WORKERS), txs,
        WORKERS));
  }

  private static List<Integer> range(int n) {
    return java.util.stream.IntStream.range(0, n).boxed().toList();
  }

  @ParameterizedTest
  @ValueSource(strings = {"batched-points", "block-key-points"})
  void roundTripWithOneMessageOfOnePointPerKeySharePoint(String name) {
    Committee committee = Committee.equal(SHARES, THRESHOLD, 8);
    Opened o = block(name, committee, 1, 5);
    BlockDesign d = o.design().design();
    assertEquals(name, d.name());
    assertFalse(d.sharesDependOnSigners());
    assertEquals(1, d.sharesPerBlock(5));
    assertEquals(8 * 96, d.shareWireBytes(committee, 3));
    Map<Integer, List<byte[]>> shares = o.shares(range(8));
    assertEquals(1, shares.get(3).size());
    assertEquals(8 * 96, shares.get(3).get(0).length);
    // the shares do not depend on the signer set
    assertArrayEquals(shares.get(3).get(0), o.design().createShares(3,
        SignerSet.of(committee, List.of(1, 3, 4, 5, 6, 7)), o.prepared()).get(0));
    BlockResult r = o.propose(shares, 1);
    o.assertOpened(r);
    assertTrue(r.faultyValidators().isEmpty());
    assertNotNull(r.signersUsed());
    assertTrue(r.signersUsed().pointCount() >= THRESHOLD);
  }

  /** Validators of 1, 41 and 22 points (t = 42): any t points open, t - 1 do not. */
  @ParameterizedTest
  @ValueSource(strings = {"batched-points", "block-key-points"})
  void exactlyTheThresholdOpens(String name) {
    Committee committee = new Committee(SHARES, THRESHOLD, new int[] {0, 1, 42, 64});
    Opened o = block(name, committee, 2, 3);
    o.assertOpened(o.propose(o.shares(List.of(0, 1)), 2)); // exactly t
    o.assertOpened(o.propose(o.shares(List.of(1, 2)), 3)); // t + 21, the last one cut
    BlockResult shut = o.propose(o.shares(List.of(1)), 4); // t - 1
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, shut.status());
    assertEquals(THRESHOLD - 1, shut.pointsAvailable());
    assertTrue(shut.plaintexts().stream().allMatch(Optional::isEmpty));
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES,
        o.propose(o.shares(List.of(0, 2)), 5).status());
  }

  /** Random sets of validators of an equal committee: open exactly when they hold t points. */
  @ParameterizedTest
  @ValueSource(strings = {"batched-points", "block-key-points"})
  void anySetOpensExactlyWhenItHoldsTheThreshold(String name) {
    Committee committee = Committee.equal(SHARES, THRESHOLD, 8);
    Opened o = block(name, committee, 3, 2);
    Random rnd = new Random(3);
    for (int round = 0; round < 6; round++) {
      List<Integer> chosen = new ArrayList<>();
      for (int v = 0; v < 8; v++) {
        if (rnd.nextInt(3) != 0) {
          chosen.add(v);
        }
      }
      BlockResult r = o.propose(o.shares(chosen), round);
      if (committee.pointsOf(chosen).length >= THRESHOLD) {
        o.assertOpened(r);
      } else {
        assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, r.status(), chosen.toString());
        assertTrue(r.plaintexts().stream().allMatch(Optional::isEmpty));
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"batched-points", "block-key-points"})
  void aBadValidatorIsNamedAndExcluded(String name) {
    Committee committee = Committee.equal(SHARES, THRESHOLD, 8);
    Opened o = block(name, committee, 4, 4);
    SignerSet all = SignerSet.all(committee);
    Map<Integer, List<byte[]>> shares = o.shares(range(8));
    shares.put(0, o.design().createWrongShares(0, all, o.prepared())); // well-formed, wrong
    byte[] truncated = Arrays.copyOf(shares.get(5).get(0), 7 * 96);
    shares.put(5, List.of(truncated));
    BlockResult r = o.propose(shares, 4);
    o.assertOpened(r);
    assertEquals(List.of(0, 5), new ArrayList<>(r.faultyValidators().keySet()));
    assertFalse(r.signersUsed().validators().contains(0));
    // one point flipped in a validator's message: named too
    Map<Integer, List<byte[]>> flipped = o.shares(range(8));
    byte[] msg = flipped.get(2).get(0).clone();
    byte[] other = o.shares(List.of(3)).get(3).get(0);
    System.arraycopy(other, 0, msg, 96, 96);
    flipped.put(2, List.of(msg));
    BlockResult r2 = o.propose(flipped, 5);
    o.assertOpened(r2);
    assertEquals(List.of(2), new ArrayList<>(r2.faultyValidators().keySet()));
    // with the bad one dropped, too few honest points remain: wait for more, never a reshare
    Map<Integer, List<byte[]>> few = o.shares(range(6));
    few.put(0, o.design().createWrongShares(0, all, o.prepared()));
    BlockResult shut = o.propose(few, 6);
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, shut.status());
    assertEquals(List.of(0), new ArrayList<>(shut.faultyValidators().keySet()));
    assertTrue(shut.plaintexts().stream().allMatch(Optional::isEmpty));
  }

  /**
   * Exactly t points with one wrong point among them: the batch check still runs (at t, not
   * only above it) and names the wrong one as failing verification; the rest are too few.
   */
  @ParameterizedTest
  @ValueSource(strings = {"batched-points", "block-key-points"})
  void aWrongShareAmongExactlyTheThresholdFailsVerification(String name) {
    Committee committee = new Committee(SHARES, THRESHOLD, new int[] {0, 1, 42, 64});
    Opened o = block(name, committee, 6, 2);
    Map<Integer, List<byte[]>> shares = o.shares(List.of(0, 1)); // 1 + 41 = t points
    byte[] msg = shares.get(1).get(0).clone(); // one of validator 1's points is another's
    System.arraycopy(o.shares(List.of(2)).get(2).get(0), 0, msg, 96, 96);
    shares.put(1, List.of(msg));
    BlockResult r = o.propose(shares, 6);
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, r.status());
    assertEquals(Map.of(1, "key share failed verification"), r.faultyValidators());
    assertEquals(1, r.pointsAvailable());
    assertTrue(r.plaintexts().stream().allMatch(Optional::isEmpty));
  }
}
