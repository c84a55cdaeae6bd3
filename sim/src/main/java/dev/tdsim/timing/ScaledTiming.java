package dev.tdsim.timing;

/**
 * A timing model that prices a call as single-core CPU time scaled to the validator's cores by
 * the operation's parallel efficiency in the cost model ({@link Scaling}): the models differ
 * only in where the single-core time comes from ({@link #singleCoreNanos}).
 */
abstract class ScaledTiming implements TimingModel {
  final CostModel costs;
  final String design;

  /**
   * @param costs the cost model whose scaling (and, for some models, coefficients) is used
   * @param design the run's design (a Ferveo variant or a one-share-per-block design)
   */
  ScaledTiming(CostModel costs, String design) {
    this.costs = costs;
    this.design = design;
  }

  /** The call's single-core CPU nanoseconds, by this model's rule. */
  abstract long singleCoreNanos(CryptoOp op, OpSize size, long measuredCpuNanos,
      int parallelUnits, Scaling scaling);

  @Override
  public final long durationNanos(
      CryptoOp op, OpSize size, long measuredCpuNanos, int parallelUnits, Hardware hardware) {
    Scaling scaling = costs.scaling(design, op);
    return hardware.wallNanos(singleCoreNanos(op, size, measuredCpuNanos, parallelUnits, scaling),
        parallelUnits, scaling);
  }

  @Override
  public final Scaling.Split split(
      CryptoOp op, OpSize size, long measuredCpuNanos, int parallelUnits, Hardware hardware) {
    Scaling scaling = costs.scaling(design, op);
    return hardware.split(singleCoreNanos(op, size, measuredCpuNanos, parallelUnits, scaling),
        parallelUnits, scaling);
  }

  @Override
  public final CpuWork work(CryptoOp op, OpSize size, long measuredCpuNanos, int parallelUnits) {
    Scaling scaling = costs.scaling(design, op);
    return new CpuWork(singleCoreNanos(op, size, measuredCpuNanos, parallelUnits, scaling),
        Math.max(1, parallelUnits), scaling);
  }
}
