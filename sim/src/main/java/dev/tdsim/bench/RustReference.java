package dev.tdsim.bench;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * The original Rust benchmark's times (arkworks 0.3, AWS m5.8xlarge), whole batch of messages,
 * measured only for V = 150 validators, N = 8192 shares, t = 5461; message size had no effect.
 */
public final class RustReference {
  public static final int VALIDATORS = 150;
  public static final int SHARES = 8192;
  public static final int THRESHOLD = 5461;

  private static final Map<BenchFunction, Map<Integer, Double>> SECONDS = Map.of(
      BenchFunction.SHARE_COMBINE, Map.of(10, 0.477, 100, 4.77, 1000, 47.8),
      BenchFunction.BLOCK_PROPOSE, Map.of(10, 9.42, 100, 17.0, 1000, 93.2));

  private RustReference() {}

  /** The original time in seconds for that configuration, empty where none was measured. */
  public static OptionalDouble seconds(
      BenchFunction function, int validators, int shares, int threshold, int msgs) {
    if (validators != VALIDATORS || shares != SHARES || threshold != THRESHOLD) {
      return OptionalDouble.empty();
    }
    Double s = SECONDS.getOrDefault(function, Map.of()).get(msgs);
    return s == null ? OptionalDouble.empty() : OptionalDouble.of(s);
  }
}
