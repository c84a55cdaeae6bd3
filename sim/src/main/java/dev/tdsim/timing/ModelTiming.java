package dev.tdsim.timing;

/**
 * {@code model}: the duration comes from a cost model fitted to measurements of the real code on
 * this machine kind (single-core CPU nanoseconds as a linear function of the call's size),
 * scaled to the validator's hardware by the operation's fitted parallel efficiency (Amdahl,
 * {@link Scaling}) and speed. The real call still runs and its results are used; its duration
 * is ignored, so a scenario and seed always give the same simulated times.
 */
public final class ModelTiming extends ScaledTiming {
  public static final String NAME = "model";

  /**
   * @param costs the cost model
   * @param design the run's design (a Ferveo variant or a one-share-per-block design)
   */
  public ModelTiming(CostModel costs, String design) {
    super(costs, design);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  long singleCoreNanos(CryptoOp op, OpSize size, long measuredCpuNanos, int parallelUnits,
      Scaling scaling) {
    return costs.cpuNanos(design, op, size);
  }

  @Override
  public boolean reproducible() {
    return true;
  }

  public CostModel costs() {
    return costs;
  }
}
