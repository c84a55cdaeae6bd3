package dev.tdsim.crypto.design.batched;

import static dev.tdsim.crypto.design.batched.BatchedFixture.BATCHED;
import static dev.tdsim.crypto.design.batched.BatchedFixture.KEYS;
import static dev.tdsim.crypto.design.batched.BatchedFixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The batched combiner's accounts: the phases an open charges (a reshare's wait to decoding), the
 * points still available after a share is named, the two signer sets whose folded keys it keeps,
 * and the senders it names before anything is folded.
 */
class BatchedCombinerTest {
  private static final BlockId ID = new BlockId("combiner", 4);
  private static final List<SealedTx> TXS =
      BatchedFixture.seal(BATCHED, ID, 3, SeededDrbg.of(31, "combiner", 0));
  private static final BatchedBlock BLOCK = BatchedFixture.prepared(BATCHED, ID, TXS);
  private static final long RESHARE_WAIT_MS = 200;

  private static void assertAllOpened(BlockResult r) {
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.faultyValidators().toString());
    for (int j = 0; j < TXS.size(); j++) {
      assertArrayEquals(BatchedFixture.message(j), r.plaintexts().get(j).orElseThrow());
    }
  }

  private static BlockResult open(DesignKeys keys, SignerSet signers, String seed) {
    return keys.propose(BLOCK, BatchedFixture.shares(BATCHED, signers, BLOCK), signers, null,
        SeededDrbg.of(31, seed, 0));
  }

  @Test
  void anOpenChargesPrepareCheckAndDecryptAndAReshareWaitsInDecode() {
    DesignKeys combiner = BATCHED.forCombiner();
    SignerSet all = SignerSet.all(KEYS.committee());
    BlockResult r = open(combiner, all, "timings");
    assertAllOpened(r);
    assertTrue(r.ranPrepare());
    BlockResult.PhaseTimings t = r.timings();
    assertTrue(t.decodeNanos() > 0 && t.prepareNanos() > 0 && t.verifyNanos() > 0
        && t.combineNanos() > 0 && t.checkNanos() > 0 && t.decryptNanos() > 0, t.toString());
    assertEquals(0, t.blameNanos(), t.toString());

    Map<Integer, List<byte[]>> shares = BatchedFixture.shares(BATCHED, all, BLOCK);
    shares.remove(2);
    BlockResult reshared = combiner.propose(BLOCK, shares, all, s -> {
      try {
        Thread.sleep(RESHARE_WAIT_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return BatchedFixture.shares(BATCHED, s, BLOCK);
    }, SeededDrbg.of(31, "reshare", 0));
    assertAllOpened(reshared);
    assertTrue(reshared.timings().decodeNanos() >= RESHARE_WAIT_MS * 1_000_000,
        "the new shares' wait is decoding's: " + reshared.timings());
  }

  @Test
  void aNamedShareNoLongerCountsAmongThePointsAvailable() {
    SignerSet all = SignerSet.all(KEYS.committee());
    Map<Integer, List<byte[]>> shares = BatchedFixture.shares(BATCHED, all, BLOCK);
    BatchedFixture.shift(shares, 3);
    BlockResult r = BATCHED.propose(BLOCK, shares, all, null, SeededDrbg.of(31, "named", 0));
    assertEquals(BlockResult.Status.NEEDS_RESHARE, r.status());
    assertEquals(Map.of(3, "key share failed verification"), r.faultyValidators());
    assertEquals(56, r.pointsAvailable(), "seven validators of 8 points are left");
  }

  @Test
  void aSenderWithoutAShareListIsNamed() {
    SignerSet six = SignerSet.of(KEYS.committee(), List.of(0, 1, 2, 3, 5, 6));
    Map<Integer, List<byte[]>> shares = BatchedFixture.shares(BATCHED, six, BLOCK);
    shares.put(4, null);
    BlockResult r = BATCHED.propose(BLOCK, shares, six, null, SeededDrbg.of(31, "null", 0));
    assertAllOpened(r);
    assertEquals(Map.of(4, "sent 0 key shares for one block"), r.faultyValidators());
  }

  @Test
  void withoutANamedSetTheSendersAreTheSet() {
    // 0..4 hold 40 points, 5 brings 48 >= 42 = t; six such senders are the set, no reshare
    SignerSet six = SignerSet.of(KEYS.committee(), List.of(0, 1, 2, 3, 4, 5));
    BlockResult r = BATCHED.propose(BLOCK, BatchedFixture.shares(BATCHED, six, BLOCK), null, null,
        SeededDrbg.of(31, "senders", 0));
    assertAllOpened(r);
    assertEquals(six, r.signersUsed());
  }

  @Test
  void theFoldedKeysOfTheLastTwoSignerSetsAreKept() {
    DesignKeys combiner = BATCHED.forCombiner();
    SignerSet a = SignerSet.of(KEYS.committee(), List.of(0, 1, 2, 3, 4, 5));
    SignerSet b = SignerSet.of(KEYS.committee(), List.of(1, 2, 3, 4, 5, 6));
    SignerSet c = SignerSet.of(KEYS.committee(), List.of(2, 3, 4, 5, 6, 7));
    assertTrue(open(combiner, a, "a").ranPrepare());
    assertTrue(open(combiner, b, "b").ranPrepare());
    assertFalse(open(combiner, a, "a2").ranPrepare(), "two sets are kept");
    assertTrue(open(combiner, c, "c").ranPrepare());
    assertTrue(open(combiner, b, "b2").ranPrepare(), "the least recently used one went");
  }

  /**
   * decrypt_batch's kernel counts the products that come out as one: none for a real block and
   * key (every transaction's GT key is a random-looking element), all of them when both points
   * paired with a transaction are the identity.
   */
  @Test
  void thePairingKernelCountsTheProductsThatAreOne() {
    BatchedOps ops = new BatchedOps(BATCHED);
    SignerSet all = SignerSet.all(KEYS.committee());
    Map<Integer, byte[]> shares = new java.util.HashMap<>();
    BatchedFixture.shares(BATCHED, all, BLOCK).forEach((v, s) -> shares.put(v, s.get(0)));
    G1Point key = ops.reconstruct(BLOCK, ops.decodeShares(all, shares));
    assertEquals(0, ops.pairingKernel(BLOCK, key));
    G1Point[] identities = new G1Point[TXS.size()];
    Arrays.fill(identities, G1Point.identity());
    BatchedBlock trivial = new BatchedBlock(BLOCK.digest(), BLOCK.batchedTxs(), BLOCK.tags(),
        identities, List.of(), 0);
    assertEquals(TXS.size(), ops.pairingKernel(trivial, G1Point.identity()));
  }
}
