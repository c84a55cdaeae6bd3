package dev.tdsim.crypto.frost;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.random.SeededDrbg;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.bouncycastle.math.ec.rfc8032.Ed25519;
import org.junit.jupiter.api.Test;

/** The group law written on X25519Field, checked against BouncyCastle's Ed25519 and the laws. */
class GroupElementTest {
  /** y = 0: x^2 = -1, a point of order 4 (found by decoding, not a transcribed constant). */
  private static final GroupElement ORDER_FOUR = GroupElement.decodeOnCurve(new byte[32], "T4");

  /**
   * A point of order 8, found as [L]R for the on-curve points R with y = 2, 3, ... ([L]R is R's
   * torsion component; the first with [4]T != identity has order 8). Its multiples are all eight
   * torsion points.
   */
  private static final GroupElement ORDER_EIGHT = orderEight();

  private static GroupElement orderEight() {
    Scalar lMinusOne = Scalar.of(Scalar.ORDER.subtract(BigInteger.ONE));
    for (int y = 2; ; y++) {
      GroupElement r;
      try {
        r = GroupElement.decodeOnCurve(Scalar.toLittleEndian(BigInteger.valueOf(y), 32), "R");
      } catch (CryptoException notOnCurve) {
        continue;
      }
      GroupElement t = r.multiply(lMinusOne).add(r); // [L]R
      GroupElement four = t.add(t).add(t.add(t));
      if (!four.isIdentity()) {
        return t;
      }
    }
  }

  private static GroupElement torsion(int k) {
    GroupElement t = GroupElement.IDENTITY;
    for (int i = 0; i < Math.floorMod(k, 8); i++) {
      t = t.add(ORDER_EIGHT);
    }
    return t;
  }

  private static Scalar scalar(long seed) {
    return Scalar.random(SeededDrbg.of(seed, "frost.group.test", 0));
  }

  /** BouncyCastle's public key of seed is [s]B, s = clamp(SHA-512(seed)[0..32]) (RFC 8032 5.1.5). */
  @Property(tries = 60)
  void baseMultiplicationMatchesBouncyCastlesPublicKeys(@ForAll @Size(32) byte[] seed)
      throws Exception {
    byte[] h = MessageDigest.getInstance("SHA-512").digest(seed);
    byte[] s = java.util.Arrays.copyOf(h, 32);
    s[0] &= (byte) 0xF8;
    s[31] &= 0x7F;
    s[31] |= 0x40;
    byte[] pk = new byte[32];
    Ed25519.generatePublicKey(seed, 0, pk, 0);
    Scalar k = Scalar.of(Scalar.fromLittleEndian(s));
    assertArrayEquals(pk, GroupElement.multiplyBase(k).encode());
    assertArrayEquals(pk, GroupElement.BASE.multiply(k).encode());
  }

  @Property(tries = 40)
  void groupLaws(@ForAll long a, @ForAll long b) {
    Scalar x = scalar(a);
    Scalar y = scalar(b);
    GroupElement p = GroupElement.multiplyBase(x);
    GroupElement q = GroupElement.multiplyBase(y);
    assertEquals(GroupElement.multiplyBase(x.add(y)), p.add(q));
    assertEquals(GroupElement.multiplyBase(x.subtract(y)), p.subtract(q));
    assertEquals(GroupElement.multiplyBase(x.multiply(y)), p.multiply(y));
    assertTrue(p.add(p.negate()).isIdentity());
    assertEquals(p, p.add(GroupElement.IDENTITY));
    assertEquals(p, GroupElement.decode(p.encode(), "p"));
    assertEquals(p.add(q).hashCode(), q.add(p).hashCode());
  }

  @Test
  void multiScalarEqualsTheSumOfProducts() {
    List<Scalar> ks = new ArrayList<>();
    List<GroupElement> ps = new ArrayList<>();
    GroupElement expected = GroupElement.IDENTITY;
    for (int i = 0; i < 9; i++) {
      Scalar k = scalar(100 + i);
      GroupElement p = GroupElement.multiplyBase(scalar(200 + i));
      ks.add(k);
      ps.add(p);
      expected = expected.add(p.multiply(k));
    }
    assertEquals(expected, GroupElement.multiScalar(ks, ps));
    GroupElement sum = GroupElement.IDENTITY;
    for (GroupElement p : ps) {
      sum = sum.add(p);
    }
    assertEquals(sum, GroupElement.sum(ps));
    assertTrue(GroupElement.multiScalar(List.of(), List.of()).isIdentity());
  }

