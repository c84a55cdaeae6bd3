package dev.tdsim.costs;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.cert.Certificate;
import dev.tdsim.crypto.cert.CertifyResult;
import dev.tdsim.crypto.cert.CommitteeCertifier;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.timing.CertificateCost;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a commit certificate costs, single-thread CPU time of each {@link CertificateCost.Op} on
 * one committee ({@link CertificateShape}: the signer priced, the quorum combined): either
 * measured on this machine from the real scheme ({@code dev.tdsim.crypto.cert}; the median of
 * {@value #SAMPLES} calls, {@value #COMBINE_SAMPLES} for the quorum's calls), once per (scheme,
 * committee, stake) and cached for the life of the process as {@link VoteCosts} is, or predicted
 * by a cost model's calibrated {@link CertificateCost}. Messages are CometBFT canonical
 * precommits ({@link CanonicalVoteBytes#sample}).
 *
 * @param shape the committee's signer, quorum and wire sizes
 * @param nanos each operation's single-thread nanoseconds (at least 1)
 */
public record CertificateTimings(CertificateShape shape, Map<CertificateCost.Op, Long> nanos) {

  /** Timed calls of sign, verify and check (median); the quorum's calls are timed fewer. */
  public static final int SAMPLES = 15;
  public static final int COMBINE_SAMPLES = 5;
  private static final Map<List<Object>, CertificateTimings> CACHE = new ConcurrentHashMap<>();

  public CertificateTimings {
    Objects.requireNonNull(shape, "shape");
    Map<CertificateCost.Op, Long> copy = new EnumMap<>(CertificateCost.Op.class);
    copy.putAll(nanos);
    if (copy.size() != CertificateCost.Op.values().length) {
      throw new IllegalArgumentException("need every operation's time, got " + copy.keySet());
    }
    nanos = java.util.Collections.unmodifiableMap(copy);
  }

  public long nanos(CertificateCost.Op op) {
    return nanos.get(op);
  }

  /** The costs a calibrated model predicts for this shape. */
  public static CertificateTimings predicted(CertificateShape shape, CertificateCost cost) {
    Map<CertificateCost.Op, Long> out = new EnumMap<>(CertificateCost.Op.class);
    for (CertificateCost.Op op : CertificateCost.Op.values()) {
      out.put(op, cost.nanos(op, shape.sizeOf(op)));
    }
    return new CertificateTimings(shape, out);
  }

  /**
   * The costs of {@code scheme} for this committee and stake, measured on first use and cached.
   *
   * @param voteSignature the vote scheme ({@code votes} signs with it)
   * @throws IllegalArgumentException for an unknown scheme, listing the known ones
   */
  public static CertificateTimings cached(String scheme, String voteSignature,
      Committee committee, long[] stake) {
    List<Object> key = CertificateShape.cacheKey(scheme, voteSignature, committee, stake);
    CertificateTimings t = CACHE.get(key);
    if (t == null) {
      t = measure(scheme, voteSignature, committee, stake);
      CACHE.putIfAbsent(key, t);
    }
    return t;
  }

  /** A fresh measurement (keys dealt from a fixed seed, on one thread). */
  public static CertificateTimings measure(String scheme, String voteSignature,
      Committee committee, long[] stake) {
    try (Workers one = Workers.of(1)) {
      CommitteeCertifier c = CertificateShape.setUp(scheme, voteSignature, committee, stake, one);
      // Working out the shape signs and combines for real: the JIT's and the scheme's lazily
      // built tables' (the public shares') warm-up.
      CertificateShape shape = CertificateShape.of(c, committee, stake);
      int signer = shape.signer();
      byte[] w = CanonicalVoteBytes.sample(-1);
      check(scheme, c.verifyVote(signer, w, c.sign(signer, w)), "a fresh part");
      long[] sign = new long[SAMPLES];
      long[] verify = new long[SAMPLES];
      for (int i = 0; i < SAMPLES; i++) {
        byte[] m = CanonicalVoteBytes.sample(i);
        long t0 = VoteCosts.cpuNanos();
        byte[] part = c.sign(signer, m);
        long t1 = VoteCosts.cpuNanos();
        boolean ok = c.verifyVote(signer, m, part);
        long t2 = VoteCosts.cpuNanos();
        check(scheme, ok, "a fresh part");
        sign[i] = t1 - t0;
        verify[i] = t2 - t1;
      }
      long[] combine = new long[COMBINE_SAMPLES];
      long[] batch = new long[COMBINE_SAMPLES];
      long[] verifyCert = new long[SAMPLES];
      for (int i = 0; i < COMBINE_SAMPLES + 1; i++) {
        byte[] m = CanonicalVoteBytes.sample(1000 + i);
        Map<Integer, byte[]> parts = new LinkedHashMap<>();
        for (int v : shape.quorum()) {
          parts.put(v, c.sign(v, m));
        }
        long t0 = VoteCosts.cpuNanos();
        CertifyResult r = c.combine(m, parts);
        long t1 = VoteCosts.cpuNanos();
        boolean all = c.verifyVotes(m, parts);
        long t2 = VoteCosts.cpuNanos();
        check(scheme, r.certificate().isPresent() && r.blamed().isEmpty(), "a quorum's parts");
        check(scheme, all, "a quorum's batch of parts");
        if (i > 0) { // the first is the warm-up
          combine[i - 1] = t1 - t0;
          batch[i - 1] = t2 - t1;
        }
        if (i == COMBINE_SAMPLES) {
          Certificate last = r.certificate().get();
          for (int k = 0; k < SAMPLES; k++) {
            long s0 = VoteCosts.cpuNanos();
            boolean ok = c.verify(m, last);
            verifyCert[k] = VoteCosts.cpuNanos() - s0;
            check(scheme, ok, "the certificate");
          }
        }
      }
      Map<CertificateCost.Op, Long> nanos = new EnumMap<>(CertificateCost.Op.class);
      nanos.put(CertificateCost.Op.SIGN, Math.max(1, VoteCosts.median(sign)));
      nanos.put(CertificateCost.Op.VERIFY, Math.max(1, VoteCosts.median(verify)));
      nanos.put(CertificateCost.Op.BATCH_VERIFY, Math.max(1, VoteCosts.median(batch)));
      nanos.put(CertificateCost.Op.COMBINE, Math.max(1, VoteCosts.median(combine)));
      nanos.put(CertificateCost.Op.CHECK, Math.max(1, VoteCosts.median(verifyCert)));
      return new CertificateTimings(shape, nanos);
    }
  }

  private static void check(String scheme, boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException("certificate scheme " + scheme + ": " + what
          + " does not verify");
    }
  }
}
