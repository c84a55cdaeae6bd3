package dev.tdsim.report;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.mempool.MempoolStats;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sustained rule's throughput clause on a synthetic run. */
class SustainedTest {
  private static final long MS = 1_000_000L;

  /**
   * 8 heights ordered every 250 ms; clients send 1000 tx/s for 2 s (one every ms); heights 1-4
   * carry nothing (clients seal several heights ahead), heights 5-8 carry 200 each (800 in the
   * later half's second, of about 1000 sent in its time): within the 1.5 a chain still filling
   * its blocks may fall short, beyond the Poisson spread.
   */
  private static MempoolStats run(int[] fullHeights) {
    int n = 2000;
    long[] submit = new long[n];
    int[] height = new int[n];
    for (int i = 0; i < n; i++) {
      submit[i] = i * MS;
      height[i] = i < 800 ? 5 + i / 200 : 0;
    }
    return new MempoolStats(n, 0, 0, 0, 0, 0, submit, height, List.of(), 0, fullHeights);
  }

  private static long decided(int h) {
    return h * 250 * MS;
  }

  @Test
  void aShortfallWithFullBlocksIsTheChainsCapacity() {
    String why = MempoolReport.sustainedProblem(run(new int[] {5, 6, 7, 8}), 8,
        SustainedTest::decided);
    assertNotNull(why);
    assertTrue(why.startsWith("the blocks of heights 5-8 carried 800 transactions (800 tx/s,"
        + " every block full) while clients sent"), why);
  }

  @Test
  void theSameShortfallWithBlocksStillFillingIsAllowedTheFactor() {
    String why = MempoolReport.sustainedProblem(run(new int[] {6}), 8, SustainedTest::decided);
    assertTrue(why == null || !why.contains("carried"), why);
  }

  /**
   * A run whose chain did not keep up says so right under its answer (console and HTML): its
   * budgets judge the blocks it made (it once said "fits" of blocks that carried nothing, with
   * the shortfall only in the mempool line further down).
   */
  @Test
  void anAnswerOverBlocksThatDidNotKeepUpIsFollowedByAWarning() {
    List<Verdict> verdicts = List.of(new Verdict(1000, true, 100, 450, 520, 510, 1.0));
    RunSummary s = new RunSummary("x", 1, "h", "test", java.util.Map.of(), "fast", "model",
        "before-next", "exact", List.of(), java.util.Map.of("heights", 10L), java.util.Map.of(),
        verdicts, new CriticalPath(300, 10, 20, 150, 13),
        new ChainTiming(0, 0, 0, 0, 0, 1000, 1400, 0), List.of());
    MempoolReport.Percentiles p = new MempoolReport.Percentiles(0, Double.NaN, Double.NaN,
        Double.NaN, Double.NaN);
    RunSummary starved = s.withMempool(new MempoolReport(1291, 0, 0, 0, 0, 0, 0, p, p, p, 0, 0,
        24.4, 25.7, 0, 0, 0, false, "the blocks carried 0 transactions"));
    String table = Summaries.table(starved);
    String[] lines = table.split(System.lineSeparator());
    assertTrue(lines[0].startsWith("answer: every budget fits")
        || lines[0].startsWith("answer: fits"), table);
    assertTrue(lines[1].equals("warning: the chain did not keep up with its clients (the blocks"
        + " carried 0 transactions), so the budgets judge the blocks it made, 0 of 1291"
        + " transactions included, not the load offered"), table);
    assertTrue(!Summaries.table(s).contains("warning:"), Summaries.table(s));
  }
}
