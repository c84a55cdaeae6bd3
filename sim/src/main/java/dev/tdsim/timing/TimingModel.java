package dev.tdsim.timing;

/**
 * Decides how much simulated time a real crypto call costs. Whatever the model, the real call has
 * run and its results are used; only its duration is the model's choice.
 */
public interface TimingModel {
  /** Stable lower-case name used in scenario files ({@code crypto.timing}). */
  String name();

  /**
   * @param op the call
   * @param size its size
   * @param measuredCpuNanos CPU time the real call took on this machine, summed over the threads
   *     it used
   * @param parallelUnits how many independent pieces the call splits into (messages, validators)
   * @param hardware the machine of the validator that makes the call
   * @return simulated wall-clock nanoseconds of the call on that validator
   */
  long durationNanos(
      CryptoOp op, OpSize size, long measuredCpuNanos, int parallelUnits, Hardware hardware);

  /**
   * Which part of {@link #durationNanos} (same arguments) rests on measurements on this machine
   * (the single-core cost and the parallel speedup up to the threads calibrated here) and which
   * is extrapolated (the speedup from there to the validator's cores, by Amdahl's law). The
   * report adds the splits of the calls on a critical path with {@link Scaling.Split#plus} and
   * shows {@link Scaling.Split#describe}.
   */
  Scaling.Split split(
      CryptoOp op, OpSize size, long measuredCpuNanos, int parallelUnits, Hardware hardware);

  /**
   * The call as CPU work a validator must do, before it is placed on its cores: the single-core
   * cost this model gives it (same arguments as {@link #durationNanos}, without the hardware),
   * its parallel units and the operation's scaling; alone on a validator's cores its wall time
   * ({@link CpuWork#wallNanosOn}) is {@link #durationNanos}. The default, for models that
   * price whole calls only: the call's duration on one core of this machine's speed, as work
   * that does not split.
   */
  default CpuWork work(CryptoOp op, OpSize size, long measuredCpuNanos, int parallelUnits) {
    return new CpuWork(durationNanos(op, size, measuredCpuNanos, parallelUnits,
        new Hardware(1, 1.0)), 1, Scaling.LINEAR);
  }

  /** Whether durations depend only on the scenario (reproducible), not on this machine's load. */
  boolean reproducible();
}
