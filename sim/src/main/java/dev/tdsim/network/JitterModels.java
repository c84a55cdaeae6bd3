package dev.tdsim.network;

import com.google.common.collect.ImmutableMap;
import java.util.List;
import java.util.function.Function;

/** The explicit registry of jitter models by lower-case name (see {@link LatencyModels}). */
public final class JitterModels {

  private static final ImmutableMap<String, Function<NetworkConfig, JitterModel>> FACTORIES =
      ImmutableMap.of(
          NoJitter.NAME, c -> new NoJitter(),
          LognormalJitter.NAME, c -> new LognormalJitter(c.lognormalSigma()),
          ParetoJitter.NAME, c -> new ParetoJitter(c.paretoShape()));

  private JitterModels() {}

  /** Known names, in registry order. */
  public static List<String> names() {
    return FACTORIES.keySet().asList();
  }

  /** The model named {@code config.jitterModel()}, parametrised by {@code config}. */
  public static JitterModel create(NetworkConfig config) {
    return FACTORIES.get(NetworkConfig.known("jitter model", config.jitterModel(), names()))
        .apply(config);
  }
}
