package dev.tdsim.cli;

import dev.tdsim.calibration.MachineFingerprint;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioException;
import dev.tdsim.scenario.ScenarioLoader;
import dev.tdsim.sweep.SweepException;
import dev.tdsim.sweep.SweepPlan;
import dev.tdsim.sweep.SweepSpec;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.TimingModels;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tdsim validate FILE}: exit 0 when the scenario is valid, else 2 with every error on
 * stderr, one a line in file order, each {@code FILE:LINE: FIELD: problem} (no command prefix:
 * editors and grep read the lines as they are). Checks everything a run or sweep checks before
 * it starts: the scenario, the calibration file it names (warnings about it on stderr) and its
 * {@code sweep:} section with every point (checked once the rest is valid: its points are
 * scenarios).
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
    footerHeading = HelpLayout.EXAMPLES,
    footer = {
        "  tdsim validate scenarios/default.yaml",
        "  tdsim validate scenarios/mempool.yaml --set 'workload.rate=2000 tx/s'",
        "  tdsim validate scenarios/sweep-msgs.yaml --set heights=5"},
    description = "Check a scenario file (and --set overrides) without running it: the"
        + " scenario, the calibration file it names and its sweep: section (every point). Exit 0"
        + " if valid, else exit 2 with every error, one a line in file order:"
        + " FILE:LINE: FIELD: problem.")
final class ValidateCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The scenario YAML file.")
  Path file;

  @Option(names = "--set", paramLabel = "PATH=VALUE",
      description = "Override a field, e.g. --set workload.msgs_per_block=200 (repeatable).")
  List<String> overrides = new ArrayList<>();

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    Scenario s;
    try {
      s = ScenarioLoader.load(file, overrides);
    } catch (ScenarioException e) {
      for (ScenarioException each : e.getErrors()) {
        err.println(Main.oneLine(each.getMessage()));
      }
      err.flush();
      return Main.EXIT_USAGE;
    }
    List<String> sweepErrors = checkSweep(s);
    if (!sweepErrors.isEmpty()) {
      for (String line : sweepErrors) {
        err.println(Main.oneLine(line));
      }
      err.flush();
      return Main.EXIT_USAGE;
    }
    for (String warning : calibrationWarnings(s)) {
      err.println("tdsim validate: warning: " + warning);
    }
    err.flush();
    spec.commandLine().getOut().println(file + ": valid");
    return Main.EXIT_OK;
  }

  /**
   * The errors of the sweep section, read by the sweep's own parser, and of every point it makes
   * (one line per distinct problem, located); none when it is valid or absent.
   */
  private List<String> checkSweep(Scenario s) {
    if (s.sweep().isEmpty()) {
      return List.of();
    }
    try {
      SweepSpec sweep = SweepSpec.fromSection(s.sweep(), file.toString());
      if (!sweep.axes().isEmpty() || sweep.maxMsgsSearch()) {
        SweepPlan.build(ov -> ScenarioLoader.load(file, ov), overrides, s, sweep);
      }
      return List.of();
    } catch (SweepException e) {
      return inFileOrder(file, e.errors().stream().map(m -> locateSweepError(file, m)).toList());
    } catch (ScenarioException e) {
      return List.of(locateSweepError(file, e.getMessage()));
    }
  }

  /**
   * FILE:LINE: FIELD: problem for a sweep error: the sweep parser says {@code FILE: sweep.KEY:
   * problem}, the plan {@code --vary PATH: problem}; both get the line of the key in the file.
   */
  static String locateSweepError(Path file, String message) {
    String prefix = file + ": ";
    String field = "sweep";
    String problem = message;
    if (message.startsWith(prefix + "sweep")) {
      String rest = message.substring(prefix.length());
      int colon = rest.indexOf(": ");
      if (colon > 0) {
        field = rest.substring(0, colon);
        problem = rest.substring(colon + 2);
      }
    } else if (message.startsWith("--vary ")) {
      String rest = message.substring("--vary ".length());
      int colon = rest.indexOf(": ");
      if (colon > 0 && ScenarioLoader.lineOf(file, "sweep.vary." + rest.substring(0, colon)) > 0) {
        field = "sweep.vary." + rest.substring(0, colon);
        problem = rest.substring(colon + 2);
      } else if (colon > 0
          && ScenarioLoader.lineOf(file, "sweep." + rest.substring(0, colon)) > 0) {
        field = "sweep." + rest.substring(0, colon);
        problem = rest.substring(colon + 2);
      }
    }
    // A bad point, "point (A=1, B=x): B: problem": at the varied path the problem names, else
    // at the point's first path.
    java.util.regex.Matcher point = java.util.regex.Pattern.compile(
        "point \\(([^=]+)=.*?\\): ([^\\s:]+): ").matcher(problem);
    if (field.equals("sweep") && point.lookingAt()) {
      for (String path : new String[] {point.group(2), point.group(1)}) {
        if (ScenarioLoader.lineOf(file, "sweep.vary." + path) > 0) {
          field = "sweep.vary." + path;
          break;
        }
      }
    }
    int line = ScenarioLoader.lineOf(file, field);
    return file + (line > 0 ? ":" + line : "") + ": " + field + ": " + problem;
  }

  /**
   * Error lines sorted by their line in {@code file} ({@code FILE:LINE: ...}), keeping the order
   * of lines on the same line; lines without a line number of the file come last, in order.
   */
  static List<String> inFileOrder(Path file, List<String> lines) {
    java.util.regex.Pattern at = java.util.regex.Pattern.compile(
        java.util.regex.Pattern.quote(file.toString()) + ":(\\d+): .*",
        java.util.regex.Pattern.DOTALL);
    return lines.stream().sorted(java.util.Comparator.comparingLong(l -> {
      java.util.regex.Matcher m = at.matcher(l);
      return m.matches() ? Long.parseLong(m.group(1)) : Long.MAX_VALUE;
    })).toList();
  }

  /** What a run would warn about the calibration file (foreign, stale, dated in the future). */
  private static List<String> calibrationWarnings(Scenario s) {
    boolean reads = TimingModels.fromCostModel(s.crypto().timing())
        || s.crypto().sampleHeights() > 0;
    if (!reads || s.calibrationFile().isEmpty()) {
      return List.of();
    }
    Path cal = s.calibrationFile().get();
    try {
      CostModel model = CostModel.read(cal);
      return MachineFingerprint.warnings(cal.toString(), model.machine(),
          MachineFingerprint.current(), Instant.now());
    } catch (IOException | IllegalArgumentException e) {
      return List.of(); // the load above has read it already; cannot happen but for a race
    }
  }
}
