package dev.tdsim.cli;

import dev.tdsim.format.Durations;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.ScenarioException;
import dev.tdsim.scenario.ScenarioLoader;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.sweep.Sensitivity;
import dev.tdsim.sweep.SensitivityReport;
import dev.tdsim.sweep.Sweep;
import dev.tdsim.sweep.SweepCsv;
import dev.tdsim.sweep.SweepException;
import dev.tdsim.sweep.SweepPlan;
import dev.tdsim.sweep.SweepSpec;
import dev.tdsim.sweep.engine.EngineException;
import dev.tdsim.sweep.engine.EngineOptions;
import dev.tdsim.sweep.engine.LocalEngine;
import dev.tdsim.sweep.engine.PointExecutor;
import dev.tdsim.sweep.engine.PointRunner;
import dev.tdsim.sweep.engine.SweepEngine;
import dev.tdsim.sweep.engine.SweepEngines;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tdsim sweep FILE}: options only; the work is {@link Sweep} and {@link Sensitivity}. */
@Command(name = "sweep", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
    footerHeading = HelpLayout.EXAMPLES,
    footer = {
        "  tdsim sweep scenarios/sweep-msgs.yaml",
        "  tdsim sweep scenarios/small-committee.yaml --vary crypto.design=fast,folded",
        "  tdsim sweep scenarios/faults/sweep-crashed-stake.yaml --parallel 2"},
    description = {
      "Runs a scenario over a grid of values (cartesian product, or --zip), each point with the"
          + " real crypto, and searches the largest messages per block (and value of every other"
          + " numeric parameter) that fits each block-time budget; with a mempool, the largest"
          + " workload.rate the chain sustains within each budget (its throughput ceiling).",
      "Before it starts it prints the grid points, the most probe runs the search may make and"
          + " the cost model's estimate of the time. Writes OUT/points/<point>/ (summary.json,"
          + " heights.csv, scenario.yaml) as each point finishes, OUT/probes/<probe>/ for the"
          + " search, and sweep.csv, sensitivity.json and report.html, all three rewritten after"
          + " every point and probe. Rerun with the same --out to continue a stopped sweep:"
          + " finished points and probes are reused (also with --no-search).",
      "Points run in parallel: by default one at a time when any point uses crypto.timing:"
          + " measured (concurrent points would distort each other's measured CPU times), on"
          + " every core with timing: model. The search runs --search-width probes at once"
          + " (the same answer as one at a time) and, with timing: model, runs each probe's"
          + " real crypto at one sampled height. See docs/SWEEPS.md.",
      "With --engine spark (the sweep-spark module: ./tdsim-spark, or spark-submit) each point"
          + " is a Spark job, in this JVM (local[N]) or on a cluster (--master); the files"
          + " written are the same. A point that fails is listed with its error in sweep.csv"
          + " and report.html, the sweep goes on, and it exits with 1."
    })
