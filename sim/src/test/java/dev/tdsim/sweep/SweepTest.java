package dev.tdsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.report.Verdict;
import dev.tdsim.report.Verdicts;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.sweep.SensitivityReport.Bottleneck;
import dev.tdsim.sweep.SensitivityReport.Bound;
import dev.tdsim.sweep.SensitivityReport.BudgetFit;
import dev.tdsim.sweep.SensitivityReport.HeadlineRow;
import dev.tdsim.sweep.SensitivityReport.NumericGroup;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole sweeps of a tiny scenario with model timing (deterministic). */
class SweepTest {
  /** Runs scenarios for real, counting the runs. */
  static final class Counting implements Sweep.Runner {
    final AtomicInteger runs = new AtomicInteger();

    @Override
    public ScenarioRunner.Result run(Scenario s) throws IOException {
      runs.incrementAndGet();
      return new ScenarioRunner(line -> { }).run(s);
    }
  }

  private static Sweep.Outcome sweep(SweepPlan plan, Path out, Sweep.Runner runner)
      throws IOException {
    return new Sweep(plan, out, new Sweep.Settings(2, "test"), runner,
        new PrintWriter(new StringWriter()), line -> { }).run();
  }

  @Test
  void aRerunSkipsFinishedPointsAndRunsOnlyWhatIsMissing(@TempDir Path dir) throws Exception {
    SweepPlan plan = SweepPlanTest.plan(SweepPlanTest.TINY,
        SweepPlanTest.vary("workload.msgs_per_block=1,2,3").withSearch(false));
    Counting first = new Counting();
    Sweep.Outcome o1 = sweep(plan, dir, first);
    assertEquals(3, first.runs.get());
    assertEquals(3, o1.executed());
    for (SweepPlan.Point p : plan.points()) {
      Path folder = dir.resolve("points").resolve(p.id());
      for (String f : List.of("summary.json", "heights.csv", "scenario.yaml")) {
        assertTrue(Files.isRegularFile(folder.resolve(f)), folder.resolve(f).toString());
      }
    }
    String csvBefore = Files.readString(dir.resolve("sweep.csv"));
    deleteTree(dir.resolve("points").resolve("msgs_per_block-2__r0"));
    Counting second = new Counting();
    Sweep.Outcome o2 = sweep(plan, dir, second);
    assertEquals(1, second.runs.get(), "only the deleted point runs again");
    assertEquals(2, o2.reused());
    assertEquals(csvBefore, Files.readString(dir.resolve("sweep.csv")),
        "model timing: the rerun point gives the same numbers");
    // a changed scenario (another --set) does not reuse the old folders
    SweepPlan changed = SweepPlanTest.plan(SweepPlanTest.TINY,
        SweepPlanTest.vary("workload.msgs_per_block=1,2,3").withSearch(false), "heights=3");
    Counting third = new Counting();
    sweep(changed, dir, third);
    assertEquals(3, third.runs.get());
  }

