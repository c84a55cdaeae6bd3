package dev.tdsim.crypto.curve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Point encodings (the ZCash BLS12-381 serialization that blst, IETF drafts and Ethereum use):
 * every corrupted encoding is either rejected or decodes to the one point the bytes denote, and
 * which of the two happens is decided here independently with BigInteger arithmetic over Fp and
 * Fp2, never by trying.
 *
 * <p>Flags in the first byte: 0x80 compressed, 0x40 point at infinity, 0x20 sign of y. G1: x (48
 * bytes); G2: x = x0 + x1*u written x1 || x0 (96 bytes). A point on the curve but outside the
 * prime-order subgroup is rejected too: for an arbitrary x the chance that its point lies in the
 * subgroup is 1/h (h ~ 2^126 for G1, ~2^381 for G2), so the tests treat such x as outside.
 */
class PointEncodingTest {
  static final BigInteger P = new BigInteger(
      "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
      16);
  private static final BigInteger FOUR = BigInteger.valueOf(4);
  private static final BigInteger HALF = P.subtract(BigInteger.ONE).shiftRight(1);
  private final StrongRandom random = SeededDrbg.of(17, "test.encoding", 0);

  static boolean isSquare(BigInteger a) {
    a = a.mod(P);
    return a.signum() == 0 || a.modPow(HALF, P).equals(BigInteger.ONE);
  }

  static BigInteger sqrt(BigInteger a) {
    return a.mod(P).modPow(P.add(BigInteger.ONE).shiftRight(2), P); // p = 3 mod 4
  }

  /** The outcome an encoding must have: a point (as its uncompressed bytes) or a rejection. */
  private record Expected(byte[] uncompressed, String reason) {
    static Expected reject(String reason) {
      return new Expected(null, reason);
    }
  }

  /** The x of a compressed G1 encoding (flag bits masked). */
  static BigInteger xOf(byte[] compressed) {
    return field(compressed, 0);
  }

  private static BigInteger field(byte[] b, int off) {
    byte[] x = Arrays.copyOfRange(b, off, off + 48);
    x[0] &= 0x1f;
    return new BigInteger(1, x);
  }

  private static void put(byte[] out, int off, BigInteger v) {
    byte[] b = v.toByteArray();
    int len = Math.min(b.length, 48);
    System.arraycopy(b, b.length - len, out, off + 48 - len, len);
  }

  /** What a 48-byte compressed G1 encoding denotes, decided over Fp: y^2 = x^3 + 4. */
  static Expected expectG1(byte[] c) {
    int flags = c[0] & 0xe0;
    if ((flags & 0x80) == 0) {
      return Expected.reject("compression flag missing on a 48-byte encoding");
    }
    BigInteger x = field(c, 0);
    if ((flags & 0x40) != 0) {
      return (flags & 0x20) == 0 && x.signum() == 0
          ? new Expected(G1Point.identity().toUncompressed(), "infinity")
          : Expected.reject("infinity with other bits set");
    }
    if (x.compareTo(P) >= 0) {
      return Expected.reject("x >= p");
    }
    BigInteger rhs = x.pow(3).add(FOUR).mod(P);
    if (!isSquare(rhs)) {
      return Expected.reject("not on the curve");
    }
    BigInteger y = sqrt(rhs);
    boolean largest = y.compareTo(HALF) > 0;
    if (largest != ((flags & 0x20) != 0)) {
      y = P.subtract(y).mod(P);
    }
    byte[] out = new byte[96];
    put(out, 0, x);
    put(out, 48, y);
    return new Expected(out, "on the curve");
  }

  // Fp2 = Fp[u] / (u^2 + 1), elements as {c0, c1}.
  private static BigInteger[] mul2(BigInteger[] a, BigInteger[] b) {
    return new BigInteger[] {
      a[0].multiply(b[0]).subtract(a[1].multiply(b[1])).mod(P),
      a[0].multiply(b[1]).add(a[1].multiply(b[0])).mod(P)};
  }

  /** Whether a is a square in Fp2: exactly when its norm a0^2 + a1^2 is a square in Fp. */
  private static boolean isSquare2(BigInteger[] a) {
    return isSquare(a[0].pow(2).add(a[1].pow(2)));
  }

