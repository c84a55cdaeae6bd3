package dev.tdsim.sweep;

import dev.tdsim.report.Verdict;
import java.util.List;

/**
 * A cell's replicates summarised per budget: means and 95% intervals of the latency statistics,
 * and whether it fits (every replicate fits, {@link FitRule#fits}).
 */
record CellStats(int replicates, List<BudgetStats> budgets) {

  /**
   * @param keepsPace whether decryption keeps pace in every replicate; null when a replicate's
   *     summary predates the pace replay
   * @param addedP95 what decryption adds to a block's time to execution, p95 (NaN where unknown)
   */
  record BudgetStats(double blockTimeMs, boolean fits, int replicatesFitting,
      double shareOfHeightsFitting, Stats.Interval p50, Stats.Interval p95, Stats.Interval p99,
      Stats.Interval judgedP95, Boolean keepsPace, Stats.Interval addedP95) {}

  static CellStats of(List<PointResult> results) {
    if (results.isEmpty()) {
      throw new IllegalArgumentException("no results");
    }
    int budgets = results.get(0).verdicts().size();
    List<BudgetStats> out = new java.util.ArrayList<>();
    for (int b = 0; b < budgets; b++) {
      int n = results.size();
      double[] p50 = new double[n];
      double[] p95 = new double[n];
      double[] p99 = new double[n];
      double[] judged = new double[n];
      double[] added = new double[n];
      Boolean keepsPace = true;
      double share = 0;
      int fitting = 0;
      for (int i = 0; i < n; i++) {
        Verdict v = results.get(i).verdicts().get(b);
        p50[i] = v.p50Ms();
        p95[i] = v.p95Ms();
        p99[i] = v.p99Ms();
        judged[i] = v.judgedP95Ms();
        added[i] = v.addedP95Ms() == null ? Double.NaN : v.addedP95Ms();
        keepsPace = keepsPace == null || v.keepsPace() == null ? null
            : keepsPace && v.keepsPace();
        share += v.shareOfHeightsFitting() / n;
        fitting += FitRule.fits(results.get(i), b) ? 1 : 0;
      }
      out.add(new BudgetStats(results.get(0).verdicts().get(b).blockTimeMs(), fitting == n,
          fitting, share, Stats.ci95(p50), Stats.ci95(p95), Stats.ci95(p99),
          Stats.ci95(judged), keepsPace, Stats.ci95(added)));
    }
    return new CellStats(results.size(), List.copyOf(out));
  }

  /** Whether every replicate fits each budget, by budget index. */
  boolean[] fits() {
    boolean[] f = new boolean[budgets.size()];
    for (int i = 0; i < f.length; i++) {
      f[i] = budgets.get(i).fits();
    }
    return f;
  }

  double p95Ms() {
    return budgets.get(0).p95().mean();
  }

  double judgedP95Ms() {
    return budgets.get(0).judgedP95().mean();
  }
}
