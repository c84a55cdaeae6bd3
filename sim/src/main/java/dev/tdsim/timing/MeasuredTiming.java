package dev.tdsim.timing;

/**
 * {@code measured}: the real call's CPU time on this machine, scaled to the validator's hardware
 * (linear in cores up to the core count, divided by the speed ratio). Results follow this
 * machine's speed and load, so two runs differ slightly in time while agreeing in content.
 */
public final class MeasuredTiming implements TimingModel {
  @Override
  public String name() {
    return "measured";
  }

  @Override
  public long durationNanos(
      CryptoOp op, OpSize size, long measuredCpuNanos, int parallelUnits, Hardware hardware) {
    return hardware.wallNanos(measuredCpuNanos, parallelUnits);
  }

  @Override
  public boolean reproducible() {
    return false;
  }
}
