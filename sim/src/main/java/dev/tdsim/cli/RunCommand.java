package dev.tdsim.cli;

import dev.tdsim.scenario.InputException;
import dev.tdsim.report.HtmlReport;
import dev.tdsim.report.ReportWriter;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Summaries;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioException;
import dev.tdsim.scenario.ScenarioLoader;
import dev.tdsim.scenario.ScenarioWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tdsim run FILE}: simulate a scenario with the real crypto and write its report. */
@Command(name = "run", mixinStandardHelpOptions = true,
    description = "Simulate a scenario (real crypto on every height unless sampled) and write"
        + " summary.json, heights.csv, report.html and the resolved scenario.yaml; prints the"
        + " verdict per block-time budget.")
final class RunCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The scenario YAML file.")
  Path file;

  @Option(names = "--set", paramLabel = "PATH=VALUE",
      description = "Override a field, e.g. --set workload.msgs_per_block=200 (repeatable).")
  List<String> overrides = new ArrayList<>();

  @Option(names = "--out", paramLabel = "DIR",
      description = "Output folder (default: reports/<scenario name>/).")
  Path out;

  @Option(names = "--dump-config",
      description = "Print the fully resolved scenario (every default filled in) and exit.")
  boolean dumpConfig;

  @Option(names = "--quiet", description = "No progress lines on stderr.")
  boolean quiet;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    Scenario s;
    try {
      s = ScenarioLoader.load(file, overrides);
    } catch (ScenarioException e) {
      throw new InputException(e.getMessage());
    }
    PrintWriter stdout = spec.commandLine().getOut();
    if (dumpConfig) {
      stdout.print(ScenarioWriter.dumpConfig(s));
      stdout.flush();
      return Main.EXIT_OK;
    }
    Path dir = out != null ? out : Path.of("reports", s.name());
    PrintWriter err = spec.commandLine().getErr();
    ScenarioRunner runner = new ScenarioRunner(line -> {
      if (!quiet) {
        err.println("[tdsim] " + line);
        err.flush();
      }
    });
    ScenarioRunner.Result result = runner.run(s, partial -> writeHeights(dir, partial));
    RunSummary summary = Summaries.of(result, version());
    ReportWriter.writeHeights(dir, result.heights());
    ReportWriter.writeSummary(dir, summary);
    java.nio.file.Files.writeString(dir.resolve(ReportWriter.SCENARIO), ScenarioWriter.toYaml(s));
    HtmlReport.write(dir, summary, result.heights(), ScenarioWriter.toYaml(s));
    stdout.print(Summaries.table(summary));
    stdout.println("report: " + dir.resolve(ReportWriter.HTML));
    stdout.flush();
    if (result.mismatches() > 0) {
      err.println("tdsim run: " + result.mismatches()
          + " payloads did not decrypt to what was sent: this is a bug, please report it");
      return Main.EXIT_FAILURE;
    }
    return Main.EXIT_OK;
  }

  private static void writeHeights(Path dir, List<dev.tdsim.pipeline.HeightRecord> heights) {
    try {
      ReportWriter.writeHeights(dir, heights);
    } catch (IOException e) {
      // Saving partial results is best effort; the final write reports real I/O problems.
    }
  }

  static String version() {
    String v = Main.class.getPackage().getImplementationVersion();
    return v == null || v.isBlank() ? "dev" : v;
  }
}
