package dev.tdsim.report;

import static dev.tdsim.format.Durations.budget;

import dev.tdsim.pipeline.Schedule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The answer of a run in one line, first in the console and at the top of report.html ({@code
 * headline} in summary.json).
 *
 * @param text the line, e.g. {@code answer: nothing fits; closest 2 s (10% of heights);
 *     bottleneck: combine, 77% of the judged time}
 * @param fits per budget (its milliseconds as the key, in the scenario's order) whether it fits
 * @param closestBudgetMs the smallest budget that fits, or when none does the one with the
 *     largest share of heights fitting (the largest of those on a tie: the nearest to fitting);
 *     null without budgets
 * @param closestShare the share of heights fitting that budget
 * @param bottleneckPhase the phase with the most mean milliseconds of the judged time: with
 *     {@code before-next} among consensus, the decryption phases and execution; with {@code
 *     pipelined} within the slower of the two stages (consensus, or decryption + execution); with
 *     {@code streamed} among the decryption phases and execution (what decryption adds); null
 *     without heights
 * @param bottleneckShare that phase's share of the mean judged time (of the slower stage when
 *     pipelined)
 * @param haltedAtHeight the height the chain halted at (faults), or null when it did not halt
 */
public record Headline(
    String text,
    Map<String, Boolean> fits,
    Double closestBudgetMs,
    double closestShare,
    String bottleneckPhase,
    double bottleneckShare,
    Integer haltedAtHeight) {

  /** The headline of a run summary. */
  public static Headline of(RunSummary s) {
    Integer haltedAt = s.halted() ? s.faults().halted().height() : null;
    double executionMs = s.chain() == null ? 0 : s.chain().executionMs();
    long heights = s.counts() == null ? 0 : s.counts().getOrDefault("heights", 0L);
    return of(s.verdicts(), s.criticalPath(), executionMs, Schedule.byName(s.schedule()),
        heights > 0, s.halted(), haltedAt);
  }

  /**
   * The headline from verdicts and the mean critical path.
   *
   * @param anyHeights whether any height was decided (no bottleneck otherwise)
   */
  public static Headline of(List<Verdict> verdicts, CriticalPath path, double executionMs,
      Schedule schedule, boolean anyHeights, boolean halted, Integer haltedAt) {
    Map<String, Boolean> fits = new LinkedHashMap<>();
    List<String> fitting = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    Verdict closest = null;
    for (Verdict v : verdicts) {
      boolean fit = v.fits() && !halted;
      fits.put(String.format(Locale.ROOT, "%.0f", v.blockTimeMs()), fit);
      (fit ? fitting : missing).add(budget(v.blockTimeMs()));
      if (fit) {
        if (closest == null || !closest.fits() || v.blockTimeMs() < closest.blockTimeMs()) {
          closest = v;
        }
      } else if (closest == null || !closest.fits() && (v.shareOfHeightsFitting()
          > closest.shareOfHeightsFitting() || v.shareOfHeightsFitting()
          == closest.shareOfHeightsFitting() && v.blockTimeMs() > closest.blockTimeMs())) {
        closest = v;
      }
    }
    if (!anyHeights) {
      closest = null; // "closest 2 s (0% of heights)" of no height says nothing
    }
    StringBuilder t = new StringBuilder("answer: ");
    if (halted) {
      t.append("the chain halted").append(haltedAt == null ? "" : " at height " + haltedAt)
          .append(anyHeights ? " (faults), so no budget fits; "
              : " (faults) before any height was decided, so no budget fits");
    } else if (verdicts.isEmpty()) {
      t.append("no budgets; ");
    } else if (fitting.isEmpty()) {
      t.append("nothing fits; ");
    } else if (missing.isEmpty()) {
      t.append("every budget fits; ");
    } else {
      t.append("fits ").append(String.join(", ", fitting)).append("; not ")
          .append(String.join(", ", missing)).append("; ");
    }
    if (closest != null) {
      t.append(String.format(Locale.ROOT, "closest %s (%.0f%% of heights", budget(
          closest.blockTimeMs()), 100 * closest.shareOfHeightsFitting()));
      if ((halted || !closest.fits()) && !Double.isNaN(closest.judgedP95Ms())) {
        t.append(String.format(Locale.ROOT, ", judged p95 %.0f ms", closest.judgedP95Ms()));
      }
      t.append(")");
    }
    String phase = null;
    double share = 0;
    if (anyHeights) {
      List<String> names = new ArrayList<>(CriticalPath.PHASES);
      names.add("execution");
      double[] p = path.phasesMs();
      double[] ms = java.util.Arrays.copyOf(p, p.length + 1);
      ms[p.length] = executionMs;
      int from = 0;
      int to = ms.length; // exclusive
      if (schedule.needsKeepingPace()) {
        from = 1; // the judged time is the chain's own; decryption only adds latency
      } else if (schedule == Schedule.PIPELINED) {
        double decryption = path.decryptionLatencyMs() + executionMs;
        if (path.consensusMs() >= decryption) {
          to = 1;
        } else {
          from = 1;
        }
      }
      double total = 0;
      int best = from;
      for (int i = from; i < to; i++) {
        total += ms[i];
        if (ms[i] > ms[best]) {
          best = i;
        }
      }
      if (total > 0 && schedule.needsKeepingPace()) {
        phase = names.get(best);
        share = ms[best] / total;
        t.append(closest != null ? "; " : "").append(streamedClause(closest, phase, share));
      } else if (total > 0) {
        phase = names.get(best);
        share = ms[best] / total;
        t.append(closest != null ? "; " : "").append(String.format(Locale.ROOT,
            "bottleneck: %s, %.0f%% of the judged time", phase, 100 * share));
        if (schedule == Schedule.PIPELINED) {
          t.append(from == 0 ? " (consensus is the slower stage)"
              : " (decryption is the slower stage)");
        }
      }
    }
    return new Headline(t.toString(), fits, closest == null ? null : closest.blockTimeMs(),
        closest == null ? 0 : closest.shareOfHeightsFitting(), phase, share, haltedAt);
  }

  /**
   * When decryption streams behind ordering: whether it keeps pace at the closest budget, what
   * it adds there, and its largest phase ({@code decryption keeps pace at 500 ms and adds 1137
   * ms p95 to execution; largest part: combine, 60% of decryption and execution}).
   */
  private static String streamedClause(Verdict closest, String phase, double share) {
    String largest = String.format(Locale.ROOT,
        "largest part: %s, %.0f%% of decryption and execution", phase, 100 * share);
    if (closest == null || closest.keepsPace() == null) {
      return largest;
    }
    return String.format(Locale.ROOT, "decryption %s at %s and adds %s p95 to execution; %s",
        closest.keepsPace() ? "keeps pace" : "falls behind", budget(closest.blockTimeMs()),
        dev.tdsim.format.Durations.roundedMs(closest.addedP95Ms()), largest);
  }
}
