package dev.tdsim.network;

import java.util.List;

/**
 * Every link has the same one-way latency, whatever the regions: the baseline against which the
 * geographic model is read, and the model that makes hand calculations in tests exact. Region
 * names are accepted and ignored (all map to index 0), so a scenario can switch models without
 * editing its placement.
 *
 * @param oneWayLatencyNanos the latency of every link, >= 0
 */
public record UniformLatency(long oneWayLatencyNanos) implements LatencyModel {

  public static final String NAME = "uniform";

  public UniformLatency {
    if (oneWayLatencyNanos < 0) {
      throw new IllegalArgumentException(
          "uniform oneWayLatencyNanos must be >= 0, got " + oneWayLatencyNanos);
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public int regionIndex(String region) {
    return 0;
  }

  @Override
  public List<String> regionNames() {
    return List.of("any");
  }

  @Override
  public long oneWayLatencyNanos(int fromRegion, int toRegion) {
    return oneWayLatencyNanos;
  }
}
