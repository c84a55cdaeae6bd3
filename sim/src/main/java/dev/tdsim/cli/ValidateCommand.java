package dev.tdsim.cli;

import dev.tdsim.scenario.InputException;
import dev.tdsim.scenario.ScenarioException;
import dev.tdsim.scenario.ScenarioLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tdsim validate FILE}: exit 0 when the scenario is valid, else 2 with file:line: field. */
@Command(name = "validate", mixinStandardHelpOptions = true,
    description = "Check a scenario file (and --set overrides) without running it: exit 0 if"
        + " valid, else exit 2 with FILE:LINE: FIELD: problem.")
final class ValidateCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The scenario YAML file.")
  Path file;

  @Option(names = "--set", paramLabel = "PATH=VALUE",
      description = "Override a field, e.g. --set workload.msgs_per_block=200 (repeatable).")
  List<String> overrides = new ArrayList<>();

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    try {
      ScenarioLoader.load(file, overrides);
    } catch (ScenarioException e) {
      throw new InputException(e.getMessage());
    }
    spec.commandLine().getOut().println(file + ": valid");
    return Main.EXIT_OK;
  }
}
