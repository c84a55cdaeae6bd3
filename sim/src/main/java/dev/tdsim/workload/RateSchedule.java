package dev.tdsim.workload;

import java.util.List;

/**
 * The clients' rate as a step function of time: step j holds from its start until the next
 * step's (the last one for ever). It answers what the arrival processes ask of it: the expected
 * count of an interval (the integral of the rate), when that count reaches a value, and the
 * sizes and instants of bursts.
 */
public final class RateSchedule {
  private static final double NANOS_PER_SECOND = 1e9;

  private final long[] startNanos;
  private final double[] ratePerSecond;
  /** The expected count from 0 to each step's start. */
  private final double[] expectedAtStart;

  /**
   * @param steps the first at 0, starts strictly ascending (all rates 0: nobody ever submits;
   *     the scenario refuses that, code that cuts a fixed count per block passes rate 0)
   * @throws IllegalArgumentException otherwise
   */
  public RateSchedule(List<RateStep> steps) {
    if (steps.isEmpty() || steps.get(0).atNanos() != 0) {
      throw new IllegalArgumentException("a rate schedule starts with a step at 0");
    }
    int n = steps.size();
    startNanos = new long[n];
    ratePerSecond = new double[n];
    expectedAtStart = new double[n];
    for (int j = 0; j < n; j++) {
      startNanos[j] = steps.get(j).atNanos();
      ratePerSecond[j] = steps.get(j).ratePerSecond();
      if (j > 0) {
        if (startNanos[j] <= startNanos[j - 1]) {
          throw new IllegalArgumentException("rate steps must start in strictly ascending order");
        }
        expectedAtStart[j] = expectedAtStart[j - 1]
            + ratePerSecond[j - 1] * (startNanos[j] - startNanos[j - 1]) / NANOS_PER_SECOND;
      }
    }
  }

  /** One rate for ever. */
  public static RateSchedule constant(double ratePerSecond) {
    return new RateSchedule(List.of(new RateStep(0, ratePerSecond)));
  }

  /** The rate at {@code nanos} (the first step's before 0). */
  public double rateAt(long nanos) {
    return ratePerSecond[stepAt(nanos)];
  }

  /** Whether no submission comes after {@code nanos}: the last step, a pause, has begun. */
  boolean endedBy(long nanos) {
    int last = startNanos.length - 1;
    return ratePerSecond[last] == 0 && nanos >= startNanos[last];
  }

  /**
   * The expected count of [{@code fromNanos}, {@code toNanos}), the integral of the rate; 0 when
   * the interval is empty. Summed step by step as {@code rate * overlap / 1e9}, so one step gives
   * exactly {@code rate * (to - from) / 1e9}.
   */
  double expected(long fromNanos, long toNanos) {
    double sum = 0;
    boolean first = true;
    for (int j = 0; j < startNanos.length; j++) {
      long lo = j == 0 ? Long.MIN_VALUE : startNanos[j];
      long hi = j + 1 < startNanos.length ? startNanos[j + 1] : Long.MAX_VALUE;
      long overlap = Math.min(hi, toNanos) - Math.max(lo, fromNanos);
      if (overlap > 0) {
        double part = ratePerSecond[j] * overlap / NANOS_PER_SECOND;
        sum = first ? part : sum + part;
        first = false;
      }
    }
    return sum;
  }

  /** The expected count of [0, {@code nanos}). */
  double cumulative(long nanos) {
    if (nanos <= 0) {
      return 0;
    }
    int j = stepAt(nanos);
    return expectedAtStart[j] + ratePerSecond[j] * (nanos - startNanos[j]) / NANOS_PER_SECOND;
  }

  /**
   * The first time the expected count from 0 passes {@code expected} (rounded to the
   * nanosecond; within a pause it does not grow), or {@link Arrival#NEVER} when it never does.
   */
  long timeOf(double expected) {
    for (int j = 0; j < startNanos.length; j++) {
      boolean last = j + 1 == startNanos.length;
      if (ratePerSecond[j] > 0 && expected >= expectedAtStart[j]
          && (last || expected < expectedAtStart[j + 1])) {
        double t = startNanos[j]
            + (expected - expectedAtStart[j]) * NANOS_PER_SECOND / ratePerSecond[j];
        long rounded = t >= Long.MAX_VALUE ? Arrival.NEVER : Math.round(t);
        return last ? rounded : Math.min(rounded, startNanos[j + 1]);
      }
    }
    return Arrival.NEVER;
  }

  /** The submissions of the burst at {@code nanos}: {@code round(rate x interval)}. */
  long burstSize(long nanos, long burstIntervalNanos) {
    return Math.round(rateAt(nanos) * burstIntervalNanos / NANOS_PER_SECOND);
  }

  /**
   * The instant of the burst after the one at {@code nanos}, skipping a pause to the first
   * instant of the step after it; {@link Arrival#NEVER} when the schedule has ended.
   */
  long nextBurst(long nanos, long burstIntervalNanos) {
    long next = nanos > Long.MAX_VALUE - burstIntervalNanos ? Arrival.NEVER
        : nanos + burstIntervalNanos;
    if (next == Arrival.NEVER || endedBy(next)) {
      return Arrival.NEVER;
    }
    int j = stepAt(next);
    if (ratePerSecond[j] == 0) {
      next = firstInstantFrom(startNanos[j + 1], burstIntervalNanos);
    }
    return next;
  }

  /**
   * The submissions of the bursts (every {@code burstIntervalNanos} from 0) in [{@code
   * fromNanos}, {@code toNanos}), saturating at Long.MAX_VALUE.
   */
  long burstArrivals(long burstIntervalNanos, long fromNanos, long toNanos) {
    long total = 0;
    for (int j = 0; j < startNanos.length; j++) {
      long lo = Math.max(Math.max(0, fromNanos), startNanos[j]);
      long hi = Math.min(toNanos, j + 1 < startNanos.length ? startNanos[j + 1] : Long.MAX_VALUE);
      if (hi <= lo) {
        continue;
      }
      long instants = firstIndexFrom(hi, burstIntervalNanos)
          - firstIndexFrom(lo, burstIntervalNanos);
      long size = burstSize(startNanos[j], burstIntervalNanos);
      long part = instants == 0 || size == 0 ? 0
          : instants > Long.MAX_VALUE / size ? Long.MAX_VALUE : instants * size;
      total = part > Long.MAX_VALUE - total ? Long.MAX_VALUE : total + part;
    }
    return total;
  }

  /** Whether every step with a rate above 0 has bursts of at least one submission. */
  boolean burstsNeverEmpty(long burstIntervalNanos) {
    for (int j = 0; j < startNanos.length; j++) {
      if (ratePerSecond[j] > 0 && burstSize(startNanos[j], burstIntervalNanos) < 1) {
        return false;
      }
    }
    return true;
  }

  /** The index k of the first burst instant k x interval at or after {@code nanos} >= 0. */
  private static long firstIndexFrom(long nanos, long burstIntervalNanos) {
    return -Math.floorDiv(-nanos, burstIntervalNanos);
  }

  private static long firstInstantFrom(long nanos, long burstIntervalNanos) {
    long k = firstIndexFrom(nanos, burstIntervalNanos);
    return k > Long.MAX_VALUE / burstIntervalNanos ? Arrival.NEVER : k * burstIntervalNanos;
  }

  private int stepAt(long nanos) {
    int j = startNanos.length - 1;
    while (j > 0 && startNanos[j] > nanos) {
      j--;
    }
    return j;
  }
}
