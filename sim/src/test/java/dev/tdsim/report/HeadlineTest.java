package dev.tdsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdsim.pipeline.Schedule;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeadlineTest {
  /** consensus 300, share creation 10, gossip 20, combine 1540, decrypt 130 = dec 1700. */
  private static final CriticalPath PATH = new CriticalPath(300, 10, 20, 1540, 130);

  private static Verdict v(double budgetMs, boolean fits, double share) {
    return new Verdict(budgetMs, fits, 1, 2, 3, 4, share);
  }

  @Test
  void nothingFitsNamesTheBudgetWithTheLargestShareAndTheBottleneck() {
    Headline h = Headline.of(List.of(v(500, false, 0), v(1000, false, 0.02), v(2000, false, 0.1)),
        PATH, 0, Schedule.BEFORE_NEXT, true, false, null);
    // judged = 300 + 1700 + 0 execution; combine 1540 / 2000 = 77%
    assertEquals("answer: nothing fits; closest 2 s (10% of heights, judged p95 4 ms);"
        + " bottleneck: combine, 77% of the judged time", h.text());
    assertEquals(2000.0, h.closestBudgetMs());
    assertEquals(0.1, h.closestShare(), 1e-12);
    assertEquals("combine", h.bottleneckPhase());
    assertEquals(0.77, h.bottleneckShare(), 1e-12);
    assertEquals(Map.of("500", false, "1000", false, "2000", false), h.fits());
  }

  @Test
  void streamedSaysWhetherDecryptionKeepsPaceAndWhatItAdds() {
    Verdict behind = new Verdict(500, false, 1, 2, 3, 4, 1.0, false, 1.4, 1500.0, 1900.0, 7);
    Verdict keeps = new Verdict(2000, true, 1, 2, 3, 4, 1.0, true, 0.7, 1700.0, 1710.0, 1);
    Headline h = Headline.of(List.of(behind, keeps), PATH, 0, Schedule.STREAMED, true, false,
        null);
    // the judged time is the chain's own: the largest part is among decryption and execution
    // (combine 1540 of 1700 ms)
    assertEquals("answer: fits 2 s; not 500 ms; closest 2 s (100% of heights); decryption keeps"
        + " pace at 2 s and adds 1710 ms p95 to execution; largest part: combine, 91% of"
        + " decryption and execution", h.text());
    assertEquals("combine", h.bottleneckPhase());
    Headline none = Headline.of(List.of(behind), PATH, 0, Schedule.STREAMED, true, false, null);
    assertTrue(none.text().contains("decryption falls behind at 500 ms and adds 1900 ms p95"),
        none.text());
  }

  @Test
  void whenNoHeightFitsAnyBudgetTheLargestIsTheClosest() {
    Headline h = Headline.of(List.of(v(100, false, 0), v(2000, false, 0), v(500, false, 0)),
        PATH, 0, Schedule.BEFORE_NEXT, true, false, null);
    assertEquals(2000.0, h.closestBudgetMs());
    assertTrue(h.text().startsWith("answer: nothing fits; closest 2 s (0% of heights, judged p95"
        + " 4 ms)"), h.text());
  }

  @Test
  void someFitTheClosestIsTheSmallestThatFits() {
    Headline h = Headline.of(List.of(v(500, false, 0.4), v(5000, true, 1), v(2500, true, 0.96)),
        PATH, 500, Schedule.BEFORE_NEXT, true, false, null);
    assertTrue(h.text().startsWith("answer: fits 5 s, 2500 ms; not 500 ms; closest 2500 ms (96%"
        + " of heights); bottleneck: combine, 62% of the judged time"), h.text());
    assertEquals(2500.0, h.closestBudgetMs());
    assertTrue(h.fits().get("5000"));
    assertFalse(h.fits().get("500"));
  }

  @Test
  void executionCanBeTheBottleneckAndEveryBudgetFits() {
    Headline h = Headline.of(List.of(v(10000, true, 1)), PATH, 8000, Schedule.BEFORE_NEXT, true,
        false, null);
    assertEquals("answer: every budget fits; closest 10 s (100% of heights); bottleneck:"
        + " execution, 80% of the judged time", h.text());
  }

  @Test
  void pipelinedJudgesTheSlowerStage() {
    Headline dec = Headline.of(List.of(v(2000, true, 1)), PATH, 0, Schedule.PIPELINED, true,
        false, null);
    assertEquals("combine", dec.bottleneckPhase());
    assertEquals(1540 / 1700.0, dec.bottleneckShare(), 1e-12);
    assertTrue(dec.text().endsWith("(decryption is the slower stage)"), dec.text());
    Headline cons = Headline.of(List.of(v(2000, true, 1)), new CriticalPath(900, 1, 2, 3, 4), 0,
        Schedule.PIPELINED, true, false, null);
    assertEquals("consensus", cons.bottleneckPhase());
    assertEquals(1.0, cons.bottleneckShare(), 1e-12);
  }

  @Test
  void aHaltedChainSaysSoAndNothingFits() {
    Headline h = Headline.of(List.of(v(1000, false, 0.6), v(2000, true, 0.6)), PATH, 0,
        Schedule.BEFORE_NEXT, true, true, 7);
    assertTrue(h.text().startsWith("answer: the chain halted at height 7 (faults), so no budget"
        + " fits; closest 2 s (60% of heights, judged p95 4 ms); bottleneck: combine"), h.text());
    assertFalse(h.fits().get("2000"));
    assertEquals(7, h.haltedAtHeight());
  }

  @Test
  void noHeightsNoBottleneck() {
    Headline h = Headline.of(List.of(v(1000, false, 0)), new CriticalPath(0, 0, 0, 0, 0), 0,
        Schedule.BEFORE_NEXT, false, true, 1);
    assertNull(h.bottleneckPhase());
    assertFalse(h.text().contains("bottleneck"), h.text());
    assertEquals("answer: the chain halted at height 1 (faults) before any height was decided,"
        + " so no budget fits", h.text());
    assertNull(h.closestBudgetMs());
  }

  @Test
  void summaryJsonHoldsTheHeadlineFirstAndTheConsoleStartsWithIt() throws Exception {
    FaultsReport faults = new FaultsReport(List.of(), new FaultsReport.Halted(4, 1.0, 2.0),
        List.of(), null, List.of(), List.of(), 0, 0, 0, List.of(), List.of(), false);
    RunSummary clean = new RunSummary("x", 1, "h", "test", Map.of(), "fast", "model",
        "before-next", "exact", List.of(), Map.of("heights", 3L), Map.of(),
        List.of(v(1000, true, 1)), PATH, new ChainTiming(0, 0, 0, 0, 0, 1000, 1400, 0), List.of());
    assertTrue(Summaries.table(clean).startsWith("answer: every budget fits; closest 1 s"),
        Summaries.table(clean));
    RunSummary s = clean.withFaults(faults);
    String json = ReportWriter.json().writeValueAsString(s);
    JsonNode node = ReportWriter.json().readTree(json);
    assertEquals("headline", node.fieldNames().next());
    assertEquals(s.headline().text(), node.get("headline").get("text").asText());
    assertEquals(4, node.get("headline").get("halted_at_height").asInt());
    assertTrue(s.headline().text().contains("halted at height 4"));
  }
}
