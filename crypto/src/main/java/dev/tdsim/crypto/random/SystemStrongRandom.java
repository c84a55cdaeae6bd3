package dev.tdsim.crypto.random;

import java.security.SecureRandom;

/** {@link StrongRandom} over a {@link SecureRandom} (thread-safe, not reproducible). */
record SystemStrongRandom(SecureRandom secureRandom) implements StrongRandom {
  @Override
  public void nextBytes(byte[] out) {
    secureRandom.nextBytes(out);
  }

  @Override
  public String toString() {
    return "StrongRandom[" + secureRandom.getAlgorithm() + "]";
  }
}
