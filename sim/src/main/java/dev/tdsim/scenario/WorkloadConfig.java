package dev.tdsim.scenario;

import dev.tdsim.workload.MsgSizeDistribution;

/**
 * The transaction workload: YAML section {@code workload}.
 *
 * @param msgsPerBlock encrypted messages in every block, >= 1; null (YAML {@code auto}) means each
 *     block takes what arrived at ratePerSecond since the previous block, up to the consensus
 *     limits
 * @param ratePerSecond arrival rate of encrypted messages, > 0 (YAML key {@code rate})
 * @param msgSizeBytes payload size of a message (the mean for non-fixed distributions), >= 1 (YAML
 *     key {@code msg_size})
 * @param msgSizeDistribution how sizes are drawn: {@code fixed}, {@code uniform} or {@code
 *     lognormal}
 */
public record WorkloadConfig(
    Integer msgsPerBlock, double ratePerSecond, long msgSizeBytes,
    MsgSizeDistribution msgSizeDistribution) {

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
    if (!(ratePerSecond > 0) || !Double.isFinite(ratePerSecond)) {
      throw new ScenarioException("workload.rate",
          "must be positive, got " + Units.formatRate(ratePerSecond));
    }
    if (ratePerSecond > Units.MAX_RATE_PER_SECOND) {
      throw new ScenarioException("workload.rate", "must be at most "
          + Units.formatRate(Units.MAX_RATE_PER_SECOND) + " (a thousand times the fastest"
          + " chains; a block holds at most consensus.max_block_txs anyway), got "
          + Units.formatRate(ratePerSecond));
    }
    Checks.positiveSize("workload.msg_size", msgSizeBytes);
    java.util.Objects.requireNonNull(msgSizeDistribution, "msgSizeDistribution");
  }

  /** 100 messages per block, 1000 tx/s, 1 KiB, fixed. */
  public static WorkloadConfig defaults() {
    return new WorkloadConfig(DEFAULT_MSGS_PER_BLOCK, DEFAULT_RATE_PER_SECOND,
        DEFAULT_MSG_SIZE_BYTES, DEFAULT_MSG_SIZE_DISTRIBUTION);
  }

  /** Whether blocks are filled from the arrival rate ({@code msgs_per_block: auto}). */
  public boolean fillFromRate() {
    return msgsPerBlock == null;
  }
}
