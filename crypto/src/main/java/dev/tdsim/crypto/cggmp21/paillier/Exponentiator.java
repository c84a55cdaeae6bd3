package dev.tdsim.crypto.cggmp21.paillier;

import java.math.BigInteger;

/**
 * Exponentiation modulo a fixed modulus, any sign of exponent (a negative one inverts the base,
 * which must then be a unit). Two implementations: the plain one for a modulus whose factors the
 * caller does not know, and {@link #crt} for the owner of the factorization, which works modulo
 * the two coprime factors with exponents reduced modulo their orders (about 3-4x cheaper for
 * Paillier's N^2 and for ring-Pedersen's N).
 */
public interface Exponentiator {
  BigInteger modulus();

  BigInteger pow(BigInteger base, BigInteger exponent);

  /** Plain {@link BigInteger#modPow}. */
  static Exponentiator plain(BigInteger modulus) {
    return new Exponentiator() {
      @Override
      public BigInteger modulus() {
        return modulus;
      }

      @Override
      public BigInteger pow(BigInteger base, BigInteger exponent) {
        return base.modPow(exponent, modulus);
      }
    };
  }

  /**
   * CRT over modulus = m1·m2 (coprime), for bases that are units: with orders phi1, phi2 of the
   * unit groups, b^e mod m_i = b^(e mod phi_i) mod m_i.
   */
  static Exponentiator crt(BigInteger m1, BigInteger phi1, BigInteger m2, BigInteger phi2) {
    BigInteger modulus = m1.multiply(m2);
    BigInteger m1InvModM2 = m1.modInverse(m2);
    return new Exponentiator() {
      @Override
      public BigInteger modulus() {
        return modulus;
      }

      @Override
      public BigInteger pow(BigInteger base, BigInteger exponent) {
        BigInteger a1 = base.mod(m1).modPow(exponent.mod(phi1), m1);
        BigInteger a2 = base.mod(m2).modPow(exponent.mod(phi2), m2);
        // Garner: a = a1 + m1·((a2 - a1)·m1^-1 mod m2)
        return a1.add(m1.multiply(a2.subtract(a1).multiply(m1InvModM2).mod(m2)));
      }
    };
  }
}
