package dev.tdsim.cli;

import dev.tdsim.scenario.InputException;
import dev.tdsim.report.HeightsCsv;
import dev.tdsim.report.HtmlReport;
import dev.tdsim.report.KeptHeights;
import dev.tdsim.report.ReportWriter;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Summaries;
import dev.tdsim.runner.Continuation;
import dev.tdsim.runner.ReplicatePlan;
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
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tdsim run FILE}: simulate a scenario with the real crypto and write its report. */
@Command(name = "run", mixinStandardHelpOptions = true,
    footerHeading = HelpLayout.EXAMPLES,
    footer = {
        "  tdsim run scenarios/default.yaml",
        "  tdsim run scenarios/small-committee.yaml --set crypto.design=folded",
        "  tdsim run scenarios/default.yaml --set 'network.latency=80 ms' --resume"},
    description = "Simulate a scenario (real crypto on every height unless sampled) and write"
        + " summary.json, heights.csv, report.html and the resolved scenario.yaml; prints the"
        + " verdict per block-time budget.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:the run finished (refused payloads, a halted chain and heights never decrypted are"
            + " results, reported plainly)",
        "1:an unexpected failure",
        "2:bad usage or a bad scenario (FILE:LINE: field: problem)",
        "3:a payload opened to a plaintext its client did not send (a bug of tdsim; first line"
            + " of the output)",
        "4:consensus forked: two validators committed different blocks at one height (first"
            + " line of the output)"})