  @Test
  void everyTorsionClassIsRejectedAndMatchesBouncyCastle() {
    GroupElement p = GroupElement.multiplyBase(scalar(9));
    for (int k = 0; k < 8; k++) {
      byte[] mixed = p.add(torsion(k)).encode();
      boolean ours = true;
      try {
        GroupElement.decode(mixed, "mixed");
      } catch (CryptoException e) {
        ours = false;
      }
      assertEquals(k == 0, ours, "torsion class " + k);
      assertEquals(Ed25519.validatePublicKeyFull(mixed, 0), ours, "torsion class " + k);
    }
    assertTrue(torsion(8).isIdentity());
  }

  @Test
  void edgeScalars() {
    Scalar lMinusOne = Scalar.of(Scalar.ORDER.subtract(BigInteger.ONE));
    assertEquals(GroupElement.BASE.negate(), GroupElement.multiplyBase(lMinusOne));
    assertEquals(GroupElement.BASE.negate(), GroupElement.BASE.multiply(lMinusOne));
    assertTrue(GroupElement.multiplyBase(Scalar.ZERO).isIdentity());
    assertTrue(GroupElement.BASE.multiply(Scalar.ZERO).isIdentity());
    assertEquals(GroupElement.BASE, GroupElement.multiplyBase(Scalar.ONE));
    Scalar allEights = Scalar.of(new BigInteger("8".repeat(63), 16)); // every digit at +8
    assertEquals(GroupElement.BASE.multiply(allEights), GroupElement.multiplyBase(allEights));
  }

  @Test
  void theOrderFourPointHasOrderFour() {
    assertFalse(ORDER_FOUR.add(ORDER_FOUR).isIdentity());
    assertTrue(ORDER_FOUR.add(ORDER_FOUR).add(ORDER_FOUR).add(ORDER_FOUR).isIdentity());
  }

  /** Strict decoding accepts exactly what BouncyCastle's full public-key validation accepts. */
  @Property(tries = 300)
  void decodingAgreesWithBouncyCastlesFullValidation(@ForAll @Size(32) byte[] bytes,
      @ForAll long k, @ForAll int kind) {
    byte[] candidate = switch (Math.floorMod(kind, 3)) {
      case 0 -> bytes; // mostly off the curve or with torsion
      case 1 -> GroupElement.multiplyBase(scalar(k)).encode(); // valid
      default -> GroupElement.multiplyBase(scalar(k)).add(torsion(kind >> 2)).encode();
    };
    boolean bc = Ed25519.validatePublicKeyFull(candidate, 0);
    boolean ours;
    try {
      GroupElement.decode(candidate, "candidate");
      ours = true;
    } catch (CryptoException e) {
      ours = false;
    }
    assertEquals(bc, ours);
  }

  @Test
  void malformedEncodingsAreRejectedWithTheirReason() {
    byte[] identity = GroupElement.IDENTITY.encode();
    assertMessage("the identity", identity);
    byte[] negativeZero = identity.clone();
    negativeZero[31] |= (byte) 0x80; // x = 0 with the sign bit set
    assertMessage("not a point", negativeZero);
    byte[] p = Scalar.toLittleEndian(BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19)),
        32); // y = p: the non-canonical encoding of y = 0
    assertMessage("non-canonical", p);
    assertMessage("prime-order subgroup", ORDER_FOUR.encode());
    assertMessage("prime-order subgroup", GroupElement.BASE.add(ORDER_FOUR).encode());
    assertMessage("not a point", firstNonPoint());
    assertMessage("expected 32 bytes", new byte[31]);
    assertMessage("expected 32 bytes", null);
  }

  /** The smallest y whose x^2 has no square root. */
  private static byte[] firstNonPoint() {
    for (int y = 2; ; y++) {
      byte[] e = Scalar.toLittleEndian(BigInteger.valueOf(y), 32);
      try {
        GroupElement.decodeOnCurve(e, "y");
      } catch (CryptoException notOnCurve) {
        return e;
      }
    }
  }

  private static void assertMessage(String part, byte[] encoded) {
    CryptoException e = assertThrows(CryptoException.class,
        () -> GroupElement.decode(encoded, "test point"));
    assertTrue(e.getMessage().contains(part) && e.getMessage().contains("test point"),
        e.getMessage());
  }

  @Test
  void scalarsRejectNonCanonicalEncodings() {
    assertThrows(CryptoException.class, () -> Scalar.decode(Scalar.toLittleEndian(Scalar.ORDER,
        32)));
    assertThrows(CryptoException.class, () -> Scalar.decode(new byte[33]));
    assertEquals(Scalar.of(5), Scalar.decode(Scalar.of(5).encode()));
    assertNotEquals(Scalar.of(5).toString().contains("5"), true);
  }
}
