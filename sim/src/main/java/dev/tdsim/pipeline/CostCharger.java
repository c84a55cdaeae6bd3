package dev.tdsim.pipeline;

import dev.tdsim.timing.CostCheck;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.ModelTiming;
import dev.tdsim.timing.OpSize;
import dev.tdsim.timing.TimingModel;
import java.util.function.IntPredicate;

/**
 * Turns the CPU time of a real crypto call into simulated time on a validator's hardware: the
 * scenario's timing model at heights where the real crypto ran, the cost model's prediction
 * ({@link ModelTiming}) at sampled heights; optionally checks each real call against the model.
 */
final class CostCharger {
  private final TimingModel timing;
  private final ModelTiming fallback;
  private final IntPredicate realCryptoAtHeight;
  private CostCheck costCheck;

  CostCharger(TimingModel timing, ModelTiming fallback, IntPredicate realCryptoAtHeight) {
    this.timing = timing;
    this.fallback = fallback;
    this.realCryptoAtHeight = realCryptoAtHeight;
  }

  /** Checks each real call against the cost model from now on (timing: model). */
  void checkCosts(CostCheck check) {
    this.costCheck = check;
  }

  /** The cost check, or null when real calls are not checked. */
  CostCheck costCheck() {
    return costCheck;
  }

  /**
   * The simulated duration of one real call on a validator's hardware (the call splits into
   * {@link CryptoOp#parallelUnits} pieces); at heights where the real code ran, the call is also
   * checked against the cost model when {@code check} (each real call once).
   */
  long charge(int height, CryptoOp op, OpSize size, long cpuNanos, Hardware hw,
      boolean check) {
    if (check) {
      check(height, op, size, cpuNanos);
    }
    return timingAt(height).durationNanos(op, size, cpuNanos, op.parallelUnits(size), hw);
  }

  /** Checks one real call's CPU time against the cost model (when checking, at real heights). */
  void check(int height, CryptoOp op, OpSize size, long cpuNanos) {
    if (costCheck != null && realCryptoAtHeight.test(height) && cpuNanos > 0) {
      costCheck.record(op, size, cpuNanos);
    }
  }

  TimingModel timingAt(int height) {
    return realCryptoAtHeight.test(height) ? timing : fallback;
  }
}
