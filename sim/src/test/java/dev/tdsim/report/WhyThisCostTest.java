package dev.tdsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.pipeline.HeightRecord;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WhyThisCostTest {
  private static final long MS = 1_000_000;

  /** A height with consensus 300 ms, the given share creation and combine, decrypt 1 ms. */
  private static HeightRecord h(int height, long createMs, long combineMs) {
    long dec = createMs + combineMs + 1;
    return new HeightRecord(height, 0, 3, 100, 2, 0, 300 * MS, 300 * MS, 300 * MS, 0, 0, 0,
        createMs * MS, 0, combineMs * MS, MS, dec * MS, 0, 0, 3, 3, true);
  }

  private static RunSummary summary(String variant, String timing, List<HeightRecord> hs) {
    return new RunSummary("x", 1, "h", "test", Map.of(), variant, timing, "before-next", "exact",
        List.of(), Map.of("heights", (long) hs.size()), Map.of("setup_s", 2.5),
        List.of(new Verdict(1000, true, 0, 0, 0, 0, 1)), Verdicts.criticalPath(hs),
        ChainTiming.of(hs, 0, dev.tdsim.consensus.BlockPace.SEQUENTIAL, "timeout_commit 0 ms"), List.of());
  }

  @Test
  void foldedShareCreationWithNewSetsIsExplained() {
    List<HeightRecord> hs = List.of(h(1, 1800, 2), h(2, 35, 2), h(3, 2000, 2));
    List<String> notes = WhyThisCost.notes(summary("folded", "measured", hs), hs);
    assertEquals(2, notes.size(), notes.toString());
    assertTrue(notes.get(0).startsWith("share creation (1278.3 ms mean, 35.0 to 2000.0 ms per"
        + " height): folded folds the signer set"), notes.get(0));
    assertTrue(notes.get(0).contains("every validator pays them on its own machine"));
    assertTrue(notes.get(1).startsWith("key tables: the folded variant's tables"));
    assertTrue(notes.get(1).contains("setup took 2.5 s"));
  }

  @Test
  void underModelTimingTheNoteSaysTheCostModelPricesTheCoefficients() {
    List<HeightRecord> hs = List.of(h(1, 200, 2), h(2, 210, 2));
    List<String> notes = WhyThisCost.notes(summary("folded", "model", hs), hs);
    assertTrue(notes.get(0).contains("SIGNER_COEFFICIENTS"), notes.get(0));
  }

  @Test
  void aVariantThatDoesNotFoldGetsNoShareCreationNoteButItsCombineOne() {
    List<HeightRecord> hs = List.of(h(1, 1800, 400), h(2, 35, 30));
    List<String> notes = WhyThisCost.notes(summary("fast", "measured", hs), hs);
    assertEquals(2, notes.size(), notes.toString());
    assertTrue(notes.get(0).startsWith("combine (215.0 ms mean"), notes.get(0));
    assertTrue(notes.get(0).contains("prepare_combine"));
  }

  @Test
  void smallSteadyPhasesAreNotExplained() {
    List<HeightRecord> hs = List.of(h(1, 1, 1), h(2, 1, 1));
    assertEquals(1, WhyThisCost.notes(summary("folded", "measured", hs), hs).size());
  }

  @Test
  void theConsoleHasOneShortWhyLinePerNoteRightAfterTheCriticalPath() {
    List<HeightRecord> hs = List.of(h(1, 1800, 2), h(2, 35, 2), h(3, 2000, 2));
    RunSummary s = summary("folded", "measured", hs);
    List<String> lines = Summaries.table(s, hs).lines().toList();
    List<String> why = lines.stream().filter(l -> l.startsWith("why: ")).toList();
    assertEquals(WhyThisCost.notes(s, hs).size(), why.size(), lines.toString());
    assertEquals(List.of("why: share creation 1278.3 ms mean (35.0 to 2000.0 ms per height):"
        + " folded shares need the signer set's Lagrange coefficients, computed once per new"
        + " signer set by each validator",
        "why: key tables: built once at setup (2.5 s), in no height's time"), why);
    int path = lines.indexOf(lines.stream().filter(l -> l.startsWith("critical path"))
        .findFirst().orElseThrow());
    assertEquals(path + 1, lines.indexOf(why.get(0)), lines.toString());
    for (String w : why) {
      assertTrue(w.length() <= 200, "a console line of " + w.length() + " chars: " + w);
    }
    assertTrue(Summaries.table(s).lines().noneMatch(l -> l.startsWith("why: ")),
        "no heights, no notes");
  }

  @Test
  void theBriefsFollowTheNotesUnderModelTimingAndForCombine() {
    List<HeightRecord> model = List.of(h(1, 200, 2), h(2, 210, 2));
    assertTrue(WhyThisCost.briefs(summary("folded", "model", model), model).get(0)
        .endsWith("by each validator"));
    List<HeightRecord> hs = List.of(h(1, 1800, 400), h(2, 35, 30));
    List<String> briefs = WhyThisCost.briefs(summary("fast", "measured", hs), hs);
    assertEquals(List.of("combine 215.0 ms mean (30.0 to 400.0 ms per height): prepare_combine"
        + " runs once per signer set on each combiner, cached afterwards",
        "key tables: built once at setup (2.5 s), in no height's time"), briefs);
  }
}