  /**
   * A point that fails is in sweep.csv with its error (and nowhere in the statistics), the sweep
   * goes on, and the next sweep into the folder runs only that point: then the files are those of
   * a sweep that never failed (no error column).
   */
  @Test
  void aFailedPointIsListedWithItsErrorAndRunAgainByTheNextSweep(@TempDir Path dir)
      throws Exception {
    SweepPlan plan = SweepPlanTest.plan(SweepPlanTest.TINY,
        SweepPlanTest.vary("workload.msgs_per_block=1,2,3").withSearch(false));
    Counting clean = new Counting();
    sweep(plan, dir.resolve("clean"), clean);
    Sweep.Runner failsAtTwo = s -> {
      if (s.workload().msgsPerBlock() == 2) {
        throw new IllegalArgumentException("two is not allowed");
      }
      return new ScenarioRunner(line -> { }).run(s);
    };
    Path out = dir.resolve("failing");
    Sweep.Outcome o = sweep(plan, out, failsAtTwo);
    assertEquals(1, o.failures().size());
    Sweep.Failure f = o.failures().get(0);
    assertEquals("msgs_per_block-2__r0", f.id());
    assertEquals(Sweep.POINTS, f.kind());
    assertEquals("IllegalArgumentException: two is not allowed", f.error());
    assertEquals(2, o.points().size());
    List<String> csv = Files.readAllLines(out.resolve("sweep.csv"));
    assertTrue(csv.get(0).endsWith(",error"), csv.get(0));
    List<String> failedRows = csv.stream().filter(l -> l.startsWith("msgs_per_block-2,"))
        .toList();
    assertEquals(plan.base().budgetsNanos().size(), failedRows.size(), csv.toString());
    for (String row : failedRows) {
      assertTrue(row.matches("msgs_per_block-2,2,0,[0-9.]+,,,,,,,,,,,,,,IllegalArgumentException:"
          + " two is not allowed"), row);
    }
    Path folder = out.resolve(Sweep.POINTS).resolve(f.id());
    assertTrue(Files.readString(folder.resolve(Sweep.ERROR)).contains("two is not allowed"));
    assertFalse(Files.exists(folder.resolve("summary.json")));
    assertTrue(Files.readString(out.resolve(Sweep.REPORT)).contains("<h2>Failed points</h2>"));
    // the other rows are those of the clean sweep
    List<String> cleanCsv = Files.readAllLines(dir.resolve("clean").resolve("sweep.csv"));
    for (int i = 1; i < cleanCsv.size(); i++) {
      if (!cleanCsv.get(i).startsWith("msgs_per_block-2,")) {
        assertTrue(csv.contains(cleanCsv.get(i) + ","), cleanCsv.get(i));
      }
    }

    Counting rerun = new Counting();
    Sweep.Outcome again = sweep(plan, out, rerun);
    assertEquals(1, rerun.runs.get(), "only the failed point runs again");
    assertTrue(again.failures().isEmpty());
    assertEquals(Files.readString(dir.resolve("clean").resolve("sweep.csv")),
        Files.readString(out.resolve("sweep.csv")));
    assertFalse(Files.exists(folder.resolve(Sweep.ERROR)));
    assertFalse(Files.readString(out.resolve(Sweep.REPORT)).contains("Failed points"));
  }

  /**
   * Extra consensus rounds (forced by a propose timeout shorter than a proposal's trip) are
   * columns of sweep.csv and a warning of the answer, which the latencies alone do not show.
   */
  @Test
  void consensusTroubleIsAColumnAndANote(@TempDir Path dir) throws Exception {
    SweepPlan plan = SweepPlanTest.plan(SweepPlanTest.TINY,
        SweepPlanTest.vary("workload.msgs_per_block=1,3").withSearch(false),
        "budgets=[30 ms, 1 s]", "consensus.timeout_propose=1 ms");
    Sweep.Outcome o = sweep(plan, dir, new Counting());
    List<String> lines = Files.readAllLines(dir.resolve("sweep.csv"));
    List<String> header = List.of(lines.get(0).split(","));
    int maxRound = header.indexOf("max_round");
    int extra = header.indexOf("extra_rounds");
    assertTrue(maxRound > 0 && header.get(maxRound + 2).equals("halted"), header.toString());
    String[] row = lines.get(1).split(",", -1);
    assertTrue(Integer.parseInt(row[maxRound]) > 0, lines.get(1));
    assertTrue(Integer.parseInt(row[extra]) >= Integer.parseInt(row[maxRound]), lines.get(1));
    String note = o.sensitivity().notes().stream()
        .filter(n -> n.startsWith(SensitivityReport.CONSENSUS_TROUBLE)).findFirst()
        .orElseThrow(() -> new AssertionError(o.sensitivity().notes().toString()));
    assertTrue(note.contains("msgs_per_block-1: heights needed up to round "), note);
    // the same sweep with a timeout that every proposal meets has neither
    SweepPlan calm = SweepPlanTest.plan(SweepPlanTest.TINY,
        SweepPlanTest.vary("workload.msgs_per_block=1,3").withSearch(false),
        "budgets=[30 ms, 1 s]");
    Sweep.Outcome c = sweep(calm, dir.resolve("calm"), new Counting());
    assertTrue(c.sensitivity().notes().stream()
        .noneMatch(n -> n.startsWith(SensitivityReport.CONSENSUS_TROUBLE)));
    assertTrue(Files.readAllLines(dir.resolve("calm").resolve("sweep.csv")).get(1)
        .endsWith(",0,0,false,0"));
  }

