package dev.tdsim.random;

/**
 * Seeds of replicates. Replicate 0 keeps the scenario's seed (so a one-replicate sweep point is
 * exactly what {@code tdsim run} with the same values simulates); replicate r > 0 uses
 * {@code mix64(seed + r * 0x9E3779B97F4A7C15)}, where mix64 is SplitMix64's finalizer. The
 * derivation depends only on the point's seed and r: stable across runs, machines and versions.
 */
public final class Seeds {
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private Seeds() {}

  public static long derive(long seed, int replicate) {
    if (replicate < 0) {
      throw new IllegalArgumentException("replicate must be >= 0, got " + replicate);
    }
    if (replicate == 0) {
      return seed;
    }
    return mix64(seed + replicate * GOLDEN);
  }

  static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
