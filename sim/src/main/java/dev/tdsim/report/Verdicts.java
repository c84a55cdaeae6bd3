package dev.tdsim.report;

import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.pipeline.Schedule;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/** Turns height records into per-budget verdicts and the critical-path breakdown. */
public final class Verdicts {
  /** The share of heights that must fit for a budget to be judged as fitting. */
  public static final double FIT_QUANTILE = 0.95;

  private Verdicts() {}

  public static List<Verdict> judge(List<HeightRecord> heights, List<Long> budgetsNanos,
      Schedule schedule) {
    return judge(heights, budgetsNanos, schedule, heights.size(), false);
  }

  /**
   * Verdicts of a run that was to decide {@code expectedHeights}: when the chain halted, the
   * heights it never committed count as not fitting and no budget fits (a halted chain has no
   * block time).
   */
  public static List<Verdict> judge(List<HeightRecord> heights, List<Long> budgetsNanos,
      Schedule schedule, int expectedHeights, boolean halted) {
    return judge(heights, budgetsNanos, schedule, expectedHeights, halted, 0);
  }

  /**
   * As {@link #judge(List, List, Schedule, int, boolean)}, with {@code notDecrypted} heights
   * that were committed (or proposed) but never decrypted: they stay in the denominator and fit
   * no budget (a block whose plaintexts never come fits no block time).
   */
  public static List<Verdict> judge(List<HeightRecord> heights, List<Long> budgetsNanos,
      Schedule schedule, int expectedHeights, boolean halted, int notDecrypted) {
    int tried = heights.size() + notDecrypted;
    int judgedOver = halted ? Math.max(expectedHeights, tried) : tried;
    double[] latency = heights.stream().mapToDouble(h -> ms(h.decryptionLatencyNanos())).toArray();
    double[] judged = heights.stream().mapToDouble(h -> ms(schedule.judgedNanos(h))).toArray();
    List<Verdict> out = new ArrayList<>();
    for (long budget : budgetsNanos) {
      double budgetMs = ms(budget);
      long fitting = heights.stream().filter(h -> schedule.judgedNanos(h) <= budget).count();
      double share = judgedOver == 0 ? 0 : (double) fitting / judgedOver;
      out.add(new Verdict(budgetMs, !halted && !heights.isEmpty() && share >= FIT_QUANTILE,
          percentile(latency, 50), percentile(latency, 95), percentile(latency, 99),
          percentile(judged, 95), share));
    }
    return out;
  }

  /** The mean critical path; its decryption phases add up to the mean decryption latency. */
  public static CriticalPath criticalPath(List<HeightRecord> heights) {
    int n = Math.max(1, heights.size());
    return new CriticalPath(
        mean(heights, HeightRecord::consensusNanos, n),
        mean(heights, HeightRecord::shareCreateNanos, n),
        mean(heights, HeightRecord::shareGossipNanos, n),
        mean(heights, HeightRecord::combineOnlyNanos, n),
        mean(heights, HeightRecord::checkNanos, n),
        mean(heights, HeightRecord::blameNanos, n),
        mean(heights, HeightRecord::decryptNanos, n),
        mean(heights, HeightRecord::reshareOnlyNanos, n),
        mean(heights, HeightRecord::decryptionLatencyNanos, n));
  }

  private static double mean(List<HeightRecord> heights,
      java.util.function.ToLongFunction<HeightRecord> nanos, int n) {
    return heights.stream().mapToDouble(h -> ms(nanos.applyAsLong(h))).sum() / n;
  }

  static double percentile(double[] values, double p) {
    if (values.length == 0) {
      return Double.NaN;
    }
    return new Percentile().withEstimationType(Percentile.EstimationType.R_7)
        .evaluate(values, p);
  }

  static double ms(long nanos) {
    return nanos / 1e6;
  }
}