  /** What a 96-byte compressed G2 encoding denotes: y^2 = x^3 + 4(1 + u), up to the sign of y. */
  static Expected expectG2(byte[] c) {
    int flags = c[0] & 0xe0;
    if ((flags & 0x80) == 0) {
      return Expected.reject("compression flag missing on a 96-byte encoding");
    }
    BigInteger x1 = field(c, 0);
    BigInteger x0 = new BigInteger(1, Arrays.copyOfRange(c, 48, 96));
    if ((flags & 0x40) != 0) {
      return (flags & 0x20) == 0 && x1.signum() == 0 && x0.signum() == 0
          ? new Expected(G2Point.identity().toUncompressed(), "infinity")
          : Expected.reject("infinity with other bits set");
    }
    if (x1.compareTo(P) >= 0 || x0.compareTo(P) >= 0) {
      return Expected.reject("a coordinate of x >= p");
    }
    BigInteger[] x = {x0, x1};
    BigInteger[] rhs = mul2(mul2(x, x), x);
    rhs[0] = rhs[0].add(FOUR).mod(P);
    rhs[1] = rhs[1].add(FOUR).mod(P);
    return isSquare2(rhs)
        ? new Expected(null, "on the curve") // y's value is blst's business; the sign is checked
        : Expected.reject("not on the curve");
  }

  private static void checkG1(byte[] c, String what) {
    Expected e = expectG1(c);
    if (e.uncompressed() == null) {
      CryptoException ex = assertThrows(CryptoException.class, () -> G1Point.fromBytesOnCurve(c),
          what + ": " + e.reason());
      assertTrue(ex.getMessage().startsWith("decoding G1 point"), ex.getMessage());
      assertThrows(CryptoException.class, () -> G1Point.fromBytes(c), what);
      return;
    }
    G1Point loose = G1Point.fromBytesOnCurve(c);
    assertArrayEquals(e.uncompressed(), loose.toUncompressed(), what);
    assertArrayEquals(c, loose.toCompressed(), what + ": canonical");
    if (loose.isIdentity()) {
      assertEquals(G1Point.identity(), G1Point.fromBytes(c));
    } else if (!loose.isInSubgroup()) {
      CryptoException ex =
          assertThrows(CryptoException.class, () -> G1Point.fromBytes(c), what + ": subgroup");
      assertTrue(ex.getMessage().contains("subgroup"), ex.getMessage());
    } else {
      assertEquals(loose, G1Point.fromBytes(c), what);
    }
  }

  /** A corrupted copy of a random point's encoding must be rejected, unless it is the negation. */
  private static void checkCorruptedG1(byte[] c, String what) {
    Expected e = expectG1(c);
    checkG1(c, what);
    if (e.uncompressed() != null && !e.reason().equals("infinity")) {
      // An arbitrary x: on the curve, but (with probability 1 - 2^-126) outside the subgroup.
      CryptoException ex =
          assertThrows(CryptoException.class, () -> G1Point.fromBytes(c), what + ": subgroup");
      assertTrue(ex.getMessage().contains("subgroup"), ex.getMessage());
    }
  }

