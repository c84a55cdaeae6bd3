package dev.tdsim.network;

import dev.tdsim.registry.Registry;
import java.util.List;
import java.util.function.Function;

/**
 * The explicit registry of latency models by lower-case name. Explicit (entries written here, not
 * classpath scanning or reflection), so the set of models is visible in one place and an unknown
 * name fails with the list of known ones.
 */
public final class LatencyModels {

  private static final Registry<Function<NetworkConfig, LatencyModel>> FACTORIES =
      Registry.<Function<NetworkConfig, LatencyModel>>builder("latency model").matchingAnyCase()
          .add(UniformLatency.NAME, c -> new UniformLatency(c.uniformOneWayLatencyNanos()))
          .add(RegionLatency.NAME, c -> new RegionLatency())
          .build();

  private LatencyModels() {}

  /** Known names, in registry order. */
  public static List<String> names() {
    return FACTORIES.names();
  }

  /** The registered name that {@code name} stands for (any case, blanks ignored). */
  static String canonicalName(String name) {
    return FACTORIES.canonicalName(name);
  }

  /** The model named {@code config.latencyModel()}, parametrised by {@code config}. */
  public static LatencyModel create(NetworkConfig config) {
    return FACTORIES.get(config.latencyModel()).apply(config);
  }
}