final class SweepCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The scenario YAML file.")
  Path file;

  @Option(names = "--vary", paramLabel = "PATH=V1,V2,...",
      description = "Vary a scenario path over values, e.g. --vary workload.msgs_per_block="
          + "10,100,1000 (repeatable; adds to or replaces the file's sweep: vary:).")
  List<String> vary = new ArrayList<>();

  @Option(names = "--zip",
      description = "Pair the i-th values of every varied path instead of the cartesian product"
          + " (every path needs the same number of values).")
  boolean zip;

  @Option(names = "--replicates", paramLabel = "N",
      description = "Runs per point with distinct derived seeds (default: the file's"
          + " sweep: replicates, else 1).")
  Integer replicates;

  @Option(names = "--parallel", paramLabel = "N",
      description = "Points run at the same time (default: 1 with crypto.timing: measured,"
          + " all cores with model); with --engine spark the N of the embedded local[N]"
          + " (a cluster's executors set their own).")
  Integer parallel;

  @Option(names = "--engine", paramLabel = "NAME",
      description = "Where the points run: local (threads in this JVM, the default) or a"
          + " plug-in on the class path: spark (./tdsim-spark; README 'Sweeps on a cluster').")
  String engine = LocalEngine.NAME;

  @Option(names = "--master", paramLabel = "URL",
      description = "A cluster engine's master, e.g. spark://host:7077 (default for spark:"
          + " spark-submit's master, else embedded local[N] with N = --parallel).")
  String master;

  @Option(names = "--conf", paramLabel = "KEY=VALUE",
      description = "A cluster engine's setting, e.g. --conf spark.executor.memory=4g"
          + " (repeatable).")
  List<String> conf = new ArrayList<>();

  @Option(names = "--set", paramLabel = "PATH=VALUE",
      description = "Override a field of every point, e.g. --set heights=5 (repeatable).")
  List<String> overrides = new ArrayList<>();

  @Option(names = "--out", paramLabel = "DIR",
      description = "Output folder (default: reports/<scenario name>-sweep/).")
  Path out;

  @Option(names = "--max-msgs-search",
      description = "Search the largest fitting workload.msgs_per_block even when it is not"
          + " varied (from the scenario's value).")
  boolean maxMsgsSearch;

  @Option(names = "--max-probes", paramLabel = "N",
      description = "Search rounds (of --search-width probes; bisection steps when it is 1) per"
          + " parameter, group and budget (default: the file's sweep: max_probes, else "
          + SweepSpec.DEFAULT_MAX_PROBES + ").")
  Integer maxProbes;

  @Option(names = "--search-width", paramLabel = "K",
      description = "Probes the search runs at once: each round places up to K probes in the"
          + " open brackets (one bracket with K probes is cut into K + 1 parts; K = 1:"
          + " bisection, one probe at a time). Default: the engine's"
          + " parallelism (--parallel; spark: its default parallelism, the executors' cores)."
          + " The values fitting are the same for every K; max-probes counts rounds.")
  Integer searchWidth;

  @Option(names = "--no-search",
      description = "Do not run probes: the values fitting come from the grid and the probes"
          + " an earlier sweep into --out stored.")
  boolean noSearch;

  @Option(names = "--tolerance", paramLabel = "PCT",
      description = "Close each budget's search in a bin of a fixed grid PCT wide (bins"
          + " (1+PCT)^k), answering the bin's smallest value: the same answer whatever the"
          + " probes (sweep.tolerance; default 5%%; 0: exact, whole numbers to one apart, other"
          + " values to 1%%). Such answers say within_tolerance.")
  String tolerance;

  @Option(names = "--plan", description = "Print the grid points, the search's bound and the"
      + " time estimate, and exit without running or writing anything (points stored in --out"
      + " by an earlier sweep are shown as reused).")
  boolean planOnly;

  @Option(names = "--quiet", description = "No progress on stderr.")
  boolean quiet;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    SweepPlan.Source source = ov -> ScenarioLoader.load(file, ov);
    SweepPlan plan;
    int threads;
    SweepEngine chosen;
    Map<String, String> engineConf = new LinkedHashMap<>();
    try {
      chosen = SweepEngines.byName(engine);
      for (String c : conf) {
        int eq = c.indexOf('=');
        if (eq <= 0) {
          throw new EngineException("--conf " + c + ": expected KEY=VALUE");
        }
        engineConf.put(c.substring(0, eq).strip(), c.substring(eq + 1).strip());
      }
      Scenario base = SweepPlan.loadBase(source, overrides);
      SweepSpec s = SweepSpec.fromSection(base.sweep(), file.toString());
      for (String v : vary) {
        s = s.withVary(SweepSpec.parseVary(v));
      }
      if (zip) {
        s = s.withZip(true);
      }
      if (replicates != null) {
        s = s.withReplicates(replicates);
      }
      if (maxProbes != null) {
        s = s.withMaxProbes(maxProbes);
      }
      if (maxMsgsSearch) {
        s = s.withMaxMsgsSearch(true);
      }
      if (noSearch) {
        s = s.withSearch(false);
      }
      if (tolerance != null) {
        s = s.withTolerance(SweepSpec.tolerance("--tolerance", tolerance));
      }
      plan = SweepPlan.build(source, overrides, base, s);
      if (parallel != null && parallel < 1) {
        throw new SweepException("--parallel: must be at least 1, got " + parallel);
      }
      if (searchWidth != null && searchWidth < 1) {
        throw new SweepException("--search-width: must be at least 1, got " + searchWidth);
      }
      threads = parallel != null ? parallel : Sweep.defaultParallel(plan);
    } catch (EngineException e) {
      err.println(spec.qualifiedName() + ": " + Main.oneLine(e.getMessage()));
      err.flush();
      return Main.EXIT_USAGE;
    } catch (SweepException | ScenarioException e) {
      // Errors in the file read FILE:LINE: FIELD: problem, as validate prints them; the others
      // (command-line options, --vary values) are named by the command, as its other errors.
      for (String line : errorLines(e)) {
        err.println((located(line) ? "" : spec.qualifiedName() + ": ") + Main.oneLine(line));
      }
      err.flush();
      return Main.EXIT_USAGE;
    }
    if (threads > 1 && plan.anyMeasured() && !quiet) {
      err.println("[sweep] warning: --parallel " + threads + " with crypto.timing: measured:"
          + " concurrent points distort each other's measured CPU times");
    }
    Path dir = out != null ? out : Path.of("reports", plan.base().name() + "-sweep");
    PrintWriter progress = quiet ? new PrintWriter(OutputStream.nullOutputStream()) : err;
    ScenarioRunner runner = new ScenarioRunner(line -> { });
    PointRunner pointRunner = runner::run;
    if (planOnly) {
      // the local engine's pool stands in for any engine: nothing is submitted to it
      for (String line : new Sweep(plan, dir, new Sweep.Settings(threads, RunCommand.version(),
          searchWidth == null ? 0 : searchWidth), (Sweep.Runner) runner::run,
          new PrintWriter(OutputStream.nullOutputStream()), quiet ? l -> { } : l -> {
            err.println("[sweep] " + l);
            err.flush();
          }).planOnly()) {
        stdout.println(line);
      }
      stdout.flush();
      return Main.EXIT_OK;
    }
    Sweep.Outcome o;
    // Checked and locked before any point runs: two sweeps into one folder would mix points.
    try (OutputFolder folder = OutputFolder.claim(dir, "sweep", OutputFolder.SWEEP_FILES)) {
      PointExecutor executor;
      try {
        executor = chosen.open(new EngineOptions(threads, parallel != null, master, engineConf,
            pointRunner));
      } catch (EngineException e) {
        err.println(spec.qualifiedName() + ": " + Main.oneLine(e.getMessage()));
        err.flush();
        return Main.EXIT_USAGE;
      }
      try (executor) {
        Sweep sweep = new Sweep(plan, folder.dir(), new Sweep.Settings(threads,
            RunCommand.version(), searchWidth == null ? 0 : searchWidth),
            executor, progress, line -> {
              if (!quiet) {
                err.println("[sweep] " + line);
                err.flush();
              }
            });
        // Ctrl-C ends the JVM without unwinding this call: a shutdown hook is the one place left
        // to tell the user that the finished runs are safe and how to pick them up again.
        Thread onInterrupt = new Thread(() -> {
          sweep.writePending();
          err.println(interruptedMessage(sweep.kept(), dir));
          err.flush();
        }, "tdsim-sweep-interrupted");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        try {
          o = sweep.run();
        } finally {
          removeHook(onInterrupt);
        }
      }
    }
    stdout.print(headline(o.sensitivity()));
    for (String note : o.sensitivity().notes()) {
      if (note.startsWith(SensitivityReport.CONSENSUS_TROUBLE)) {
        stdout.println("warning: " + note);
      }
    }
    stdout.print(table(o.sensitivity()));
    stdout.printf(Locale.ROOT, "%d runs now, %d reused%s; %s, %s, %s in %s%n", o.executed(),
        o.reused(), o.failures().isEmpty() ? "" : ", " + o.failures().size() + " failed",
        SweepCsv.FILE, Sensitivity.FILE, Sweep.REPORT, dir);
    stdout.flush();
    if (!o.failures().isEmpty()) {
      Sweep.Failure first = o.failures().get(0);
      err.println("tdsim sweep: " + o.failures().size() + (o.failures().size() == 1
          ? " run" : " runs") + " failed (listed in " + SweepCsv.FILE + " and " + Sweep.REPORT
          + ", details in each folder's " + Sweep.ERROR + "; a rerun with the same --out runs"
          + " them again), first " + first.kind() + "/" + first.id() + ": "
          + Main.oneLine(first.error()));
      err.flush();
    }
    if (o.mismatches() > 0) {
      // only payloads opened wrong (a refusal is a correct outcome), as tdsim run's exit 3
      err.println("tdsim sweep: " + o.mismatches() + " payloads opened to a plaintext their"
          + " client did not send: this is a bug of tdsim, please report it");
      return dev.tdsim.report.RunSummary.EXIT_OPENED_WRONG;
    }
    return o.failures().isEmpty() ? Main.EXIT_OK : Main.EXIT_FAILURE;
  }

  /**
   * The line printed when a sweep is stopped (Ctrl-C): what a rerun with the same {@code --out}
   * reuses, e.g. {@code tdsim sweep: interrupted; 3 of 12 grid points and 5 probe runs kept in
   * reports/x-sweep; rerun with the same --out to continue}.
   */
  static String interruptedMessage(Sweep.Kept kept, Path dir) {
    return String.format(Locale.ROOT, "tdsim sweep: interrupted; %d of %d grid point%s%s kept in"
        + " %s; rerun with the same --out to continue", kept.points(), kept.pointsTotal(),
        kept.pointsTotal() == 1 ? "" : "s", kept.probes() == 0 ? ""
            : " and " + kept.probes() + " probe run" + (kept.probes() == 1 ? "" : "s"), dir);
  }

  /** Removes a shutdown hook unless the JVM is already shutting down (then it runs anyway). */
  static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or has run: its message is the right one
    }
  }

  /**
   * Every error of a bad sweep, as {@code tdsim validate} prints them: the scenario's own errors
   * (the file and {@code --set}) each {@code FILE:LINE: FIELD: problem} in file order, or every
   * bad point (one line per distinct problem, in grid order) located at its key in the file's
   * {@code sweep:} section when it is there (else as the sweep names it, e.g. {@code point
   * (workload.msgs_per_block=x): ...} for a {@code --vary} value).
   */
  List<String> errorLines(RuntimeException e) {
    ScenarioException scenario = e instanceof ScenarioException se ? se
        : e.getCause() instanceof ScenarioException se && e.getMessage().equals(se.getMessage())
            ? se : null;
    if (scenario != null) {
      return scenario.getErrors().stream().map(ScenarioException::getMessage).toList();
    }
    List<String> out = new ArrayList<>();
    for (String m : ((SweepException) e).errors()) {
      String located = ValidateCommand.locateSweepError(file, m);
      out.add(located(located) && !aboutVaryOption(m) && !m.startsWith("--") ? located : m);
    }
    return ValidateCommand.inFileOrder(file, out);
  }

  /** Whether an error names a path given with {@code --vary} (then it is not in the file). */
  private boolean aboutVaryOption(String message) {
    for (String v : vary) {
      int eq = v.indexOf('=');
      String path = (eq < 0 ? v : v.substring(0, eq)).strip();
      if (!path.isEmpty() && (message.contains("--vary " + path + ":")
          || message.contains(path + "="))) {
        return true;
      }
    }
    return false;
  }

  /** Whether an error line starts with {@code FILE:LINE:} of the scenario file. */
  private boolean located(String line) {
    return line.matches(java.util.regex.Pattern.quote(file.toString()) + ":\\d+: .*");
  }

  /**
   * The answer at a glance, printed first: per design (the other varied values) and budget the
   * largest block that fits (or the value of the searched parameter) and the bottleneck phase,
   * e.g. {@code   crypto.variant=folded   500 ms: 137 msgs, bottleneck combine 77% (at 137)}.
   */
  static String headline(SensitivityReport r) {
    SensitivityReport.NumericParam p = r.headlineParam();
    List<SensitivityReport.HeadlineRow> rows = r.headline();
    if (p == null) {
      return pointsHeadline(r);
    }
    if (rows.isEmpty()) {
      return "";
    }
    boolean msgs = p.path().equals(SweepPlan.MSGS);
    StringBuilder b = new StringBuilder(msgs
        ? "answer: the largest block (messages per block) fitting each budget, per design:\n"
        : p.throughput() ? "answer: the throughput ceiling, the largest " + p.path()
            + " sustained within each budget, per design:\n"
        : "answer: the value of " + p.path() + " fitting each budget, per design:\n");
    java.util.Map<String, String> last = null;
    for (SensitivityReport.HeadlineRow row : rows) {
      if (!row.design().equals(last)) {
        b.append("  ").append(row.design().isEmpty() ? "the scenario" : designText(row.design()))
            .append('\n');
        last = row.design();
      }
      b.append(String.format(Locale.ROOT, "    %8s: %s%s", Durations.budget(row.blockTimeMs()),
          row.valueText(msgs), row.addedText()));
      if (row.bottleneck() != null) {
        b.append(String.format(Locale.ROOT, ", bottleneck %s %.0f%% (at %s)",
            row.bottleneck().phase(), 100 * row.bottleneck().share(), row.bottleneck().at()));
        if (row.bottleneck().shareBytes() != null) {
          b.append(String.format(Locale.ROOT, ", shares %s/validator/block",
              dev.tdsim.scenario.Units.formatSize(Math.round(row.bottleneck().shareBytes()))));
        }
      }
      b.append('\n');
    }
    return b.toString();
  }

  /** Nothing numeric varied: per point the budgets it fits and its bottleneck. */
  private static String pointsHeadline(SensitivityReport r) {
    if (r.points().isEmpty()) {
      return "";
    }
    StringBuilder b = new StringBuilder("answer: the budgets each point fits:\n");
    for (SensitivityReport.PointFit f : r.points()) {
      List<String> yes = new ArrayList<>();
      for (int i = 0; i < f.fits().size(); i++) {
        if (f.fits().get(i)) {
          yes.add(Durations.budget(r.budgetsMs().get(i)));
        }
      }
      b.append("  ").append(designText(f.labels())).append(": ")
          .append(yes.isEmpty() ? "fits none" : "fits " + String.join(", ", yes));
      if (f.bottleneck() != null) {
        b.append(String.format(Locale.ROOT, "; bottleneck %s %.0f%%", f.bottleneck().phase(),
            100 * f.bottleneck().share()));
      }
      b.append('\n');
    }
    return b.toString();
  }

  private static String designText(java.util.Map<String, String> design) {
    List<String> parts = new ArrayList<>();
    design.forEach((k, v) -> parts.add(k + "=" + v));
    return String.join(", ", parts);
  }

  /** The console answer: the largest fitting message count per group and budget. */
  static String table(SensitivityReport r) {
    StringBuilder b = new StringBuilder();
    // zipped with other paths, the message count's grid values are points of the zip, not the
    // largest block fitting: the headline lists the points and the range line below remains
    if (r.msgs() != null && r.msgs() == r.headlineParam()) {
      b.append("largest workload.msgs_per_block fitting each budget:\n");
      for (SensitivityReport.NumericGroup g : r.msgs().groups()) {
        String where = g.fixed().isEmpty() ? "" : "  " + g.fixed() + "\n";
        b.append(where);
        for (SensitivityReport.BudgetFit f : g.budgets()) {
          b.append(String.format(Locale.ROOT, "  %8.0f ms: %-8s (%s%s)%n", f.blockTimeMs(),
              f.value() == null ? "-" : Long.toString(Math.round(f.value())), f.bound().label(),
              f.probes() > 0 ? ", probes: " + f.probes() : ""));
        }
        if (g.slopeMsPerUnit() != null) {
          b.append(String.format(Locale.ROOT, "  cost per extra message %.4f ms (p95), elasticity"
              + " %s%n", g.slopeMsPerUnit(), g.elasticity() == null ? "-"
              : String.format(Locale.ROOT, "%.3f", g.elasticity())));
        }
      }
    }
    for (SensitivityReport.TornadoBar t : r.tornado()) {
      b.append(String.format(Locale.ROOT, "%s: %s at %s .. %s at %s%n", t.path(),
          Sweep.p95Text(t.lowP95Ms()), t.lowLabel(), Sweep.p95Text(t.highP95Ms()),
          t.highLabel()));
    }
    return b.toString();
  }
}
