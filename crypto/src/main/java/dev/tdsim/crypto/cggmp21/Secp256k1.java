package dev.tdsim.crypto.cggmp21;

import dev.tdsim.crypto.CryptoException;
import java.math.BigInteger;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.FixedPointCombMultiplier;

/** The curve of CGGMP21 here: secp256k1 through BouncyCastle (cofactor 1). */
public final class Secp256k1 {
  private Secp256k1() {}

  public static final X9ECParameters CURVE = CustomNamedCurves.getByName("secp256k1");
  public static final ECDomainParameters DOMAIN = new ECDomainParameters(CURVE.getCurve(),
      CURVE.getG(), CURVE.getN(), CURVE.getH());
  /** The group order q. */
  public static final BigInteger Q = CURVE.getN();
  /** Compressed point size on the wire. */
  public static final int POINT_BYTES = 33;
  /** Scalar size on the wire. */
  public static final int SCALAR_BYTES = 32;

  private static final FixedPointCombMultiplier BASE = new FixedPointCombMultiplier();

  /** k·G (reduced mod q; normalized). */
  public static ECPoint mulBase(BigInteger k) {
    return BASE.multiply(CURVE.getG(), k.mod(Q)).normalize();
  }

  /** k·P (reduced mod q; normalized). */
  public static ECPoint mul(ECPoint p, BigInteger k) {
    return p.multiply(k.mod(Q)).normalize();
  }

  public static ECPoint add(ECPoint a, ECPoint b) {
    return a.add(b).normalize();
  }

  /**
   * Throws naming {@code what} unless p is a valid point of secp256k1 other than infinity (cofactor
   * 1: on the curve means in the group).
   */
  public static ECPoint requirePoint(ECPoint p, String what) {
    if (p == null || p.isInfinity()) {
      throw new CryptoException("secp256k1", what + " is the point at infinity or missing");
    }
    if (!isOnThisCurve(p)) {
      throw new CryptoException("secp256k1", what + " is not a point of secp256k1");
    }
    return p.normalize();
  }

  /**
   * Whether p is a point of secp256k1 other than infinity: {@link #requirePoint}'s check as a
   * predicate, for verifiers that answer false. BouncyCastle's {@code isValid} only checks a point
   * against its own curve, and adding a point of another curve to one of ours throws a
   * ClassCastException, so the curve itself must be compared.
   */
  public static boolean isPoint(ECPoint p) {
    return p != null && !p.isInfinity() && isOnThisCurve(p);
  }

  private static boolean isOnThisCurve(ECPoint p) {
    return p.getCurve().equals(CURVE.getCurve()) && p.isValid();
  }

  /** Throws naming {@code what} unless 0 <= s < q. */
  public static BigInteger requireScalar(BigInteger s, String what) {
    if (s == null || s.signum() < 0 || s.compareTo(Q) >= 0) {
      throw new CryptoException("secp256k1", what + " is not a scalar in [0, q)");
    }
    return s;
  }

  public static byte[] encode(ECPoint p) {
    return p.getEncoded(true);
  }

  /** Decodes a compressed or uncompressed point; rejects infinity and points off the curve. */
  public static ECPoint decode(byte[] encoded, String what) {
    if (encoded == null || encoded.length == 0) {
      // BouncyCastle reads the prefix byte first (NullPointer, ArrayIndexOutOfBounds)
      throw new CryptoException("secp256k1", what + ": " + (encoded == null ? "missing" : "empty")
          + " point encoding");
    }
    try {
      return requirePoint(CURVE.getCurve().decodePoint(encoded), what);
    } catch (IllegalArgumentException e) {
      throw new CryptoException("secp256k1", what + ": " + e.getMessage(), e);
    }
  }
}
