package dev.tdsim.crypto.frost;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;

/**
 * An integer modulo L = 2^252 + 27742317777372353535851937790883648493, the order of Ed25519's
 * prime-order subgroup (RFC 8032 section 5.1; RFC 9591 section 6.1 "Order"). Immutable; encoded
 * as 32 bytes little-endian (RFC 9591's SerializeScalar).
 *
 * <p>Why BigInteger: a FROST signing round does a handful of scalar operations against a few
 * hundred microseconds of point arithmetic, so a dedicated mod-L arithmetic would not show in any
 * round's time (measured in {@code FrostTiming}). Not constant time: tdsim simulates, it does not
 * guard keys.
 */
public final class Scalar {
  /** L, the group order. */
  public static final BigInteger ORDER =
      BigInteger.TWO.pow(252).add(new BigInteger("27742317777372353535851937790883648493"));

  public static final int ENCODED_BYTES = 32;
  public static final Scalar ZERO = new Scalar(BigInteger.ZERO);
  public static final Scalar ONE = new Scalar(BigInteger.ONE);

  private final BigInteger value;

  private Scalar(BigInteger value) {
    this.value = value;
  }

  /** {@code v} mod L. */
  public static Scalar of(BigInteger v) {
    return new Scalar(v.mod(ORDER));
  }

  public static Scalar of(long v) {
    return of(BigInteger.valueOf(v));
  }

  /**
   * RFC 9591's DeserializeScalar: 32 bytes little-endian, rejected unless the integer is below L
   * (a non-canonical encoding would let two byte strings stand for one share).
   */
  public static Scalar decode(byte[] encoded) {
    if (encoded == null || encoded.length != ENCODED_BYTES) {
      throw new CryptoException("FROST scalar decoding", "expected " + ENCODED_BYTES
          + " bytes, got " + (encoded == null ? "null" : encoded.length));
    }
    BigInteger v = fromLittleEndian(encoded);
    if (v.compareTo(ORDER) >= 0) {
      throw new CryptoException("FROST scalar decoding", "not below the group order L");
    }
    return new Scalar(v);
  }

  /** A 64-byte hash read little-endian and reduced mod L (RFC 9591 section 6.1, H1-H3). */
  static Scalar fromWideHash(byte[] digest64) {
    return of(fromLittleEndian(digest64));
  }

  /**
   * RFC 9591's RandomScalar: 64 random bytes reduced mod L (bias below 2^-259, as RFC 9591
   * section 4.1's nonce generation does with a 64-byte hash).
   */
  public static Scalar random(StrongRandom random) {
    return fromWideHash(random.nextBytes(64));
  }

  public Scalar add(Scalar o) {
    return of(value.add(o.value));
  }

  public Scalar subtract(Scalar o) {
    return of(value.subtract(o.value));
  }

  public Scalar multiply(Scalar o) {
    return of(value.multiply(o.value));
  }

  public Scalar negate() {
    return of(value.negate());
  }

  /** The inverse mod L; fails on zero, which has none. */
  public Scalar invert() {
    if (isZero()) {
      throw new CryptoException("FROST scalar inversion", "zero has no inverse");
    }
    return new Scalar(value.modInverse(ORDER));
  }

  public boolean isZero() {
    return value.signum() == 0;
  }

  public BigInteger toBigInteger() {
    return value;
  }

  /** 32 bytes little-endian. */
  public byte[] encode() {
    return toLittleEndian(value, ENCODED_BYTES);
  }

  static BigInteger fromLittleEndian(byte[] le) {
    byte[] be = new byte[le.length];
    for (int i = 0; i < le.length; i++) {
      be[i] = le[le.length - 1 - i];
    }
    return new BigInteger(1, be);
  }

  /** {@code v} (0 <= v < 2^(8 bytes)) as {@code bytes} bytes little-endian. */
  static byte[] toLittleEndian(BigInteger v, int bytes) {
    byte[] be = v.toByteArray();
    byte[] le = new byte[bytes];
    for (int i = 0; i < be.length && i < bytes; i++) {
      le[i] = be[be.length - 1 - i];
    }
    return le;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Scalar s && s.value.equals(value);
  }

  @Override
  public int hashCode() {
    return value.hashCode();
  }

  /** Never the value: scalars here are often secret (shares, nonces). */
  @Override
  public String toString() {
    return "Scalar(mod L)";
  }
}
