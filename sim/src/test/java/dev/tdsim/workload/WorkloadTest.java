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

  /**
   * A fixed count per block draws no arrivals, so its rate does not matter (the pipeline's tests
   * pass 0). Failed before: the arrival processes' schedule refused a rate of 0.
   */
  @Test
  void aFixedCountNeedsNoRate() {
    Workload w = new Workload(3, 0, 64, MsgSizeDistribution.FIXED, 10_000, 1L << 20, 165,
        new SplittableRandom(1));
    assertEquals(3, w.cutBlock(1_000_000_000L).size());
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

  /**
   * The default process (Poisson at a constant rate) draws exactly as the workload did before
   * arrival processes existed: the count of each block is the same Poisson draw of {@code rate x
   * interval} from the same stream, so every run without a schedule keeps its results.
   */
  @Test
  void theDefaultProcessDrawsExactlyAsBefore() {
    SplittableRandom reference = new SplittableRandom(42);
    Workload w = new Workload(null, 700, ArrivalConfig.defaults(), 100,
        MsgSizeDistribution.LOGNORMAL, 5000, 1L << 30, 165, new SplittableRandom(42));
    long last = 0;
    long backlog = 0;
    long now = 0;
    for (int h = 0; h < 200; h++) {
      now += 1 + (h * 7919L % 3001) * 1_000_000L;
      // the former cutBlock, written out
      double mean = 700.0 * Math.max(0, now - last) / 1e9;
      long want = backlog + formerPoisson(mean, reference);
      last = now;
      java.util.List<byte[]> expected = new java.util.ArrayList<>();
      while (expected.size() < want && expected.size() < 5000) {
        double size = MsgSizeDistribution.LOGNORMAL.draw(100, reference);
        byte[] p = new byte[(int) Math.max(1, Math.min(Integer.MAX_VALUE - 64,
            Math.round(size)))];
        reference.nextBytes(p);
        expected.add(p);
      }
      backlog = want - expected.size();
      java.util.List<byte[]> got = w.cutBlock(now);
      assertEquals(expected.size(), got.size(), "height " + h);
      for (int i = 0; i < got.size(); i++) {
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected.get(i), got.get(i));
      }
    }
  }

  private static long formerPoisson(double mean, SplittableRandom random) {
    if (!(mean > 0)) {
      return 0;
    }
    if (mean > 50) {
      return Math.max(0, Math.round(mean + Math.sqrt(mean) * Gaussian.draw(random)));
    }
    double limit = Math.exp(-mean);
    double p = 1;
    long k = 0;
    do {
      k++;
      p *= random.nextDouble();
    } while (p > limit);
    return k - 1;
  }
}
