package dev.tdsim.crypto.cggmp21.paillier;

import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;

/**
 * Uniform integers drawn from a {@link StrongRandom}: the only source of the nonces, masks and
 * primes of CGGMP21 (never {@link java.util.Random}).
 */
public final class RandomInts {
  private RandomInts() {}

  /** Uniform in [0, 2^bits). */
  public static BigInteger bits(int bits, StrongRandom random) {
    if (bits <= 0) {
      return BigInteger.ZERO;
    }
    byte[] b = random.nextBytes((bits + 7) / 8);
    int excess = 8 * b.length - bits;
    b[0] &= (byte) (0xFF >>> excess);
    return new BigInteger(1, b);
  }

  /** Uniform in [0, bound), by rejection (at most 2 draws expected). */
  public static BigInteger below(BigInteger bound, StrongRandom random) {
    if (bound.signum() <= 0) {
      throw new IllegalArgumentException("bound must be positive, got " + bound);
    }
    int bits = bound.bitLength();
    while (true) {
      BigInteger v = bits(bits, random);
      if (v.compareTo(bound) < 0) {
        return v;
      }
    }
  }

  /** Uniform in [-2^bits, 2^bits]: the paper's interval "±2^bits". */
  public static BigInteger signedBits(int bits, StrongRandom random) {
    BigInteger twoPow = BigInteger.ONE.shiftLeft(bits);
    return below(twoPow.shiftLeft(1).add(BigInteger.ONE), random).subtract(twoPow);
  }

  /** Uniform in ±(2^bits · factor): the paper's "±2^ℓ·N̂" ranges of ring-Pedersen masks. */
  public static BigInteger signedBitsTimes(int bits, BigInteger factor, StrongRandom random) {
    BigInteger bound = BigInteger.ONE.shiftLeft(bits).multiply(factor);
    return below(bound.shiftLeft(1).add(BigInteger.ONE), random).subtract(bound);
  }

  /** Uniform in Z*_n (units modulo n). */
  public static BigInteger unit(BigInteger n, StrongRandom random) {
    while (true) {
      BigInteger v = below(n, random);
      if (v.signum() > 0 && v.gcd(n).equals(BigInteger.ONE)) {
        return v;
      }
    }
  }

  /** Whether |v| <= 2^bits: the verifier's range check on a response. */
  public static boolean withinSignedBits(BigInteger v, int bits) {
    return v.abs().compareTo(BigInteger.ONE.shiftLeft(bits)) <= 0;
  }

  /**
   * A random prime p of exactly {@code bits} bits with p ≡ 3 (mod 4) (a Blum prime, as Pi-mod
   * needs): the two top bits set so that a product of two has exactly 2·bits bits. Trial division
   * by small primes before Miller-Rabin (BigInteger's, 2^-100 error; its bases are not secret).
   */
  public static BigInteger blumPrime(int bits, StrongRandom random) {
    if (bits < 16) {
      throw new IllegalArgumentException("prime size must be >= 16 bits, got " + bits);
    }
    while (true) {
      BigInteger c = bits(bits, random).setBit(bits - 1).setBit(bits - 2).setBit(1).setBit(0);
      if (passesTrialDivision(c) && c.isProbablePrime(100)) {
        return c;
      }
    }
  }

  private static final int[] SMALL_PRIMES = smallPrimes(2000);

  private static boolean passesTrialDivision(BigInteger c) {
    for (int p : SMALL_PRIMES) {
      if (c.mod(BigInteger.valueOf(p)).signum() == 0) {
        return c.equals(BigInteger.valueOf(p));
      }
    }
    return true;
  }

  private static int[] smallPrimes(int limit) {
    boolean[] composite = new boolean[limit];
    int count = 0;
    int[] out = new int[limit];
    for (int i = 3; i < limit; i += 2) {
      if (!composite[i]) {
        out[count++] = i;
        for (int j = i * i; j < limit; j += 2 * i) {
          composite[j] = true;
        }
      }
    }
    return java.util.Arrays.copyOf(out, count);
  }
}
