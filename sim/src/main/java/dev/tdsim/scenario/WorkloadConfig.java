package dev.tdsim.scenario;

import dev.tdsim.workload.ArrivalConfig;
import dev.tdsim.workload.MsgSizeDistribution;
import dev.tdsim.workload.RateSchedule;
import dev.tdsim.workload.RateStep;
import java.util.List;

/**
 * The transaction workload: YAML section {@code workload}.
 *
 * @param msgsPerBlock encrypted messages in every block, >= 1; null (YAML {@code auto}) means each
 *     block takes what arrived since the previous block (or, with a mempool, what the proposer's
 *     mempool holds), up to the consensus limits
 * @param ratePerSecond arrival rate of encrypted messages, > 0 (YAML key {@code rate}); with a
 *     rate schedule, its highest rate
 * @param msgSizeBytes payload size of a message (the mean for non-fixed distributions), >= 1 (YAML
 *     key {@code msg_size})
 * @param msgSizeDistribution how sizes are drawn: {@code fixed}, {@code uniform} or {@code
 *     lognormal}
 * @param arrivals how clients submit: the arrival process, the rate schedule, the entry points
 *     (YAML keys {@code arrival}, {@code burst_interval}, {@code rate_schedule}, {@code entry})
 */
public record WorkloadConfig(
    Integer msgsPerBlock, double ratePerSecond, long msgSizeBytes,
    MsgSizeDistribution msgSizeDistribution, ArrivalConfig arrivals) {

  /** The YAML spelling of msgsPerBlock == null. */
  public static final String AUTO = "auto";

  public static final Integer DEFAULT_MSGS_PER_BLOCK = 100;
  public static final double DEFAULT_RATE_PER_SECOND = 1000.0;
  public static final long DEFAULT_MSG_SIZE_BYTES = 1024L;
  public static final MsgSizeDistribution DEFAULT_MSG_SIZE_DISTRIBUTION =
      MsgSizeDistribution.FIXED;

  public WorkloadConfig {
    if (msgsPerBlock != null && msgsPerBlock < 1) {
      throw new ScenarioException("workload.msgs_per_block",
          "must be at least 1 (or auto), got " + msgsPerBlock);
    }
    java.util.Objects.requireNonNull(arrivals, "arrivals");
    if (!arrivals.rateSchedule().isEmpty()) {
      ratePerSecond = checkSchedule(arrivals.rateSchedule());
    }
    checkRate("workload.rate", ratePerSecond);
    Checks.positiveSize("workload.msg_size", msgSizeBytes);
    java.util.Objects.requireNonNull(msgSizeDistribution, "msgSizeDistribution");
    Checks.positiveDuration("workload.burst_interval", arrivals.burstIntervalNanos());
    if (arrivals.burstIntervalNanos() > Units.MAX_STEP_NANOS) {
      throw new ScenarioException("workload.burst_interval", "must be below 1 h, got "
          + Units.formatDuration(arrivals.burstIntervalNanos()));
    }
    RateSchedule schedule = arrivals.schedule(ratePerSecond);
    arrivals.arrival().problem(schedule, arrivals.burstIntervalNanos()).ifPresent(p -> {
      throw new ScenarioException("workload.burst_interval", p, "workload.rate",
          "workload.rate_schedule", "workload.arrival");
    });
  }

  /** The workload without arrival settings: Poisson arrivals at the constant rate, everywhere. */
  public WorkloadConfig(Integer msgsPerBlock, double ratePerSecond, long msgSizeBytes,
      MsgSizeDistribution msgSizeDistribution) {
    this(msgsPerBlock, ratePerSecond, msgSizeBytes, msgSizeDistribution,
        ArrivalConfig.defaults());
  }

  /** 100 messages per block, 1000 tx/s, 1 KiB, fixed, Poisson arrivals at every validator. */
  public static WorkloadConfig defaults() {
    return new WorkloadConfig(DEFAULT_MSGS_PER_BLOCK, DEFAULT_RATE_PER_SECOND,
        DEFAULT_MSG_SIZE_BYTES, DEFAULT_MSG_SIZE_DISTRIBUTION);
  }

  /** Whether blocks are filled from the arrival rate ({@code msgs_per_block: auto}). */
  public boolean fillFromRate() {
    return msgsPerBlock == null;
  }

  /** The same workload with another {@code msgs_per_block} (null: auto). */
  public WorkloadConfig withMsgsPerBlock(Integer msgs) {
    return new WorkloadConfig(msgs, ratePerSecond, msgSizeBytes, msgSizeDistribution, arrivals);
  }

  /** The schedule's rate for a run: its steps, or {@link #ratePerSecond} for ever. */
  public RateSchedule rateSchedule() {
    return arrivals.schedule(ratePerSecond);
  }

  private static void checkRate(String field, double perSecond) {
    if (!(perSecond > 0) || !Double.isFinite(perSecond)) {
      throw new ScenarioException(field, "must be positive, got " + Units.formatRate(perSecond));
    }
    if (perSecond > Units.MAX_RATE_PER_SECOND) {
      throw new ScenarioException(field, "must be at most "
          + Units.formatRate(Units.MAX_RATE_PER_SECOND) + " (a thousand times the fastest"
          + " chains; a block holds at most consensus.max_block_txs anyway), got "
          + Units.formatRate(perSecond));
    }
  }

  /**
   * The steps start at 0 and ascend, every rate at most the bound, one at least above 0 (a rate
   * of 0 is a pause); their highest rate.
   */
  private static double checkSchedule(List<RateStep> steps) {
    String field = "workload.rate_schedule";
    if (steps.get(0).atNanos() != 0) {
      throw new ScenarioException(field + "[0].at", "the first step starts at 0 s (the rate"
          + " from the start of the run), got " + Units.formatDuration(steps.get(0).atNanos()),
          field);
    }
    double peak = 0;
    for (int i = 0; i < steps.size(); i++) {
      if (i > 0 && steps.get(i).atNanos() <= steps.get(i - 1).atNanos()) {
        throw new ScenarioException(field + "[" + i + "].at", "steps start in ascending order:"
            + " " + Units.formatDuration(steps.get(i).atNanos()) + " is not after step " + (i - 1)
            + "'s " + Units.formatDuration(steps.get(i - 1).atNanos()), field);
      }
      double rate = steps.get(i).ratePerSecond();
      if (rate > 0) {
        checkRate(field + "[" + i + "].rate", rate);
      }
      peak = Math.max(peak, rate);
    }
    if (peak == 0) {
      throw new ScenarioException(field, "every step has rate 0: give one a rate above 0 (0 is"
          + " a pause)");
    }
    return peak;
  }
}
