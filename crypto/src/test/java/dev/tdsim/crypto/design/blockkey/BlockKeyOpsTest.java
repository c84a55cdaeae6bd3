package dev.tdsim.crypto.design.blockkey;

import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.KEYS;
import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlockKeyOpsTest {
  private static final G1Point H = BlockKeyCipher.identity(BlockKeyFixture.block(3));

  /** Every signer's honest share for H, in signer order (a mutable list, to corrupt). */
  private static List<G1Point> honestShares(SignerSet signers) {
    List<G1Point> shares = new ArrayList<>();
    for (int v : signers.validators()) {
      shares.add(BlockKeyOps.createShare(KEYS, v, signers, H));
    }
    return shares;
  }

  /** The folded shares of a signer set sum to the key [f(0)]H1(id) that Y2 = [f(0)]H2 checks. */
  @Test
  void foldedSharesSumToTheBlockKey() {
    SignerSet signers = SignerSet.of(KEYS.committee(), List.of(0, 2, 3, 4, 5, 7));
    List<G1Point> shares = honestShares(signers);
    G1Point key = BlockKeyOps.reconstruct(H, shares, KEYS.publicKeyG2().prepare()).orElseThrow();
    assertFalse(BlockKeyOps.checkKey(key.add(G1Point.generator()), H, KEYS.publicKeyG2().prepare()));
    BlockKeyOps.FoldedKeys folded = BlockKeyOps.FoldedKeys.of(KEYS, signers, BlockKeyOps.keyShareTables(KEYS, WORKERS), WORKERS);
    G2Point sum = G2Point.identity();
    for (G2Point a : folded.keys()) {
      sum = sum.add(a);
    }
    assertEquals(KEYS.publicKeyG2(), sum); // sum of A_i = Y2: the Lagrange identity at 0
  }

  /** Short MSMs (Pippenger and the fixed-base tables) read weights as unsigned 64-bit. */
  @Test
  void shortMultiScalarMultiplicationsMatchTheirDefinition() {
    SeededDrbg random = SeededDrbg.of(5, "msm", 0);
    List<G2Point> points = new ArrayList<>();
    for (int i = 0; i < 9; i++) {
      points.add(G2Point.generator().multiply(Fr.random(random)));
    }
    long[] w = random.nextLongs(9);
    w[0] = -1L; // 2^64 - 1
    w[1] = Long.MIN_VALUE;
    G2Point expected = G2Point.identity();
    for (int i = 0; i < 9; i++) {
      expected = expected.add(points.get(i).multiply(BlockKeyOps.unsigned(w[i])));
    }
    assertEquals(expected, G2Point.msmShort(points, w));
    assertEquals(expected, new BlockKeyOps.FoldedKeys(points,
        new dev.tdsim.crypto.curve.G2FixedBases(points, BlockKeyOps.TABLE_WINDOW_BITS))
        .table().msmShort(w));
  }

  /**
   * Two validators whose errors cancel in the sum (D_1 + E, D_2 - E): the key is right, and the
   * weighted batch check still names both.
   */
  @Test
  void cancellingBadSharesAreNamedByTheWeightedCheck() {
    SignerSet signers = BlockKeyFixture.all();
    List<G1Point> shares = honestShares(signers);
    G1Point e = G1Point.generator().multiply(Fr.of(12345));
    shares.set(1, shares.get(1).add(e));
    shares.set(6, shares.get(6).add(e.negate()));
    assertTrue(BlockKeyOps.reconstruct(H, shares, KEYS.publicKeyG2().prepare()).isPresent());
    BlockKeyOps.FoldedKeys folded = BlockKeyOps.FoldedKeys.of(KEYS, signers, BlockKeyOps.keyShareTables(KEYS, WORKERS), WORKERS);
    assertEquals(List.of(1, 6), BlockKeyOps.faultyShares(
        H, shares, folded, SeededDrbg.of(5, "w", 0), WORKERS));
  }

  /** The batch check passes honest shares on its own (no share is checked alone). */
  @Test
  void honestSharesPassTheBatchCheck() {
    SignerSet signers = BlockKeyFixture.all();
    List<G1Point> shares = honestShares(signers);
    BlockKeyOps.FoldedKeys folded = BlockKeyOps.FoldedKeys.of(KEYS, signers,
        BlockKeyOps.keyShareTables(KEYS, WORKERS), WORKERS);
    assertTrue(BlockKeyOps.batchVerify(H, shares, folded, SeededDrbg.of(5, "w", 1), WORKERS));
    shares.set(2, shares.get(2).add(G1Point.generator()));
    assertFalse(BlockKeyOps.batchVerify(H, shares, folded, SeededDrbg.of(5, "w", 2), WORKERS));
  }

  /** A weight is read as an unsigned 64-bit number: 0 is zero, -1 is 2^64 - 1. */
  @Test
  void weightsAreUnsigned() {
    assertEquals(Fr.zero(), BlockKeyOps.unsigned(0));
    assertEquals(Fr.of(1), BlockKeyOps.unsigned(1));
    assertEquals(Fr.of(java.math.BigInteger.ONE.shiftLeft(64).subtract(java.math.BigInteger.ONE)),
        BlockKeyOps.unsigned(-1));
    assertEquals(Fr.of(java.math.BigInteger.ONE.shiftLeft(63)),
        BlockKeyOps.unsigned(Long.MIN_VALUE));
  }

  /** decrypt_batch's bare kernel: the pairing e(K, U_j) of every transaction, in order. */
  @Test
  void thePairingKernelPairsTheKeyWithEveryU() {
    G1Point key = H.multiply(Fr.of(77));
    List<G2Point> us = List.of(G2Point.generator(), G2Point.generator().multiply(Fr.of(5)));
    var pairings = BlockKeyOps.pairings(key, us, WORKERS);
    assertEquals(2, pairings.size());
    for (int j = 0; j < 2; j++) {
      assertEquals(dev.tdsim.crypto.curve.Pairings.pair(key, us.get(j)), pairings.get(j));
    }
  }
}
