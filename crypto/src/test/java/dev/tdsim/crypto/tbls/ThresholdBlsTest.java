package dev.tdsim.crypto.tbls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.SignerSet;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Blame, encodings, the folded form, and a published signature of the G1-signature variant. */
class ThresholdBlsTest {
  private static final ThresholdBls TBLS = TblsFixture.TBLS;
  private static final Committee COMMITTEE = TblsFixture.COMMITTEE;
  private static final byte[] MESSAGE = "commit height 7".getBytes(StandardCharsets.UTF_8);
  private static final G1Point HASHED = TBLS.hash(MESSAGE);
  private static final G1Point EXPECTED = HASHED.multiply(TblsFixture.secret(TblsFixture.KEYS));
  private static final List<PartialSignature> HONEST = TblsFixture.signAll(TBLS, HASHED);

  private static SeededDrbg random(String label) {
    return SeededDrbg.of(3, label, 0);
  }

  /** Validator v's partial signed on another message: every point wrong. */
  private static PartialSignature wrongMessage(int v) {
    return TBLS.sign(v, TBLS.hash("another message".getBytes(StandardCharsets.UTF_8)));
  }

  /** Validator v's partial with only its last point replaced (by its double). */
  private static PartialSignature onePointWrong(int v) {
    List<G1Point> pts = new ArrayList<>(HONEST.get(v).points());
    G1Point last = pts.get(pts.size() - 1);
    pts.set(pts.size() - 1, last.add(last));
    return new PartialSignature(v, pts);
  }

  private static List<PartialSignature> with(PartialSignature... bad) {
    List<PartialSignature> out = new ArrayList<>(HONEST);
    for (PartialSignature b : bad) {
      out.set(b.validator(), b);
    }
    return out;
  }

  @Test
  void honestPartialsCombineOnTheFirstTryAndEachVerifies() {
    CombineResult r = TBLS.combine(MESSAGE, HONEST, random("h"));
    assertEquals(EXPECTED, r.signature().orElseThrow());
    assertEquals(1, r.combinations());
    assertTrue(r.blamed().isEmpty());
    for (PartialSignature p : HONEST) {
      assertTrue(TBLS.verifyPartial(HASHED, p, random("p" + p.validator())));
    }
    assertTrue(TBLS.verifyAll(HASHED, HONEST, random("all")));
    assertTrue(TBLS.faulty(HASHED, HONEST, random("f")).isEmpty());
  }

  @Test
  void aBadPartialIsNamedAndTheRestStillSign() {
    // Validator 0 owns the first chunk, so its points are among the first t the combiner uses.
    CombineResult r = TBLS.combine(MESSAGE, with(wrongMessage(0)), random("b1"));
    assertEquals(List.of(0), r.blamed());
    assertEquals(EXPECTED, r.signature().orElseThrow());
    assertFalse(r.signers().contains(0));
    assertEquals(2, r.combinations());
  }

  @Test
  void oneWrongPointIsEnoughToBeNamed() {
    PartialSignature bad = onePointWrong(1);
    assertFalse(TBLS.verifyPartial(HASHED, bad, random("one")));
    assertFalse(TBLS.verifyAll(HASHED, with(bad), random("one-all")));
    assertEquals(List.of(1), TBLS.faulty(HASHED, with(bad), random("one-f")));
    CombineResult r = TBLS.combine(HASHED, with(bad), random("one-c"));
    assertEquals(List.of(1), r.blamed());
    assertEquals(EXPECTED, r.signature().orElseThrow());
  }

  @Test
  void severalBadPartialsAreAllNamedAndNoGoodOne() {
    CombineResult r = TBLS.combine(HASHED, with(wrongMessage(0), onePointWrong(3)), random("b2"));
    assertEquals(List.of(0, 3), r.blamed());
    assertEquals(EXPECTED, r.signature().orElseThrow());
  }

  @Test
  void tooManyBadPartialsGiveNoSignatureButTheirNames() {
    // Validators 2 and 4 hold the most points; without them fewer than t remain.
    int without = COMMITTEE.shares() - COMMITTEE.pointsOf(2) - COMMITTEE.pointsOf(4);
    assertTrue(without < COMMITTEE.threshold(), "fixture: the two hold more than N - t");
    CombineResult r = TBLS.combine(HASHED, with(wrongMessage(2), onePointWrong(4)), random("b3"));
    assertFalse(r.signed());
    assertEquals(List.of(2, 4), r.blamed());
    assertTrue(r.signers().isEmpty());
  }

