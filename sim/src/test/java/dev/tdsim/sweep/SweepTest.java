package dev.tdsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.report.Verdict;
import dev.tdsim.report.Verdicts;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
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

  @Test
  void sweepCsvHasAColumnPerPathAndIntervalsWithReplicates(@TempDir Path dir) throws Exception {
    SweepPlan plan = SweepPlanTest.plan(SweepPlanTest.TINY,
        SweepPlanTest.vary("workload.msgs_per_block=1,3", "crypto.variant=fast,folded")
            .withReplicates(2).withSearch(false), "budgets=[30 ms, 1 s]");
    Sweep.Outcome o = sweep(plan, dir, new Counting());
    assertEquals(8, o.executed());
    List<String> lines = Files.readAllLines(dir.resolve("sweep.csv"));
    assertEquals(List.of("point", "workload.msgs_per_block", "crypto.variant", "replicates",
        "block_time_ms", "fits", "replicates_fitting", "share_of_heights_fitting", "p50_ms",
        "p95_ms", "p99_ms", "judged_p95_ms", "p50_ms_ci_low", "p50_ms_ci_high", "p95_ms_ci_low",
        "p95_ms_ci_high", "p99_ms_ci_low", "p99_ms_ci_high", "judged_p95_ms_ci_low",
        "judged_p95_ms_ci_high"), List.of(lines.get(0).split(",")));
    assertEquals(1 + 4 * 2, lines.size(), "4 cells x 2 budgets");
    String[] row = lines.get(2).split(",", -1);
    assertEquals("msgs_per_block-1__variant-fast", row[0]);
    assertEquals("1", row[1]);
    assertEquals("fast", row[2]);
    assertEquals("2", row[3]);
    assertEquals("1000.000", row[4]);
    double p95 = Double.parseDouble(row[9]);
    double low = Double.parseDouble(row[14]);
    double high = Double.parseDouble(row[15]);
    assertTrue(low <= p95 && p95 <= high, lines.get(2));
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
        SweepPlanTest.vary("workload.msgs_per_block=1," + max),
        "budgets=[" + budgets.get(0) + " ns, " + budgets.get(1) + " ns]");
    Sweep.Outcome o = sweep(plan, dir, shared);
    Sensitivity.NumericGroup g = o.sensitivity().msgs().groups().get(0);
    for (int b = 0; b < 2; b++) {
      Sensitivity.BudgetFit f = g.budgets().get(b);
      assertEquals("exact", f.bound());
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
    Sensitivity.BudgetFit f = o3.sensitivity().msgs().groups().get(0).budgets().get(0);
    assertEquals("probe_cap", f.bound());
    assertEquals(1, f.probes());
    assertFalse(f.note().isEmpty());
    assertTrue(real.get() <= max, "each message count ran once: " + real.get());
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
