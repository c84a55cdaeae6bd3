package dev.tdsim.sweep;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Summaries;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs a {@link SweepPlan}: first says what will run and how long it should take ({@link
 * SweepEstimate}), then runs the grid points (in parallel), each written to
 * {@code OUT/points/<point-id>/} as soon as it finishes, then the {@link Sensitivity} search (its
 * probes in {@code OUT/probes/<id>/}), with one progress bar over both ({@link SweepProgress}).
 * {@code sweep.csv}, {@code sensitivity.json} and {@code report.html} are rewritten (temporary
 * file, then rename) after every finished point and probe, so a stopped sweep leaves a report of
 * what it finished. Points and probes whose folder already holds a summary of the same scenario
 * hash are read back instead of run, so an interrupted sweep continues where it stopped; with the
 * search off, stored probes are still read.
 */
public final class Sweep {
  public static final String POINTS = "points";
  public static final String PROBES = "probes";
  public static final String REPORT = "report.html";

  /** Runs one scenario (the real {@link ScenarioRunner} in the CLI; a counting one in tests). */
  @FunctionalInterface
  public interface Runner {
    ScenarioRunner.Result run(Scenario s) throws IOException;
  }

  /**
   * @param parallel points run at the same time
   * @param version the tdsim version written into each summary.json
   */
  public record Settings(int parallel, String version) {}

  /**
   * What a sweep did.
   *
   * @param points every grid point's result by point id
   * @param executed runs done now (points and probes)
   * @param reused runs read back from an earlier sweep's folders (points and probes)
   */
  public record Outcome(Map<String, PointResult> points, SensitivityReport sensitivity,
      int executed, int reused, long mismatches) {}

  private final SweepPlan plan;
  private final Path out;
  private final Settings settings;
  private final Runner runner;
  private final PrintWriter progress;
  private final Consumer<String> log;
  private final Object lock = new Object();
  private final AtomicInteger executed = new AtomicInteger();
  private final AtomicInteger reused = new AtomicInteger();
  private final SweepEstimate estimate;
  /** Probe runs read back or run, by point id (the reports rewritten after each probe read). */
  private final Map<String, PointResult> probesRead =
      new java.util.concurrent.ConcurrentHashMap<>();
  private SweepProgress bar;

  /**
   * @param progress where the progress bar goes (stderr), or null for none
   * @param log one-line messages (probes, skipped points)
   */
  public Sweep(SweepPlan plan, Path out, Settings settings, Runner runner, PrintWriter progress,
      Consumer<String> log) {
    if (settings.parallel() < 1) {
      throw new IllegalArgumentException("parallel must be >= 1, got " + settings.parallel());
    }
    this.plan = plan;
    this.out = out;
    this.settings = settings;
    this.runner = runner;
    this.progress = progress;
    this.log = log;
    this.estimate = new SweepEstimate(plan, settings.parallel());
  }

  /** The default parallelism: 1 when any point uses measured timing, else every core. */
  public static int defaultParallel(SweepPlan plan) {
    return plan.anyMeasured() ? 1 : Runtime.getRuntime().availableProcessors();
  }

