package dev.tdsim.report;

import static dev.tdsim.format.Durations.tenthsMs;

import dev.tdsim.faults.FaultOutcome;
import dev.tdsim.faults.ResolvedFault;
import dev.tdsim.pipeline.HeightRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.ToLongFunction;

/**
 * What each share fault (bad, malformed, withheld, equivocated shares, a colluding encryptor) did
 * to decryption: the heights it was active at, the validators the combiner named faulty there,
 * and the mean blame and reshare time it put on the critical path, against the decryption
 * latency of heights without a share fault. The {@code share_faults} list of summary.json's
 * {@code faults} section, and lines of the console and report.html.
 */
final class ShareFaultCosts {
  private ShareFaultCosts() {}

  /**
   * One entry per share fault of the timeline (empty when there are none): simulated ms, means
   * over its active heights that were decrypted. Overlapping share faults each see the whole
   * time of the heights they share.
   */
  static List<FaultsReport.ShareFaultCost> of(FaultOutcome o, List<HeightRecord> records) {
    Map<Integer, HeightRecord> byHeight = new LinkedHashMap<>();
    for (HeightRecord r : records) {
      byHeight.put(r.height(), r);
    }
    List<ResolvedFault> shareFaults = o.timeline().stream()
        .filter(f -> f.kind().shareType().isPresent()).toList();
    List<FaultsReport.ShareFaultCost> out = new ArrayList<>();
    if (shareFaults.isEmpty()) {
      return out;
    }
    List<HeightRecord> clean = new ArrayList<>();
    for (FaultOutcome.HeightFaults h : o.heights()) {
      boolean anyShareFault = shareFaults.stream()
          .anyMatch(f -> h.activeFaults().contains(f.index()));
      if (!anyShareFault && byHeight.containsKey(h.height())) {
        clean.add(byHeight.get(h.height()));
      }
    }
    Double cleanLatency = mean(clean, HeightRecord::decryptionLatencyNanos);
    for (ResolvedFault f : shareFaults) {
      List<Integer> active = new ArrayList<>();
      List<HeightRecord> decrypted = new ArrayList<>();
      for (FaultOutcome.HeightFaults h : o.heights()) {
        if (h.activeFaults().contains(f.index())) {
          active.add(h.height());
          if (byHeight.containsKey(h.height())) {
            decrypted.add(byHeight.get(h.height()));
          }
        }
      }
      TreeSet<Integer> named = new TreeSet<>();
      int heightsNamed = 0;
      for (HeightRecord r : decrypted) {
        named.addAll(r.faulty());
        if (r.faulty().stream().anyMatch(f.validators()::contains)) {
          heightsNamed++;
        }
      }
      out.add(new FaultsReport.ShareFaultCost(f.index(), f.kind().name(), f.validators(),
          active, decrypted.size(), List.copyOf(named), heightsNamed,
          mean(decrypted, HeightRecord::blameNanos),
          mean(decrypted, HeightRecord::reshareOnlyNanos),
          mean(decrypted, HeightRecord::decryptionLatencyNanos), cleanLatency));
    }
    return out;
  }

  /** The console lines (also the report's list), one per share fault. */
  static List<String> lines(FaultsReport faults) {
    List<String> out = new ArrayList<>();
    for (FaultsReport.ShareFaultCost x : faults.shareFaults()) {
      out.add(String.format(Locale.ROOT, "share fault #%s %s of validators %s: active at heights"
          + " %s, named faulty %s (its validators at %s of %s decrypted heights); per height:"
          + " blame %s, reshare %s, decryption latency %s vs %s without share faults",
          x.index(), x.kind(), x.validators(), heights(x.heightsActive()), x.namedFaulty(),
          x.heightsItsValidatorsNamed(), x.heightsDecrypted(), tenthsMs(x.meanBlameMs()),
          tenthsMs(x.meanReshareMs()), tenthsMs(x.meanDecryptionLatencyMs()),
          tenthsMs(x.meanDecryptionLatencyMsWithoutShareFaults())));
    }
    return out;
  }

  /** "2-4" for a run of consecutive heights, else the list; "none" when empty. */
  static String heights(List<Integer> hs) {
    if (hs.isEmpty()) {
      return "none";
    }
    int first = hs.get(0);
    int last = hs.get(hs.size() - 1);
    if (hs.size() == last - first + 1) {
      return first == last ? String.valueOf(first) : first + "-" + last;
    }
    return hs.toString();
  }

  private static Double mean(List<HeightRecord> hs, ToLongFunction<HeightRecord> nanos) {
    return hs.isEmpty() ? null
        : hs.stream().mapToDouble(h -> nanos.applyAsLong(h) / 1e6).average().orElse(0);
  }
}
