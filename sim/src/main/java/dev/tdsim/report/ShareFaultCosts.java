package dev.tdsim.report;

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
  static List<Map<String, Object>> of(FaultOutcome o, List<HeightRecord> records) {
    Map<Integer, HeightRecord> byHeight = new LinkedHashMap<>();
    for (HeightRecord r : records) {
      byHeight.put(r.height(), r);
    }
    List<ResolvedFault> shareFaults = o.timeline().stream()
        .filter(f -> f.kind().shareType().isPresent()).toList();
    List<Map<String, Object>> out = new ArrayList<>();
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
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("index", f.index());
      x.put("kind", f.kind().name());
      x.put("validators", f.validators());
      x.put("heights_active", active);
      x.put("heights_decrypted", decrypted.size());
      x.put("named_faulty", List.copyOf(named));
      x.put("heights_its_validators_named", heightsNamed);
      x.put("mean_blame_ms", mean(decrypted, HeightRecord::blameNanos));
      x.put("mean_reshare_ms", mean(decrypted, HeightRecord::reshareOnlyNanos));
      x.put("mean_decryption_latency_ms", mean(decrypted, HeightRecord::decryptionLatencyNanos));
      x.put("mean_decryption_latency_ms_without_share_faults", cleanLatency);
      out.add(x);
    }
    return out;
  }

  /** The console lines (also the report's list), one per share fault. */
  @SuppressWarnings("unchecked")
  static List<String> lines(Map<String, Object> faults) {
    List<String> out = new ArrayList<>();
    Object list = faults.get("share_faults");
    if (!(list instanceof List<?>)) {
      return out;
    }
    for (Map<String, Object> x : (List<Map<String, Object>>) list) {
      out.add(String.format(Locale.ROOT, "share fault #%s %s of validators %s: active at heights"
          + " %s, named faulty %s (its validators at %s of %s decrypted heights); per height:"
          + " blame %s, reshare %s, decryption latency %s vs %s without share faults",
          x.get("index"), x.get("kind"), x.get("validators"), heights(x.get("heights_active")),
          x.get("named_faulty"), x.get("heights_its_validators_named"),
          x.get("heights_decrypted"), ms(x.get("mean_blame_ms")), ms(x.get("mean_reshare_ms")),
          ms(x.get("mean_decryption_latency_ms")),
          ms(x.get("mean_decryption_latency_ms_without_share_faults"))));
    }
    return out;
  }

  /** "2-4" for a run of consecutive heights, else the list; "none" when empty. */
  static String heights(Object heights) {
    @SuppressWarnings("unchecked")
    List<Integer> hs = (List<Integer>) heights;
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

  static String ms(Object ms) {
    return ms == null ? "-" : String.format(Locale.ROOT, "%.1f ms", ((Number) ms).doubleValue());
  }

  private static Double mean(List<HeightRecord> hs, ToLongFunction<HeightRecord> nanos) {
    return hs.isEmpty() ? null
        : hs.stream().mapToDouble(h -> nanos.applyAsLong(h) / 1e6).average().orElse(0);
  }
}
