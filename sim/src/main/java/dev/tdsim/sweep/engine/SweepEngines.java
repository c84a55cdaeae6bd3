package dev.tdsim.sweep.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
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

  /** Every engine on the class path, {@code local} first, then plug-ins by name. */
  public static Map<String, SweepEngine> all() {
    Map<String, SweepEngine> out = new LinkedHashMap<>();
    out.put(LocalEngine.NAME, new LocalEngine());
    List<SweepEngine> found = new ArrayList<>();
    for (SweepEngine e : ServiceLoader.load(SweepEngine.class, SweepEngines.class
        .getClassLoader())) {
      found.add(e);
    }
    found.sort((a, b) -> a.name().compareTo(b.name()));
    for (SweepEngine e : found) {
      out.putIfAbsent(e.name(), e);
    }
    return out;
  }

  /** The engine of this name, or an {@link EngineException} naming the known ones. */
  public static SweepEngine byName(String name) {
    Map<String, SweepEngine> all = all();
    SweepEngine e = all.get(name);
    if (e != null) {
      return e;
    }
    String hint = ELSEWHERE.get(name);
    if (hint != null) {
      throw new EngineException("--engine " + name + ": not in this build; " + hint);
    }
    throw new EngineException("--engine " + name + ": unknown engine; known: "
        + String.join(", ", all.keySet()));
  }
}
