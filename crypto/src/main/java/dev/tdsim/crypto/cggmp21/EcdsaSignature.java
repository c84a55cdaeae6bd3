package dev.tdsim.crypto.cggmp21;

import java.math.BigInteger;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.math.ec.ECPoint;

/**
 * A plain ECDSA signature on secp256k1 (r, s), s normalized to the low half (as Bitcoin and
 * Ethereum require), with the recovery id v (parity of R's y after normalization; +2 if x(R) >= q)
 * for the 65-byte r || s || v form.
 */
public record EcdsaSignature(BigInteger r, BigInteger s, int recoveryId) {
  public static final int BYTES = 65;

  /** From r, s and R, normalizing s to low-s (which negates R, flipping the parity). */
  static EcdsaSignature of(BigInteger r, BigInteger s, ECPoint bigR) {
    BigInteger q = Secp256k1.Q;
    int v = (bigR.getAffineYCoord().toBigInteger().testBit(0) ? 1 : 0)
        | (bigR.getAffineXCoord().toBigInteger().compareTo(q) >= 0 ? 2 : 0);
    if (s.compareTo(q.shiftRight(1)) > 0) {
      return new EcdsaSignature(r, q.subtract(s), v ^ 1);
    }
    return new EcdsaSignature(r, s, v);
  }

  /** r (32 B) || s (32 B) || v (1 B). */
  public byte[] toBytes() {
    byte[] out = new byte[BYTES];
    put(r, out, 0);
    put(s, out, 32);
    out[64] = (byte) recoveryId;
    return out;
  }

  private static void put(BigInteger v, byte[] out, int offset) {
    byte[] b = v.toByteArray();
    int len = Math.min(b.length, 32);
    System.arraycopy(b, b.length - len, out, offset + 32 - len, len);
  }

  /** BouncyCastle's plain ECDSA verification of this signature of {@code hash} under X. */
  public boolean verify(ECPoint publicKey, byte[] hash) {
    ECDSASigner verifier = new ECDSASigner();
    verifier.init(false, new ECPublicKeyParameters(publicKey, Secp256k1.DOMAIN));
    return verifier.verifySignature(hash, r, s);
  }

  /** The public key recovered from (r, s, v) and the hash (SEC 1 section 4.1.6). */
  public ECPoint recoverPublicKey(byte[] hash) {
    BigInteger q = Secp256k1.Q;
    BigInteger x = (recoveryId & 2) != 0 ? r.add(q) : r;
    byte[] enc = new byte[33];
    enc[0] = (byte) ((recoveryId & 1) != 0 ? 0x03 : 0x02);
    put(x, enc, 1);
    ECPoint bigR = Secp256k1.decode(enc, "recovered R");
    BigInteger e = new BigInteger(1, hash).mod(q);
    BigInteger rInv = r.modInverse(q);
    return Secp256k1.add(Secp256k1.mul(bigR, s.multiply(rInv)),
        Secp256k1.mulBase(e.negate().multiply(rInv)));
  }
}
