package dev.tdsim.network;

import com.google.common.collect.ImmutableMap;
import java.util.List;
import java.util.function.Function;

/**
 * The explicit registry of latency models by lower-case name. Explicit (a map written here, not
 * classpath scanning or reflection), so the set of models is visible in one place and an unknown
 * name fails with the list of known ones.
 */
public final class LatencyModels {

  private static final ImmutableMap<String, Function<NetworkConfig, LatencyModel>> FACTORIES =
      ImmutableMap.of(
          UniformLatency.NAME, c -> new UniformLatency(c.uniformOneWayLatencyNanos()),
          RegionLatency.NAME, c -> new RegionLatency());

  private LatencyModels() {}

  /** Known names, in registry order. */
  public static List<String> names() {
    return FACTORIES.keySet().asList();
  }

  /** The model named {@code config.latencyModel()}, parametrised by {@code config}. */
  public static LatencyModel create(NetworkConfig config) {
    return FACTORIES.get(NetworkConfig.known("latency model", config.latencyModel(), names()))
        .apply(config);
  }
}
