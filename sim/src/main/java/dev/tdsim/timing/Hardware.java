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
   * Simulated wall time on this hardware of work that took {@code cpuNanos} of single-core CPU
   * time on the machine running tdsim and splits into {@code parallelUnits} independent pieces:
   * linear in cores up to the core count (or the number of pieces), divided by the speed ratio.
   */
  public long wallNanos(long cpuNanos, int parallelUnits) {
    int usable = Math.max(1, Math.min(cores, parallelUnits));
    return Math.round(cpuNanos / (usable * speed));
  }
}
