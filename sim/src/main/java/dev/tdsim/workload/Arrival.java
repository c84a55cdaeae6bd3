package dev.tdsim.workload;

import java.util.SplittableRandom;

/**
 * How clients' submissions are spread in time at the (scheduled) rate (YAML {@code arrival}: the
 * name in lower case). Each process counts the arrivals of an interval (for blocks cut without a
 * mempool, {@link Workload}) and lists their times one by one (for a mempool, {@link Clients}),
 * the same arrivals either way.
 */
public enum Arrival {
  /**
   * Independent arrivals (a Poisson process; with a schedule, of the scheduled intensity): the
   * count of an interval is one Poisson draw of the expected count, the gaps between
   * submissions exponential draws.
   */
  POISSON {
    @Override
    long count(RateSchedule schedule, long burstIntervalNanos, long fromNanos, long toNanos,
        SplittableRandom random) {
      return Poisson.draw(schedule.expected(fromNanos, toNanos), random);
    }

    @Override
    ArrivalTimes times(RateSchedule schedule, long burstIntervalNanos,
        SplittableRandom random) {
      return new ArrivalTimes() {
        private double cumulative;

        @Override
        public long next() {
          cumulative += -Math.log(1 - random.nextDouble()); // an exponential gap of mean 1
          return schedule.timeOf(cumulative);
        }
      };
    }
  },
  /**
   * Evenly spaced: the k-th submission (k = 0, 1, ...) when the expected count reaches k, so
   * {@code 1/rate} apart at a constant rate, the first at 0. Nothing is drawn.
   */
  CONSTANT {
    @Override
    long count(RateSchedule schedule, long burstIntervalNanos, long fromNanos, long toNanos,
        SplittableRandom random) {
      return Math.max(0, startedBefore(schedule, toNanos) - startedBefore(schedule, fromNanos));
    }

    /** Submissions k with time < t: those with k < the expected count by t. */
    private long startedBefore(RateSchedule schedule, long nanos) {
      double expected = schedule.cumulative(nanos);
      return expected > 0 ? (long) Math.ceil(expected) : 0;
    }

    @Override
    ArrivalTimes times(RateSchedule schedule, long burstIntervalNanos,
        SplittableRandom random) {
      return new ArrivalTimes() {
        private long k;

        @Override
        public long next() {
          return schedule.timeOf(k++);
        }
      };
    }
  },
  /**
   * Every {@code burst_interval}, from 0, {@code round(rate x interval)} submissions at once at
   * the start of the interval (the rate of that instant): CometBFT's QA load generator
   * (cometbft-load-test) writes {@code rate} transactions back to back at the start of every
   * second. Nothing is drawn.
   */
  BURSTS {
    @Override
    public boolean usesBurstInterval() {
      return true;
    }

    @Override
    long count(RateSchedule schedule, long burstIntervalNanos, long fromNanos, long toNanos,
        SplittableRandom random) {
      return schedule.burstArrivals(burstIntervalNanos, fromNanos, toNanos);
    }

    @Override
    public java.util.Optional<String> problem(RateSchedule schedule, long burstIntervalNanos) {
      return schedule.burstsNeverEmpty(burstIntervalNanos) ? java.util.Optional.empty()
          : java.util.Optional.of("a burst of round(rate x burst_interval) must hold at least"
              + " one transaction at every rate above 0; lengthen the interval or raise the rate");
    }

    @Override
    ArrivalTimes times(RateSchedule schedule, long burstIntervalNanos,
        SplittableRandom random) {
      return new ArrivalTimes() {
        private long burstAt;
        private long left;
        private long nextInstant = 0;

        @Override
        public long next() {
          while (left == 0) {
            if (nextInstant == NEVER) {
              return NEVER;
            }
            burstAt = nextInstant;
            left = schedule.burstSize(burstAt, burstIntervalNanos);
            nextInstant = schedule.nextBurst(burstAt, burstIntervalNanos);
          }
          left--;
          return burstAt;
        }
      };
    }
  };

  /** The time {@link ArrivalTimes#next()} gives when no submission ever comes again. */
  static final long NEVER = Long.MAX_VALUE;

  /** The times of the submissions, non-decreasing. */
  interface ArrivalTimes {
    /** The next submission's time in nanoseconds, or {@link Arrival#NEVER}. */
    long next();
  }

  /** Whether the process has a burst interval ({@code burst_interval} means something). */
  public boolean usesBurstInterval() {
    return false;
  }

  /**
   * Why this process cannot run the schedule with this burst interval, if it cannot (a burst of
   * bursts rounding to no submission at a rate above 0 would never end).
   */
  public java.util.Optional<String> problem(RateSchedule schedule, long burstIntervalNanos) {
    return java.util.Optional.empty();
  }

  /** How many submissions arrive in [{@code fromNanos}, {@code toNanos}) (0 when empty). */
  abstract long count(RateSchedule schedule, long burstIntervalNanos, long fromNanos,
      long toNanos, SplittableRandom random);

  /** The submission times from time 0 on, drawn from {@code random} when the process draws. */
  abstract ArrivalTimes times(RateSchedule schedule, long burstIntervalNanos,
      SplittableRandom random);
}
