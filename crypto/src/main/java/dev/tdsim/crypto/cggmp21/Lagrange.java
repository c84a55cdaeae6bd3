package dev.tdsim.crypto.cggmp21;

import java.math.BigInteger;

/** Lagrange coefficients at 0 modulo q for the evaluation points (party + 1) of a signing set. */
final class Lagrange {
  private Lagrange() {}

  /** λ_me over {@code signers} (party indices, distinct), modulo q. */
  static BigInteger atZero(int me, int[] signers) {
    BigInteger q = Secp256k1.Q;
    BigInteger num = BigInteger.ONE;
    BigInteger den = BigInteger.ONE;
    BigInteger xi = BigInteger.valueOf(me + 1L);
    for (int j : signers) {
      if (j != me) {
        BigInteger xj = BigInteger.valueOf(j + 1L);
        num = num.multiply(xj).mod(q);
        den = den.multiply(xj.subtract(xi)).mod(q);
      }
    }
    return num.multiply(den.modInverse(q)).mod(q);
  }
}
