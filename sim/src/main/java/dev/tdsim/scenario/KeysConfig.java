package dev.tdsim.scenario;

/**
 * The threshold key set: YAML section {@code keys}.
 *
 * @param shares N, the number of key shares, a power of two in [2, 2^28]
 * @param threshold t, the number of shares needed to decrypt, in [1, shares]; defaults to
 *     floor(shares * 2 / 3) (5461 for 8192 shares)
 * @param setup where the run's first key set comes from: {@code dealer} (a trusted dealer, at
 *     setup, no simulated time) or {@code dkg} (the weighted PVSS DKG over the simulated network,
 *     from time 0; docs/SCENARIOS.md, keys)
 * @param epochLength heights per key epoch (0 = none: one key set for the run); at each epoch
 *     boundary the next key set comes from a DKG over the simulated network
 * @param dkgLead heights before an epoch's first height at which its DKG starts (0 .. {@code
 *     epochLength - 1}): the DKG of epoch e starts when height e * epochLength - dkgLead is
 *     first committed
 * @param dkgTimeoutNanos how long after a DKG's start a validator waits for dealers that sent
 *     nothing before it aggregates without them, > 0
 * @param epochStakes the validator-set changes: entry i is every validator's stake from key
 *     epoch i + 1 on (until the next entry; the last entry holds for every later epoch); empty:
 *     the stake never changes. Each stake is positive (every validator keeps at least one key
 *     share); the new stakes set the epoch's key-share layout (whose shares count toward t);
 *     consensus voting power stays {@code validators.stake}
 */
public record KeysConfig(int shares, int threshold, KeySetup setup, int epochLength, int dkgLead,
    long dkgTimeoutNanos, java.util.List<java.util.List<Long>> epochStakes) {
  public static final KeySetup DEFAULT_SETUP = KeySetup.DEALER;
  public static final long DEFAULT_DKG_TIMEOUT_NANOS = 30_000_000_000L;
  /** The longest epoch (heights). */
  public static final int MAX_EPOCH_LENGTH = 10_000_000;

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
    java.util.Objects.requireNonNull(setup, "setup");
    if (epochLength < 0 || epochLength > MAX_EPOCH_LENGTH) {
      throw new ScenarioException("keys.epoch_length", "must be none or 1 .. " + MAX_EPOCH_LENGTH
          + " heights, got " + epochLength);
    }
    if (dkgLead < 0 || (epochLength > 0 && dkgLead >= epochLength)
        || (epochLength == 0 && dkgLead != 0)) {
      throw new ScenarioException("keys.dkg_lead", epochLength == 0
          ? "needs keys.epoch_length (no epochs: no DKG to start early), got " + dkgLead
          : "must be 0 .. keys.epoch_length - 1 (" + (epochLength - 1) + "), got " + dkgLead,
          "keys.epoch_length");
    }
    if (dkgTimeoutNanos <= 0) {
      throw new ScenarioException("keys.dkg_timeout", "must be above 0");
    }
    epochStakes = epochStakes == null ? java.util.List.of()
        : epochStakes.stream().map(java.util.List::copyOf).toList();
    if (!epochStakes.isEmpty() && epochLength == 0) {
      throw new ScenarioException("keys.epoch_stakes", "needs keys.epoch_length (the stakes"
          + " change at epoch boundaries)", "keys.epoch_length");
    }
    for (int i = 0; i < epochStakes.size(); i++) {
      for (long w : epochStakes.get(i)) {
        if (w <= 0) {
          throw new ScenarioException("keys.epoch_stakes", "entry " + i + ": every stake must be"
              + " positive (each validator keeps at least one key share), got " + w);
        }
      }
    }
  }

  /** The key set of a DKG run without validator-set changes. */
  public KeysConfig(int shares, int threshold, KeySetup setup, int epochLength, int dkgLead,
      long dkgTimeoutNanos) {
    this(shares, threshold, setup, epochLength, dkgLead, dkgTimeoutNanos, java.util.List.of());
  }

  /** The stakes of key epoch e >= 1, or empty when they are the scenario's. */
  public java.util.Optional<java.util.List<Long>> stakesOf(int epoch) {
    if (epoch < 1 || epochStakes.isEmpty()) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(epochStakes.get(Math.min(epoch, epochStakes.size()) - 1));
  }

  /** The key set with a dealer, no epochs. */
  public KeysConfig(int shares, int threshold) {
    this(shares, threshold, DEFAULT_SETUP, 0, 0, DEFAULT_DKG_TIMEOUT_NANOS, java.util.List.of());
  }

  /** Whether a trusted dealer deals the first key set at setup ({@code keys.setup: dealer}). */
  public boolean byDealer() {
    return setup != KeySetup.DKG;
  }

  /** Whether any key set of the run comes from a DKG over the simulated network. */
  public boolean usesDkg() {
    return setup == KeySetup.DKG || epochLength > 0;
  }

  /** The key epoch of {@code height} (0 for every height without epochs). */
  public int epochOf(int height) {
    return epochLength == 0 ? 0 : (height - 1) / epochLength;
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