  @Test
  void sweepCsvHasAColumnPerPathAndIntervalsWithReplicates(@TempDir Path dir) throws Exception {
    SweepPlan plan = SweepPlanTest.plan(SweepPlanTest.TINY,
        SweepPlanTest.vary("workload.msgs_per_block=1,3", "crypto.variant=fast,folded")
            .withReplicates(2).withSearch(false), "budgets=[30 ms, 1 s]");
    Sweep.Outcome o = sweep(plan, dir, new Counting());
    assertEquals(8, o.executed());
    List<String> lines = Files.readAllLines(dir.resolve("sweep.csv"));
    assertEquals(List.of("point", "workload.msgs_per_block", "crypto.variant", "replicates",
        "block_time_ms", "fits", "replicates_fitting", "share_of_heights_fitting", "keeps_pace",
        "p50_ms", "p95_ms", "p99_ms", "judged_p95_ms", "added_p95_ms", "p50_ms_ci_low",
        "p50_ms_ci_high", "p95_ms_ci_low", "p95_ms_ci_high", "p99_ms_ci_low", "p99_ms_ci_high",
        "judged_p95_ms_ci_low", "judged_p95_ms_ci_high", "added_p95_ms_ci_low",
        "added_p95_ms_ci_high", "max_round", "extra_rounds", "halted", "heights_not_decrypted"),
        List.of(lines.get(0).split(",")));
    assertEquals(1 + 4 * 2, lines.size(), "4 cells x 2 budgets");
    String[] row = lines.get(2).split(",", -1);
    assertEquals("msgs_per_block-1__variant-fast", row[0]);
    assertEquals("1", row[1]);
    assertEquals("fast", row[2]);
    assertEquals("2", row[3]);
    assertEquals("1000.000", row[4]);
    assertEquals("true", row[8], "decryption keeps pace at 1 s in both replicates");
    double p95 = Double.parseDouble(row[10]);
    double low = Double.parseDouble(row[16]);
    double high = Double.parseDouble(row[17]);
    assertTrue(low <= p95 && p95 <= high, lines.get(2));
    assertTrue(Double.parseDouble(row[13]) > 0, "decryption adds time to execution");
    // the sensitivity file and the report exist and name the categorical parameter
    JsonNode sens = new ObjectMapper().readTree(dir.resolve("sensitivity.json").toFile());
    assertEquals("crypto.variant", sens.get("parameters").get(0).get("path").asText());
    assertEquals(2, sens.get("tornado").size());
    String html = Files.readString(dir.resolve("report.html"));
    assertTrue(html.contains("data:image/png;base64,") && html.contains("sweep.csv")
        && html.contains("msgs_per_block-3__variant-folded"));
  }

