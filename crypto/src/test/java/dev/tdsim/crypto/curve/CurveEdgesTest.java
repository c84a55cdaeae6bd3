package dev.tdsim.crypto.curve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.field.Fr;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Edges of the bulk native calls: mismatched lengths must fail before any native memory is read
 * (blst would read past the shorter array), and empty inputs give the neutral element.
 */
class CurveEdgesTest {
  private static final G1Point P = G1Point.generator();
  private static final G2Point Q = G2Point.generator();

  @Test
  void mismatchedLengthsAreRefusedWithTheOperationNamed() {
    CryptoException g1 = assertThrows(CryptoException.class,
        () -> G1Point.msm(List.of(P, P), List.of(Fr.one())));
    assertTrue(g1.getMessage().contains("2 points but 1 scalars"), g1.getMessage());
    assertThrows(CryptoException.class, () -> G1Point.msmShort(List.of(P), new long[] {1, 2}));
    assertThrows(CryptoException.class, () -> G2Point.msm(List.of(Q), List.of()));
    CryptoException ml = assertThrows(CryptoException.class,
        () -> Pairings.millerLoop(List.of(P), List.of(Q, Q)));
    assertTrue(ml.getMessage().contains("1 G1 points but 2 G2 points"), ml.getMessage());
    assertThrows(CryptoException.class,
        () -> Pairings.millerLoopPrepared(List.of(P, P), List.of(Q.prepare())));
    assertThrows(CryptoException.class,
        () -> Pairings.millerLoopPreparedPairwise(List.of(), List.of(Q.prepare())));
  }

  @Test
  void emptyInputsGiveTheNeutralElement() {
    assertTrue(G1Point.msm(List.of(), List.of()).isIdentity());
    assertTrue(G1Point.msmShort(List.of(), new long[0]).isIdentity());
    assertTrue(G2Point.msm(List.of(), List.of()).isIdentity());
    assertEquals(GtElement.one(), Pairings.millerLoop(List.of(), List.of()));
    assertEquals(GtElement.one(), Pairings.millerLoopPrepared(List.of(), List.of()));
  }

  @Test
  void identityIsRecognisedAndOnlyIt() {
    assertTrue(G2Point.identity().isIdentity());
    assertFalse(Q.isIdentity());
    assertTrue(Q.add(Q.negate()).isIdentity());
    assertTrue(G1Point.identity().isIdentity());
    assertFalse(P.isIdentity());
    assertEquals(Q, Q.prepare().point());
  }

  /**
   * A pair with the point at infinity on either side contributes e = 1 to every multi-pairing
   * (blst's n-pair Miller loop once gave a wrong product for an infinite G2 point, and the
   * shared-lines loop for an infinite G1 point).
   */
  @Test
  void aPairWithThePointAtInfinityCountsAsOne() {
    G1Point o1 = G1Point.identity();
    G2Point o2 = G2Point.identity();
    G1Point p = P.multiply(Fr.of(7));
    G2Point q = Q.multiply(Fr.of(11));
    assertTrue(Pairings.productIsOne(List.of(P), List.of(o2)));
    assertTrue(Pairings.productIsOne(List.of(o1), List.of(o2)));
    // e(O, H) e(-G, O) = 1: the validity equation of a ciphertext with r = 0
    assertTrue(Pairings.productIsOne(List.of(o1, P.negate()), List.of(q, o2)));
    GtElement expected = Pairings.pair(p, q);
    assertEquals(expected,
        Pairings.millerLoop(List.of(P, p, o1), List.of(o2, q, Q)).finalExponentiation());
    assertEquals(expected, Pairings.millerLoopPrepared(List.of(o1, p, P),
        List.of(Q.prepare(), q.prepare(), o2.prepare())).finalExponentiation());
    assertEquals(expected, Pairings.millerLoopPreparedPairwise(List.of(o1, p),
        List.of(Q.prepare(), q.prepare())).finalExponentiation());
    assertTrue(Pairings.millerLoopPrepared(List.of(o1), List.of(Q.prepare()))
        .finalExponentiation().isOne());
  }
}
