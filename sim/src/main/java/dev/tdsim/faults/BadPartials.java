package dev.tdsim.faults;

import dev.tdsim.consensus.CertificateCosts;
import dev.tdsim.crypto.cert.CertifyResult;
import dev.tdsim.crypto.cert.CommitteeCertifier;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The {@code bad-partial} fault on the real threshold-BLS certificate: for a height's
 * precommitters it signs each honest one's partial on the height's precommit and each faulty
 * one's on another message (valid G1 points, wrong values), combines them with the real scheme
 * ({@link CommitteeCertifier#combine}: the optimistic combination fails its check, each partial
 * is then checked alone and the wrong ones are named), and checks that the certificate formed
 * from the rest verifies. Each distinct (height, precommitters) is combined once and the result
 * kept; every combiner that meets it pays its own cost. Single-threaded, as the event loop.
 */
final class BadPartials {
  private final FaultPlan plan;
  private final CommitteeCertifier certifier;
  private final Map<List<Object>, CertifyResult> combined = new HashMap<>();
  private final TreeSet<Integer> named = new TreeSet<>();

  /** @param certifier the run's {@code threshold-bls} keys */
  BadPartials(FaultPlan plan, CommitteeCertifier certifier) {
    this.plan = plan;
    this.certifier = certifier;
  }

  /** The precommitters whose partials the combination did not find wrong. */
  List<Integer> good(int height, List<Integer> precommitters, long atNanos) {
    List<Integer> blamed = combine(height, precommitters, atNanos).blamed();
    return blamed.isEmpty() ? precommitters
        : precommitters.stream().filter(v -> !blamed.contains(v)).toList();
  }

  /**
   * What the blame path adds to a clean combine: every partial checked alone (a received part's
   * check each) and the second combination with its check; 0 when the first one verified.
   */
  long extraNanos(int height, List<Integer> precommitters, long atNanos, CertificateCosts c) {
    if (combine(height, precommitters, atNanos).blamed().isEmpty()) {
      return 0;
    }
    return precommitters.size() * c.verifyNanos() + c.combineNanos();
  }

  /** The validators some combination named, ascending. */
  List<Integer> named() {
    return List.copyOf(named);
  }

  private CertifyResult combine(int height, List<Integer> precommitters, long atNanos) {
    List<Integer> sorted = precommitters.stream().sorted().toList();
    return combined.computeIfAbsent(List.of(height, sorted), k -> {
      byte[] message = precommit(height, "");
      byte[] other = precommit(height, " (forged)");
      Map<Integer, byte[]> votes = new TreeMap<>();
      TreeSet<Integer> faulty = new TreeSet<>();
      for (int v : sorted) {
        boolean bad = plan.sendsBadPartial(v, height, atNanos);
        votes.put(v, certifier.sign(v, bad ? other : message));
        if (bad) {
          faulty.add(v);
        }
      }
      CertifyResult r = certifier.combine(message, votes);
      if (!faulty.containsAll(r.blamed())) {
        throw new IllegalStateException("height " + height + ": the certificate's combination"
            + " named " + r.blamed() + ", of whom only " + faulty + " sent bad partials");
      }
      if (r.certificate().isPresent() && !certifier.verify(message, r.certificate().get())) {
        throw new IllegalStateException("height " + height + ": a certificate that does not"
            + " verify came back from the combination");
      }
      named.addAll(r.blamed());
      return r;
    });
  }

  /** The bytes the precommitters of {@code height} sign (a forged partial signs another). */
  private static byte[] precommit(int height, String variant) {
    return ("tdsim precommit, height " + height + variant).getBytes(StandardCharsets.US_ASCII);
  }
}