  /**
   * The bisection's answer equals a scan of every message count. Runs of the same message count
   * and seed are shared between the scan and the sweep (their heights do not depend on the
   * budgets), so the test runs each message count once.
   */
  @Test
  void maxMsgsFoundBySearchEqualsABruteForceScan(@TempDir Path dir) throws Exception {
    Map<Integer, ScenarioRunner.Result> byMsgs = new ConcurrentHashMap<>();
    AtomicInteger real = new AtomicInteger();
    Sweep.Runner shared = s -> {
      ScenarioRunner.Result r = byMsgs.computeIfAbsent(s.workload().msgsPerBlock(), m -> {
        real.incrementAndGet();
        try {
          return new ScenarioRunner(line -> { }).run(s);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      return new ScenarioRunner.Result(s, r.heights(), r.realCryptoHeights(), r.events(),
          r.messages(), r.realCryptoCalls(), r.mismatches(), r.setupNanos(),
          r.simulateNanos(), r.simulateCpuNanos(), r.timing(), r.consensus(), r.nodeCosts(), r.timeoutCommitNanos(),
          r.notes(), r.costCheck());
    };
    int max = 12;
    // the scan: judged time per height for every message count
    SweepPlan scanPlan = SweepPlanTest.plan(SweepPlanTest.TINY, SweepPlanTest.vary(
        "workload.msgs_per_block=" + String.join(",",
            java.util.stream.IntStream.rangeClosed(1, max).mapToObj(Integer::toString)
                .toList())).withSearch(false));
    List<List<HeightRecord>> heights = new ArrayList<>();
    for (SweepPlan.Point p : scanPlan.points()) {
      heights.add(shared.run(p.scenario()).heights());
    }
    // budgets between the slowest heights of 4 and 5, and of 9 and 10 messages
    double b1 = (worst(heights.get(3)) + worst(heights.get(4))) / 2;
    double b2 = (worst(heights.get(8)) + worst(heights.get(9))) / 2;
    List<Long> budgets = List.of(Math.round(b1 * 1e6), Math.round(b2 * 1e6));
    int[] brute = new int[2];
    for (int m = 1; m <= max; m++) {
      List<Verdict> v = Verdicts.judge(heights.get(m - 1), budgets, dev.tdsim.pipeline.Schedule.BEFORE_NEXT);
      for (int b = 0; b < 2; b++) {
        if (v.get(b).fits()) {
          brute[b] = m;
        }
      }
    }
    assertEquals(4, brute[0]);
    assertEquals(9, brute[1]);
    SweepPlan plan = SweepPlanTest.plan(SweepPlanTest.TINY,
        SweepPlanTest.vary("workload.msgs_per_block=1," + max).withTolerance(0),
        "budgets=[" + budgets.get(0) + " ns, " + budgets.get(1) + " ns]");
    Sweep.Outcome o = sweep(plan, dir, shared);
    NumericGroup g = o.sensitivity().msgs().groups().get(0);
    for (int b = 0; b < 2; b++) {
      BudgetFit f = g.budgets().get(b);
      assertEquals(Bound.EXACT, f.bound());
      assertEquals(brute[b], Math.round(f.value()), "budget " + b);
      assertTrue(f.probes() > 0 && f.probes() <= SweepSpec.DEFAULT_MAX_PROBES);
    }
    assertNotNull(g.slopeMsPerUnit());
    assertTrue(g.slopeMsPerUnit() > 0, "more messages cost more");
    assertTrue(g.elasticity() > 0 && g.elasticity() < 1, String.valueOf(g.elasticity()));
    JsonNode json = new ObjectMapper().readTree(dir.resolve("sensitivity.json").toFile());
    JsonNode budget0 = json.get("msgs_per_block").get("groups").get(0).get("budgets").get(0);
    assertEquals(brute[0], budget0.get("max_msgs_fitting").asInt());
    assertTrue(json.get("msgs_per_block").get("groups").get(0).has("cost_per_extra_msg_ms"));
    assertTrue(Files.isDirectory(dir.resolve("probes")));
    // a rerun reuses grid points and probes alike
    Counting again = new Counting();
    Sweep.Outcome o2 = sweep(plan, dir, again);
    assertEquals(0, again.runs.get());
    assertEquals(brute[1], Math.round(o2.sensitivity().msgs().groups().get(0).budgets().get(1)
        .value()));
    // a cap of 1 probe says so
    SweepPlan capped = SweepPlanTest.plan(SweepPlanTest.TINY,
        SweepPlanTest.vary("workload.msgs_per_block=1," + max).withMaxProbes(1),
        "budgets=[" + budgets.get(0) + " ns, " + budgets.get(1) + " ns]");
    Sweep.Outcome o3 = sweep(capped, dir.resolve("capped"), shared);
    BudgetFit f = o3.sensitivity().msgs().groups().get(0).budgets().get(0);
    assertEquals(Bound.PROBE_CAP, f.bound());
    assertEquals(1, f.probes());
    assertFalse(f.note().isEmpty());
    assertTrue(real.get() <= max, "each message count ran once: " + real.get());
  }

  /**
   * A sweep stopped from outside (Ctrl-C, a lost engine): not a point's own failure, which the
   * sweep records and goes on from, but an Error the engine does not catch.
   */
  static final class Stopped extends Error {
    private static final long serialVersionUID = 1L;

    Stopped(String message) {
      super(message);
    }
  }

  /** Runs each message count once, handing the same heights to every point of that count. */
  static final class ByMsgs implements Sweep.Runner {
    final Map<Integer, ScenarioRunner.Result> byMsgs = new ConcurrentHashMap<>();
    final AtomicInteger calls = new AtomicInteger();
    /** Throws after this many calls (a sweep stopped by Ctrl-C), or never when negative. */
    volatile int stopAfter = -1;

    @Override
    public ScenarioRunner.Result run(Scenario s) throws IOException {
      if (stopAfter >= 0 && calls.get() >= stopAfter) {
        throw new Stopped("stopped by the test");
      }
      calls.incrementAndGet();
      ScenarioRunner.Result r = byMsgs.computeIfAbsent(s.workload().msgsPerBlock(), m -> {
        try {
          return new ScenarioRunner(line -> { }).run(s);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      return new ScenarioRunner.Result(s, r.heights(), r.realCryptoHeights(), r.events(),
          r.messages(), r.realCryptoCalls(), r.mismatches(), r.setupNanos(),
          r.simulateNanos(), r.simulateCpuNanos(), r.timing(), r.consensus(), r.nodeCosts(),
          r.timeoutCommitNanos(), r.notes(), r.costCheck());
    }
  }

  private static Sweep.Outcome sweep(SweepPlan plan, Path out, Sweep.Runner runner,
      List<String> log) throws IOException {
    return new Sweep(plan, out, new Sweep.Settings(1, "test"), runner,
        new PrintWriter(new StringWriter()), log::add).run();
  }

  /**
   * A sweep stopped during its search leaves a readable report.html and sensitivity.json; the
   * rerun reuses every stored probe, runs only the rest and ends with the same files as a sweep
   * that was never stopped; a rerun with the search off reads the stored probes and finds the
   * same answer without running anything.
   */
  @Test
  void probesSurviveAnInterruptionAndAreReusedWithAndWithoutSearch(@TempDir Path dir)
      throws Exception {
    ByMsgs shared = new ByMsgs();
    int top = 20;
    SweepPlan scan = SweepPlanTest.plan(SweepPlanTest.TINY,
        SweepPlanTest.vary("workload.msgs_per_block=1," + top).withSearch(false));
    double low = worst(shared.run(scan.points().get(0).scenario()).heights());
    double high = worst(shared.run(scan.points().get(1).scenario()).heights());
    String budget = "budgets=[" + Math.round((low + high) / 2 * 1e6) + " ns]";
    SweepSpec spec = SweepPlanTest.vary("workload.msgs_per_block=1," + top).withTolerance(0);
    SweepPlan plan = SweepPlanTest.plan(SweepPlanTest.TINY, spec, budget);

    // the sweep never stopped, for reference
    ByMsgs fresh = new ByMsgs();
    fresh.byMsgs.putAll(shared.byMsgs);
    List<String> freshLog = new ArrayList<>();
    Sweep.Outcome whole = sweep(plan, dir.resolve("whole"), fresh, freshLog);
    int probeRuns = whole.sensitivity().probeRuns();
    assertTrue(probeRuns >= 3, "the search needs a few probes: " + probeRuns);
    assertEquals(2 + probeRuns, fresh.calls.get());
    // the plan is printed before anything runs: grid points, the probe bound, an estimate
    assertTrue(freshLog.get(0).startsWith("plan: 2 grid points (2 x 1 replicate), 0 done"
        + " earlier, 2 to run, 1 at a time; then the search: at most 12 probe runs"),
        freshLog.get(0));
    // TINY (two heights, model timing) samples the real crypto at one of them, and says so
    assertTrue(freshLog.get(1).startsWith("sampling: grid points and probes run the real crypto"
        + " at 1 sampled height"), freshLog.get(1));
    assertTrue(freshLog.get(2).startsWith("estimate (cost model of the real crypto calls"),
        freshLog.get(2));
    String probeLine = freshLog.stream().filter(l -> l.startsWith("probe ")).findFirst()
        .orElseThrow();
    assertTrue(probeLine.matches(".*: [0-2] of 2 heights fit \\(needs 2\\) (yes|no)$"),
        probeLine);

    // stopped after the grid and 2 probes
    Path out = dir.resolve("stopped");
    ByMsgs stopped = new ByMsgs();
    stopped.byMsgs.putAll(shared.byMsgs);
    stopped.stopAfter = 4;
    assertThrows(Stopped.class, () -> sweep(plan, out, stopped, new ArrayList<>()));
    assertEquals(4, stopped.calls.get());
    try (Stream<Path> probes = Files.list(out.resolve(Sweep.PROBES))) {
      assertEquals(2, probes.count());
    }
    JsonNode partial = new ObjectMapper().readTree(out.resolve("sensitivity.json").toFile());
    assertTrue(partial.get("notes").get(0).asText().contains("while the search was running"),
        partial.toString());
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("in progress: grid done, the search is running"), html);
    assertFalse(Files.exists(out.resolve("report.html.tmp")));

    // the rerun runs only the probes missing, and ends where the unstopped sweep ended
    ByMsgs rerun = new ByMsgs();
    rerun.byMsgs.putAll(shared.byMsgs);
    Sweep.Outcome resumed = sweep(plan, out, rerun, new ArrayList<>());
    assertEquals(probeRuns - 2, rerun.calls.get());
    assertEquals(2 + 2, resumed.reused());
    assertEquals(Files.readString(dir.resolve("whole").resolve("sensitivity.json")),
        Files.readString(out.resolve("sensitivity.json")));
    assertEquals(Files.readString(dir.resolve("whole").resolve("sweep.csv")),
        Files.readString(out.resolve("sweep.csv")));

    // --no-search reads the stored probes back: nothing runs, the answer is the same
    SweepPlan noSearch = SweepPlanTest.plan(SweepPlanTest.TINY, spec.withSearch(false), budget);
    ByMsgs none = new ByMsgs();
    Sweep.Outcome off = sweep(noSearch, out, none, new ArrayList<>());
    assertEquals(0, none.calls.get());
    assertEquals(2 + probeRuns, off.reused(), "the grid and every stored probe read back");
    BudgetFit searched = whole.sensitivity().msgs().groups().get(0).budgets().get(0);
    BudgetFit read = off.sensitivity().msgs().groups().get(0).budgets().get(0);
    assertEquals(Bound.EXACT, searched.bound());
    assertEquals(searched.value(), read.value());
    assertEquals(Bound.EXACT, read.bound());
    assertEquals(probeRuns, off.sensitivity().probeRuns());
    // ... and without stored probes it reads the grid only, as before
    Sweep.Outcome gridOnly = sweep(noSearch, dir.resolve("grid-only"), none, new ArrayList<>());
    BudgetFit fromGrid = gridOnly.sensitivity().msgs().groups().get(0).budgets()
        .get(0);
    assertEquals(Bound.NO_SEARCH, fromGrid.bound());
    assertEquals(1.0, fromGrid.value());

    // the headline: the answer and its bottleneck, in the JSON and at the top of the report
    JsonNode head = new ObjectMapper().readTree(out.resolve("sensitivity.json").toFile())
        .get("headline");
    assertEquals("workload.msgs_per_block", head.get("parameter").asText());
    JsonNode b0 = head.get("designs").get(0).get("budgets").get(0);
    assertEquals(Math.round(searched.value()), b0.get("max_msgs_fitting").asLong());
    assertTrue(dev.tdsim.report.PhaseColours.phases().contains(
        b0.get("bottleneck").get("phase").asText()), b0.toString());
    String done = Files.readString(out.resolve("report.html"));
    assertFalse(done.contains("in progress"));
    assertTrue(done.indexOf("<h2>Answer</h2>") < done.indexOf("<h2>Decryption latency"), done);
    assertTrue(done.contains(Math.round(searched.value()) + " msgs"), done);
    assertTrue(done.contains("<details><summary>"), done);
    // the summary chart after the answer, then one latency chart per design: all legible
    assertTrue(done.indexOf("<h2>Answer</h2>") < done.indexOf("<h2>Largest block that fits"),
        done);
    ReadableChartsTest.assertLegibleCharts(done, 1 + LatencyPanels.of(off.sensitivity())
        .size());
    assertTrue(done.indexOf("<details>") < done.indexOf("<th>share_of_heights_fitting</th>"),
        "the sweep.csv table is inside the collapsed element");
    assertEquals(done.split("<table", -1).length, done.split("<div class=\"wide\"><table", -1)
        .length, "every table scrolls inside the page");
  }

  /** Measured timing: the plan warns that the search runs measured crypto before it starts. */
  @Test
  void theSearchWithMeasuredCryptoIsAnnouncedBeforeAnythingRuns(@TempDir Path dir) {
    SweepPlan plan = SweepPlanTest.plan(SweepPlanTest.TINY,
        SweepPlanTest.vary("workload.msgs_per_block=1,4", "crypto.variant=fast,folded"),
        "crypto.timing=measured", "budgets=[100 ms, 1 s]");
    List<String> log = new ArrayList<>();
    Sweep.Runner refuse = s -> {
      throw new Stopped("nothing should run in this test");
    };
    assertThrows(Stopped.class, () -> sweep(plan, dir, refuse, log));
    assertTrue(log.get(0).contains("then the search: at most 48 probe runs"), log.get(0));
    assertTrue(log.stream().anyMatch(l -> l.startsWith("warning: the search runs measured"
        + " crypto")), log.toString());
  }

  /** A sweep of a category only: the headline says per point which budgets fit. */
  @Test
  void withNothingNumericTheHeadlineListsEachPointsFits(@TempDir Path dir) throws Exception {
    SweepPlan plan = SweepPlanTest.plan(SweepPlanTest.TINY,
        SweepPlanTest.vary("crypto.variant=fast,folded"), "budgets=[1 ms, 10 s]");
    Sweep.Outcome o = sweep(plan, dir, new Counting());
    assertEquals(2, o.sensitivity().points().size());
    JsonNode head = new ObjectMapper().readTree(dir.resolve("sensitivity.json").toFile())
        .get("headline");
    assertTrue(head.get("parameter").isNull());
    JsonNode first = head.get("points").get(0);
    assertEquals("fast", first.get("point").get("crypto.variant").asText());
    assertFalse(first.get("fits").get("1ms").asBoolean(), first.toString());
    assertTrue(first.get("fits").get("10s").asBoolean(), first.toString());
    assertTrue(dev.tdsim.report.PhaseColours.phases().contains(
        first.get("bottleneck").get("phase").asText()), first.toString());
    String html = Files.readString(dir.resolve("report.html"));
    assertTrue(html.contains("<h2>Answer</h2>") && html.contains("<th>bottleneck</th>"), html);
    // the latencies per point: one chart, its budgets (1 ms .. 10 s) on a log axis, legible
    assertTrue(html.contains("aria-label=\"p95 latency per point\""), html);
    ReadableChartsTest.assertLegibleCharts(html, 1);
    assertEquals(dev.tdsim.chart.ChartLayout.Scale.LOG,
        ReadableChartsTest.chartsIn(html).get(0).y().scale());
  }

  @Test
  void theHeadlineSaysWhatEachBoundMeans() {
    Map<String, String> d = Map.of("crypto.variant", "fast");
    assertEquals("137 msgs", new HeadlineRow(d, 500, 137.0, "137", Bound.EXACT, 138.0,
        null).valueText(true));
    assertEquals("none fits (not even 1 msg)", new HeadlineRow(d, 500, 0.0, "0",
        Bound.NONE_FITS, 1.0, null).valueText(true));
    assertEquals("< 10 (below grid)", new HeadlineRow(d, 500, null, null,
        Bound.BELOW_GRID, 10.0, null).valueText(true));
    assertEquals("1000 msgs (beyond grid)", new HeadlineRow(d, 500, 1000.0, "1000",
        Bound.BEYOND_GRID, null, null).valueText(true));
    assertEquals("100 msgs (probe cap)", new HeadlineRow(d, 500, 100.0, "100",
        Bound.PROBE_CAP, 120.0, null).valueText(true));
    // nothing fits: consensus alone misses 250 ms, while at 500 ms decryption is what tips it
    Bottleneck atOne = new Bottleneck("consensus", 445, 0.73, "1",
        Map.of("consensus", 445.0, "combine", 120.0), null);
    assertEquals("none fits: consensus alone takes 445 ms (mean, at 1 msg)", new HeadlineRow(d,
        250, 0.0, "0", Bound.NONE_FITS, 1.0, atOne).valueText(true));
    assertEquals("none fits (not even 1 msg)", new HeadlineRow(d, 500, 0.0, "0",
        Bound.NONE_FITS, 1.0, atOne).valueText(true));
  }

  @Test
  void theHeadlineSaysWhatDecryptionAddsWhereItIsKnown() {
    Map<String, String> d = Map.of("consensus.protocol", "jolteon");
    assertEquals("137 msgs, adds 173 ms p95 to execution<br><small>bottleneck combine 77% (at"
        + " 137)</small>", SweepReport.headlineCellHtml(new HeadlineRow(d, 500, 137.0, "137",
        Bound.EXACT, 138.0, new Bottleneck("combine", 100, 0.77, "137"), 173.3), true)
        .replaceAll("^<td><span class=\"yes\">|</span>|</td>$", ""));
    assertEquals("", new HeadlineRow(d, 500, 137.0, "137", Bound.EXACT, 138.0, null, null)
        .addedText(), "a point written before tdsim reported it");
    assertEquals("", new HeadlineRow(d, 500, 137.0, "137", Bound.EXACT, 138.0, null,
        Double.NaN).addedText());
  }

  /** In report.html an answer is green when a value fits, red when none does. */
  @Test
  void theHeadlineCellsAreGreenWhenSomethingFitsAndRedWhenNothingDoes() {
    Map<String, String> d = Map.of("crypto.variant", "fast");
    assertEquals("<td><span class=\"yes\">137 msgs</span><br><small>bottleneck combine 77% (at"
        + " 137)</small></td>", SweepReport.headlineCellHtml(new HeadlineRow(d, 500,
        137.0, "137", Bound.EXACT, 138.0, new Bottleneck("combine", 100, 0.77, "137")), true));
    assertTrue(SweepReport.headlineCellHtml(new HeadlineRow(d, 500, 0.0, "0",
        Bound.NONE_FITS, 1.0, null), true).startsWith("<td><span class=\"no\">none fits"));
    assertTrue(SweepReport.headlineCellHtml(new HeadlineRow(d, 500, null, null,
        Bound.BELOW_GRID, 10.0, null), true).startsWith("<td><span class=\"no\">&lt; 10"));
  }

  @Test
  void countsSpanningTwoDecadesGetALogAxis() {
    assertTrue(LatencyChart.logScale(List.of(10.0, 100.0, 1000.0)));
    assertTrue(LatencyChart.logScale(List.of(1.0, 100.0)));
    assertFalse(LatencyChart.logScale(List.of(1.0, 99.0)));
    assertFalse(LatencyChart.logScale(List.of(0.0, 1000.0)), "zero cannot be on a log axis");
    assertFalse(LatencyChart.logScale(List.of()));
  }

  private static double worst(List<HeightRecord> heights) {
    return heights.stream().mapToLong(dev.tdsim.pipeline.Schedule.BEFORE_NEXT::judgedNanos).max().orElseThrow() / 1e6;
  }

  static void deleteTree(Path p) throws IOException {
    try (Stream<Path> s = Files.walk(p)) {
      for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(q);
      }
    }
  }
}
