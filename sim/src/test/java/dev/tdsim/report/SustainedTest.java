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
   * Heights 1-4 one second apart; {@code perHalf} transactions carried by heights 1-2, each
   * submitted 500 ms before its block, and as many by heights 3-4, each 1000 ms before: the later
   * half waited twice as long.
   */
  private static MempoolStats slower(int perHalf) {
    int n = 2 * perHalf;
    long[] submit = new long[n];
    int[] height = new int[n];
    for (int i = 0; i < n; i++) {
      boolean later = i >= perHalf;
      height[i] = (later ? 3 : 1) + i % 2;
      submit[i] = height[i] * 1000 * MS - (later ? 1000 : 500) * MS;
    }
    return new MempoolStats(n, 0, 0, 0, 0, 0, submit, height, List.of(), 0, new int[0]);
  }

  /**
   * A later half that waited twice as long did not keep up, but only when each half holds enough
   * transactions for a p95 (6 at 1 tx/s once gave "did not keep up" with every one included).
   */
  @Test
  void theWaitsGrowthIsJudgedOnlyOverEnoughTransactions() {
    String many = MempoolReport.sustainedProblem(slower(30), 4, h -> h * 1000 * MS);
    assertNotNull(many);
    assertTrue(many.startsWith("submission to commit p95 grew from 500 ms (heights 1-2) to"
        + " 1000 ms (heights 3-4)"), many);
    String few = MempoolReport.sustainedProblem(slower(3), 4, h -> h * 1000 * MS);
    assertTrue(few == null || !few.contains("grew"), few);
  }

  /** Copies of a transaction refused by gossip are counted apart from the clients' submissions. */
  @Test
  void refusalsNameSubmissionsAndCopiesApart() {
    MempoolStats m = slower(30);
    MempoolStats.Validator full = new MempoolStats.Validator(0, 0, 0, 0, 0, 0, 0, 0, 0, 40);
    MempoolStats refused = new MempoolStats(m.submitted(), 0, 7, 0, 0, 0, m.submitNanos(),
        m.firstHeight(), List.of(full, full), 0, new int[0]);
    assertTrue(MempoolReport.sustainedProblem(refused, 4, h -> h * 1000 * MS).equals(
        "full mempools refused 7 of 60 submissions at their entry validator and 80 copies"
            + " arriving later (by gossip or after CheckTx; counted at each validator)"));
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
