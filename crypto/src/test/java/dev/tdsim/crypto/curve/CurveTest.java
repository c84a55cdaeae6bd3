package dev.tdsim.crypto.curve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JNA-bound blst functions checked against jblst's own operations. */
class CurveTest {
  private static final BigInteger P = new BigInteger(
      "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
      16);
  private final StrongRandom random = SeededDrbg.of(42, "test.curve", 0);

  private List<G1Point> randomG1(int n) {
    List<G1Point> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(G1Point.generator().multiply(Fr.random(random)));
    }
    return out;
  }

  private List<Fr> randomScalars(int n) {
    List<Fr> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(Fr.random(random));
    }
    return out;
  }

  @Test
  void g1MsmEqualsSumOfProducts() {
    List<G1Point> pts = randomG1(37);
    List<Fr> sc = randomScalars(37);
    G1Point expected = G1Point.identity();
    for (int i = 0; i < pts.size(); i++) {
      expected = expected.add(pts.get(i).multiply(sc.get(i)));
    }
    assertEquals(expected, G1Point.msm(pts, sc));
  }

  @Test
  void shortMsmReadsScalarsAsUnsigned64Bit() {
    List<G1Point> pts = randomG1(9);
    long[] sc = new long[9];
    G1Point expected = G1Point.identity();
    for (int i = 0; i < sc.length; i++) {
      sc[i] = random.nextLong() | Long.MIN_VALUE; // top bit set: must not be read as negative
      Fr s = Fr.of(new BigInteger(Long.toUnsignedString(sc[i])));
      expected = expected.add(pts.get(i).multiply(s));
    }
    assertEquals(expected, G1Point.msmShort(pts, sc));
  }

  @Test
  void g2MsmEqualsSumOfProducts() {
    List<G2Point> pts = new ArrayList<>();
    List<Fr> sc = randomScalars(11);
    G2Point expected = G2Point.identity();
    for (int i = 0; i < 11; i++) {
      pts.add(G2Point.generator().multiply(Fr.random(random)));
      expected = expected.add(pts.get(i).multiply(sc.get(i)));
    }
    assertEquals(expected, G2Point.msm(pts, sc));
  }

  @Test
  void fixedBaseTablesGiveTheSameMsm() {
    List<G2Point> pts = new ArrayList<>();
    for (int i = 0; i < 13; i++) {
      pts.add(G2Point.generator().multiply(Fr.random(random)));
    }
    G2FixedBases tables = new G2FixedBases(pts, 5);
    for (int round = 0; round < 2; round++) {
      List<Fr> sc = randomScalars(13);
      assertEquals(G2Point.msm(pts, sc), tables.msm(sc));
    }
    assertThrows(CryptoException.class, () -> tables.msm(randomScalars(12)));
  }

  @Test
  void batchAffineSumEqualsRepeatedAddition() {
    List<G1Point> pts = randomG1(150);
    G1Point expected = G1Point.identity();
    for (G1Point p : pts) {
      expected = expected.add(p);
    }
    assertEquals(expected, G1Point.sum(pts));
    assertEquals(G1Point.identity(), G1Point.sum(List.of()));
  }

  @Test
  void multiMillerLoopsEqualProductOfJblstPairings() {
    List<G1Point> ps = randomG1(5);
    List<G2Point> qs = new ArrayList<>();
    List<G2Prepared> prepared = new ArrayList<>();
    GtElement expected = GtElement.one();
    for (int i = 0; i < 5; i++) {
      G2Point q = G2Point.generator().multiply(Fr.random(random));
      qs.add(q);
      prepared.add(q.prepare());
      expected = expected.multiply(Pairings.pair(ps.get(i), q));
    }
    assertEquals(expected, Pairings.millerLoop(ps, qs).finalExponentiation());
    assertEquals(expected, Pairings.millerLoopPrepared(ps, prepared).finalExponentiation());
    // The shared-squaring loop gives the same unreduced value as blst's per-pair line loops.
    assertEquals(Pairings.millerLoopPreparedPairwise(ps, prepared),
        Pairings.millerLoopPrepared(ps, prepared));
    assertEquals(Pairings.millerLoop(ps, qs), Pairings.millerLoopPrepared(ps, prepared));
  }

  @Test
  void pairingIsBilinear() {
    Fr a = Fr.random(random);
    Fr b = Fr.random(random);
    GtElement lhs = Pairings.pair(G1Point.generator().multiply(a), G2Point.generator().multiply(b));
    GtElement rhs = Pairings.pair(G1Point.generator(), G2Point.generator()).pow(a.mul(b));
    assertEquals(rhs, lhs);
    assertNotEquals(GtElement.one(), lhs);
  }

  @Test
  void gtMultiExpEqualsProductOfPowers() {
    GtElement g = Pairings.pair(G1Point.generator(), G2Point.generator());
    for (int n : new int[] {1, 7, 40}) {
      List<GtElement> bases = new ArrayList<>();
      List<Fr> exps = randomScalars(n);
      GtElement expected = GtElement.one();
      for (int i = 0; i < n; i++) {
        bases.add(g.pow(Fr.random(random)));
        expected = expected.multiply(bases.get(i).pow(exps.get(i)));
      }
      assertEquals(expected, GtElement.multiExp(bases, exps), "n=" + n);
    }
  }

  @Test
  void encodingsRoundTrip() {
    G1Point p = randomG1(1).get(0);
    assertEquals(p, G1Point.fromBytes(p.toCompressed()));
    assertEquals(p, G1Point.fromBytes(p.toUncompressed()));
    G2Point q = G2Point.generator().multiply(Fr.random(random));
    assertEquals(q, G2Point.fromBytes(q.toCompressed()));
    assertEquals(q, G2Point.fromBytes(q.toUncompressed()));
    GtElement e = Pairings.pair(p, q);
    assertArrayEquals(e.toBytes(), GtElement.fromBytes(e.toBytes()).toBytes());
    assertEquals(e, GtElement.fromBytes(e.toBytes()));
  }

  @Test
  void corruptedEncodingsAreRejected() {
    G1Point p = randomG1(1).get(0);
    byte[] bad = p.toUncompressed();
    bad[60] ^= 1; // y no longer matches x
    assertThrows(CryptoException.class, () -> G1Point.fromBytes(bad));
    assertThrows(CryptoException.class, () -> G1Point.fromBytes(new byte[47]));
    byte[] c = p.toCompressed();
    c[47] ^= 1;
    // A flipped bit of x gives an x with no point (x^3 + 4 not a square) or a point outside G1
    // (all but 2^-126 of them): rejected either way, never another valid point. Which of the two,
    // and every other corruption, is decided independently in PointEncodingTest.
    String reason = PointEncodingTest.isSquare(PointEncodingTest.xOf(c).pow(3).add(
        BigInteger.valueOf(4))) ? "subgroup" : "invalid encoding";
    CryptoException e = assertThrows(CryptoException.class, () -> G1Point.fromBytes(c));
    assertTrue(e.getMessage().startsWith("decoding G1 point") && e.getMessage().contains(reason),
        e.getMessage());
    byte[] gt = Pairings.pair(p, G2Point.generator()).toBytes();
    gt[100] ^= 4;
    assertThrows(CryptoException.class, () -> GtElement.fromBytes(gt));
    assertThrows(CryptoException.class, () -> GtElement.fromBytes(new byte[575]));
    byte[] g2 = G2Point.generator().toUncompressed();
    g2[150] ^= 1;
    assertThrows(CryptoException.class, () -> G2Point.fromBytes(g2));
  }

  @Test
  void pointOnCurveOutsideSubgroupIsRejected() {
    byte[] enc = onCurveNotInSubgroup();
    G1Point loose = G1Point.fromBytesOnCurve(enc);
    assertFalse(loose.isInSubgroup());
    CryptoException e = assertThrows(CryptoException.class, () -> G1Point.fromBytes(enc));
    assertTrue(e.getMessage().contains("subgroup"), e.getMessage());
  }

  @Test
  void pairingIgnoresComponentsOutsideG1() {
    // P = P_r + T with T of cofactor order; [h * (h^-1 mod r)] P = P_r keeps only the G1 part.
    byte[] enc = onCurveNotInSubgroup();
    BigInteger h = new BigInteger("396c8c005555e1568c00aaab0000aaab", 16);
    BigInteger keepG1 = h.multiply(h.modInverse(Fr.MODULUS));
    G1Point withTorsion = G1Point.fromBytesOnCurve(enc);
    G1Point g1Part = G1Point.fromJacobian(
        new supranational.blst.P1(withTorsion.affine).mult(keepG1));
    assertTrue(g1Part.isInSubgroup());
    assertNotEquals(g1Part, withTorsion);
    G2Point q = G2Point.generator().multiply(Fr.random(random));
    assertEquals(Pairings.pair(g1Part, q), Pairings.pair(withTorsion, q));
    assertEquals(Pairings.pair(g1Part, q),
        Pairings.millerLoopPrepared(List.of(withTorsion), List.of(q.prepare()))
            .finalExponentiation());
  }

  /** A point of E(Fp): y^2 = x^3 + 4 with x small; almost no such point lies in G1. */
  private static byte[] onCurveNotInSubgroup() {
    for (BigInteger x = BigInteger.ONE; ; x = x.add(BigInteger.ONE)) {
      BigInteger rhs = x.pow(3).add(BigInteger.valueOf(4)).mod(P);
      BigInteger y = rhs.modPow(P.add(BigInteger.ONE).shiftRight(2), P);
      if (y.multiply(y).mod(P).equals(rhs)) {
        byte[] out = new byte[96];
        put(out, 0, x);
        put(out, 48, y);
        if (!G1Point.fromBytesOnCurve(out).isInSubgroup()) {
          return out;
        }
      }
    }
  }

  private static void put(byte[] out, int offset, BigInteger v) {
    byte[] b = v.toByteArray();
    int len = Math.min(b.length, 48);
    System.arraycopy(b, b.length - len, out, offset + 48 - len, len);
  }

  @Test
  void hashToG2IsDeterministicAndSeparatedByTag() {
    byte[] msg = {1, 2, 3};
    assertEquals(G2Point.hashTo(msg, "A"), G2Point.hashTo(msg, "A"));
    assertNotEquals(G2Point.hashTo(msg, "A"), G2Point.hashTo(msg, "B"));
  }
}
