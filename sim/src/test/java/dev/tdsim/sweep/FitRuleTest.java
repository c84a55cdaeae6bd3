package dev.tdsim.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.report.ChainTiming;
import dev.tdsim.report.CriticalPath;
import dev.tdsim.report.MempoolReport;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fit rule of a sweep: a run fits a budget when its verdict fits and, when it simulated a
 * mempool, the chain kept up with its clients. Before: a run whose mempool refused transactions
 * still fitted every budget its heights fitted, so a sweep over workload.rate never found a
 * ceiling.
 */
class FitRuleTest {
  private static final List<Double> BUDGETS = List.of(500.0, 1000.0);

  /** Ten heights; the 500 ms budget misses (9 of 10), 1 s fits (10 of 10). */
  private static PointResult run(String id, MempoolReport mempool) {
    List<Verdict> verdicts = List.of(new Verdict(500, false, 100, 450, 520, 510, 0.9),
        new Verdict(1000, true, 100, 450, 520, 510, 1.0));
    RunSummary s = new RunSummary("x", 1, "h", "test", Map.of(), "fast", "model", "before-next",
        "exact", List.of(), Map.of("heights", 10L), Map.of(), verdicts,
        new CriticalPath(300, 10, 20, 150, 13), new ChainTiming(0, 0, 0, 0, 0, 1000, 1400, 0),
        List.of());
    return new PointResult(id, "cell", 0, mempool == null ? s : s.withMempool(mempool),
        new double[10], false);
  }

  private static MempoolReport mempool(boolean sustained, String why) {
    MempoolReport.Percentiles p = new MempoolReport.Percentiles(90, 800.0, 1400.0, 1500.0,
        1600.0);
    return new MempoolReport(100, 0, sustained ? 0 : 10, 0, 90, 0, 0, p, p, p, 50, 80, 0.01,
        0.02, 1e6, 1.5, 0, sustained, why);
  }

  @Test
  void aRunWithoutAMempoolFitsAsItsVerdictSays() {
    CellStats s = CellStats.of(List.of(run("a", null)));
    assertArrayEquals(new boolean[] {false, true}, s.fits());
    assertEquals("500ms: 9 of 10 heights fit (needs 10) no, 1s: 10 of 10 heights fit (needs 10)"
        + " yes", FitRule.describe(List.of(run("a", null)), BUDGETS));
  }

  @Test
  void aSustainedMempoolChangesNothing() {
    List<PointResult> runs = List.of(run("a", mempool(true, null)));
    assertArrayEquals(new boolean[] {false, true}, CellStats.of(runs).fits());
    assertEquals(FitRule.describe(List.of(run("a", null)), BUDGETS),
        FitRule.describe(runs, BUDGETS));
  }

  @Test
  void aRunThatDidNotKeepUpFitsNoBudgetAndSaysWhy() {
    List<PointResult> runs =
        List.of(run("a", mempool(false, "10 transactions refused by full mempools")));
    CellStats s = CellStats.of(runs);
    assertArrayEquals(new boolean[] {false, false}, s.fits());
    assertEquals(0, s.budgets().get(1).replicatesFitting());
    assertEquals(1.0, s.budgets().get(1).shareOfHeightsFitting(), 1e-12,
        "the heights still fit: only the load was not sustained");
    assertEquals("not sustained (10 transactions refused by full mempools): no budget fits;"
        + " 500ms: 9 of 10 heights fit (needs 10) no, 1s: 10 of 10 heights fit (needs 10) no",
        FitRule.describe(runs, BUDGETS));
  }

  @Test
  void oneReplicateNotSustainedMakesTheValueMiss() {
    List<PointResult> runs = List.of(run("a", mempool(true, null)),
        run("b", mempool(false, "40 transactions still waiting at the end (9 per block)")));
    CellStats s = CellStats.of(runs);
    assertFalse(s.fits()[1]);
    assertEquals(1, s.budgets().get(1).replicatesFitting());
    String line = FitRule.describe(runs, BUDGETS);
    assertTrue(line.startsWith("1 of 2 replicates not sustained (40 transactions still waiting"
        + " at the end (9 per block)): no budget fits; "), line);
    assertTrue(line.endsWith("1s: 1 of 2 replicates fit (heights fitting 10/10 10/10; each"
        + " needs 10) no"), line);
  }

