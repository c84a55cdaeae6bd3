package dev.tdsim.crypto.random;

/**
 * A cryptographically strong random stream: the only kind of randomness the crypto module accepts
 * for secrets (dealt polynomials, blinding scalars, signing keys), for the encryption scalar r and
 * for the random weights of batch verification.
 *
 * <p>Why a type of its own instead of {@link java.util.Random}: {@code java.util.Random} is a
 * 48-bit linear congruential generator. Its outputs are predictable from two of them, so weights
 * drawn from it can be anticipated by whoever crafts bad shares or ciphertexts (batch checks
 * assume the weights are unpredictable); and with only 2^48 states, scalars drawn from
 * generators seeded per message repeat after about 2^24 messages (birthday bound), which for r
 * means a reused AEAD key and nonce. Demanding this interface makes passing such a generator a
 * compile error. The interface is sealed: its implementations are {@link SeededDrbg}
 * (HMAC_DRBG, deterministic from the scenario seed, for reproducible simulations) and {@link
 * #system()} (the platform's {@link java.security.SecureRandom}).
 *
 * <p>Implementations are not required to be thread-safe: give each thread its own stream
 * ({@link #split()}).
 */
public sealed interface StrongRandom permits SeededDrbg, SystemStrongRandom {

  /** Fills {@code out} with the next bytes of the stream (one request to the generator). */
  void nextBytes(byte[] out);

  /** The next {@code n} bytes of the stream. */
  default byte[] nextBytes(int n) {
    byte[] out = new byte[n];
    nextBytes(out);
    return out;
  }

  /** The next 8 bytes of the stream as a big-endian long (uniform over all 2^64 values). */
  default long nextLong() {
    return nextLongs(1)[0];
  }

  /** The next {@code n} longs, drawn with a single request (cheaper than n calls). */
  default long[] nextLongs(int n) {
    byte[] b = nextBytes(8 * n);
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      long v = 0;
      for (int k = 0; k < 8; k++) {
        v = (v << 8) | (b[8 * i + k] & 0xFF);
      }
      out[i] = v;
    }
    return out;
  }

  /**
   * The next {@code n} longs with every zero drawn again (probability 2^-64 each): independent
   * uniform non-zero 64-bit weights of a random-linear-combination (small-exponent) batch check,
   * read as unsigned. A zero weight would drop its term from the check.
   */
  default long[] nextNonZeroLongs(int n) {
    long[] out = nextLongs(n);
    for (int i = 0; i < n; i++) {
      while (out[i] == 0) {
        out[i] = nextLong();
      }
    }
    return out;
  }

  /**
   * A new independent stream, seeded with the next 32 bytes of this one: deterministic when this
   * stream is, and for handing one stream to each parallel task in a fixed order.
   */
  default SeededDrbg split() {
    return SeededDrbg.child(nextBytes(SeededDrbg.SEED_BYTES));
  }

  /** The platform's strong generator ({@link java.security.SecureRandom}): not reproducible. */
  static StrongRandom system() {
    return new SystemStrongRandom(new java.security.SecureRandom());
  }
}
