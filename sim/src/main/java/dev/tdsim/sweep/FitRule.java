package dev.tdsim.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether a run fits a budget, why a probe fits or not, in words a reader can check against the
 * heights and the mempool, and which phase limits it: the text of the probe lines and the
 * bottleneck of the headline.
 */
final class FitRule {
  private FitRule() {}

  /**
   * Whether one run fits budget {@code budget} (by index): its verdict ({@code tdsim run}'s: at
   * least 95% of the heights within the budget) and, when it simulated a mempool, the chain kept
   * up with its clients ({@code summary.json}'s {@code mempool.sustained}): a chain whose mempool
   * grows without bound does not fit any budget, however fast its blocks are. The one place a
   * sweep decides fit from a run's summary.
   */
  static boolean fits(PointResult r, int budget) {
    return r.verdicts().get(budget).fits() && notSustained(r) == null;
  }

  /**
   * Why the run did not keep up with its clients ({@code mempool.not_sustained}); null when it
   * did or simulated no mempool.
   */
  static String notSustained(PointResult r) {
    dev.tdsim.report.MempoolReport m = r.summary().mempool();
    if (m == null || m.sustained()) {
      return null;
    }
    return m.notSustained() == null ? "the chain did not keep up with its clients"
        : m.notSustained();
  }

  /**
   * Why the runs miss a budget they miss, for a value of a search with a mempool: {@code not
   * sustained: full mempools refused 1717 of 9000 submissions at their entry validator} when a replicate did not keep up,
   * else {@code over budget: 9 of 10 heights fit (needs 10)}; null when every replicate fits or
   * no run simulated a mempool (the probe lines say it then).
   */
  static String whyMissed(List<PointResult> runs, int budget) {
    if (runs.stream().allMatch(r -> r.summary().mempool() == null)
        || CellStats.of(runs).fits()[budget]) {
      return null;
    }
    for (PointResult r : runs) {
      String why = notSustained(r);
      if (why != null) {
        return "not sustained: " + why;
      }
    }
    for (PointResult r : runs) {
      if (!r.verdicts().get(budget).fits()) {
        return "over budget: " + heightsRule(r, budget);
      }
    }
    return null;
  }

  /**
   * Which rule decided each budget for a probe, in words a reader can check: with one replicate
   * {@code 500ms: 9 of 10 heights fit (needs 10) no}; with several, how many replicates fit
   * (each needs 95% of its heights). The p95 printed beside it is interpolated between heights,
   * so it can sit just under a budget that still does not fit.
   */
  static String describe(List<PointResult> runs, List<Double> budgetsMs) {
    StringBuilder b = new StringBuilder(sustainedRule(runs));
    for (int i = 0; i < budgetsMs.size(); i++) {
      b.append(i == 0 ? "" : ", ").append(Sensitivity.fmtMs(budgetsMs.get(i))).append(": ");
      if (runs.size() == 1) {
        b.append(heightsRule(runs.get(0), i));
      } else {
        int fitting = 0;
        List<String> each = new ArrayList<>();
        for (PointResult r : runs) {
          fitting += fits(r, i) ? 1 : 0;
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

  /**
   * With a mempool, whether the runs kept up with their clients, first: {@code not sustained
   * (full mempools refused 1717 of 9000 submissions at their entry validator): no budget fits; } or, with replicates, {@code 1
   * of 3 replicates not sustained (...): no budget fits; }; empty when every run kept up or none
   * had a mempool.
   */
  private static String sustainedRule(List<PointResult> runs) {
    List<String> why = new ArrayList<>();
    for (PointResult r : runs) {
      String w = notSustained(r);
      if (w != null) {
        why.add(w);
      }
    }
    if (why.isEmpty()) {
      return "";
    }
    String head = runs.size() == 1 ? "not sustained"
        : why.size() + " of " + runs.size() + " replicates not sustained";
    return head + " (" + String.join("; ", why) + "): no budget fits; ";
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
    // a signing committee's signature beyond decryption is a phase only where there is one
    boolean committee = runs.stream().anyMatch(r -> r.summary().signing() != null);
    String[] names = committee
        ? new String[] {"consensus", "share creation", "share gossip", "combine", "decrypt",
            dev.tdsim.report.SigningReport.PHASE}
        : new String[] {"consensus", "share creation", "share gossip", "combine", "decrypt"};
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
      dev.tdsim.report.SigningReport signing = r.summary().signing();
      double[] v = {c.consensusMs(), c.shareCreationMs(), c.shareGossipMs(), c.combineMs(),
          c.decryptMs(), signing == null ? 0 : signing.beyondDecryptionMeanMs()};
      for (int i = 0; i < ms.length; i++) {
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