  @Test
  void corruptedCompressedG1EncodingsAreRejected() {
    G1Point p = G1Point.generator().multiply(Fr.random(random));
    byte[] good = p.toCompressed();
    checkG1(good, "valid");
    assertEquals(p, G1Point.fromBytes(good));

    // The sign bit selects the other y: a different valid point, exactly -P.
    byte[] sign = good.clone();
    sign[0] ^= 0x20;
    assertEquals(p.negate(), G1Point.fromBytes(sign));
    checkG1(sign, "sign flipped");

    // Wrong flags: no compression flag; the infinity flag on a finite point.
    byte[] noC = good.clone();
    noC[0] &= 0x7f;
    checkCorruptedG1(noC, "compression flag cleared");
    byte[] inf = good.clone();
    inf[0] |= 0x40;
    checkCorruptedG1(inf, "infinity flag set on a finite point");

    // x >= p: p itself, p + 1 and the largest 381-bit value.
    for (BigInteger x : new BigInteger[] {P, P.add(BigInteger.ONE), BigInteger.ONE.shiftLeft(381)
        .subtract(BigInteger.ONE)}) {
      byte[] big = new byte[48];
      put(big, 0, x);
      big[0] |= (byte) 0x80;
      assertEquals("x >= p", expectG1(big).reason());
      checkCorruptedG1(big, "x = " + x.toString(16));
    }

    // Every single-bit flip of x (all 381 bits): not on the curve, or on it and outside G1.
    int rejectedOffCurve = 0;
    for (int bit = 0; bit < 381; bit++) {
      byte[] c = good.clone();
      c[47 - bit / 8] ^= (byte) (1 << (bit % 8));
      checkCorruptedG1(c, "bit " + bit + " of x flipped");
      rejectedOffCurve += expectG1(c).reason().equals("not on the curve") ? 1 : 0;
    }
    // About half the x values have no point: both branches were exercised.
    assertTrue(rejectedOffCurve > 100 && rejectedOffCurve < 281, "off curve: " + rejectedOffCurve);

    // Infinity: only 0xc0 followed by zeros.
    byte[] infinity = new byte[48];
    infinity[0] = (byte) 0xc0;
    checkG1(infinity, "infinity");
    assertTrue(G1Point.fromBytes(infinity).isIdentity());
    byte[] infSign = infinity.clone();
    infSign[0] |= 0x20;
    checkCorruptedG1(infSign, "infinity with the sign bit");
    for (int i = 1; i < 48; i += 23) {
      byte[] infBits = infinity.clone();
      infBits[i] = 1;
      checkCorruptedG1(infBits, "infinity with byte " + i + " set");
    }
    byte[] infLow = infinity.clone();
    infLow[0] |= 0x01;
    checkCorruptedG1(infLow, "infinity with a bit of the first byte");
  }

  @Test
  void uncompressedG1FlagsMustMatchTheLength() {
    G1Point p = G1Point.generator().multiply(Fr.random(random));
    byte[] u = p.toUncompressed();
    assertEquals(p, G1Point.fromBytes(u));
    byte[] flagged = u.clone();
    flagged[0] |= (byte) 0x80;
    assertThrows(CryptoException.class, () -> G1Point.fromBytes(flagged),
        "a 96-byte encoding with the compression flag");
    byte[] signed = u.clone();
    signed[0] |= 0x20;
    assertThrows(CryptoException.class, () -> G1Point.fromBytes(signed),
        "the sign flag has no meaning uncompressed");
    byte[] infinity = new byte[96];
    infinity[0] = 0x40;
    assertTrue(G1Point.fromBytes(infinity).isIdentity());
    infinity[95] = 1;
    assertThrows(CryptoException.class, () -> G1Point.fromBytes(infinity));
    assertTrue(assertThrows(CryptoException.class, () -> G1Point.fromBytes(null)).getMessage()
        .contains("got null"));
    assertTrue(assertThrows(CryptoException.class, () -> G1Point.fromBytes(new byte[47]))
        .getMessage().contains("got 47"));
    assertTrue(assertThrows(CryptoException.class, () -> GtElement.fromBytes(null)).getMessage()
        .contains("got null"));
    assertTrue(assertThrows(CryptoException.class, () -> GtElement.fromBytes(new byte[575]))
        .getMessage().contains("got 575"));
    for (int len : new int[] {0, 47, 49, 95, 97}) {
      assertThrows(CryptoException.class, () -> G1Point.fromBytes(new byte[len]), "length " + len);
      assertThrows(CryptoException.class, () -> G1Point.fromBytesOnCurve(new byte[len]));
    }
  }

  private static void checkCorruptedG2(byte[] c, String what) {
    Expected e = expectG2(c);
    if (e.reason().equals("infinity")) {
      assertTrue(G2Point.fromBytes(c).isIdentity(), what);
      return;
    }
    // Rejected either way: off the curve or bad bits, or an arbitrary x outside the subgroup.
    CryptoException ex = assertThrows(CryptoException.class, () -> G2Point.fromBytes(c),
        what + ": " + e.reason());
    assertTrue(ex.getMessage().startsWith("decoding G2 point"), ex.getMessage());
    if (e.reason().equals("on the curve")) {
      assertTrue(ex.getMessage().contains("subgroup"), what + ": " + ex.getMessage());
    } else {
      assertTrue(ex.getMessage().contains("invalid encoding"), what + ": " + ex.getMessage());
    }
  }

