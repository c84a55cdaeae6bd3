package dev.tdsim.bench;

import dev.tdsim.crypto.variant.BlockResult.PhaseTimings;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One measured row: a function timed over a block of {@code msgs} messages of {@code msgSizeBytes}
 * bytes with one variant.
 *
 * @param time the timed repetitions of the function (whole batch each)
 * @param limit the timed repetitions of the variant's bare native kernel over {@code msgs}
 *     messages with the same parallelism: the lower bound {@code time} is compared with. The
 *     kernel never reads the payload, so one measurement per variant and message count serves
 *     every message size. Null for the vote functions, which have no kernel to compare with.
 * @param rustSeconds the original Rust benchmark's time, where one exists
 * @param phases block_propose only: the phase times of the median repetition
 */
public record BenchRow(
    BenchFunction function,
    String variant,
    int validators,
    int shares,
    int threshold,
    int msgs,
    int msgSizeBytes,
    int threads,
    Samples time,
    Samples limit,
    OptionalDouble rustSeconds,
    Optional<PhaseTimings> phases) {

  public double medianSeconds() {
    return time.medianNanos() / 1e9;
  }

  public double limitSeconds() {
    return limit == null ? Double.NaN : limit.medianNanos() / 1e9;
  }

  /** median / limit: how far the function is from its native kernel (>= 1 up to noise). */
  public double ratio() {
    return limit == null ? Double.NaN : time.medianNanos() / limit.medianNanos();
  }
}
