package dev.tdsim.sweep;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.tdsim.runner.Continuation;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.sweep.engine.EngineOptions;
import dev.tdsim.sweep.engine.LocalEngine;
import dev.tdsim.sweep.engine.PointExecutor;
import dev.tdsim.sweep.engine.PointOutcome;
import dev.tdsim.sweep.engine.PointRunner;
import dev.tdsim.sweep.engine.PointTask;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs a {@link SweepPlan}: first says what will run and how long it should take ({@link
 * SweepEstimate}), then runs the grid points (in parallel), each written to
 * {@code OUT/points/<point-id>/} as soon as it finishes, then the {@link Sensitivity} search (its
 * probes in {@code OUT/probes/<id>/}), with one progress bar over both ({@link SweepProgress}).
 * {@code sweep.csv}, {@code sensitivity.json} and {@code report.html} are rewritten (temporary
 * file, then rename) after every finished point (during the grid no more often than {@link
 * #GRID_WRITE_SPACING} allows) and probe, so a stopped sweep leaves a report of
 * what it finished. Points and probes whose folder already holds a summary of the same scenario
 * hash are read back instead of run, so an interrupted sweep continues where it stopped; with the
 * search off, stored probes are still read.
 *
 * <p>The points run on a {@link PointExecutor} (the engine: the local thread pool by default, or
 * a plug-in such as Spark, {@link dev.tdsim.sweep.engine.SweepEngines}); whichever engine ran a
 * point, this class writes its folder from the bytes the engine returned, so the files are the
 * same. A point that fails (a bad value, out of memory) is recorded with its error ({@code
 * error.txt} in its folder, an {@code error} column in sweep.csv, a list in report.html), left out
 * of the statistics and the search, and run again by the next sweep into the same folder; the
 * sweep goes on. A probe whose every replicate fails stops the search (the report keeps what the
 * probes finished so far support).
 */
public final class Sweep {
  public static final String POINTS = "points";
  public static final String PROBES = "probes";
  public static final String REPORT = "report.html";
  /** In a failed point's folder: its error and stack trace. */
  public static final String ERROR = "error.txt";

  /** Runs one scenario (the real {@link ScenarioRunner} in the CLI; a counting one in tests). */
  @FunctionalInterface
  public interface Runner extends PointRunner {
    @Override
    ScenarioRunner.Result run(Scenario s) throws IOException;
  }

  /**
   * A point or probe that failed.
   *
   * @param kind {@link #POINTS} or {@link #PROBES}
   * @param error one line
   */
  public record Failure(String id, String kind, String error) {}

  /**
   * @param parallel points run at the same time
   * @param version the tdsim version written into each summary.json
   * @param searchWidth probes the search runs at once (a round of its k-ary search); 0: the
   *     engine's parallelism ({@link PointExecutor#parallelism()})
   */
  public record Settings(int parallel, String version, int searchWidth) {
    public Settings {
      if (searchWidth < 0) {
        throw new IllegalArgumentException("searchWidth must be >= 0, got " + searchWidth);
      }
    }

    /** The search as wide as the engine. */
    public Settings(int parallel, String version) {
      this(parallel, version, 0);
    }
  }

  /**
   * What a sweep did.
   *
   * @param points every grid point's result by point id
   * @param executed runs done now (points and probes)
   * @param reused runs read back from an earlier sweep's folders (points and probes)
   */
  public record Outcome(Map<String, PointResult> points, SensitivityReport sensitivity,
      int executed, int reused, long mismatches, List<Failure> failures) {}

  /**
   * What a rerun into the same folder reuses, as of now: grid points and probe runs whose folder
   * holds a finished summary (read back from an earlier sweep or written by this one).
   *
   * @param points finished grid points (of {@code pointsTotal})
   * @param probes finished probe runs
   */
  public record Kept(int points, int pointsTotal, int probes) {}

  private final SweepPlan plan;
  private final Path out;
  private final Settings settings;
  private final PointExecutor executor;
  /** Whether this sweep opened the executor (and so closes it). */
  private final boolean ownsExecutor;
  private final PrintWriter progress;
  private final Consumer<String> log;
  private final Object lock = new Object();
  private final AtomicInteger executed = new AtomicInteger();
  private final AtomicInteger reused = new AtomicInteger();
  /** Grid points with a finished folder: read back, or stored by this sweep. */
  private final AtomicInteger pointsKept = new AtomicInteger();
  private final SweepEstimate estimate;
  /** Probes per round of the search. */
  private final int width;
  /** Measured wall seconds of the grid runs done in this process, by point id. */
  private final Map<String, Double> gridWallSeconds =
      new java.util.concurrent.ConcurrentHashMap<>();
  /** Probe runs read back or run, by point id (the reports rewritten after each probe read). */
  private final Map<String, PointResult> probesRead =
      new java.util.concurrent.ConcurrentHashMap<>();
  /**
   * The grid's files are rewritten after a finished point unless the last rewrite ended less
   * than this many times its own duration ago: with many points finishing at once (a cluster)
   * and a large grid (the report's charts take longer as it grows), the rewrites then take at
   * most about a fifth of the driver's time instead of holding back every result. A small sweep
   * still rewrites them after every point.
   */
  private static final int GRID_WRITE_SPACING = 4;
  /** When the grid's files may be rewritten next; whether a point is not in them yet. */
  private long nextGridWriteNanos = System.nanoTime();
  private boolean gridWritePending;
  /** The grid points done when a write was put off (what {@link #writePending} writes). */
  private Map<String, PointResult> pendingGrid;
  /** Set when the sweep is being stopped: every point that still comes back is written at once. */
  private boolean stopping;
  /** Grid points in the files written last (guarded by lock). */
  private int gridPointsWritten;
  /** Failed points and probes by id, in the order they failed (guarded by lock). */
  private final Map<String, Failure> failures = new LinkedHashMap<>();
  private SweepProgress bar;

  /**
   * A sweep on the local engine ({@code settings.parallel()} threads running {@code runner}).
   *
   * @param progress where the progress bar goes (stderr), or null for none
   * @param log one-line messages (probes, skipped points)
   */
  public Sweep(SweepPlan plan, Path out, Settings settings, Runner runner, PrintWriter progress,
      Consumer<String> log) {
    this(plan, out, settings, new LocalEngine().open(EngineOptions.local(checked(settings),
        runner)), true, progress, log);
  }

  /**
   * A sweep whose points run on {@code executor} (opened and closed by the caller); {@code
   * settings.parallel()} is ignored for the executor's own {@link PointExecutor#parallelism()}.
   */
  public Sweep(SweepPlan plan, Path out, Settings settings, PointExecutor executor,
      PrintWriter progress, Consumer<String> log) {
    this(plan, out, settings, executor, false, progress, log);
  }

  private Sweep(SweepPlan plan, Path out, Settings settings, PointExecutor executor,
      boolean ownsExecutor, PrintWriter progress, Consumer<String> log) {
    this.plan = plan;
    this.out = out;
    this.settings = settings;
    this.executor = executor;
    this.ownsExecutor = ownsExecutor;
    this.progress = progress;
    this.log = log;
    this.width = settings.searchWidth() > 0 ? settings.searchWidth()
        : Math.max(1, executor.parallelism());
    this.estimate = new SweepEstimate(plan, executor.parallelism(), width);
  }

  /**
   * What is on disk for a rerun to reuse; safe to call from another thread while the sweep runs
   * (the CLI's Ctrl-C message reads it from a shutdown hook).
   */
  public Kept kept() {
    return new Kept(pointsKept.get(), plan.points().size(), probesRead.size());
  }

  /** Probes the search runs at once: {@code --search-width}, else the engine's parallelism. */
  public int searchWidth() {
    return width;
  }

  private static int checked(Settings settings) {
    if (settings.parallel() < 1) {
      throw new IllegalArgumentException("parallel must be >= 1, got " + settings.parallel());
    }
    return settings.parallel();
  }

  /** The default parallelism: 1 when any point uses measured timing, else every core. */
  public static int defaultParallel(SweepPlan plan) {
    return plan.anyMeasured() ? 1 : Runtime.getRuntime().availableProcessors();
  }

  public Outcome run() throws IOException {
    try {
      return runAll();
    } finally {
      if (ownsExecutor) {
        executor.close();
      }
    }
  }

  /**
   * What a run would start from: the points stored by an earlier sweep into the folder, the ones
   * to run, their estimated seconds, the search's bound in runs and seconds.
   */
  private record Preview(Map<String, PointResult> stored, List<SweepPlan.Point> todo,
      double gridLeft, int probeBound, double searchBound) {
    List<String> lines(SweepPlan plan, SweepEstimate estimate) {
      return estimate.planLines(plan.points().size(), todo.size(), probeBound, gridLeft,
          searchBound);
    }
  }

  private Preview preview() {
    Map<String, PointResult> stored = new LinkedHashMap<>();
    List<SweepPlan.Point> todo = new ArrayList<>();
    double gridLeft = 0;
    for (SweepPlan.Point p : plan.points()) {
      Optional<PointResult> c = PointStore.cached(pointDir(POINTS, p), p.id(), p.cellId(),
          p.replicate(), p.scenario());
      if (c.isPresent()) {
        stored.put(p.id(), c.get());
      } else {
        todo.add(p);
        gridLeft += estimate.seconds(p.scenario());
      }
    }
    return new Preview(stored, todo, gridLeft, Sensitivity.probeBound(plan, width),
        estimate.searchBoundSeconds());
  }

  /**
   * What {@link #run} would do, without running or writing anything ({@code tdsim sweep
   * --plan}): the plan and estimate lines, then every grid point, stored or to run with its
   * estimated seconds.
   */
  public List<String> planOnly() {
    try {
      Preview preview = preview();
      Optional<Replayed> replayed = replayForPlan(preview);
      List<String> lines = new ArrayList<>(replayed.isPresent()
          ? estimate.planLines(plan.points().size(), preview.todo().size(),
              preview.probeBound(), replayed.get().gridSeconds(), preview.searchBound(), true,
              replayed.get().search())
          : preview.lines(plan, estimate));
      lines.add("grid points (" + plan.points().size() + "):");
      for (SweepPlan.Point p : plan.points()) {
        lines.add("  " + p.id() + (preview.stored().containsKey(p.id())
            ? ": stored in " + out + ", reused"
            : ": to run, about " + dev.tdsim.format.Durations.eta(replayed.map(r -> r
                .pointSeconds().get(p.id())).orElseGet(() -> estimate.seconds(p.scenario())))
                + (p.scenario().crypto().sampleHeights() > 0
                    ? " (real crypto at " + Math.min(p.scenario().crypto().sampleHeights(),
                        p.scenario().heights()) + " of " + p.scenario().heights() + " heights)"
                    : " (real crypto at every height)")));
      }
      lines.add(preview.probeBound() == 0 ? "no search"
          : "then the search, from the grid's brackets: at most " + preview.probeBound()
              + " probe runs, " + width + " at a time (--search-width); the probe values depend"
              + " on the grid's results");
      lines.add("nothing was run (--plan); the same command without --plan runs it");
      return lines;
    } finally {
      if (ownsExecutor) {
        executor.close();
      }
    }
  }

  /**
   * The grid and the search as {@code --plan} predicts them once it has replayed the grid: with
   * {@code crypto.timing: model} (and no faults or signing committee, which act through the real
   * calls) every duration is the cost model's whether or not the real crypto runs, so the grid
   * points still to run are replayed here without any crypto call ({@link
   * Continuation#planningReplay}: seconds of event loop and key dealing, never a result, nothing
   * written). That gives what a rule of thumb cannot: the blocks each point's sampled heights
   * really hold (a rate workload's block is whatever the mempool held), priced by the cost
   * model, and the grid's brackets, from which the search's probes are counted as after a real
   * grid ({@link SweepEstimate#pendingSearch}) and priced from those grid prices. Empty when a
   * point cannot be replayed.
   *
   * @param pointSeconds each grid point to run, priced from its replayed blocks, by id
   * @param search the search's probes and their seconds (null without a search)
   */
  private record Replayed(Map<String, Double> pointSeconds, SweepEstimate.Pending search) {
    double gridSeconds() {
      return pointSeconds.values().stream().mapToDouble(Double::doubleValue).sum();
    }
  }

  private Optional<Replayed> replayForPlan(Preview preview) {
    for (SweepPlan.Point p : plan.points()) {
      Scenario s = p.scenario();
      if (!dev.tdsim.timing.TimingModels.fromCostModel(s.crypto().timing())
          || !s.faults().isEmpty() || s.signing().isPresent()) {
        return Optional.empty();
      }
    }
    if (preview.todo().isEmpty() && preview.probeBound() == 0) {
      return Optional.empty();
    }
    log.accept("plan: replaying the " + preview.todo().size() + " grid point"
        + (preview.todo().size() == 1 ? "" : "s") + " to run with the cost model's durations and"
        + " no crypto calls, to price them and place the search's probes (not results; nothing"
        + " is written)");
    long t0 = System.nanoTime();
    ScenarioRunner runner = new ScenarioRunner(line -> { });
    Map<String, PointResult> grid = new LinkedHashMap<>(preview.stored());
    Map<String, Double> wall = new LinkedHashMap<>();
    Map<String, Double> pointSeconds = new LinkedHashMap<>();
    int atOnce = Math.max(1, Math.min(executor.parallelism(), width * plan.spec().replicates()));
    int done = 0;
    for (SweepPlan.Point p : preview.todo()) {
      ScenarioRunner.Result[] replayed = new ScenarioRunner.Result[1];
      PointOutcome o = dev.tdsim.sweep.engine.PointWork.run(PointTask.of(p.id(), p.scenario(),
          settings.version()), s -> replayed[0] = runner.run(s, h -> { },
              Continuation.planningReplay(s.heights())));
      String failed = o.failed() ? o.error() : null;
      if (failed == null) {
        try {
          grid.put(p.id(), PointStore.result(p.id(), p.cellId(), p.replicate(), o.summaryJson(),
              o.latenciesMs()));
        } catch (IOException e) {
          failed = e.getMessage();
        }
      }
      if (failed != null) {
        log.accept("plan: the replay of " + p.id() + " failed (" + failed + "); the estimate"
            + " below is the rule of thumb");
        return Optional.empty();
      }
      log.accept(String.format(Locale.ROOT, "plan: replayed %d/%d %s", ++done,
          preview.todo().size(), p.id()));
      double seconds = estimate.seconds(p.scenario(), sampledBlock(p.scenario(), replayed[0]));
      pointSeconds.put(p.id(), seconds);
      // as a measured wall time would be: the run shares the cores with the others beside it
      wall.put(p.id(), seconds * atOnce);
    }
    SweepEstimate.Pending search = preview.probeBound() == 0 ? null
        : estimate.pendingSearch(Sensitivity.snapshot(plan, ordered(grid), storedOnly(), true,
            width), wall, 1.0);
    log.accept(String.format(Locale.ROOT, "plan: replayed in %.1f s",
        (System.nanoTime() - t0) / 1e9));
    return Optional.of(new Replayed(pointSeconds, search));
  }

  /**
   * The mean message count of the blocks at the heights where {@code s} runs the real crypto, as
   * the replay of its run found them.
   */
  private static Long sampledBlock(Scenario s, ScenarioRunner.Result replayed) {
    java.util.Set<Integer> real = new java.util.HashSet<>(
        dev.tdsim.runner.CryptoSampling.sampledHeights(s));
    long sum = 0;
    int n = 0;
    for (dev.tdsim.pipeline.HeightRecord h : replayed.rows()) {
      if (real.contains(h.height())) {
        sum += h.txCount();
        n++;
      }
    }
    return n == 0 ? null : Math.max(1, Math.round((double) sum / n));
  }

  private Outcome runAll() throws IOException {
    Files.createDirectories(out.resolve(POINTS));
    Preview preview = preview();
    Map<String, PointResult> results = new LinkedHashMap<>(preview.stored());
    reused.addAndGet(preview.stored().size());
    pointsKept.addAndGet(preview.stored().size());
    List<SweepPlan.Point> todo = preview.todo();
    List<SweepPlan.Point> all = plan.points();
    SweepCsv.write(out, plan, results);
    double gridLeft = preview.gridLeft();
    int probeBound = preview.probeBound();
    double searchBound = preview.searchBound();
    for (String line : preview.lines(plan, estimate)) {
      log.accept(line);
    }
    foreignPoints().ifPresent(log);
    if (!todo.isEmpty() || probeBound > 0) {
      log.accept(executor.describe());
    }
    bar = new SweepProgress(progress, all.size(), all.size() - todo.size(), gridLeft, probeBound,
        searchBound);
    int gridSideBySide = Math.max(1, Math.min(executor.parallelism(), todo.size()));
    List<CompletableFuture<Void>> futures = new ArrayList<>();
    for (SweepPlan.Point p : todo) {
      PointTask task = PointTask.of(p.id(), p.scenario(), settings.version());
      futures.add(executor.submit(task).thenAccept(o -> {
        try {
          gridDone(p, o, results, gridSideBySide);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }));
    }
    PointFutures.awaitAll(futures);
    Map<String, PointResult> grid = ordered(results);
    synchronized (lock) {
      if (gridWritePending) {
        writeGrid(grid);
      }
    }
    if (probeBound > 0) {
      SweepEstimate.Pending pending = estimate.pendingSearch(
          Sensitivity.snapshot(plan, grid, storedOnly(), true, width), gridWallSeconds,
          bar.factor());
      // the bar scales what is left by its measured / predicted ratio: hand it model seconds
      bar.searchPlan(pending.runs(), pending.seconds() / Math.max(1e-9, bar.factor()));
      log.accept(String.format(Locale.ROOT, "search: about %d probe run%s from the grid's"
          + " brackets, %d at a time (--search-width), about %s priced from the grid's measured"
          + " run times%s%s", pending.runs(), pending.runs() == 1 ? "" : "s", width,
          dev.tdsim.format.Durations.eta(pending.seconds()),
          plan.sampledRealCrypto() ? "; probes run the real crypto at 1 sampled height (model"
              + " timing)" : "",
          plan.anyMeasured() ? " (measured crypto, one at a time)" : ""));
    }
    Sensitivity.Prober prober = new Sensitivity.Prober() {
      @Override
      public List<PointResult> run(SweepPlan.Cell cell) throws IOException {
        return runAll(List.of(cell)).get(0);
      }

      @Override
      public List<List<PointResult>> runAll(List<SweepPlan.Cell> cells) throws IOException {
        return runCells(cells, () -> {
          synchronized (lock) {
            writeReports(grid, Sensitivity.snapshot(plan, grid, storedOnly(), true, width),
                "in progress: grid done, the search is running");
          }
        });
      }

      @Override
      public List<PointResult> stored(SweepPlan.Cell cell) {
        return storedCell(cell);
      }
    };
    SensitivityReport report;
    try {
      report = Sensitivity.compute(plan, grid, prober, log, width);
    } catch (ProbeFailed e) {
      log.accept("search stopped: " + e.getMessage());
      SensitivityReport r = Sensitivity.snapshot(plan, grid, storedOnly(), true, width);
      List<String> notes = new ArrayList<>(r.notes());
      notes.set(0, "the search stopped early: " + e.getMessage() + "; the values fitting are"
          + " those the probes finished before it support");
      report = new SensitivityReport(r.base(), r.baseCell(), r.baseP95Ms(), r.budgetsMs(),
          r.msgs(), r.numeric(), r.categorical(), r.tornado(), r.probeRuns(), r.maxProbes(),
          notes, r.points());
    }
    bar.searchDone();
    SweepCsv.write(out, plan, grid, gridErrors());
    writeReports(grid, report, null);
    long mismatches = 0;
    for (PointResult r : grid.values()) {
      mismatches += r.mismatches();
    }
    // probes read back (by the search, or by --no-search), each counted once
    long probesReused = probesRead.values().stream().filter(PointResult::reused).count();
    List<Failure> failed;
    synchronized (lock) {
      failed = List.copyOf(failures.values());
    }
    return new Outcome(grid, report, executed.get(), reused.get() + (int) probesReused,
        mismatches, failed);
  }

  /** A grid point came back: its folder, then sweep.csv and the reports. */
  private void gridDone(SweepPlan.Point p, PointOutcome o, Map<String, PointResult> results,
      int gridSideBySide) throws IOException {
    double wall = o.runNanos() / 1e9;
    PointResult r = o.failed() ? null : store(POINTS, p, o);
    if (r != null) {
      gridWallSeconds.put(p.id(), wall);
      pointsKept.incrementAndGet();
    }
    if (r == null) {
      writeError(POINTS, p, o);
    }
    synchronized (lock) {
      Map<String, PointResult> sofar;
      if (r != null) {
        results.put(p.id(), r);
        sofar = ordered(results);
        bar.gridRun(estimate.seconds(p.scenario()), wall / gridSideBySide, p.id() + ": "
            + p95Text(r.p95Ms()));
      } else {
        failures.put(p.id(), new Failure(p.id(), POINTS, o.error()));
        sofar = ordered(results);
        bar.gridRun(estimate.seconds(p.scenario()), wall / gridSideBySide, p.id()
            + ": failed");
        log.accept("point " + p.id() + " failed: " + o.error());
      }
      long now = System.nanoTime();
      if (now - nextGridWriteNanos < 0 && !stopping) {
        gridWritePending = true; // written with a later point, or when the grid is done
        pendingGrid = sofar;
        return;
      }
      writeGrid(sofar);
      long took = System.nanoTime() - now;
      nextGridWriteNanos = System.nanoTime() + GRID_WRITE_SPACING * took;
    }
  }

  /**
   * Writes sweep.csv and the reports of the grid points done so far if a write was put off: for
   * a sweep that is stopped (Ctrl-C), so that its files hold every point kept, not the last
   * throttled write's.
   */
  public void writePending() {
    synchronized (lock) {
      stopping = true;
      if (gridWritePending && pendingGrid != null) {
        try {
          writeGrid(pendingGrid);
        } catch (IOException e) {
          log.accept("could not write " + SweepCsv.FILE + " of the points kept: " + e.getMessage());
        }
      }
    }
    // a point stored meanwhile writes the files itself (stopping): wait briefly for it, since
    // the JVM halts once this returns
    long until = System.nanoTime() + STOP_WAIT_NANOS;
    while (System.nanoTime() - until < 0) {
      synchronized (lock) {
        if (gridPointsWritten >= pointsKept.get()) {
          return;
        }
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** How long a stopped sweep waits for points stored but not yet in its files. */
  private static final long STOP_WAIT_NANOS = 2_000_000_000L;

  /** sweep.csv and the reports of the grid points done so far (call under the lock). */
  private void writeGrid(Map<String, PointResult> sofar) throws IOException {
    gridWritePending = false;
    gridPointsWritten = sofar.size();
    SweepCsv.write(out, plan, sofar, gridErrors());
    writeReports(sofar, Sensitivity.snapshot(plan, sofar, storedOnly(), false, width),
        String.format(Locale.ROOT, "in progress: %d of %d grid points done", sofar.size(),
            plan.points().size()));
  }

  /** The stored probes only: what a report written while the sweep runs can show. */
  private Sensitivity.Prober storedOnly() {
    return new Sensitivity.Prober() {
      @Override
      public List<PointResult> run(SweepPlan.Cell cell) {
        return storedCell(cell);
      }

      @Override
      public List<PointResult> stored(SweepPlan.Cell cell) {
        return storedCell(cell);
      }
    };
  }

  /** Every replicate of a probe cell from probes/ (remembered once read), or null. */
  private List<PointResult> storedCell(SweepPlan.Cell cell) {
    List<PointResult> found = new ArrayList<>();
    for (SweepPlan.Point p : cell.points()) {
      PointResult r = probesRead.get(p.id());
      if (r == null || !p.scenario().hash().equals(r.summary().scenarioHash())) {
        Optional<PointResult> c = PointStore.cached(pointDir(PROBES, p), p.id(), p.cellId(),
            p.replicate(), p.scenario());
        if (c.isEmpty()) {
          return null;
        }
        r = c.get();
        probesRead.put(p.id(), r);
      }
      found.add(r);
    }
    return found;
  }

  /** sensitivity.json and report.html, each written to a temporary file and then moved. */
  private void writeReports(Map<String, PointResult> grid, SensitivityReport report,
      String status) throws IOException {
    // a snapshot says so in sensitivity.json too: compare reads it to tell a stopped sweep's
    // folder from a finished one
    List<String> notes = new ArrayList<>(report.notes());
    if (status != null) {
      notes.add(status);
    }
    writeJson(out.resolve(Sensitivity.FILE), status == null ? report : report.withNotes(notes));
    List<Failure> failed;
    synchronized (lock) {
      failed = List.copyOf(failures.values());
    }
    SweepReport.write(out, plan, grid, report, status, failed);
  }

  /** The results in plan order (the map is filled in completion order). */
  private Map<String, PointResult> ordered(Map<String, PointResult> results) {
    Map<String, PointResult> m = new LinkedHashMap<>();
    for (SweepPlan.Point p : plan.points()) {
      PointResult r = results.get(p.id());
      if (r != null) {
        m.put(p.id(), r);
      }
    }
    return m;
  }

  /**
   * A line naming the folders under {@code OUT/points} that are no point of this sweep (an earlier
   * sweep's into the same folder): they stay, unread and out of sweep.csv, and the user is told.
   */
  private Optional<String> foreignPoints() throws IOException {
    java.util.Set<String> ours = new java.util.HashSet<>();
    for (SweepPlan.Point p : plan.points()) {
      ours.add(pointDir(POINTS, p).getFileName().toString());
    }
    List<String> foreign;
    try (var dirs = Files.list(out.resolve(POINTS))) {
      foreign = dirs.filter(Files::isDirectory).map(d -> d.getFileName().toString())
          .filter(n -> !ours.contains(n)).sorted().toList();
    }
    if (foreign.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of("note: " + foreign.size() + " folder" + (foreign.size() == 1 ? "" : "s")
        + " in " + out.resolve(POINTS) + (foreign.size() == 1 ? " is" : " are")
        + " no point of this sweep (an earlier sweep's into"
        + " this folder: kept, not read, not in sweep.csv): "
        + String.join(", ", foreign.subList(0, Math.min(5, foreign.size())))
        + (foreign.size() > 5 ? ", ..." : ""));
  }

  private Path pointDir(String kind, SweepPlan.Point p) {
    return out.resolve(kind).resolve(p.id());
  }

  /**
   * Writes a point's folder from what the engine returned (scenario.yaml from the driver's own
   * scenario; summary.json last) and reads its result from those same bytes.
   */
  private PointResult store(String kind, SweepPlan.Point p, PointOutcome o) throws IOException {
    Path dir = pointDir(kind, p);
    PointStore.write(dir, p.scenario(), o.heightsCsv(), o.summaryJson());
    Files.deleteIfExists(dir.resolve(ERROR));
    executed.incrementAndGet();
    return PointStore.result(p.id(), p.cellId(), p.replicate(), o.summaryJson(),
        o.latenciesMs());
  }

  /** {@code error.txt}: the error and where it happened (the folder's summary is not touched). */
  private void writeError(String kind, SweepPlan.Point p, PointOutcome o) throws IOException {
    Path dir = Files.createDirectories(pointDir(kind, p));
    writeAtomically(dir.resolve(ERROR), o.error() + "\n(on " + o.host() + ")\n"
        + (o.errorDetail() == null ? "" : "\n" + o.errorDetail()));
  }

  /** The failed grid points' errors by point id (call under the lock). */
  private Map<String, String> gridErrors() {
    synchronized (lock) {
      Map<String, String> m = new LinkedHashMap<>();
      for (Failure f : failures.values()) {
        if (f.kind().equals(POINTS)) {
          m.put(f.id(), f.error());
        }
      }
      return m;
    }
  }

  /** Called after each probe cell of a round has come back (rewrites the reports). */
  @FunctionalInterface
  private interface CellDone {
    void done() throws IOException;
  }

  /**
   * A round of probes: every replicate of every cell, reusing finished folders, all submitted to
   * the engine at once and run side by side. Replicates that fail are recorded and left out;
   * when all of a cell's fail, the search stops ({@link ProbeFailed}) once the round is in.
   */
  private List<List<PointResult>> runCells(List<SweepPlan.Cell> cells, CellDone after)
      throws IOException {
    List<List<SweepPlan.Point>> running = new ArrayList<>();
    List<List<CompletableFuture<PointOutcome>>> futures = new ArrayList<>();
    List<CompletableFuture<PointOutcome>> every = new ArrayList<>();
    List<List<PointResult>> found = new ArrayList<>();
    for (SweepPlan.Cell cell : cells) {
      List<PointResult> f = new ArrayList<>();
      List<SweepPlan.Point> r = new ArrayList<>();
      List<CompletableFuture<PointOutcome>> fs = new ArrayList<>();
      for (SweepPlan.Point p : cell.points()) {
        Optional<PointResult> c = PointStore.cached(pointDir(PROBES, p), p.id(), p.cellId(),
            p.replicate(), p.scenario());
        if (c.isPresent()) {
          f.add(c.get());
          probesRead.put(p.id(), c.get());
          bar.probeRun(0, 0, true, "probe " + p.id() + ": reused");
        } else {
          r.add(p);
          CompletableFuture<PointOutcome> future =
              executor.submit(PointTask.of(p.id(), p.scenario(), settings.version()));
          fs.add(future);
          every.add(future);
        }
      }
      found.add(f);
      running.add(r);
      futures.add(fs);
    }
    int sideBySide = Math.max(1, Math.min(executor.parallelism(), every.size()));
    String firstError = null;
    for (int c = 0; c < cells.size(); c++) {
      List<PointResult> f = found.get(c);
      for (int i = 0; i < futures.get(c).size(); i++) {
        SweepPlan.Point p = running.get(c).get(i);
        PointOutcome o = PointFutures.join(futures.get(c).get(i), every);
        if (o.failed()) {
          writeError(PROBES, p, o);
          synchronized (lock) {
            failures.put(p.id(), new Failure(p.id(), PROBES, o.error()));
            log.accept("probe " + p.id() + " failed: " + o.error());
          }
          bar.probeRun(estimate.seconds(p.scenario()), o.runNanos() / 1e9 / sideBySide, false,
              "probe " + p.id() + ": failed");
          continue;
        }
        PointResult r = store(PROBES, p, o);
        probesRead.put(p.id(), r);
        bar.probeRun(estimate.seconds(p.scenario()), o.runNanos() / 1e9 / sideBySide, false,
            "probe " + p.id() + ": " + p95Text(r.p95Ms()));
        f.add(r);
      }
      if (f.isEmpty() && firstError == null) {
        SweepPlan.Point p = running.get(c).get(0);
        synchronized (lock) {
          firstError = "probe " + p.id() + " failed: " + failures.get(p.id()).error();
        }
      }
      f.sort((a, b) -> Integer.compare(a.replicate(), b.replicate()));
      if (!running.get(c).isEmpty()) {
        after.done();
      }
    }
    if (firstError != null) {
      throw new ProbeFailed(firstError);
    }
    return found;
  }

  /** Every replicate of a probe failed: the search cannot go on from there. */
  private static final class ProbeFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ProbeFailed(String message) {
      super(message);
    }
  }

  private static void writeJson(Path file, Object tree) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(tmp.toFile(), tree);
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
  }

  /** Writes text to a temporary file beside {@code file}, then moves it over (atomically). */
  static void writeAtomically(Path file, String text) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, text);
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
  }

  /** A point's p95 for a progress line; a point where no height was decrypted has none. */
  public static String p95Text(double p95Ms) {
    return Double.isNaN(p95Ms) ? "no height decrypted (halted or stopped)"
        : String.format(Locale.ROOT, "p95 %.1f ms", p95Ms);
  }
}
