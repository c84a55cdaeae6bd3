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
        o.conflictingCommits(), o.equivocation(), missing(records),
        heightsWithMissing(records) > 0 ? heightsWithMissing(records) : null, o.badPartials());
  }

  /** Validators left out at some height only because their shares did not arrive in time. */
  private static List<Integer> missing(List<HeightRecord> records) {
    return records.stream().flatMap(r -> r.missing().stream()).distinct().sorted().toList();
  }

  private static int heightsWithMissing(List<HeightRecord> records) {
    return (int) records.stream().filter(r -> !r.missing().isEmpty()).count();
  }

  /**
   * The first height whose block interval is compared: height 1 has no commit pause before it
   * (the chain starts at once), every later height's interval holds one, so heights from 2 on
   * are compared with each other only.
   */
  static final int COMPARED_FROM_HEIGHT = 2;

  /**
   * Mean interval and extra rounds of heights with and without faults, and per fault, over the
   * heights from {@link #COMPARED_FROM_HEIGHT} on (like with like).
   */
  static FaultsReport.Cost cost(FaultOutcome o, int heights) {
    List<FaultOutcome.HeightFaults> compared = o.heights().stream()
        .filter(h -> h.height() >= COMPARED_FROM_HEIGHT).toList();
    List<FaultOutcome.HeightFaults> with = new ArrayList<>();
    List<FaultOutcome.HeightFaults> without = new ArrayList<>();
    for (FaultOutcome.HeightFaults h : compared) {
      (h.activeFaults().isEmpty() ? without : with).add(h);
    }
    List<FaultsReport.FaultCost> per = new ArrayList<>();
    for (ResolvedFault f : o.timeline()) {
      List<FaultOutcome.HeightFaults> active = compared.stream()
          .filter(h -> h.activeFaults().contains(f.index())).toList();
      per.add(new FaultsReport.FaultCost(f.index(), f.kind().name(), active.size(),
          meanInterval(active), rounds(active)));
    }
    double haltedWithQuorum = haltedWithQuorumMs(o);
    return new FaultsReport.Cost(heights, o.heights().size(), with.size(), meanInterval(with),
        rounds(with), without.size(), meanInterval(without), rounds(without), stalledMs(o), per,
        COMPARED_FROM_HEIGHT, haltedWithQuorum > 0 ? haltedWithQuorum : null);
  }

  /**
   * Time without quorum until the chain committed again (or until the run stopped): only the
   * periods in which the crashes and partitions left no +2/3 of the stake live and connected.
   */
  static double stalledMs(FaultOutcome o) {
    double total = 0;
    for (FaultOutcome.Stall s : o.stalls()) {
      long end = s.resumedNanos() >= 0 ? s.resumedNanos()
          : o.halted() != null ? o.halted().stoppedNanos() : s.fromNanos();
      total += ms(Math.max(0, end - s.fromNanos()));
    }
    return total;
  }

  /**
   * The time a halted chain made no progress while quorum held: from its last commit to the
   * run's stop, less the periods without quorum in it (0 without a halt).
   */
  static double haltedWithQuorumMs(FaultOutcome o) {
    FaultOutcome.Halt h = o.halted();
    if (h == null) {
      return 0;
    }
    long withoutQuorum = 0;
    for (FaultOutcome.Stall s : o.stalls()) {
      long from = Math.max(s.fromNanos(), h.sinceNanos());
      long until = Math.min(s.untilNanos(), h.stoppedNanos());
      withoutQuorum += Math.max(0, until - from);
    }
    return ms(Math.max(0, h.stoppedNanos() - h.sinceNanos() - withoutQuorum));
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
    out.add(String.format(Locale.ROOT, "fault cost%s: %s heights with a fault active, mean block"
        + " interval %s, %s extra rounds; %s heights without, mean %s, %s extra rounds;"
        + " %.1f s without quorum%s", cost.comparedFromHeight() == null ? ""
            : " (heights from " + cost.comparedFromHeight() + " on, each interval holding one"
                + " commit pause)", cost.heightsWithFaults(),
        tenthsMs(cost.meanIntervalMsWithFaults()), cost.extraRoundsWithFaults(),
        cost.heightsWithoutFaults(), tenthsMs(cost.meanIntervalMsWithoutFaults()),
        cost.extraRoundsWithoutFaults(), cost.stalledMs() / 1000,
        cost.haltedWithQuorumMs() == null ? "" : String.format(Locale.ROOT,
            "; %.1f s halted while quorum held", cost.haltedWithQuorumMs() / 1000)));
    out.addAll(ShareFaultCosts.lines(f));
    if (!f.missing().isEmpty()) {
      out.add(String.format(Locale.ROOT, "missing (no share in time: crashed, cut off or slow;"
          + " not blamed): validators %s, at %s heights", f.missing(), f.heightsWithMissing()));
    }
    if (!f.badPartials().isEmpty()) {
      out.add("bad threshold-BLS partials: validators " + f.badPartials() + " named by the"
          + " commit certificate's combiner (each partial checked alone); the certificates were"
          + " combined from the other partials");
    }
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
