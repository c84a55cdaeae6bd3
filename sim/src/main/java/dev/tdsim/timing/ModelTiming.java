package dev.tdsim.timing;

/**
 * {@code model}: the duration comes from a cost model fitted to measurements of the real code on
 * this machine kind (single-core CPU nanoseconds as a linear function of the call's size),
 * scaled to the validator's hardware by the operation's fitted parallel efficiency (Amdahl,
 * {@link Scaling}) and speed. The real call still runs and its results are used; its duration
 * is ignored, so a scenario and seed always give the same simulated times.
 */
public final class ModelTiming implements TimingModel {
  public static final String NAME = "model";
  private final CostModel costs;
  private final String design;

  public ModelTiming(CostModel costs, String design) {
    this.costs = costs;
    this.design = design;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public long durationNanos(
      CryptoOp op, OpSize size, long measuredCpuNanos, int parallelUnits, Hardware hardware) {
    return hardware.wallNanos(costs.cpuNanos(design, op, size), parallelUnits,
        costs.scaling(design, op));
  }

  @Override
  public Scaling.Split split(
      CryptoOp op, OpSize size, long measuredCpuNanos, int parallelUnits, Hardware hardware) {
    return hardware.split(costs.cpuNanos(design, op, size), parallelUnits,
        costs.scaling(design, op));
  }

  @Override
  public CpuWork work(CryptoOp op, OpSize size, long measuredCpuNanos, int parallelUnits) {
    return new CpuWork(costs.cpuNanos(design, op, size), Math.max(1, parallelUnits),
        costs.scaling(design, op));
  }

  @Override
  public boolean reproducible() {
    return true;
  }

  public CostModel costs() {
    return costs;
  }
}
