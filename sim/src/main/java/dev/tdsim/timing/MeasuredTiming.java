package dev.tdsim.timing;

/**
 * {@code measured}: the real call's CPU time on this machine, scaled to the validator's hardware
 * through the operation's parallel efficiency fitted by {@code tdsim calibrate} (the same
 * {@link Scaling} {@code timing: model} uses): the CPU time measured on min({@code threadsHere},
 * the call's parallel units) threads is first turned into single-core time (divided by the
 * scaling's CPU ratio at that thread count: busy sibling threads make each other slower), then
 * charged as cpu1 * (f + (1 - f) / p) / speed. Results follow this machine's speed and load, so
 * two runs differ slightly in time while agreeing in content.
 */
public final class MeasuredTiming extends ScaledTiming {
  public static final String NAME = "measured";
  private final int threadsHere;

  /**
   * @param costs the cost model whose scaling is used (the scenario's calibration, or builtin)
   * @param design the run's design (a Ferveo variant or a one-share-per-block design)
   * @param threadsHere threads the real calls run on in this process (the run's crypto workers)
   */
  public MeasuredTiming(CostModel costs, String design, int threadsHere) {
    super(costs, design);
    if (threadsHere < 1) {
      throw new IllegalArgumentException("threadsHere must be >= 1, got " + threadsHere);
    }
    this.threadsHere = threadsHere;
  }

  @Override
  public String name() {
    return NAME;
  }

  /** The call ran here on min(threads here, its pieces) threads. */
  @Override
  long singleCoreNanos(CryptoOp op, OpSize size, long measuredCpuNanos, int parallelUnits,
      Scaling scaling) {
    return scaling.singleCoreNanos(measuredCpuNanos,
        Math.max(1, Math.min(threadsHere, parallelUnits)));
  }

  @Override
  public boolean reproducible() {
    return false;
  }
}
