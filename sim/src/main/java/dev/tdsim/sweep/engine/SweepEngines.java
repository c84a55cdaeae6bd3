package dev.tdsim.sweep.engine;

import dev.tdsim.registry.Registry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The sweep engines by name: {@code local} built in, others from plug-in jars on the class path
 * ({@link ServiceLoader} of {@link SweepEngine}, e.g. {@code spark} from the {@code sweep-spark}
 * module's jar). Unknown names fail with the known ones.
 */
public final class SweepEngines {
  /** Engines tdsim knows of that are not on the class path, and how to get them. */
  private static final Map<String, String> ELSEWHERE = Map.of("spark", "the spark engine is in"
      + " the sweep-spark module: build it with 'make spark' and run './tdsim-spark sweep ...'"
      + " (or spark-submit sweep-spark/target/tdsim-spark.jar; README 'Sweeps on a cluster')");

  private SweepEngines() {}

  /**
   * Every engine on the class path, {@code local} first, then plug-ins by name; a plug-in never
   * replaces an engine of the same name found before it.
   */
  private static Registry<SweepEngine> registry() {
    Registry.Builder<SweepEngine> engines = Registry.<SweepEngine>builder("engine")
        .add(LocalEngine.NAME, new LocalEngine());
    List<SweepEngine> found = new ArrayList<>();
    ServiceLoader.load(SweepEngine.class, SweepEngines.class.getClassLoader()).forEach(found::add);
    found.sort(Comparator.comparing(SweepEngine::name));
    for (SweepEngine e : found) {
      if (!engines.has(e.name())) {
        engines.add(e.name(), e);
      }
    }
    return engines.build();
  }

  /** Every engine on the class path by name, {@code local} first, then plug-ins by name. */
  public static Map<String, SweepEngine> all() {
    return registry().asMap();
  }

  /** The engine of this name, or an {@link EngineException} naming the known ones. */
  public static SweepEngine byName(String name) {
    Registry<SweepEngine> engines = registry();
    if (engines.contains(name)) {
      return engines.get(name);
    }
    String hint = ELSEWHERE.get(name);
    if (hint != null) {
      throw new EngineException("--engine " + name + ": not in this build; " + hint);
    }
    throw new EngineException("--engine: " + engines.unknown(name));
  }
}