  @Test
  void whyAValueMissesNamesTheMempoolOrTheBudget() {
    PointResult refused = run("a", mempool(false, "10 transactions refused by full mempools"));
    assertEquals("not sustained: 10 transactions refused by full mempools",
        FitRule.whyMissed(List.of(refused), 1));
    PointResult kept = run("b", mempool(true, null));
    assertEquals("over budget: 9 of 10 heights fit (needs 10)",
        FitRule.whyMissed(List.of(kept), 0));
    assertEquals(null, FitRule.whyMissed(List.of(kept), 1), "it fits");
    assertEquals(null, FitRule.whyMissed(List.of(run("c", null)), 0),
        "without a mempool the probe lines say why (outputs as before)");
  }

  /**
   * A signing committee whose signature comes after decryption is a phase of the bottleneck,
   * named when it is the largest; a sweep without one has no such phase.
   */
  @Test
  void aLateCommitteeSignatureIsABottleneckPhase() {
    PointResult plain = run("a", null);
    assertEquals("consensus", FitRule.bottleneck(List.of(plain), "a").phase());
    assertEquals(5, FitRule.bottleneck(List.of(plain), "a").pathMs().size());
    MempoolReport.Percentiles p = new MempoolReport.Percentiles(10, 900.0, 950.0, 950.0, 960.0);
    dev.tdsim.report.SigningReport late = new dev.tdsim.report.SigningReport("cggmp21-ecdsa", 3,
        5, "commit", p, 10, 10, 700);
    PointResult signed = new PointResult("b", "cell", 0, plain.summary().withSigning(late),
        new double[10], false);
    SensitivityReport.Bottleneck b = FitRule.bottleneck(List.of(signed), "b");
    assertEquals(dev.tdsim.report.SigningReport.PHASE, b.phase());
    assertEquals(700, b.pathMs().get(dev.tdsim.report.SigningReport.PHASE), 1e-9);
  }

  /** Zipped paths change together: the answer lists the points, not one parameter's value. */
  @Test
  void aZippedSweepAnswersPerPoint() {
    SensitivityReport.NumericParam size = new SensitivityReport.NumericParam(
        "workload.msg_size", ParamKind.SIZE, "B", false, List.of(), false);
    SensitivityReport zipped = new SensitivityReport(Map.of(), null, 1, BUDGETS, null,
        List.of(size), List.of(), List.of(), 0, 1, List.of(SensitivityReport.ZIPPED + " ..."),
        List.of());
    assertEquals(null, zipped.headlineParam());
    SensitivityReport cartesian = new SensitivityReport(Map.of(), null, 1, BUDGETS, null,
        List.of(size), List.of(), List.of(), 0, 1, List.of(), List.of());
    assertEquals(size, cartesian.headlineParam());
  }

  /**
   * The message count zipped with another path is one of the points' coordinates, not the
   * largest block fitting; searched at every point without being varied it still answers.
   */
  @Test
  void aZippedMessageCountAnswersPerPointUnlessItIsSearchedAtEveryPoint() {
    SensitivityReport.NumericParam varied = new SensitivityReport.NumericParam(
        SweepPlan.MSGS, ParamKind.INTEGER, "", false, List.of(), false);
    List<String> zipNote = List.of(SensitivityReport.ZIPPED + " ...");
    SensitivityReport zipped = new SensitivityReport(Map.of(), null, 1, BUDGETS, varied,
        List.of(), List.of(), List.of(), 0, 1, zipNote, List.of());
    assertEquals(null, zipped.headlineParam());
    assertEquals(List.of(), zipped.headline());
    SensitivityReport.NumericParam searched = new SensitivityReport.NumericParam(
        SweepPlan.MSGS, ParamKind.INTEGER, "", true, List.of(), false);
    SensitivityReport perPoint = new SensitivityReport(Map.of(), null, 1, BUDGETS, searched,
        List.of(), List.of(), List.of(), 0, 1, zipNote, List.of());
    assertEquals(searched, perPoint.headlineParam());
    SensitivityReport cartesian = new SensitivityReport(Map.of(), null, 1, BUDGETS, varied,
        List.of(), List.of(), List.of(), 0, 1, List.of(), List.of());
    assertEquals(varied, cartesian.headlineParam());
  }
}
