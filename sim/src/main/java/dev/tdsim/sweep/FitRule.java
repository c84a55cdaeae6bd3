package dev.tdsim.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * Why a probe fits or not, in words a reader can check against the heights, and which phase
 * limits it: the text of the probe lines and the bottleneck of the headline.
 */
final class FitRule {
  private FitRule() {}

  /**
   * Which rule decided each budget for a probe, in words a reader can check: with one replicate
   * {@code 500ms: 9 of 10 heights fit (needs 10) no}; with several, how many replicates fit
   * (each needs 95% of its heights). The p95 printed beside it is interpolated between heights,
   * so it can sit just under a budget that still does not fit.
   */
  static String describe(List<PointResult> runs, List<Double> budgetsMs) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < budgetsMs.size(); i++) {
      b.append(i == 0 ? "" : ", ").append(Sensitivity.fmtMs(budgetsMs.get(i))).append(": ");
      if (runs.size() == 1) {
        b.append(heightsRule(runs.get(0), i));
      } else {
        int fitting = 0;
        List<String> each = new ArrayList<>();
        for (PointResult r : runs) {
          fitting += r.verdicts().get(i).fits() ? 1 : 0;
          each.add(heightsFitting(r, i) + "/" + judgedOver(r));
        }
        b.append(fitting).append(" of ").append(runs.size())
            .append(" replicates fit (heights fitting ").append(String.join(" ", each))
            .append("; each needs ").append(needed(judgedOver(runs.get(0)))).append(')');
      }
      b.append(' ').append(CellStats.of(runs).fits()[i] ? "yes" : "no");
    }
    return b.toString();
  }

  private static String heightsRule(PointResult r, int budget) {
    if (r.summary().halted()) {
      return "the chain halted (no budget fits)";
    }
    int n = judgedOver(r);
    return heightsFitting(r, budget) + " of " + n + " heights fit (needs " + needed(n) + ")";
  }

  private static int judgedOver(PointResult r) {
    return r.latenciesMs().length;
  }

  private static long heightsFitting(PointResult r, int budget) {
    return Math.round(r.verdicts().get(budget).shareOfHeightsFitting() * judgedOver(r));
  }

  /** Heights that must fit out of n: at least 95% (Verdicts.FIT_QUANTILE), rounded up. */
  static int needed(int n) {
    return (int) Math.ceil(dev.tdsim.report.Verdicts.FIT_QUANTILE * n - 1e-9);
  }

  /**
   * What decryption adds to a block's time to execution at budget {@code blockTimeMs}, p95, mean
   * over the runs; null when a run's summary predates it or has no such budget.
   */
  static Double addedP95Ms(List<PointResult> runs, double blockTimeMs) {
    double sum = 0;
    for (PointResult r : runs) {
      dev.tdsim.report.Verdict v = r.verdicts().stream()
          .filter(x -> x.blockTimeMs() == blockTimeMs).findFirst().orElse(null);
      if (v == null || v.addedP95Ms() == null) {
        return null;
      }
      sum += v.addedP95Ms();
    }
    return runs.isEmpty() ? null : sum / runs.size();
  }

  /** The phase taking the largest mean share of the critical path over the runs. */
  static SensitivityReport.Bottleneck bottleneck(List<PointResult> runs, String at) {
    String[] names = {"consensus", "share creation", "share gossip", "combine", "decrypt"};
    double[] ms = new double[names.length];
    int n = 0;
    double shareBytes = 0;
    int withBytes = 0;
    for (PointResult r : runs) {
      Long bytes = r.summary().counts() == null ? null
          : r.summary().counts().get("share_bytes_per_validator_per_block");
      if (bytes != null) {
        shareBytes += bytes;
        withBytes++;
      }
      dev.tdsim.report.CriticalPath c = r.criticalPath();
      if (c == null) {
        continue;
      }
      double[] v = {c.consensusMs(), c.shareCreationMs(), c.shareGossipMs(), c.combineMs(),
          c.decryptMs()};
      for (int i = 0; i < v.length; i++) {
        ms[i] += Double.isFinite(v[i]) ? v[i] : 0;
      }
      n++;
    }
    if (n == 0) {
      return null;
    }
    int best = 0;
    double sum = 0;
    for (int i = 0; i < ms.length; i++) {
      ms[i] /= n;
      sum += ms[i];
      if (ms[i] > ms[best]) {
        best = i;
      }
    }
    if (!(sum > 0)) {
      return null; // no height decrypted (a halted chain): no phase to name
    }
    java.util.Map<String, Double> path = new java.util.LinkedHashMap<>();
    for (int i = 0; i < names.length; i++) {
      path.put(names[i], ms[i]);
    }
    return new SensitivityReport.Bottleneck(names[best], ms[best], sum > 0 ? ms[best] / sum : 0, at,
        path, withBytes == 0 ? null : shareBytes / withBytes);
  }
}
