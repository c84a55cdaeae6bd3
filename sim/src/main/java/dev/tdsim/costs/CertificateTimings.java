package dev.tdsim.costs;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.cert.Certificate;
import dev.tdsim.crypto.cert.CertificateSchemes;
import dev.tdsim.crypto.cert.CertificateSetup;
import dev.tdsim.crypto.cert.CertifyResult;
import dev.tdsim.crypto.cert.CommitteeCertifier;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import dev.tdsim.crypto.tpke.Committee;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a commit certificate costs on this machine, measured from the real scheme
 * ({@code dev.tdsim.crypto.cert}) for one committee layout: the median single-thread CPU time of
 * signing one precommit's part, verifying one, verifying a quorum's parts together, combining
 * them into the certificate
 * (with the check the real combine makes of its result), and checking a certificate; plus the
 * certificate's and a part's encoded sizes. Measured once per (scheme, committee, stake) and
 * cached for the life of the process, as {@link VoteCosts} is.
 *
 * <p>The signer measured is the validator holding the most points (for {@code threshold-bls} a
 * part is one 48-byte G1 point per point held, so it signs and is verified longest); the quorum
 * combined is the validators in index order until they hold +2/3 of the stake and the points the
 * scheme needs ({@code threshold-bls}: t). Messages are CometBFT canonical precommits
 * ({@link CanonicalVoteBytes#sample}).
 *
 * @param scheme the certificate scheme's name
 * @param signNanos one part signed
 * @param verifyNanos one received part verified alone
 * @param batchVerifyNanos the quorum's parts verified together ({@code verifyVotes}: one aggregate
 *     or random-weight check where the scheme batches)
 * @param combineNanos a quorum's parts combined (and the result checked)
 * @param checkNanos one certificate verified
 * @param partBytes the signer's part on the wire
 * @param wireBytes the quorum's certificate on the wire (signatures and signer bitmap)
 * @param quorumSigners how many validators the measured quorum had
 * @param pointsNeeded the key points a certificate's signers must hold beyond +2/3 of the stake
 *     ({@link CommitteeCertifier#pointsNeeded}; 0: none)
 * @param partsSignedAs the vote scheme whose signing a part is, if any
 *     ({@link CommitteeCertifier#partsSignedAs})
 */
public record CertificateTimings(String scheme, long signNanos, long verifyNanos,
    long batchVerifyNanos, long combineNanos, long checkNanos, int partBytes, int wireBytes,
    int quorumSigners, int pointsNeeded, Optional<String> partsSignedAs) {

  /** Timed calls of sign, verify and check (median); combine is timed {@value #COMBINE_SAMPLES}. */
  public static final int SAMPLES = 15;
  public static final int COMBINE_SAMPLES = 5;
  private static final Map<List<Object>, CertificateTimings> CACHE = new ConcurrentHashMap<>();

  public CertificateTimings {
    Objects.requireNonNull(scheme, "scheme");
    Objects.requireNonNull(partsSignedAs, "partsSignedAs");
  }

  /**
   * The costs of {@code scheme} for this committee and stake, measured on first use and cached.
   *
   * @param voteSignature the vote scheme ({@code votes} signs with it)
   * @throws IllegalArgumentException for an unknown scheme, listing the known ones
   */
  public static CertificateTimings cached(String scheme, String voteSignature,
      Committee committee, long[] stake) {
    List<Object> key = List.of(scheme, voteSignature, committee.threshold(),
        Arrays.stream(committee.firstPoint()).boxed().toList(),
        Arrays.stream(stake).boxed().toList());
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
    if (stake.length != committee.validators()) {
      throw new IllegalArgumentException("stake has " + stake.length + " entries for "
          + committee.validators() + " validators");
    }
    try (Workers one = Workers.of(1)) {
      CommitteeCertifier c = CertificateSchemes.byName(scheme).setUp(new CertificateSetup(
          committee, VoteSignatureSchemes.byName(voteSignature),
          SeededDrbg.of(0L, "costs.certificate_keys", 0), one));
      int signer = 0;
      for (int v = 1; v < committee.validators(); v++) {
        if (committee.pointsOf(v) > committee.pointsOf(signer)) {
          signer = v;
        }
      }
      int[] quorum = quorum(committee, stake, c.pointsNeeded());
      // Warm-up: the JIT, and the scheme's lazily built tables (the public shares).
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
      Certificate last = null;
      for (int i = 0; i < COMBINE_SAMPLES + 1; i++) {
        byte[] m = CanonicalVoteBytes.sample(1000 + i);
        Map<Integer, byte[]> parts = new LinkedHashMap<>();
        for (int v : quorum) {
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
        last = r.certificate().get();
        if (i == COMBINE_SAMPLES) {
          for (int k = 0; k < SAMPLES; k++) {
            long s0 = VoteCosts.cpuNanos();
            boolean ok = c.verify(m, last);
            verifyCert[k] = VoteCosts.cpuNanos() - s0;
            check(scheme, ok, "the certificate");
          }
        }
      }
      return new CertificateTimings(scheme, Math.max(1, VoteCosts.median(sign)),
          Math.max(1, VoteCosts.median(verify)), Math.max(1, VoteCosts.median(batch)),
          Math.max(1, VoteCosts.median(combine)),
          Math.max(1, VoteCosts.median(verifyCert)), c.voteBytes(signer), last.wireBytes(),
          quorum.length, c.pointsNeeded(), c.partsSignedAs());
    }
  }

  /**
   * Validators 0, 1, ... until they hold more than 2/3 of the stake and at least the points the
   * scheme needs: the precommits a combiner holds when it can combine.
   */
  static int[] quorum(Committee committee, long[] stake, int pointsNeeded) {
    long total = Arrays.stream(stake).sum();
    long held = 0;
    int points = 0;
    int n = 0;
    while (n < stake.length && (held * 3 <= total * 2 || points < pointsNeeded)) {
      held += stake[n];
      points += committee.pointsOf(n);
      n++;
    }
    int[] q = new int[n];
    for (int i = 0; i < n; i++) {
      q[i] = i;
    }
    return q;
  }

  private static void check(String scheme, boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException("certificate scheme " + scheme + ": " + what
          + " does not verify");
    }
  }
}
