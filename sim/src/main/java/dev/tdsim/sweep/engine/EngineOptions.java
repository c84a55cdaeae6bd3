package dev.tdsim.sweep.engine;

import java.util.Map;
import java.util.Objects;

/**
 * What {@code tdsim sweep} tells an engine.
 *
 * @param parallel points run at the same time in this JVM (the local engine's threads; the
 *     embedded Spark engine's {@code local[N]}), at least 1
 * @param parallelGiven whether the user chose {@code parallel} ({@code --parallel}) rather than
 *     the default
 * @param master where a cluster engine submits its jobs ({@code --master}), or null for its
 *     default (the local engine refuses one)
 * @param conf engine settings ({@code --conf KEY=VALUE}, in order; the local engine refuses them)
 * @param runner how an in-process engine runs one point (the real {@link
 *     dev.tdsim.runner.ScenarioRunner} in the CLI, a stand-in in tests); engines that run points
 *     in other JVMs use the real runner there
 */
public record EngineOptions(int parallel, boolean parallelGiven, String master,
    Map<String, String> conf, PointRunner runner) {
  public EngineOptions {
    if (parallel < 1) {
      throw new IllegalArgumentException("parallel must be >= 1, got " + parallel);
    }
    conf = Map.copyOf(conf);
    Objects.requireNonNull(runner, "runner");
  }

  /** The local engine's options: {@code parallel} threads, nothing else. */
  public static EngineOptions local(int parallel, PointRunner runner) {
    return new EngineOptions(parallel, true, null, Map.of(), runner);
  }
}
