package dev.tdsim.report;

import static dev.tdsim.format.Durations.secondsOfMs;
import static dev.tdsim.format.Durations.tenthsMs;
import static dev.tdsim.report.Verdicts.ms;

import dev.tdsim.faults.FaultOutcome;
import dev.tdsim.faults.FaultWindow;
import dev.tdsim.faults.ResolvedFault;
import dev.tdsim.pipeline.HeightRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code faults} part of summary.json, the console and report.html: the fault timeline, what
 * each fault cost on the critical path (block intervals and rounds of the heights it was active
 * at, against heights without faults), what each share fault did to decryption ({@link
 * ShareFaultCosts}), halts and stalls, and equivocation evidence.
 */
public final class FaultSummary {
  private FaultSummary() {}

  /**
   * The summary.json section; {@code records} are the run's decrypted heights (for the share
   * faults' blame and reshare times).
   */
  public static FaultsReport of(FaultOutcome o, int heights, List<HeightRecord> records) {
    List<FaultsReport.Stall> stalls = new ArrayList<>();
    for (FaultOutcome.Stall s : o.stalls()) {
      stalls.add(new FaultsReport.Stall(s.height(), ms(s.fromNanos()),
          s.untilNanos() == FaultWindow.FOREVER_NANOS ? null : ms(s.untilNanos()),
          s.resumedNanos() < 0 ? null : ms(s.resumedNanos())));
    }
    List<FaultsReport.HeightRow> rows = new ArrayList<>();
    for (FaultOutcome.HeightFaults h : o.heights()) {
      rows.add(new FaultsReport.HeightRow(h.height(), h.round(), ms(h.intervalNanos()),
          h.activeFaults()));
    }
    FaultOutcome.Halt h = o.halted();
    return new FaultsReport(
        o.timeline().stream().map(FaultsReport.TimelineEntry::of).toList(),
        h == null ? null
            : new FaultsReport.Halted(h.height(), ms(h.sinceNanos()), ms(h.stoppedNanos())),
        stalls, cost(o, heights), ShareFaultCosts.of(o, records), rows, o.droppedMessages(),
        o.evidenceDetections(), o.equivocationsDetected(), o.equivocators(),
        o.conflictingCommits(), o.equivocation());
  }

  /** Mean interval and extra rounds of heights with and without faults, and per fault. */
  static FaultsReport.Cost cost(FaultOutcome o, int heights) {
    List<FaultOutcome.HeightFaults> with = new ArrayList<>();
    List<FaultOutcome.HeightFaults> without = new ArrayList<>();
    for (FaultOutcome.HeightFaults h : o.heights()) {
      (h.activeFaults().isEmpty() ? without : with).add(h);
    }
    List<FaultsReport.FaultCost> per = new ArrayList<>();
    for (ResolvedFault f : o.timeline()) {
      List<FaultOutcome.HeightFaults> active = o.heights().stream()
          .filter(h -> h.activeFaults().contains(f.index())).toList();
      per.add(new FaultsReport.FaultCost(f.index(), f.kind().name(), active.size(),
          meanInterval(active), rounds(active)));
    }
    return new FaultsReport.Cost(heights, o.heights().size(), with.size(), meanInterval(with),
        rounds(with), without.size(), meanInterval(without), rounds(without), stalledMs(o), per);
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
  public static List<String> lines(FaultsReport f) {
    List<String> out = new ArrayList<>();
    for (FaultsReport.TimelineEntry t : f.timeline()) {
      out.add("fault " + t.description());
    }
    FaultsReport.Halted halted = f.halted();
    for (FaultsReport.Stall s : f.stalls()) {
      if (s.resumedMs() == null && halted != null) {
        continue; // said with the halt below
      }
      StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
          "chain halted at height %s: quorum lost at %s", s.height(),
          secondsOfMs(s.quorumLostMs())));
      if (s.quorumBackMs() != null) {
        b.append(", back at ").append(secondsOfMs(s.quorumBackMs()));
      }
      b.append(s.resumedMs() != null
          ? ", resumed (height " + s.height() + " committed) at " + secondsOfMs(s.resumedMs())
          : ", never resumed");
      out.add(b.toString());
    }
    if (halted != null) {
      String lost = f.stalls().stream().filter(s -> s.resumedMs() == null).findFirst()
          .map(s -> "; quorum lost at " + secondsOfMs(s.quorumLostMs())
              + (s.quorumBackMs() == null ? " for good" : ", back at "
                  + secondsOfMs(s.quorumBackMs())))
          .orElse("");
      out.add(String.format(Locale.ROOT, "chain halted at height %s: no commit after %s%s; the"
          + " run stopped at %s (consensus.halt_after); heights from %s on have no verdict",
          halted.height(), secondsOfMs(halted.lastCommitMs()), lost,
          secondsOfMs(halted.stoppedMs()), halted.height()));
    }
    FaultsReport.Cost cost = f.cost();
    out.add(String.format(Locale.ROOT, "fault cost: %s heights with a fault active, mean block"
        + " interval %s, %s extra rounds; %s heights without, mean %s, %s extra rounds;"
        + " %.1f s without quorum", cost.heightsWithFaults(),
        tenthsMs(cost.meanIntervalMsWithFaults()), cost.extraRoundsWithFaults(),
        cost.heightsWithoutFaults(), tenthsMs(cost.meanIntervalMsWithoutFaults()),
        cost.extraRoundsWithoutFaults(), cost.stalledMs() / 1000));
    out.addAll(ShareFaultCosts.lines(f));
    long evidence = f.evidenceDetections();
    List<Integer> conflicts = f.conflictingCommits();
    if (evidence > 0 || !conflicts.isEmpty() || f.equivocation()) {
      out.add(String.format(Locale.ROOT, "equivocation: %s conflicting vote pairs (height, round,"
          + " step) of validators %s detected %d times; %s", f.equivocationsDetected(),
          f.equivocators(), evidence, conflicts.isEmpty()
              ? "no height committed two blocks (safety held)"
              : "SAFETY VIOLATED at heights " + conflicts));
    }
    return out;
  }
}