  public Outcome run() throws IOException {
    Files.createDirectories(out.resolve(POINTS));
    Map<String, PointResult> results = new LinkedHashMap<>();
    List<SweepPlan.Point> todo = new ArrayList<>();
    List<SweepPlan.Point> all = plan.points();
    for (SweepPlan.Point p : all) {
      Optional<PointResult> c = PointStore.cached(pointDir(POINTS, p), p.id(), p.cellId(),
          p.replicate(), p.scenario());
      if (c.isPresent()) {
        results.put(p.id(), c.get());
        reused.incrementAndGet();
      } else {
        todo.add(p);
      }
    }
    SweepCsv.write(out, plan, results);
    double gridLeft = 0;
    double costliest = 0;
    for (SweepPlan.Point p : all) {
      double s = estimate.seconds(p.scenario());
      costliest = Math.max(costliest, s);
      if (todo.contains(p)) {
        gridLeft += s;
      }
    }
    int probeBound = Sensitivity.probeBound(plan);
    for (String line
        : estimate.planLines(all.size(), todo.size(), probeBound, gridLeft, costliest)) {
      log.accept(line);
    }
    bar = new SweepProgress(progress, all.size(), all.size() - todo.size(), gridLeft, probeBound,
        probeBound * costliest);
    int gridSideBySide = Math.max(1, Math.min(settings.parallel(), todo.size()));
    ExecutorService pool = Executors.newFixedThreadPool(settings.parallel(), r -> {
      Thread t = new Thread(r, "tdsim-sweep");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (SweepPlan.Point p : todo) {
        futures.add(pool.submit(() -> {
          long t0 = System.nanoTime();
          PointResult r = runPoint(POINTS, p);
          double wall = (System.nanoTime() - t0) / 1e9;
          synchronized (lock) {
            results.put(p.id(), r);
            Map<String, PointResult> sofar = ordered(results);
            SweepCsv.write(out, plan, sofar);
            bar.gridRun(estimate.seconds(p.scenario()), wall / gridSideBySide, p.id() + ": "
                + p95Text(r.p95Ms()));
            writeReports(sofar, Sensitivity.snapshot(plan, sofar, storedOnly(), false),
                String.format(Locale.ROOT, "in progress: %d of %d grid points done", sofar.size(),
                    all.size()));
          }
          return null;
        }));
      }
      await(futures);
      Map<String, PointResult> grid = ordered(results);
      if (probeBound > 0) {
        SweepEstimate.Pending pending =
            estimate.pendingSearch(Sensitivity.snapshot(plan, grid, storedOnly(), true));
        bar.searchPlan(pending.runs(), pending.seconds());
        log.accept(String.format(Locale.ROOT, "search: at most %d probe run%s from the grid's"
            + " brackets, about %s at the rate of the runs so far%s", pending.runs(),
            pending.runs() == 1 ? "" : "s", SweepProgress.duration(pending.seconds()
                * bar.factor()), plan.anyMeasured() ? " (measured crypto, one at a time)" : ""));
      }
      Sensitivity.Prober prober = new Sensitivity.Prober() {
        @Override
        public List<PointResult> run(SweepPlan.Cell cell) throws IOException {
          List<PointResult> found = runCell(cell, pool);
          synchronized (lock) {
            writeReports(grid, Sensitivity.snapshot(plan, grid, storedOnly(), true),
                "in progress: grid done, the search is running");
          }
          return found;
        }

        @Override
        public List<PointResult> stored(SweepPlan.Cell cell) {
          return storedCell(cell);
        }
      };
      SensitivityReport report = Sensitivity.compute(plan, grid, prober, log);
      bar.searchDone();
      SweepCsv.write(out, plan, grid);
      writeReports(grid, report, null);
      long mismatches = 0;
      for (PointResult r : grid.values()) {
        mismatches += r.mismatches();
      }
      // probes read back (by the search, or by --no-search), each counted once
      long probesReused = probesRead.values().stream().filter(PointResult::reused).count();
      return new Outcome(grid, report, executed.get(), reused.get() + (int) probesReused,
          mismatches);
    } finally {
      pool.shutdownNow();
    }
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
    writeJson(out.resolve(Sensitivity.FILE), report);
    SweepReport.write(out, plan, grid, report, status);
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

  private Path pointDir(String kind, SweepPlan.Point p) {
    return out.resolve(kind).resolve(p.id());
  }

  private PointResult runPoint(String kind, SweepPlan.Point p) throws IOException {
    long t0 = System.nanoTime();
    ScenarioRunner.Result result = runner.run(p.scenario());
    executed.incrementAndGet();
    RunSummary summary = Summaries.of(result, settings.version());
    PointStore.write(pointDir(kind, p), p.scenario(), result.heights(), summary);
    PointResult r = new PointResult(p.id(), p.cellId(), p.replicate(), summary,
        PointStore.latencies(result.heights()), false);
    if (kind.equals(PROBES)) {
      probesRead.put(p.id(), r);
      int sideBySide = Math.max(1, Math.min(settings.parallel(), plan.spec().replicates()));
      bar.probeRun(estimate.seconds(p.scenario()), (System.nanoTime() - t0) / 1e9 / sideBySide,
          false, "probe " + p.id() + ": " + p95Text(r.p95Ms()));
    }
    return r;
  }

  /** A probe: every replicate, reusing finished folders, in parallel on the pool. */
  private List<PointResult> runCell(SweepPlan.Cell cell, ExecutorService pool)
      throws IOException {
    List<PointResult> found = new ArrayList<>();
    List<Future<PointResult>> futures = new ArrayList<>();
    for (SweepPlan.Point p : cell.points()) {
      Optional<PointResult> c = PointStore.cached(pointDir(PROBES, p), p.id(), p.cellId(),
          p.replicate(), p.scenario());
      if (c.isPresent()) {
        found.add(c.get());
        probesRead.put(p.id(), c.get());
        bar.probeRun(0, 0, true, "probe " + p.id() + ": reused");
      } else {
        futures.add(pool.submit(() -> runPoint(PROBES, p)));
      }
    }
    for (Future<PointResult> f : futures) {
      try {
        found.add(f.get());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted", e);
      } catch (ExecutionException e) {
        throw rethrow(e.getCause());
      }
    }
    found.sort((a, b) -> Integer.compare(a.replicate(), b.replicate()));
    return found;
  }

  private static void await(List<Future<?>> futures) throws IOException {
    try {
      for (Future<?> f : futures) {
        f.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (ExecutionException e) {
      for (Future<?> f : futures) {
        f.cancel(true);
      }
      throw rethrow(e.getCause());
    }
  }

  private static IOException rethrow(Throwable cause) throws IOException {
    if (cause instanceof IOException io) {
      throw io;
    }
    if (cause instanceof UncheckedIOException u) {
      throw u.getCause();
    }
    if (cause instanceof RuntimeException re) {
      throw re;
    }
    if (cause instanceof Error err) {
      throw err;
    }
    throw new IOException(cause);
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
