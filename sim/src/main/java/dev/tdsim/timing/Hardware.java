package dev.tdsim.timing;

/**
 * A validator's machine relative to the one running tdsim.
 *
 * @param cores cores available to crypto work (>= 1)
 * @param speed single-core speed relative to this machine (1.0 = same, 2.0 = twice as fast)
 */
public record Hardware(int cores, double speed) {
  public Hardware {
    if (cores < 1) {
      throw new IllegalArgumentException("cores must be >= 1, got " + cores);
    }
    if (!(speed > 0) || Double.isInfinite(speed)) {
      throw new IllegalArgumentException("speed must be > 0, got " + speed);
    }
  }

  /**
   * The cores a call that splits into {@code parallelUnits} independent pieces can use here:
   * min(cores, pieces), at least 1. The cores are the validator's physical cores: the cap of
   * the parallel speedup (per-core throughput is linear up to the physical cores and flat
   * beyond, shared/reference/anchors.md).
   */
  public int usableCores(int parallelUnits) {
    return Math.max(1, Math.min(cores, parallelUnits));
  }

  /**
   * Simulated wall time on this hardware of work that took {@code cpuNanos} of single-core CPU
   * time on the machine running tdsim and splits into {@code parallelUnits} independent pieces:
   * Amdahl's law with the operation's fitted serial fraction on {@link #usableCores} cores,
   * divided by the speed ratio: cpu * (f + (1 - f) / p) / speed.
   */
  public long wallNanos(long cpuNanos, int parallelUnits, Scaling scaling) {
    return scaling.wallNanos(cpuNanos, usableCores(parallelUnits), speed);
  }

  /** Which part of {@link #wallNanos} rests on measurement and which is extrapolated. */
  public Scaling.Split split(long cpuNanos, int parallelUnits, Scaling scaling) {
    return scaling.split(cpuNanos, usableCores(parallelUnits), speed);
  }
}
