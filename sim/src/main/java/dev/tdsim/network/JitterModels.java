package dev.tdsim.network;

import dev.tdsim.registry.Registry;
import java.util.List;
import java.util.function.Function;

/** The explicit registry of jitter models by lower-case name (see {@link LatencyModels}). */
public final class JitterModels {

  private static final Registry<Function<NetworkConfig, JitterModel>> FACTORIES =
      Registry.<Function<NetworkConfig, JitterModel>>builder("jitter model").matchingAnyCase()
          .add(NoJitter.NAME, c -> new NoJitter())
          .add(LognormalJitter.NAME, c -> new LognormalJitter(c.lognormalSigma()))
          .add(ParetoJitter.NAME, c -> new ParetoJitter(c.paretoShape()))
          .build();

  private JitterModels() {}

  /** Known names, in registry order. */
  public static List<String> names() {
    return FACTORIES.names();
  }

  /** The registered name that {@code name} stands for (any case, blanks ignored). */
  static String canonicalName(String name) {
    return FACTORIES.canonicalName(name);
  }

  /** The model named {@code config.jitterModel()}, parametrised by {@code config}. */
  public static JitterModel create(NetworkConfig config) {
    return FACTORIES.get(config.jitterModel()).apply(config);
  }
}
