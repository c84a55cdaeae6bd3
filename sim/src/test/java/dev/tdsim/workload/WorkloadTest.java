package dev.tdsim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WorkloadTest {
  private static Workload auto(double rate, int maxTxs) {
    return new Workload(null, rate, 10, MsgSizeDistribution.FIXED, maxTxs, 1L << 40, 165, new SplittableRandom(1));
  }

  @Test
  void aHugeRateFillsBlocksToTheLimitInsteadOfOverflowingToEmptyBlocks() {
    for (double rate : new double[] {1e300, Double.MAX_VALUE, 1e18, 1e12}) {
      Workload w = auto(rate, 50);
      for (int h = 1; h <= 3; h++) {
        assertEquals(50, w.cutBlock(h * 1_000_000_000L).size(), "rate " + rate + " height " + h);
        assertTrue(w.backlog() >= 0, "backlog " + w.backlog());
      }
    }
  }

  @Test
  void aLongWaitAtAModestRateStillCutsFullBlocks() {
    Workload w = auto(1000, 20);
    assertEquals(20, w.cutBlock(Long.MAX_VALUE).size());
    assertEquals(20, w.cutBlock(Long.MAX_VALUE).size(), "the backlog carries over");
  }

  @Test
  void aSmallRateGivesAboutRateTimesTheInterval() {
    Workload w = auto(100, 10_000);
    int total = 0;
    for (int h = 1; h <= 100; h++) {
      total += w.cutBlock(h * 1_000_000_000L).size();
    }
    assertTrue(total > 9000 && total < 11000, "100 s at 100 tx/s: " + total);
  }
}
