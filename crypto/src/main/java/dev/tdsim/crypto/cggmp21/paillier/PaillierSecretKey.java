package dev.tdsim.crypto.cggmp21.paillier;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;

/**
 * A Paillier key pair from two Blum primes p, q ≡ 3 (mod 4) (so that N is a Paillier-Blum
 * modulus, provable with Pi-mod). The owner's encryptions and exponentiations modulo N^2 use CRT
 * over p^2 and q^2, and decryption uses CRT over p and q. The primes are never printed.
 */
public final class PaillierSecretKey extends PaillierPublicKey {
  private final BigInteger p;
  private final BigInteger q;
  private final BigInteger phi;
  private final BigInteger hp;
  private final BigInteger hq;
  private final BigInteger pInvModQ;

  private PaillierSecretKey(BigInteger p, BigInteger q) {
    super(p.multiply(q), Exponentiator.crt(p.multiply(p), p.multiply(p.subtract(BigInteger.ONE)),
        q.multiply(q), q.multiply(q.subtract(BigInteger.ONE))));
    this.p = p;
    this.q = q;
    this.phi = p.subtract(BigInteger.ONE).multiply(q.subtract(BigInteger.ONE));
    this.hp = h(p);
    this.hq = h(q);
    this.pInvModQ = p.modInverse(q);
  }

  /** The key of two distinct Blum primes (checked: 3 mod 4, distinct, probable primes). */
  public static PaillierSecretKey fromPrimes(BigInteger p, BigInteger q) {
    for (BigInteger f : new BigInteger[] {p, q}) {
      if (f.mod(BigInteger.valueOf(4)).intValue() != 3 || !f.isProbablePrime(64)) {
        throw new CryptoException("paillier key", "factor is not a Blum prime (3 mod 4)");
      }
    }
    if (p.equals(q)) {
      throw new CryptoException("paillier key", "p = q");
    }
    return new PaillierSecretKey(p, q);
  }

  /** A fresh key with an N of {@code modulusBits} bits (two Blum primes of half the size). */
  public static PaillierSecretKey generate(int modulusBits, StrongRandom random) {
    BigInteger p = RandomInts.blumPrime(modulusBits / 2, random);
    BigInteger q;
    do {
      q = RandomInts.blumPrime(modulusBits - modulusBits / 2, random);
    } while (q.equals(p));
    return new PaillierSecretKey(p, q);
  }

  /** L_p(g^(p-1) mod p^2)^-1 mod p for g = 1 + N: the CRT decryption constant. */
  private BigInteger h(BigInteger prime) {
    BigInteger pSq = prime.multiply(prime);
    BigInteger gp = BigInteger.ONE.add(n()).modPow(prime.subtract(BigInteger.ONE), pSq);
    return gp.subtract(BigInteger.ONE).divide(prime).modInverse(prime);
  }

  /** dec(c) in (-N/2, N/2]; c must be in Z*_{N^2}. */
  public BigInteger decrypt(BigInteger c) {
    requireCiphertext(c, "ciphertext to decrypt");
    BigInteger mp = partial(c, p, hp);
    BigInteger mq = partial(c, q, hq);
    BigInteger m = mp.add(p.multiply(mq.subtract(mp).multiply(pInvModQ).mod(q)));
    return m.compareTo(n().shiftRight(1)) > 0 ? m.subtract(n()) : m;
  }

  private static BigInteger partial(BigInteger c, BigInteger prime, BigInteger h) {
    BigInteger pSq = prime.multiply(prime);
    BigInteger u = c.mod(pSq).modPow(prime.subtract(BigInteger.ONE), pSq);
    return u.subtract(BigInteger.ONE).divide(prime).multiply(h).mod(prime);
  }

  public BigInteger p() {
    return p;
  }

  public BigInteger q() {
    return q;
  }

  /** φ(N) = (p - 1)(q - 1). */
  public BigInteger phi() {
    return phi;
  }

  /** Exponentiation modulo N (not N^2) with CRT over p and q: for ring-Pedersen and Pi-mod. */
  public Exponentiator modN() {
    return Exponentiator.crt(p, p.subtract(BigInteger.ONE), q, q.subtract(BigInteger.ONE));
  }

  @Override
  public String toString() {
    return "PaillierSecretKey(" + n().bitLength() + " bits, factors hidden)";
  }
}