  @Test
  void corruptedCompressedG2EncodingsAreRejected() {
    G2Point q = G2Point.generator().multiply(Fr.random(random));
    byte[] good = q.toCompressed();
    assertEquals("on the curve", expectG2(good).reason());
    assertEquals(q, G2Point.fromBytes(good));
    byte[] sign = good.clone();
    sign[0] ^= 0x20;
    assertEquals(q.negate(), G2Point.fromBytes(sign));

    byte[] noC = good.clone();
    noC[0] &= 0x7f;
    checkCorruptedG2(noC, "compression flag cleared");
    byte[] inf = good.clone();
    inf[0] |= 0x40;
    checkCorruptedG2(inf, "infinity flag on a finite point");

    for (int half = 0; half < 2; half++) {
      for (BigInteger x : new BigInteger[] {P, BigInteger.ONE.shiftLeft(381).subtract(
          BigInteger.ONE)}) {
        byte[] big = good.clone();
        byte[] field = new byte[48];
        put(field, 0, x);
        System.arraycopy(field, half == 0 ? 1 : 0, big, 48 * half + (half == 0 ? 1 : 0),
            half == 0 ? 47 : 48);
        big[0] = (byte) ((good[0] & 0xe0) | (half == 0 ? field[0] : good[0] & 0x1f));
        assertEquals("a coordinate of x >= p", expectG2(big).reason());
        checkCorruptedG2(big, (half == 0 ? "x1" : "x0") + " = " + x.toString(16));
      }
    }

    int offCurve = 0;
    for (int bit = 0; bit < 96 * 8; bit += 7) {
      int byteIndex = 95 - bit / 8;
      if (byteIndex == 0 && bit % 8 >= 5) {
        continue; // flag bits, covered above
      }
      byte[] c = good.clone();
      c[byteIndex] ^= (byte) (1 << (bit % 8));
      checkCorruptedG2(c, "bit " + bit + " flipped");
      offCurve += expectG2(c).reason().equals("not on the curve") ? 1 : 0;
    }
    assertTrue(offCurve > 20 && offCurve < 90, "off curve: " + offCurve);

    byte[] infinity = new byte[96];
    infinity[0] = (byte) 0xc0;
    checkCorruptedG2(infinity, "infinity");
    byte[] infSign = infinity.clone();
    infSign[0] |= 0x20;
    checkCorruptedG2(infSign, "infinity with the sign bit");
    byte[] infX0 = infinity.clone();
    infX0[95] = 1;
    checkCorruptedG2(infX0, "infinity with x0 != 0");
    byte[] infX1 = infinity.clone();
    infX1[20] = 1;
    checkCorruptedG2(infX1, "infinity with x1 != 0");
  }

  @Test
  void uncompressedG2FlagsMustMatchTheLength() {
    G2Point q = G2Point.generator().multiply(Fr.random(random));
    byte[] u = q.toUncompressed();
    assertEquals(q, G2Point.fromBytes(u));
    byte[] flagged = u.clone();
    flagged[0] |= (byte) 0x80;
    assertThrows(CryptoException.class, () -> G2Point.fromBytes(flagged));
    byte[] offCurve = u.clone();
    offCurve[150] ^= 1;
    assertThrows(CryptoException.class, () -> G2Point.fromBytes(offCurve));
    assertTrue(assertThrows(CryptoException.class, () -> G2Point.fromBytes(null)).getMessage()
        .contains("got null"));
    assertTrue(assertThrows(CryptoException.class, () -> G2Point.fromBytes(new byte[97]))
        .getMessage().contains("got 97"));
    for (int len : new int[] {0, 95, 97, 191, 193}) {
      assertThrows(CryptoException.class, () -> G2Point.fromBytes(new byte[len]), "length " + len);
    }
  }
}
