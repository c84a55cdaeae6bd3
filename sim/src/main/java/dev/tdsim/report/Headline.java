package dev.tdsim.report;

import static dev.tdsim.format.Durations.budget;
import static dev.tdsim.format.Durations.roundedMs;
import static dev.tdsim.format.Durations.roundedMsNumber;

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
        heights > 0, s.halted(), haltedAt, s.judgedTime(),
        s.signing() == null ? Double.NaN : s.signing().beyondDecryptionMeanMs());
  }

  /** The headline without the judged time taken apart (a summary written before it was). */
  public static Headline of(List<Verdict> verdicts, CriticalPath path, double executionMs,
      Schedule schedule, boolean anyHeights, boolean halted, Integer haltedAt) {
    return of(verdicts, path, executionMs, schedule, anyHeights, halted, haltedAt, null);
  }

  /**
   * The headline from verdicts and the mean critical path.
   *
   * @param anyHeights whether any height was decided (no bottleneck otherwise)
   */
  public static Headline of(List<Verdict> verdicts, CriticalPath path, double executionMs,
      Schedule schedule, boolean anyHeights, boolean halted, Integer haltedAt,
      JudgedTime judged) {
    return of(verdicts, path, executionMs, schedule, anyHeights, halted, haltedAt, judged,
        Double.NaN);
  }

  /**
   * The same, for a run with a signing committee whose signature came {@code committeeBeyondMs}
   * after decryption and execution on average (NaN: no committee): the signature is part of the
   * judged time without decryption, the words say so, and it is a phase of the bottleneck.
   */
  public static Headline of(List<Verdict> verdicts, CriticalPath path, double executionMs,
      Schedule schedule, boolean anyHeights, boolean halted, Integer haltedAt,
      JudgedTime judged, double committeeBeyondMs) {
    boolean committee = !Double.isNaN(committeeBeyondMs);
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
    // clauses joined by "; "
    List<String> t = new ArrayList<>();
    boolean takenApart = judged != null && anyHeights && !halted && !verdicts.isEmpty();
    if (halted) {
      t.add("the chain halted" + (haltedAt == null ? "" : " at height " + haltedAt)
          + (anyHeights ? " (faults), so no budget fits"
              : " (faults) before any height was decided, so no budget fits"));
    } else if (verdicts.isEmpty()) {
      t.add("no budgets");
    } else if (takenApart) {
      t.add(perBudget(verdicts, judged, schedule, executionMs, committee));
    } else if (fitting.isEmpty()) {
      t.add("nothing fits");
    } else if (missing.isEmpty()) {
      t.add("every budget fits");
    } else {
      t.add("fits " + String.join(", ", fitting) + "; not " + String.join(", ", missing));
    }
    // each budget says its own when the judged time is taken apart: "closest" then only helps
    // when nothing fits
    if (closest != null && (!takenApart || fitting.isEmpty())) {
      String c = String.format(Locale.ROOT, "closest %s (%.0f%% of heights", budget(
          closest.blockTimeMs()), 100 * closest.shareOfHeightsFitting());
      if ((halted || !closest.fits()) && !Double.isNaN(closest.judgedP95Ms())) {
        c += String.format(Locale.ROOT, ", judged p95 %.0f ms", closest.judgedP95Ms());
      }
      t.add(c + ")");
    }
    if (takenApart) {
      t.add(decomposition(judged, schedule));
    }
    String phase = null;
    double share = 0;
    if (anyHeights) {
      List<String> names = new ArrayList<>(CriticalPath.PHASES);
      names.add("execution");
      names.add(SigningReport.PHASE);
      double[] p = path.phasesMs();
      double[] ms = java.util.Arrays.copyOf(p, p.length + 2);
      ms[p.length] = executionMs;
      ms[p.length + 1] = committee ? committeeBeyondMs : 0;
      int from = 0;
      int to = ms.length; // exclusive
      if (schedule.needsKeepingPace()) {
        from = 1; // the judged time is the chain's own; decryption only adds latency
      } else if (schedule == Schedule.PIPELINED) {
        double decryption = path.decryptionLatencyMs() + executionMs
            + (committee ? committeeBeyondMs : 0);
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
        t.add(streamedClause(closest, phase, share));
      } else if (total > 0) {
        phase = names.get(best);
        share = ms[best] / total;
        String b = String.format(Locale.ROOT,
            "bottleneck: %s, %.0f%% of the judged time", phase, 100 * share);
        if (schedule == Schedule.PIPELINED) {
          b += from == 0 ? " (consensus is the slower stage)" : " (decryption is the slower stage)";
        }
        t.add(b);
      }
    }
    return new Headline("answer: " + String.join("; ", t), fits,
        closest == null ? null : closest.blockTimeMs(),
        closest == null ? 0 : closest.shareOfHeightsFitting(), phase, share, haltedAt);
  }

  /**
   * Per budget, whether it fits and why in one clause, budgets of the same kind together: {@code
   * fits 2 s (headroom 1044 ms); borderline 1 s: fits this run (headroom 44 ms) but lies inside
   * the judged p95's 95% interval 940-975 ms; not 100 ms, 250 ms, 500 ms: consensus alone takes
   * 608 ms (p95)}.
   */
  private static String perBudget(List<Verdict> verdicts, JudgedTime judged, Schedule schedule,
      double executionMs, boolean committee) {
    List<Verdict> fitting = new ArrayList<>();
    List<Verdict> borderline = new ArrayList<>();
    Map<String, List<String>> missing = new LinkedHashMap<>();
    String withoutWords = withoutDecryptionWords(schedule, judged, executionMs, committee);
    // the reasons in the order they are said: the first that holds explains the miss
    missing.put(withoutWords, new ArrayList<>());
    missing.put("decryption falls behind", new ArrayList<>());
    missing.put(String.format(Locale.ROOT, "decryption adds %s to %s (judged p95 %s)",
        roundedMs(judged.decryptionAddsMs()), roundedMs(judged.withoutDecryptionP95Ms()),
        roundedMs(judged.p95Ms())), new ArrayList<>());
    missing.put("fewer than 95% of heights fit", new ArrayList<>());
    List<String> reasons = new ArrayList<>(missing.keySet());
    for (Verdict v : verdicts) {
      if (Boolean.TRUE.equals(v.borderline())) {
        borderline.add(v);
      } else if (v.fits()) {
        fitting.add(v);
      } else if (judged.withoutDecryptionP95Ms() > v.blockTimeMs()) {
        missing.get(reasons.get(0)).add(budget(v.blockTimeMs()));
      } else if (Boolean.FALSE.equals(v.keepsPace()) && schedule.needsKeepingPace()) {
        missing.get(reasons.get(1)).add(budget(v.blockTimeMs()));
      } else if (judged.p95Ms() > v.blockTimeMs()) {
        missing.get(reasons.get(2)).add(budget(v.blockTimeMs()));
      } else {
        missing.get(reasons.get(3)).add(budget(v.blockTimeMs()));
      }
    }
    List<String> parts = new ArrayList<>();
    if (!fitting.isEmpty()) {
      Verdict tightest = fitting.stream()
          .min(java.util.Comparator.comparingDouble(Verdict::blockTimeMs)).orElseThrow();
      parts.add("fits " + String.join(", ", fitting.stream().map(v -> budget(v.blockTimeMs()))
          .toList()) + " (headroom " + roundedMs(tightest.headroomMs())
          + (fitting.size() > 1 ? " at " + budget(tightest.blockTimeMs()) : "") + ")");
    }
    for (Verdict v : borderline) {
      parts.add(String.format(Locale.ROOT, "borderline %s: %s but lies inside the judged p95's"
          + " %.0f%% interval %s", budget(v.blockTimeMs()), thisRun(v),
          100 * judged.confidence(), interval(judged)));
    }
    missing.forEach((why, budgets) -> {
      if (!budgets.isEmpty()) {
        parts.add("not " + String.join(", ", budgets) + ": " + why);
      }
    });
    if (fitting.isEmpty() && borderline.stream().noneMatch(Verdict::fits)) {
      parts.add(0, "nothing fits");
    }
    return String.join("; ", parts);
  }

  /**
   * {@code fits this run (headroom 44 ms)}; where the count of heights fitting and the
   * interpolated p95 disagree (the budget between the p95 and the slowest heights counted), both.
   */
  private static String thisRun(Verdict v) {
    double headroom = v.headroomMs();
    if (v.fits() && headroom < 0) {
      return "fits this run (95% of heights within it, though the interpolated judged p95 is "
          + roundedMs(-headroom) + " over)";
    }
    if (!v.fits() && headroom >= 0) {
      return "misses this run (fewer than 95% of heights within it, though the judged p95 is "
          + roundedMs(headroom) + " under)";
    }
    return (v.fits() ? "fits" : "misses") + " this run (headroom " + roundedMs(headroom) + ")";
  }

  /** {@code consensus alone takes 608 ms (p95)}: the judged time without decryption, in words. */
  private static String withoutDecryptionWords(Schedule schedule, JudgedTime judged,
      double executionMs, boolean committee) {
    String ms = roundedMs(judged.withoutDecryptionP95Ms());
    if (committee) {
      return (schedule != Schedule.BEFORE_NEXT ? "the chain with its signing committee alone"
          + " takes " : "consensus with the signing committee's signature alone takes ") + ms
          + " (p95)";
    }
    if (schedule != Schedule.BEFORE_NEXT) {
      return "the chain alone takes " + ms + " per block (p95)";
    }
    // execution is a few tenths of a ms in most scenarios: naming it would only distract
    return (executionMs < 0.01 * judged.withoutDecryptionP95Ms() ? "consensus alone takes "
        : "consensus and execution alone take ") + ms + " (p95)";
  }

  /**
   * {@code judged p95 955 ms = 608 ms without decryption + 347 ms decryption adds (95% interval
   * 940-975 ms over 10 heights, 1 replicate)}.
   */
  private static String decomposition(JudgedTime j, Schedule schedule) {
    String parts = schedule.needsKeepingPace() ? "" : String.format(Locale.ROOT,
        " = %s without decryption + %s decryption adds", roundedMs(j.withoutDecryptionP95Ms()),
        roundedMs(j.decryptionAddsMs()));
    String text = String.format(Locale.ROOT, "judged p95 %s%s (%.0f%% interval %s over %d"
        + " heights%s)", roundedMs(j.p95Ms()), parts, 100 * j.confidence(), interval(j),
        j.pooledHeights(), j.replicates() == 1 ? ", 1 replicate"
            : " of " + j.replicates() + " replicates");
    // streamed: the judged time is the chain's own; what decryption adds is to execution (the
    // clause after this one)
    return schedule.needsKeepingPace() ? text + ", the chain's own time per block" : text;
  }

  /** {@code 940-975 ms}. */
  static String interval(JudgedTime j) {
    if (!Double.isFinite(j.intervalLowMs()) || !Double.isFinite(j.intervalHighMs())) {
      return "-"; // no height decided
    }
    return roundedMsNumber(j.intervalLowMs()) + "-" + roundedMs(j.intervalHighMs());
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