  @Test
  void aSignatureIsNeverReturnedUnchecked() {
    // Partials of one key set combined under another: every interpolation is wrong.
    ThresholdBls other = ThresholdBls.of(dev.tdsim.crypto.tpke.KeySet.deal(COMMITTEE,
        SeededDrbg.of(8, "other-keys", 0), TblsFixture.WORKERS));
    CombineResult r = other.combine(HASHED, HONEST, random("o"));
    assertFalse(r.signed());
    assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), r.blamed());
  }

  /** T = [r]P for P = (x = 4) on the curve: a pure torsion point, invisible to every pairing. */
  private static G1Point torsion() {
    G1Point p = G1Point.fromBytesOnCurve(outsideSubgroup());
    G1Point t = p.multiply(dev.tdsim.crypto.field.Fr.of(-1)).add(p); // [r - 1]P + P
    assertFalse(t.isIdentity());
    assertFalse(t.isInSubgroup());
    return t;
  }

  @Test
  void aTorsionComponentPassesThePairingChecksButIsNamedWhenItSpoilsTheSignature() {
    List<G1Point> pts = new ArrayList<>(HONEST.get(0).points());
    pts.set(0, pts.get(0).add(torsion()));
    byte[] wire = new PartialSignature(0, pts).encode();
    assertThrows(CryptoException.class, () -> PartialSignature.decode(COMMITTEE, 0, wire));
    PartialSignature lazy = PartialSignature.decodeOnCurve(COMMITTEE, 0, wire);
    assertTrue(TBLS.verifyPartial(HASHED, lazy, random("tor")), "pairings cannot see torsion");
    CombineResult r = TBLS.combine(HASHED, with(lazy), random("tor-c"));
    assertEquals(List.of(0), r.blamed());
    assertEquals(EXPECTED, r.signature().orElseThrow());
  }

  @Test
  void encodingRoundTripsAndHasTheDocumentedSize() {
    for (PartialSignature p : HONEST) {
      byte[] enc = p.encode();
      assertEquals(PartialSignature.encodedBytes(COMMITTEE, p.validator()), enc.length);
      assertEquals(48 * COMMITTEE.pointsOf(p.validator()), enc.length);
      assertEquals(p, PartialSignature.decode(COMMITTEE, p.validator(), enc));
      byte[] wide = p.encodeUncompressed();
      assertEquals(PartialSignature.uncompressedBytes(COMMITTEE, p.validator()), wide.length);
      assertEquals(p, PartialSignature.decode(COMMITTEE, p.validator(), wide));
      assertEquals(p, PartialSignature.decodeOnCurve(COMMITTEE, p.validator(), wide));
    }
  }

  @Test
  void malformedPartialsAreRejectedWithAClearMessage() {
    byte[] good = HONEST.get(1).encode();
    int points = COMMITTEE.pointsOf(1);
    CryptoException shortOne = assertThrows(CryptoException.class,
        () -> PartialSignature.decode(COMMITTEE, 1, java.util.Arrays.copyOf(good, good.length - 1)));
    assertEquals(PartialSignature.DECODING + ": validator 1 holds " + points
        + " points: expected " + 48 * points + " (compressed) or " + 96 * points
        + " (uncompressed) bytes, got " + (48 * points - 1), shortOne.getMessage());
    assertThrows(CryptoException.class, () -> PartialSignature.decode(COMMITTEE, 1, null));
    CryptoException range = assertThrows(CryptoException.class,
        () -> PartialSignature.decode(COMMITTEE, 8, good));
    assertTrue(range.getMessage().contains("no validator 8 among 8"), range.getMessage());

    byte[] flag = good.clone();
    flag[48 * 2] &= 0x7f; // point 2 loses its compression flag
    CryptoException e = assertThrows(CryptoException.class,
        () -> PartialSignature.decode(COMMITTEE, 1, flag));
    assertTrue(e.getMessage().startsWith(PartialSignature.DECODING + ": validator 1, point 2 of "
        + points + ": decoding G1 point: invalid encoding"), e.getMessage());

    byte[] torsion = good.clone();
    System.arraycopy(outsideSubgroup(), 0, torsion, 48, 48);
    CryptoException sub = assertThrows(CryptoException.class,
        () -> PartialSignature.decode(COMMITTEE, 1, torsion));
    assertTrue(sub.getMessage().contains("point 1 of " + points)
        && sub.getMessage().endsWith("point is not in the prime-order subgroup"), sub.getMessage());

    byte[] offCurve = good.clone();
    System.arraycopy(offCurve(), 0, offCurve, 0, 48);
    CryptoException off = assertThrows(CryptoException.class,
        () -> PartialSignature.decode(COMMITTEE, 1, offCurve));
    assertTrue(off.getMessage().contains("point 0 of " + points), off.getMessage());
  }

  /** The compressed point with x = 4: on the curve, not in G1 (checked). */
  private static byte[] outsideSubgroup() {
    byte[] b = new byte[48];
    b[0] = (byte) 0x80;
    b[47] = 4;
    G1Point p = G1Point.fromBytesOnCurve(b);
    assertFalse(p.isInSubgroup());
    return b;
  }

  /** The first compressed x = 1, 2, ... whose x^3 + 4 is not a square: no such point. */
  private static byte[] offCurve() {
    for (int x = 1; x < 100; x++) {
      byte[] b = new byte[48];
      b[0] = (byte) 0x80;
      b[47] = (byte) x;
      try {
        G1Point.fromBytesOnCurve(b);
      } catch (CryptoException notOnCurve) {
        return b;
      }
    }
    throw new AssertionError("no x below 100 off the curve");
  }

  @Test
  void misuseIsACryptoException() {
    List<PartialSignature> twice = new ArrayList<>(HONEST);
    twice.add(HONEST.get(3));
    assertThrows(CryptoException.class, () -> TBLS.combine(HASHED, twice, random("m")));
    PartialSignature shortPartial = new PartialSignature(2, HONEST.get(2).points().subList(0, 1));
    assertThrows(CryptoException.class, () -> TBLS.verifyPartial(HASHED, shortPartial,
        random("m2")));
    assertThrows(CryptoException.class, () -> TBLS.sign(8, HASHED));
  }

  @Test
  void verifyRejectsMalformedAndForeignSignatures() {
    byte[] sig = EXPECTED.toCompressed();
    assertTrue(TBLS.verify(MESSAGE, sig));
    assertFalse(TBLS.verify("other".getBytes(StandardCharsets.UTF_8), sig));
    assertFalse(TBLS.verify(MESSAGE, java.util.Arrays.copyOf(sig, 47)));
    assertFalse(TBLS.verify(MESSAGE, null));
    assertFalse(TBLS.verify(MESSAGE, G1Point.identity().toCompressed()));
    assertFalse(TBLS.verify(MESSAGE, outsideSubgroup()));
    assertFalse(TBLS.verify(MESSAGE, EXPECTED.add(G1Point.generator()).toCompressed()));
  }

  @Test
  void theFoldedFormSignsTheSameAndNamesABadSigner() {
    SignerSet set = SignerSet.of(COMMITTEE, List.of(0, 2, 4, 6, 7));
    FoldedThresholdBls.SignerKeys keys = FoldedThresholdBls.prepare(TBLS, set);
    Map<Integer, G1Point> partials = new HashMap<>();
    for (int v : set.validators()) {
      G1Point d = FoldedThresholdBls.sign(TBLS, v, set, HASHED);
      assertTrue(FoldedThresholdBls.verifyPartial(HASHED, v, d, keys));
      partials.put(v, d);
    }
    CombineResult r = FoldedThresholdBls.combine(TBLS, HASHED, partials, keys, random("fo"));
    assertEquals(EXPECTED, r.signature().orElseThrow());

    partials.put(4, partials.get(4).add(G1Point.generator()));
    assertFalse(FoldedThresholdBls.verifyPartial(HASHED, 4, partials.get(4), keys));
    CombineResult bad = FoldedThresholdBls.combine(TBLS, HASHED, partials, keys, random("fb"));
    assertFalse(bad.signed());
    assertEquals(List.of(4), bad.blamed());

    partials.remove(4);
    assertFalse(FoldedThresholdBls.combine(TBLS, HASHED, partials, keys, random("fm")).signed());
  }

  /**
   * A published signature of this variant (signatures in G1, keys in G2, RFC 9380 hash to G1,
   * basic scheme): drand's League of Entropy "quicknet" chain (scheme bls-unchained-g1-rfc9380,
   * itself a threshold BLS network), round 1000: message = SHA-256(round as 8 bytes big-endian),
   * tag BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_, public key and signature as published by
   * drand's API (chain 52db9ba7...e971) and quoted in drand client test suites.
   */
  @Test
  void verifiesDrandQuicknetRound1000() throws Exception {
    HexFormat hex = HexFormat.of();
    G2Point pk = G2Point.fromBytes(hex.parseHex("83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911f"
        + "b90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304"
        + "de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a"));
    byte[] sig = hex.parseHex("b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e3"
        + "42b73a8dd2bacbe47e4b6b63ed5e39");
    String dst = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";
    assertTrue(ThresholdBls.verify(pk, round(1000), sig, dst));
    assertFalse(ThresholdBls.verify(pk, round(1001), sig, dst));
    assertFalse(ThresholdBls.verify(pk, round(1000), sig, ThresholdBls.DST));
    // drand's randomness is SHA-256 of the signature: the published value for round 1000.
    assertEquals("fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd",
        hex.formatHex(MessageDigest.getInstance("SHA-256").digest(sig)));
  }

  private static byte[] round(long r) throws Exception {
    return MessageDigest.getInstance("SHA-256").digest(ByteBuffer.allocate(8).putLong(r).array());
  }
}
