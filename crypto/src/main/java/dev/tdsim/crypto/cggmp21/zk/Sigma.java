package dev.tdsim.crypto.cggmp21.zk;

import dev.tdsim.crypto.cggmp21.paillier.PaillierPublicKey;
import java.math.BigInteger;

/** The checks Pi-enc, Pi-aff-g and Pi-log* share, written once. */
final class Sigma {
  private Sigma() {}

  /** Paillier equation: (1 + N)^z1 · z2^N = A · C^e (mod N^2). */
  static boolean paillierEquation(PaillierPublicKey key, BigInteger z1, BigInteger z2,
      BigInteger a, BigInteger c, BigInteger e) {
    BigInteger left = key.onePlusNPow(z1).multiply(key.pow(z2, key.n())).mod(key.nSquared());
    BigInteger right = a.multiply(key.pow(c, e)).mod(key.nSquared());
    return left.equals(right);
  }

  /** Ring-Pedersen equation: s^z1 · t^z3 = D · S^e (mod N̂). */
  static boolean pedersenEquation(RingPedersen params, BigInteger z1, BigInteger z3,
      BigInteger d, BigInteger s, BigInteger e) {
    return params.commit(z1, z3).equals(d.multiply(params.pow(s, e)).mod(params.n()));
  }

  /** Whether every value is non-null. */
  static boolean present(Object... values) {
    for (Object v : values) {
      if (v == null) {
        return false;
      }
    }
    return true;
  }

  /** Bytes of the values' minimal two's-complement encodings (the wire size, no framing). */
  static int bytes(BigInteger... values) {
    int sum = 0;
    for (BigInteger v : values) {
      sum += v.toByteArray().length;
    }
    return sum;
  }
}
