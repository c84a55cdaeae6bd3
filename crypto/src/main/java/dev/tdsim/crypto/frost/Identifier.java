package dev.tdsim.crypto.frost;

import dev.tdsim.crypto.CryptoException;

/**
 * A participant's identifier: a non-zero scalar (RFC 9591 section 3.1), here restricted to the
 * integers 1..{@link #MAX} so that a participant is also an index (the trusted dealer's x_i = i,
 * RFC 9591 Appendix C). Encoded as a 32-byte scalar, as in the RFC's commitment lists.
 *
 * @param value 1..MAX
 */
public record Identifier(int value) implements Comparable<Identifier> {
  /** Well above any committee tdsim simulates; keeps identifiers small integers. */
  public static final int MAX = 65_535;

  public Identifier {
    if (value < 1 || value > MAX) {
      throw new IllegalArgumentException("FROST identifier must be in [1, " + MAX + "], got "
          + value);
    }
  }

  public Scalar scalar() {
    return Scalar.of(value);
  }

  /** RFC 9591's SerializeScalar of the identifier. */
  public byte[] encode() {
    return scalar().encode();
  }

  /** The identifier a 32-byte scalar encodes; anything outside 1..MAX is rejected. */
  public static Identifier decode(byte[] encoded, String what) {
    Scalar s;
    try {
      s = Scalar.decode(encoded);
    } catch (CryptoException e) {
      throw new CryptoException("FROST identifier decoding", what + ": " + e.getMessage());
    }
    if (s.isZero() || s.toBigInteger().bitLength() > 31 || s.toBigInteger().intValue() > MAX) {
      throw new CryptoException("FROST identifier decoding", what + ": outside [1, " + MAX + "]");
    }
    return new Identifier(s.toBigInteger().intValue());
  }

  @Override
  public int compareTo(Identifier o) {
    return Integer.compare(value, o.value);
  }
}
