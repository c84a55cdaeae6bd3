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
}
