package dev.tdsim.pipeline;

import dev.tdsim.faults.FaultPlan;
import dev.tdsim.timing.Hardware;
import java.util.Objects;
import java.util.function.IntPredicate;

/**
 * Everything the {@link DecryptionPipeline} needs from the scenario.
 *
 * @param schedule when a height's decryption runs relative to the next height
 * @param hardware each validator's machine
 * @param realCryptoAtHeight whether the real crypto runs at a height (else the cost model
 *     prices it)
 * @param heights the heights of the run
 * @param executionPerTxNanos executing one decrypted transaction (after decryption; the
 *     block's own execution and commit are consensus costs)
 * @param faults the run's fault plan ({@link FaultPlan#NONE} without faults)
 * @param shareTimeoutNanos how long a combiner that folds the signer set waits for the shares
 *     of the set it announced ({@link DecryptionPipeline#DEFAULT_SHARE_TIMEOUT_NANOS} by default)
 * @param combiner who combines each height's shares ({@code crypto.combiner})
 * @param combinerTimeoutNanos with {@link CombinerRule#FAILOVER}, how long a validator waits for
 *     a height's plaintexts after it sent its shares before it sends them to the next candidate
 *     ({@link DecryptionPipeline#DEFAULT_COMBINER_TIMEOUT_NANOS} by default)
 */
public record PipelineSettings(
    Schedule schedule,
    Hardware[] hardware,
    IntPredicate realCryptoAtHeight,
    int heights,
    long executionPerTxNanos,
    FaultPlan faults,
    long shareTimeoutNanos,
    CombinerRule combiner,
    long combinerTimeoutNanos) {
  public PipelineSettings {
    Objects.requireNonNull(faults, "faults");
    Objects.requireNonNull(combiner, "combiner");
    if (shareTimeoutNanos <= 0) {
      throw new IllegalArgumentException("shareTimeoutNanos must be > 0");
    }
    if (combinerTimeoutNanos <= 0) {
      throw new IllegalArgumentException("combinerTimeoutNanos must be > 0");
    }
  }

  /** With the default combiner rule (failover) and its default timeout. */
  public PipelineSettings(Schedule schedule, Hardware[] hardware, IntPredicate realCryptoAtHeight,
      int heights, long executionPerTxNanos, FaultPlan faults, long shareTimeoutNanos) {
    this(schedule, hardware, realCryptoAtHeight, heights, executionPerTxNanos, faults,
        shareTimeoutNanos, CombinerRule.FAILOVER, DecryptionPipeline.DEFAULT_COMBINER_TIMEOUT_NANOS);
  }

  /** Whether the real crypto runs at {@code height}. */
  boolean real(int height) {
    return realCryptoAtHeight.test(height);
  }
}
