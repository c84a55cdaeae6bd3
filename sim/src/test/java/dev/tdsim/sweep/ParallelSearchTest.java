package dev.tdsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.pipeline.Schedule;
import dev.tdsim.report.Verdicts;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import dev.tdsim.sweep.SensitivityReport.Bound;
import dev.tdsim.sweep.SensitivityReport.BudgetFit;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The search with several probes at once, end to end on a small real scenario: the same values
 * fitting for every width (width > 1 places its probes by interpolating the judged p95); grid
 * points and probes under model timing run the real crypto at one sampled height, which changes
 * no latency and no verdict.
 */
class ParallelSearchTest {
  /** TINY with three heights, so that a probe samples one of them. */
  private static final String SMALL = SweepPlanTest.TINY.replace("heights: 2", "heights: 3");

  private static Scenario scenario(String... sets) {
    return ScenarioLoader.parse(SMALL, "small.yaml", List.of(sets));
  }

  private static double worstMs(List<HeightRecord> heights) {
    return heights.stream().mapToLong(Schedule.BEFORE_NEXT::judgedNanos).max().orElseThrow()
        / 1e6;
  }

  /**
   * The claim the sampled probes rest on: with model timing, a run with the real crypto at one
   * height has the same heights (latencies, phases, counts) and verdicts as at every height.
   */
  @Test
  void underModelTimingSampledHeightsChangeNoLatencyAndNoVerdict() throws Exception {
    List<Long> budgets = List.of(20_000_000L, 40_000_000L, 80_000_000L, 160_000_000L);
    for (String msgs : List.of("1", "8", "40")) {
      ScenarioRunner.Result all = new ScenarioRunner(l -> { }).run(
          scenario("workload.msgs_per_block=" + msgs));
      ScenarioRunner.Result one = new ScenarioRunner(l -> { }).run(
          scenario("workload.msgs_per_block=" + msgs, SweepPlan.SAMPLE_ONE_HEIGHT));
      assertEquals(3, all.realCryptoHeights().size());
      assertEquals(1, one.realCryptoHeights().size());
      assertEquals(all.heights().size(), one.heights().size());
      for (int h = 0; h < all.heights().size(); h++) {
        HeightRecord a = all.heights().get(h);
        HeightRecord b = one.heights().get(h);
        assertEquals(a.decryptionLatencyNanos(), b.decryptionLatencyNanos(), "height " + h);
        assertEquals(Schedule.BEFORE_NEXT.judgedNanos(a), Schedule.BEFORE_NEXT.judgedNanos(b));
      }
      assertEquals(String.valueOf(Verdicts.judge(all.heights(), budgets, Schedule.BEFORE_NEXT)),
          String.valueOf(Verdicts.judge(one.heights(), budgets, Schedule.BEFORE_NEXT)));
      assertEquals(0, one.mismatches());
    }
    // a probe samples under model timing only, never under measured timing
    assertTrue(SweepPlan.samplesRealCrypto(scenario()));
    assertTrue(!SweepPlan.samplesRealCrypto(scenario("crypto.timing=measured")));
    assertTrue(!SweepPlan.samplesRealCrypto(scenario("crypto.sample_heights=3")));
  }

  @Test
  void everyWidthFindsTheSameLargestBlockPerBudget(@TempDir Path dir) throws Exception {
    SweepTest.ByMsgs shared = new SweepTest.ByMsgs();
    double[] worst = new double[3];
    int[] at = {3, 12, 30};
    for (int i = 0; i < at.length; i++) {
      worst[i] = worstMs(shared.run(scenario("workload.msgs_per_block=" + at[i])).heights());
    }
    String budgets = String.format(java.util.Locale.ROOT, "budgets=[%d us, %d us, %d us]",
        Math.round(worst[0] * 1000 + 1), Math.round(worst[1] * 1000 + 1),
        Math.round(worst[2] * 1000 + 1));
    SweepPlan plan = plan(budgets);
    List<List<Long>> answers = new ArrayList<>();
    List<Integer> probeRuns = new ArrayList<>();
    for (int width = 1; width <= 3; width++) {
      Path out = dir.resolve("w" + width);
      List<String> log = new ArrayList<>();
      Sweep.Outcome o = new Sweep(plan, out, new Sweep.Settings(2, "test", width), shared,
          new PrintWriter(new StringWriter()), log::add).run();
      List<Long> values = new ArrayList<>();
      for (BudgetFit f : o.sensitivity().msgs().groups().get(0).budgets()) {
        values.add(Math.round(f.value()));
        if (f.bound() == Bound.WITHIN_TOLERANCE) {
          // the bin's value need not have run: what it says comes from the largest that did
          assertEquals(String.valueOf(Math.round(f.bracketLow())), f.bottleneck().at(),
              f.toString());
          assertTrue(f.addedP95Ms() != null, f.toString());
        }
      }
      answers.add(values);
      probeRuns.add(o.sensitivity().probeRuns());
      JsonNode json = new ObjectMapper().readTree(out.resolve(Sensitivity.FILE).toFile());
      assertTrue(json.get("notes").toString().contains("1 sampled height"), json.toString());
      assertTrue(Files.readString(out.resolve("probes").resolve(firstProbe(out))
          .resolve("scenario.yaml")).contains("sample_heights: 1"));
      assertTrue(Files.readString(out.resolve("points").resolve("msgs_per_block-8__r0")
          .resolve("scenario.yaml")).contains("sample_heights: 1"), "grid points sample too");
    }
    // --no-search with the same width reads the stored probes to the same answers, runs nothing
    SweepPlan off = SweepPlanTest.plan(SMALL, SweepPlanTest.vary(
        "workload.msgs_per_block=1,8,64").withSearch(false), budgets);
    Sweep.Outcome stored = new Sweep(off, dir.resolve("w2"), new Sweep.Settings(2, "test", 2),
        shared, new PrintWriter(new StringWriter()), l -> { }).run();
    assertEquals(0, stored.executed());
    List<Long> read = new ArrayList<>();
    for (BudgetFit f : stored.sensitivity().msgs().groups().get(0).budgets()) {
      read.add(Math.round(f.value()));
    }
    assertEquals(answers.get(1), read);
    assertEquals(answers.get(0), answers.get(1), "width 2: " + answers);
    assertEquals(answers.get(0), answers.get(2), "width 3: " + answers);
    // the default 5% tolerance answers the smallest value of the fixed bin holding each
    // boundary: at most the exact answer, within 5% of it (30 lies in [28.98, 30.43): 29)
    for (int i = 0; i < at.length; i++) {
      long answer = answers.get(0).get(i);
      assertTrue(answer <= at[i] && answer >= at[i] / 1.05, answers.toString());
    }
    assertNotEquals(probeRuns.get(0), 0);
  }

  private static SweepPlan plan(String budgets) {
    return SweepPlanTest.plan(SMALL, SweepPlanTest.vary("workload.msgs_per_block=1,8,64"),
        budgets);
  }

  private static String firstProbe(Path out) throws Exception {
    try (var s = Files.list(out.resolve("probes"))) {
      return s.map(p -> p.getFileName().toString()).sorted().findFirst().orElseThrow();
    }
  }
}
