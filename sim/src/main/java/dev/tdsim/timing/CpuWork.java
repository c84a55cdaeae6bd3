package dev.tdsim.timing;

/**
 * A piece of CPU work a validator must do, before it is placed on the validator's cores: its
 * single-core cost on the machine running tdsim, how many independent pieces it splits into, and
 * how it scales with cores ({@link Scaling}). Where and when it runs is the validator's CPU
 * model's business; how much it costs is the caller's (measured or from the cost model).
 *
 * @param singleCoreNanos single-core CPU time on the machine running tdsim (before the
 *     validator's speed), >= 0
 * @param parallelUnits independent pieces the work splits into (>= 1): the cap of its cores
 * @param scaling how its wall time shrinks with cores
 */
public record CpuWork(long singleCoreNanos, int parallelUnits, Scaling scaling) {
  public CpuWork {
    if (singleCoreNanos < 0) {
      throw new IllegalArgumentException("CPU time must be >= 0, got " + singleCoreNanos);
    }
    if (parallelUnits < 1) {
      throw new IllegalArgumentException("parallel units must be >= 1, got " + parallelUnits);
    }
  }

  /** Wall time of this work alone on {@code hw} (every core free for it). */
  public long wallNanosOn(Hardware hw) {
    return hw.wallNanos(singleCoreNanos, parallelUnits, scaling);
  }
}
