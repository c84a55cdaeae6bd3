package dev.tdsim.report;

import dev.tdsim.consensus.BlockPace;
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
    return judge(heights, budgetsNanos, schedule, expectedHeights, halted, notDecrypted,
        BlockPace.SEQUENTIAL, false);
  }

  /**
   * As {@link #judge(List, List, Schedule, int, boolean, int)} for a protocol whose blocks need
   * {@code pace} of the chain's time, and with whether every validator decrypts every block:
   * each verdict also says whether decryption keeps pace and what it adds ({@link
   * KeepingPace}).
   */
  public static List<Verdict> judge(List<HeightRecord> heights, List<Long> budgetsNanos,
      Schedule schedule, int expectedHeights, boolean halted, int notDecrypted, BlockPace pace,
      boolean everyValidatorCombines) {
    int tried = heights.size() + notDecrypted;
    int judgedOver = halted ? Math.max(expectedHeights, tried) : tried;
    KeepingPace replay = new KeepingPace(heights, pace, schedule, everyValidatorCombines);
    long[] judgedNanos = judgedNanos(heights, schedule, pace, false);
    double[] latency = heights.stream().mapToDouble(h -> ms(h.decryptionLatencyNanos())).toArray();
    double[] judged = java.util.Arrays.stream(judgedNanos).mapToDouble(Verdicts::ms).toArray();
    boolean allDecrypted = !halted && notDecrypted == 0 && !heights.isEmpty();
    List<Verdict> out = new ArrayList<>();
    for (long budget : budgetsNanos) {
      long fitting = java.util.Arrays.stream(judgedNanos).filter(j -> j <= budget).count();
      double share = judgedOver == 0 ? 0 : (double) fitting / judgedOver;
      boolean judgedFits = !halted && !heights.isEmpty() && share >= FIT_QUANTILE;
      KeepingPace.Replay r = replay.at(budget, judgedFits);
      boolean keepsPace = allDecrypted && r.keepsPace();
      boolean fits = judgedFits && (!schedule.needsKeepingPace() || keepsPace);
      out.add(new Verdict(ms(budget), fits, percentile(latency, 50), percentile(latency, 95),
          percentile(latency, 99), percentile(judged, 95), share, keepsPace, r.utilisation(),
          KeepingPace.addedMs(r, 50), KeepingPace.addedMs(r, 95), r.maxWaitingForKeys()));
    }
    return out;
  }

  /**
   * Each decrypted height's judged time (in height order), or with {@code withoutDecryption} the
   * same heights' judged time without their decryption stages ({@link
   * Schedule#judgedWithoutDecryptionNanos}), both with the chain's own time per block of the run.
   */
  static long[] judgedNanos(List<HeightRecord> heights, Schedule schedule, BlockPace pace,
      boolean withoutDecryption) {
    long[] paceNanos = KeepingPace.paceNanos(List.copyOf(heights), pace);
    long[] out = new long[heights.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = withoutDecryption ? schedule.judgedWithoutDecryptionNanos(heights.get(i),
          paceNanos[i]) : schedule.judgedNanos(heights.get(i), paceNanos[i]);
    }
    return out;
  }

  /** {@link #judgedNanos} in milliseconds. */
  static double[] judgedMs(List<HeightRecord> heights, Schedule schedule, BlockPace pace,
      boolean withoutDecryption) {
    return java.util.Arrays.stream(judgedNanos(heights, schedule, pace, withoutDecryption))
        .mapToDouble(Verdicts::ms).toArray();
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
