package dev.tdsim.report;

import dev.tdsim.faults.FaultOutcome;
import dev.tdsim.faults.FaultTimeline;
import dev.tdsim.faults.FaultWindow;
import dev.tdsim.faults.ResolvedFault;
import dev.tdsim.pipeline.HeightRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code faults} part of summary.json, the console and report.html: the fault timeline, what
 * each fault cost on the critical path (block intervals and rounds of the heights it was active
 * at, against heights without faults), what each share fault did to decryption ({@link
 * ShareFaultCosts}), halts and stalls, and equivocation evidence.
 */
public final class FaultSummary {
  private FaultSummary() {}

  /**
   * The summary.json section (snake_case keys, simulated milliseconds); {@code records} are the
   * run's decrypted heights (for the share faults' blame and reshare times).
   */
  public static Map<String, Object> of(FaultOutcome o, int heights, List<HeightRecord> records) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("timeline", o.timeline().stream().map(FaultTimeline::toMap).toList());
    m.put("halted", o.halted() == null ? null : halt(o.halted()));
    List<Map<String, Object>> stalls = new ArrayList<>();
    for (FaultOutcome.Stall s : o.stalls()) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("height", s.height());
      x.put("quorum_lost_ms", ms(s.fromNanos()));
      x.put("quorum_back_ms", s.untilNanos() == FaultWindow.FOREVER_NANOS ? null
          : ms(s.untilNanos()));
      x.put("resumed_ms", s.resumedNanos() < 0 ? null : ms(s.resumedNanos()));
      stalls.add(x);
    }
    m.put("stalls", stalls);
    m.put("cost", cost(o, heights));
    m.put("share_faults", ShareFaultCosts.of(o, records));
    List<Map<String, Object>> rows = new ArrayList<>();
    for (FaultOutcome.HeightFaults h : o.heights()) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("height", h.height());
      x.put("round", h.round());
      x.put("interval_ms", ms(h.intervalNanos()));
      x.put("active", h.activeFaults());
      rows.add(x);
    }
    m.put("per_height", rows);
    m.put("dropped_messages", o.droppedMessages());
    m.put("evidence_detections", o.evidenceDetections());
    m.put("equivocations_detected", o.equivocationsDetected());
    m.put("equivocators", o.equivocators());
    m.put("conflicting_commits", o.conflictingCommits());
    m.put("equivocation", o.equivocation());
    return m;
  }

  private static Map<String, Object> halt(FaultOutcome.Halt h) {
    Map<String, Object> x = new LinkedHashMap<>();
    x.put("height", h.height());
    x.put("last_commit_ms", ms(h.sinceNanos()));
    x.put("stopped_ms", ms(h.stoppedNanos()));
    return x;
  }

  /** Mean interval and extra rounds of heights with and without faults, and per fault. */
  static Map<String, Object> cost(FaultOutcome o, int heights) {
    Map<String, Object> c = new LinkedHashMap<>();
    List<FaultOutcome.HeightFaults> with = new ArrayList<>();
    List<FaultOutcome.HeightFaults> without = new ArrayList<>();
    for (FaultOutcome.HeightFaults h : o.heights()) {
      (h.activeFaults().isEmpty() ? without : with).add(h);
    }
    c.put("heights_expected", heights);
    c.put("heights_committed", o.heights().size());
    c.put("heights_with_faults", with.size());
    c.put("mean_interval_ms_with_faults", meanInterval(with));
    c.put("extra_rounds_with_faults", rounds(with));
    c.put("heights_without_faults", without.size());
    c.put("mean_interval_ms_without_faults", meanInterval(without));
    c.put("extra_rounds_without_faults", rounds(without));
    c.put("stalled_ms", stalledMs(o));
    List<Map<String, Object>> per = new ArrayList<>();
    for (ResolvedFault f : o.timeline()) {
      List<FaultOutcome.HeightFaults> active = o.heights().stream()
          .filter(h -> h.activeFaults().contains(f.index())).toList();
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("index", f.index());
      x.put("kind", f.kind().name());
      x.put("heights_active", active.size());
      x.put("mean_interval_ms", meanInterval(active));
      x.put("extra_rounds", rounds(active));
      per.add(x);
    }
    c.put("per_fault", per);
    return c;
  }

  /** Time without quorum until the chain committed again (or until the run stopped). */
  static double stalledMs(FaultOutcome o) {
    double total = 0;
    for (FaultOutcome.Stall s : o.stalls()) {
      long end = s.resumedNanos() >= 0 ? s.resumedNanos()
          : o.halted() != null ? o.halted().stoppedNanos() : s.fromNanos();
      total += ms(Math.max(0, end - s.fromNanos()));
    }
    if (o.halted() != null && o.stalls().isEmpty()) {
      total += ms(o.halted().stoppedNanos() - o.halted().sinceNanos());
    }
    return total;
  }

  private static Double meanInterval(List<FaultOutcome.HeightFaults> hs) {
    return hs.isEmpty() ? null
        : hs.stream().mapToDouble(h -> ms(h.intervalNanos())).average().orElse(0);
  }

  private static long rounds(List<FaultOutcome.HeightFaults> hs) {
    return hs.stream().mapToLong(FaultOutcome.HeightFaults::round).sum();
  }

  /** The console lines (also the report's summary of faults). */
  public static List<String> lines(Map<String, Object> f) {
    List<String> out = new ArrayList<>();
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> timeline = (List<Map<String, Object>>) f.get("timeline");
    for (Map<String, Object> t : timeline) {
      out.add("fault " + t.get("description"));
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> halted = (Map<String, Object>) f.get("halted");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> stalls = (List<Map<String, Object>>) f.get("stalls");
    for (Map<String, Object> s : stalls) {
      if (s.get("resumed_ms") == null && halted != null) {
        continue; // said with the halt below
      }
      StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
          "chain halted at height %s: quorum lost at %s", s.get("height"),
          sec(s.get("quorum_lost_ms"))));
      if (s.get("quorum_back_ms") != null) {
        b.append(", back at ").append(sec(s.get("quorum_back_ms")));
      }
      b.append(s.get("resumed_ms") != null
          ? ", resumed (height " + s.get("height") + " committed) at " + sec(s.get("resumed_ms"))
          : ", never resumed");
      out.add(b.toString());
    }
    if (halted != null) {
      String lost = stalls.stream().filter(s -> s.get("resumed_ms") == null).findFirst()
          .map(s -> "; quorum lost at " + sec(s.get("quorum_lost_ms"))
              + (s.get("quorum_back_ms") == null ? " for good" : ", back at "
                  + sec(s.get("quorum_back_ms"))))
          .orElse("");
      out.add(String.format(Locale.ROOT, "chain halted at height %s: no commit after %s%s; the"
          + " run stopped at %s (consensus.halt_after); heights from %s on have no verdict",
          halted.get("height"), sec(halted.get("last_commit_ms")), lost,
          sec(halted.get("stopped_ms")), halted.get("height")));
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> cost = (Map<String, Object>) f.get("cost");
    out.add(String.format(Locale.ROOT, "fault cost: %s heights with a fault active, mean block"
        + " interval %s, %s extra rounds; %s heights without, mean %s, %s extra rounds;"
        + " %.1f s without quorum", cost.get("heights_with_faults"),
        msOrDash(cost.get("mean_interval_ms_with_faults")), cost.get("extra_rounds_with_faults"),
        cost.get("heights_without_faults"), msOrDash(cost.get("mean_interval_ms_without_faults")),
        cost.get("extra_rounds_without_faults"), ((Number) cost.get("stalled_ms")).doubleValue()
            / 1000));
    out.addAll(ShareFaultCosts.lines(f));
    long evidence = ((Number) f.get("evidence_detections")).longValue();
    @SuppressWarnings("unchecked")
    List<Integer> conflicts = (List<Integer>) f.get("conflicting_commits");
    if (evidence > 0 || !conflicts.isEmpty() || Boolean.TRUE.equals(f.get("equivocation"))) {
      out.add(String.format(Locale.ROOT, "equivocation: %s conflicting vote pairs (height, round,"
          + " step) of validators %s detected %d times; %s", f.get("equivocations_detected"),
          f.get("equivocators"), evidence, conflicts.isEmpty()
              ? "no height committed two blocks (safety held)"
              : "SAFETY VIOLATED at heights " + conflicts));
    }
    return out;
  }

  private static String sec(Object ms) {
    return String.format(Locale.ROOT, "%.2f s", ((Number) ms).doubleValue() / 1000);
  }

  private static String msOrDash(Object ms) {
    return ms == null ? "-" : String.format(Locale.ROOT, "%.1f ms", ((Number) ms).doubleValue());
  }

  static double ms(long nanos) {
    return nanos / 1e6;
  }
}
