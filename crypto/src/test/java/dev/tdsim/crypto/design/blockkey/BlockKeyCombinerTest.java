package dev.tdsim.crypto.design.blockkey;

import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.DESIGN;
import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.KEYS;
import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The block-key combiner's accounts: where each phase's time goes (every phase of an honest open
 * charged, a reshare charged to blame, the laps adding up to no more than the call took), that a
 * validator missing from a reshare is not blamed for the share it sent for the old set, a sender
 * one past the last validator, and a key that fails its check with nobody to blame.
 */
class BlockKeyCombinerTest {
  private static final BlockId ID = BlockKeyFixture.block(21);
  private static final List<SealedTx> TXS =
      BlockKeyFixture.seal(DESIGN, ID, 4, SeededDrbg.of(21, "combiner", 0));
  private static final PreparedBlock BLOCK = BlockKeyFixture.prepare(DESIGN, ID, TXS);

  private static void assertAllOpen(BlockResult r) {
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.faultyValidators().toString());
    for (int j = 0; j < TXS.size(); j++) {
      assertArrayEquals(BlockKeyFixture.message(j), r.plaintexts().get(j).orElseThrow());
    }
  }

  private static long[] phases(BlockResult.PhaseTimings t) {
    return new long[] {t.decodeNanos(), t.validityNanos(), t.verifyNanos(), t.prepareNanos(),
        t.combineNanos(), t.checkNanos(), t.decryptNanos(), t.blameNanos()};
  }

  @Test
  void anHonestOpenChargesEveryPhaseButBlameAndNoMoreThanTheCallTook() {
    DesignKeys combiner = DESIGN.forCombiner(); // its own cache: this signer set is prepared now
    SignerSet all = BlockKeyFixture.all();
    Map<Integer, List<byte[]>> shares = BlockKeyFixture.shares(DESIGN, all, BLOCK);
    long start = System.nanoTime();
    BlockResult r = combiner.propose(BLOCK, shares, all, null, SeededDrbg.of(21, "p", 0));
    long elapsed = System.nanoTime() - start;
    assertAllOpen(r);
    assertTrue(r.ranPrepare());
    BlockResult.PhaseTimings wall = r.timings();
    long[] w = phases(wall);
    for (int p = 0; p < 7; p++) {
      assertTrue(w[p] > 0, "phase " + p + " charged: " + wall);
    }
    assertEquals(0, wall.blameNanos(), "nobody to blame: " + wall);
    assertTrue(wall.totalNanos() <= elapsed, "the laps add up to at most the call: " + wall
        + " in " + elapsed + " ns");
    BlockResult.PhaseTimings cpu = r.cpu();
    for (long c : phases(cpu)) {
      assertTrue(c >= 0, "CPU time is never negative: " + cpu);
    }
    // The transactions are opened on the pool's threads while the caller waits: the pool's
    // CPU time is counted.
    assertTrue(cpu.decryptNanos() > 0, cpu.toString());
    assertTrue(cpu.totalNanos() <= (WORKERS.threads() + 1) * elapsed,
        "at most every thread busy for the whole call: " + cpu + " in " + elapsed + " ns");
    BlockResult again = combiner.propose(BLOCK, shares, all, null, SeededDrbg.of(21, "p", 1));
    assertAllOpen(again);
    assertTrue(!again.ranPrepare(), "the signer set's folded keys are kept");
  }

  @Test
  void aReshareIsChargedToBlameAndAValidatorThatDoesNotAnswerItIsNotBlamed() {
    SignerSet all = BlockKeyFixture.all();
    Map<Integer, List<byte[]>> shares = BlockKeyFixture.shares(DESIGN, all, BLOCK);
    shares.remove(7);
    AtomicInteger calls = new AtomicInteger();
    // Validator 0 does not answer the first request for new shares (the share it sent for all
    // eight is stale, not wrong); the second request, without it, is answered by everyone asked.
    BlockProposer.Reshare reshare = signers -> {
      Map<Integer, List<byte[]>> out = BlockKeyFixture.shares(DESIGN, signers, BLOCK);
      if (calls.incrementAndGet() == 1) {
        out.remove(0);
      }
      return out;
    };
    BlockResult r = DESIGN.propose(BLOCK, shares, all, reshare, SeededDrbg.of(21, "p", 2));
    assertAllOpen(r);
    assertEquals(Map.of(), r.faultyValidators());
    assertEquals(List.of(1, 2, 3, 4, 5, 6), r.signersUsed().validators());
    assertEquals(2, calls.get());
    assertEquals(48, r.pointsAvailable());
    assertTrue(r.timings().blameNanos() > 0, "asking for new shares is blame's: " + r.timings());
  }

  @Test
  void aSenderOnePastTheLastValidatorIsNamedAndLeftOut() {
    List<Integer> six = List.of(0, 1, 2, 3, 4, 5);
    SignerSet signers = SignerSet.of(KEYS.committee(), six);
    Map<Integer, List<byte[]>> shares = BlockKeyFixture.shares(DESIGN, signers, BLOCK);
    int outside = KEYS.committee().validators();
    shares.put(outside, shares.get(0));
    BlockResult r = DESIGN.propose(BLOCK, shares, null, null, SeededDrbg.of(21, "p", 3));
    assertAllOpen(r);
    assertEquals(six, r.signersUsed().validators());
    assertEquals(Map.of(outside, "not a validator of the committee"), r.faultyValidators());
  }

  /**
   * Shares that verify against public shares of another key set: each passes its check, their
   * sum fails the key check against this master key, and none lies outside the subgroup: the
   * result says so (nothing opened, nobody named) and the search was blame's time.
   */
  @Test
  void aKeyFailingItsCheckWithNobodyToBlameIsUnattributed() {
    KeySet other = KeySet.deal(KEYS.committee(), SeededDrbg.of(21, "other", 0), WORKERS);
    var otherTables = BlockKeyOps.keyShareTables(other, WORKERS);
    BlockKeyCombiner combiner = new BlockKeyCombiner(KEYS, WORKERS, KEYS.publicKeyG2().prepare(),
        (signers, computed) -> {
          computed[0] = true;
          return BlockKeyOps.FoldedKeys.of(other, signers, otherTables, WORKERS);
        });
    SignerSet all = BlockKeyFixture.all();
    G1Point identity = ((BlockKeyPrepared) BLOCK).digest().identity();
    Map<Integer, List<byte[]>> shares = new LinkedHashMap<>();
    for (int v : all.validators()) {
      shares.put(v, new ArrayList<>(List.of(
          BlockKeyOps.createShare(other, v, all, identity).toUncompressed())));
    }
    BlockResult r = combiner.open((BlockKeyPrepared) BLOCK, shares, all, null,
        SeededDrbg.of(21, "p", 4));
    assertEquals(BlockResult.Status.UNATTRIBUTED, r.status());
    assertEquals(Map.of(), r.faultyValidators());
    assertTrue(r.plaintexts().stream().allMatch(Optional::isEmpty));
    assertTrue(r.timings().blameNanos() > 0, "the subgroup search is blame's: " + r.timings());
  }
}
