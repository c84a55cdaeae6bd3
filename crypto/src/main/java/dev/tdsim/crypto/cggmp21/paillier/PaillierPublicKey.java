package dev.tdsim.crypto.cggmp21.paillier;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import java.util.Objects;

/**
 * A Paillier public key N with generator 1 + N: enc(m; ρ) = (1 + N)^m · ρ^N mod N^2 (CGGMP21
 * section 2.3). Plaintexts are read centred, in (-N/2, N/2], so that signed values (the MtA's
 * masks β ∈ ±2^ℓ') round-trip. Equality is on N.
 */
public class PaillierPublicKey {
  private final BigInteger n;
  private final BigInteger nSquared;
  private final Exponentiator modNSquared;

  public PaillierPublicKey(BigInteger n) {
    this(n, Exponentiator.plain(n.multiply(n)));
  }

  PaillierPublicKey(BigInteger n, Exponentiator modNSquared) {
    Objects.requireNonNull(n, "n");
    if (n.signum() <= 0 || !n.testBit(0)) {
      throw new CryptoException("paillier key", "N must be a positive odd integer");
    }
    this.n = n;
    this.nSquared = n.multiply(n);
    this.modNSquared = modNSquared;
  }

  public BigInteger n() {
    return n;
  }

  public BigInteger nSquared() {
    return nSquared;
  }

  /** Size of a ciphertext on the wire: N^2's bytes, fixed length. */
  public int ciphertextBytes() {
    return (nSquared.bitLength() + 7) / 8;
  }

  /** enc(m; ρ) for a given nonce ρ ∈ Z*_N; m is read modulo N (negative allowed). */
  public BigInteger encrypt(BigInteger m, BigInteger rho) {
    return onePlusNPow(m).multiply(modNSquared.pow(rho, n)).mod(nSquared);
  }

  /** enc(m) with a fresh nonce drawn from {@code random}. */
  public Encryption encrypt(BigInteger m, StrongRandom random) {
    BigInteger rho = RandomInts.unit(n, random);
    return new Encryption(encrypt(m, rho), rho);
  }

  /** A ciphertext with its nonce: what a prover needs as witness. */
  public record Encryption(BigInteger ciphertext, BigInteger nonce) {}

  /** (1 + N)^m mod N^2 = 1 + m·N mod N^2 (binomial theorem): no exponentiation needed. */
  public BigInteger onePlusNPow(BigInteger m) {
    return BigInteger.ONE.add(m.mod(n).multiply(n)).mod(nSquared);
  }

  /** c^e mod N^2 (any sign of e; CRT when this key is the owner's). */
  public BigInteger pow(BigInteger c, BigInteger e) {
    return modNSquared.pow(c, e);
  }

  /** The homomorphic sum: enc(a) ⊕ enc(b) = enc(a + b). */
  public BigInteger add(BigInteger c1, BigInteger c2) {
    return c1.multiply(c2).mod(nSquared);
  }

  /** The homomorphic scalar product: k ⊙ enc(a) = enc(k·a). */
  public BigInteger multiply(BigInteger c, BigInteger k) {
    return pow(c, k);
  }

  /** Whether c is in Z*_{N^2}: 0 < c < N^2 and gcd(c, N) = 1. */
  public boolean isCiphertext(BigInteger c) {
    return c != null && c.signum() > 0 && c.compareTo(nSquared) < 0
        && c.gcd(n).equals(BigInteger.ONE);
  }

  /** Throws naming {@code what} unless c is in Z*_{N^2}. */
  public BigInteger requireCiphertext(BigInteger c, String what) {
    if (!isCiphertext(c)) {
      throw new CryptoException("paillier", what + " is not in Z*_{N^2}");
    }
    return c;
  }

  /** Whether v is in Z*_N (a nonce or a proof response). */
  public boolean isUnit(BigInteger v) {
    return v != null && v.signum() > 0 && v.compareTo(n) < 0 && v.gcd(n).equals(BigInteger.ONE);
  }

  /** The public key alone (without the owner's CRT), e.g. to hand to other parties. */
  public PaillierPublicKey publicKey() {
    return getClass() == PaillierPublicKey.class ? this : new PaillierPublicKey(n);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PaillierPublicKey k && k.n.equals(n);
  }

  @Override
  public int hashCode() {
    return n.hashCode();
  }

  @Override
  public String toString() {
    return "PaillierPublicKey(" + n.bitLength() + " bits)";
  }
}
