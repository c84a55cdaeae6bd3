package dev.tdsim.sweep.engine;

import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
import java.io.IOException;

/** Runs one scenario (the real {@link ScenarioRunner} in the CLI; a counting one in tests). */
@FunctionalInterface
public interface PointRunner {
  ScenarioRunner.Result run(Scenario s) throws IOException;

  /** The real runner, quiet (a sweep's points report through the sweep's progress bar). */
  static PointRunner real() {
    ScenarioRunner r = new ScenarioRunner(line -> { });
    return r::run;
  }
}