final class RunCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The scenario YAML file.")
  Path file;

  @Option(names = "--set", paramLabel = "PATH=VALUE",
      description = "Override a field, e.g. --set workload.msgs_per_block=200 (repeatable).")
  List<String> overrides = new ArrayList<>();

  @Option(names = "--out", paramLabel = "DIR",
      description = "Output folder (default: reports/<scenario name>/, with --set:"
          + " reports/<scenario name>--<the overrides>/).")
  Path out;

  @Option(names = "--dump-config",
      description = "Print the fully resolved scenario (every default filled in) and exit.")
  boolean dumpConfig;

  @Option(names = "--quiet", description = "No progress lines on stderr.")
  boolean quiet;

  @Option(names = "--replicates", paramLabel = "N",
      description = "Run the scenario N times, each with its own seed derived from the"
          + " scenario's (as sweep replicates), and give the judged p95's interval over all their"
          + " heights (as --set replicates=N; default: the scenario's replicates, else"
          + " automatic: 1, and 3 under model timing when the judged p95 is within 10%% of a"
          + " budget).")
  Integer replicates;

  @Option(names = "--resume",
      description = "Continue a stopped run: checks that DIR.partial is of this scenario (same"
          + " seed and hash; another one is refused). With crypto.timing: model it continues"
          + " after the heights DIR.partial holds (replayed without their crypto calls and"
          + " checked against the kept rows); with measured timing, faults or a signing"
          + " committee it runs again from height 1, and says so.")
  boolean resume;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    Scenario s;
    try {
      List<String> all = new ArrayList<>(overrides);
      if (replicates != null && (replicates < 1 || replicates > Scenario.MAX_REPLICATES)) {
        throw new InputException("--replicates: must be in [1, " + Scenario.MAX_REPLICATES
            + "], got " + replicates);
      }
      if (replicates != null) {
        all.add("replicates=" + replicates); // checked and located like any other value
      }
      s = ScenarioLoader.load(file, all);
    } catch (ScenarioException e) {
      throw new InputException(firstError(e, file));
    }
    PrintWriter stdout = spec.commandLine().getOut();
    if (dumpConfig) {
      stdout.print(ScenarioWriter.dumpConfig(s));
      stdout.flush();
      return Main.EXIT_OK;
    }
    Path dir = out != null ? out : defaultOut(s, overrides);
    // Checked and locked before anything runs: a bad --out fails now, not after the simulation,
    // and two runs into one folder cannot mix their files.
    try (OutputFolder folder = OutputFolder.claim(dir, "run", OutputFolder.RUN_FILES)) {
      return runInto(s, dir, folder.dir(), stdout);
    }
  }

  private int runInto(Scenario s, Path dir, Path target, PrintWriter stdout) throws IOException {
    PrintWriter err = spec.commandLine().getErr();
    // Progress lines, and a reminder when a long step (dealing a large committee's keys) has
    // printed nothing for a while.
    try (Heartbeat progress = quiet ? null : Heartbeat.start(err, "[tdsim] ")) {
      return runInto(s, dir, target, stdout, err,
          new ScenarioRunner(quiet ? line -> { } : progress));
    }
  }

  private int runInto(Scenario s, Path dir, Path target, PrintWriter stdout, PrintWriter err,
      ScenarioRunner runner) throws IOException {
    // Results go to DIR.partial first (heights.csv row by row as heights finish) and replace DIR
    // only when complete: DIR is either a whole result or absent, and an interrupted or failed
    // run keeps every finished height in DIR.partial (beside DIR, never inside it: target is
    // normalized, so --out o/. is o).
    Path work = partialOf(target);
    Path shownWork = shown(work);
    Optional<KeptHeights> kept = Optional.empty();
    if (resume) {
      PartialRun.Resume r = PartialRun.resume(work, shownWork, s);
      err.println(r.line());
      err.flush();
      kept = r.kept();
    }
    deleteTree(work);
    // A continued run keeps the stopped run's rows in place and appends after them: a stop
    // while it replays them loses none.
    int keptHeights = kept.map(KeptHeights::count).orElse(0);
    if (kept.isPresent()) {
      kept.get().restore(work);
    }
    Continuation continuation = kept.map(k -> Continuation.after(k.count(), k))
        .orElse(Continuation.NONE);
    ScenarioRunner.Result result;
    try (HeightsCsv heights = kept.isPresent()
        ? HeightsCsv.appendTo(work, s.signing().isPresent())
        : HeightsCsv.create(work, s.signing().isPresent())) {
      // from the start, so that a stopped run's folder says which scenario it is of (--resume)
      java.nio.file.Files.writeString(work.resolve(ReportWriter.SCENARIO),
          ScenarioWriter.toYaml(s));
      int[] finished = {keptHeights};
      Thread onInterrupt = new Thread(() -> err.println("tdsim run: interrupted; the "
          + finished[0] + " heights finished so far are in "
          + shownWork.resolve(ReportWriter.HEIGHTS) + resumeHint()));
      Runtime.getRuntime().addShutdownHook(onInterrupt);
      try {
        result = runner.run(s, h -> {
          if (h.height() > keptHeights) {
            append(heights, h);
            finished[0]++;
          }
        }, continuation);
      } catch (RuntimeException | IOException e) {
        if (finished[0] > 0) {
          err.println("tdsim run: the run failed; the " + finished[0] + " heights finished so far"
              + " are in " + shownWork.resolve(ReportWriter.HEIGHTS));
        } else {
          heights.close();
          deleteTree(work);
        }
        throw e;
      } finally {
        SweepCommand.removeHook(onInterrupt);
      }
    }
    List<ScenarioRunner.Result> results = new ArrayList<>(List.of(result));
    ReplicatePlan plan = ReplicatePlan.after(s,
        Summaries.of(result, version()).judgedTime().p95Ms());
    // A stop from here to the finished folder keeps the run's own heights (every one is in
    // DIR.partial) and says so; the replicates are whole runs of other seeds, not kept.
    int[] replicatesDone = {1};
    int heightCount = result.heights().size();
    Thread onLaterInterrupt = new Thread(() -> err.println("tdsim run: interrupted "
        + (replicatesDone[0] < plan.count() ? "during replicate " + (replicatesDone[0] + 1)
            + " of " + plan.count() : "while writing the reports") + "; the run's "
        + heightCount + " heights are in " + shownWork.resolve(ReportWriter.HEIGHTS)
        + (plan.count() > 1 ? " (the replicates' heights are not kept: each is a whole run of"
            + " its own seed)" : "") + resumeHint()));
    Runtime.getRuntime().addShutdownHook(onLaterInterrupt);
    RunSummary summary;
    try {
      for (int r = 1; r < plan.count(); r++) {
        Scenario replicate = ReplicatePlan.replicate(s, r);
        if (!quiet) {
          err.println("[tdsim] replicate " + (r + 1) + " of " + plan.count() + " (seed "
              + replicate.seed() + "): " + plan.why());
        }
        results.add(runner.run(replicate));
        replicatesDone[0]++;
      }
      summary = Summaries.of(results, version(), plan.why());
      ReportWriter.writeSummary(work, summary);
      java.nio.file.Files.writeString(work.resolve(ReportWriter.SCENARIO),
          ScenarioWriter.toYaml(s));
      HtmlReport.write(work, summary, result.heights(), ScenarioWriter.toYaml(s));
      replace(target, work);
    } finally {
      SweepCommand.removeHook(onLaterInterrupt);
    }
    stdout.print(Summaries.table(summary, result.heights()));
    plan.hint().ifPresent(h -> stdout.println("note: " + h));
    stdout.println("report: " + dir.resolve(ReportWriter.HTML));
    stdout.flush();
    // A wrong plaintext or a fork is the run's first line (stdout, the report) and its status.
    for (String alarm : summary.alarms()) {
      err.println("tdsim run: " + alarm);
    }
    return summary.exitStatus();
  }

  /**
   * The default output folder: {@code reports/NAME}, and with {@code --set} overrides {@code
   * reports/NAME--SUFFIX} ({@link FolderNames}: {@code default--msgs100--timing-model}), so that
   * a run with overrides never replaces the result of the run without them (or with other
   * overrides). Overrides of {@code name} choose the name itself and are left out.
   */
  static Path defaultOut(Scenario s, List<String> overrides) {
    List<String> rest = new ArrayList<>();
    for (String o : overrides) {
      if (!o.strip().startsWith("name=") && !o.strip().equals("name")) {
        rest.add(o);
      }
    }
    return Path.of("reports", rest.isEmpty() ? s.name()
        : s.name() + "--" + FolderNames.suffix(rest));
  }

  /**
   * A run stops at a bad scenario with one line: its first error in file order, and how many
   * more there are ({@code tdsim validate} lists them all).
   */
  static String firstError(ScenarioException e, Path file) {
    int more = e.getErrors().size() - 1;
    return e.getMessage() + (more == 0 ? "" : " (and " + more + " more error"
        + (more == 1 ? "" : "s") + "; 'tdsim validate " + file + "' lists them all)");
  }

  /** The work folder of a run into {@code target} (absolute, normalized): beside it. */
  static Path partialOf(Path target) {
    return target.resolveSibling(target.getFileName() + ".partial");
  }

  /** An absolute path as the user would write it: relative to the working directory if inside. */
  static Path shown(Path absolute) {
    Path cwd = Path.of("").toAbsolutePath();
    return absolute.startsWith(cwd) && !absolute.equals(cwd) ? cwd.relativize(absolute) : absolute;
  }

  private static void append(HeightsCsv heights, dev.tdsim.pipeline.HeightRecord h) {
    try {
      heights.append(h);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** What an interrupted run's line adds: how to pick up what it kept. */
  private static String resumeHint() {
    return "; the same command with --resume picks them up";
  }

  /** Moves the complete {@code work} folder to {@code dir}, replacing an older result. */
  private static void replace(Path dir, Path work) throws IOException {
    Path old = null;
    if (java.nio.file.Files.exists(dir)) {
      old = dir.resolveSibling(dir.getFileName() + ".old");
      deleteTree(old);
      java.nio.file.Files.move(dir, old);
    }
    java.nio.file.Files.move(work, dir, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    deleteTree(old);
  }

  private static void deleteTree(Path p) throws IOException {
    if (p == null || !java.nio.file.Files.exists(p)) {
      return;
    }
    try (var files = java.nio.file.Files.walk(p)) {
      for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        java.nio.file.Files.delete(f);
      }
    }
  }

  static String version() {
    String v = Main.class.getPackage().getImplementationVersion();
    return v == null || v.isBlank() ? "dev" : v;
  }
}
