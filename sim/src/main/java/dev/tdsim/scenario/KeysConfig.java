package dev.tdsim.scenario;

/**
 * The threshold key set: YAML section {@code keys}.
 *
 * @param shares N, the number of key shares, a power of two in [2, 2^28]
 * @param threshold t, the number of shares needed to decrypt, in [1, shares]; defaults to
 *     floor(shares * 2 / 3) (5461 for 8192 shares)
 */
public record KeysConfig(int shares, int threshold) {

  public static final int DEFAULT_SHARES = 8192;
  /** The largest key set: the size of the largest supported FFT domain. */
  public static final int MAX_SHARES = 1 << 28;

  public KeysConfig {
    if (shares < 2 || Integer.bitCount(shares) != 1 || shares > MAX_SHARES) {
      throw new ScenarioException("keys.shares", shares
          + " is not a power of two in [2, 2^28]" + nearestPowers(shares));
    }
    if (threshold < 1) {
      throw new ScenarioException("keys.threshold", "must be at least 1, got " + threshold);
    }
    if (threshold > shares) {
      throw new ScenarioException(
          "keys.threshold", threshold + " is above keys.shares (" + shares + ")", "keys.shares");
    }
  }

  /** floor(shares * 2 / 3), at least 1. */
  public static int defaultThreshold(int shares) {
    return (int) Math.max(1, (long) shares * 2 / 3);
  }

  /** The key set of {@code shares} shares with the default threshold. */
  public static KeysConfig withDefaultThreshold(int shares) {
    return new KeysConfig(shares, defaultThreshold(shares));
  }

  /** 8192 shares, threshold 5461. */
  public static KeysConfig defaults() {
    return withDefaultThreshold(DEFAULT_SHARES);
  }

  private static String nearestPowers(int n) {
    if (n <= 2 || n > MAX_SHARES) {
      return "";
    }
    int below = Integer.highestOneBit(n);
    return " (nearest: " + below + " or " + (below * 2) + ")";
  }
}
