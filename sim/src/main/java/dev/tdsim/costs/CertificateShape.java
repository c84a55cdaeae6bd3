package dev.tdsim.costs;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.cert.CertificateSchemes;
import dev.tdsim.crypto.cert.CertificateSetup;
import dev.tdsim.crypto.cert.CertifyResult;
import dev.tdsim.crypto.cert.CommitteeCertifier;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.timing.CertificateCost;
import dev.tdsim.timing.OpSize;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a commit certificate of one scheme is on one committee, apart from its times: the signer
 * whose calls are priced (the validator holding the most points: for {@code threshold-bls} a part
 * is one G1 point per point held, so it signs and is verified longest), the quorum a combiner
 * holds (validators 0, 1, ... until they hold more than 2/3 of the stake and the points the
 * scheme needs), and the sizes on the wire, read from the real scheme's parts and a real combined
 * certificate. The same in every run (keys dealt from a fixed seed).
 *
 * @param scheme the certificate scheme's name
 * @param signer the validator whose part is priced
 * @param signerPoints the key points it signs with (0 for a scheme with one key per validator,
 *     {@link dev.tdsim.crypto.cert.CertificateScheme#signsWithKeyPoints})
 * @param partBytes its part on the wire
 * @param wireBytes the quorum's certificate on the wire (signatures and signer bitmap)
 * @param quorum the validators of the quorum, in index order
 * @param quorumPoints the key points they sign with (0 likewise)
 * @param pointsNeeded the key points a certificate's signers must hold beyond +2/3 of the stake
 *     ({@link CommitteeCertifier#pointsNeeded}; 0: none)
 * @param partsSignedAs the vote scheme whose signing a part is, if any
 *     ({@link CommitteeCertifier#partsSignedAs})
 */
public record CertificateShape(String scheme, int signer, int signerPoints, int partBytes,
    int wireBytes, int[] quorum, int quorumPoints, int pointsNeeded,
    Optional<String> partsSignedAs) {

  private static final Map<List<Object>, CertificateShape> CACHE = new ConcurrentHashMap<>();

  public CertificateShape {
    Objects.requireNonNull(scheme, "scheme");
    Objects.requireNonNull(partsSignedAs, "partsSignedAs");
    quorum = quorum.clone();
  }

  @Override
  public int[] quorum() {
    return quorum.clone();
  }

  public int quorumSigners() {
    return quorum.length;
  }

  /** The size a cost model prices {@code op} at. */
  public OpSize sizeOf(CertificateCost.Op op) {
    return op.perSigner() ? CertificateCost.signerSize(signerPoints)
        : CertificateCost.quorumSize(quorum.length, quorumPoints);
  }

  /** The shape of {@code scheme} for this committee and stake, worked out once per process. */
  public static CertificateShape cached(String scheme, String voteSignature, Committee committee,
      long[] stake) {
    List<Object> key = cacheKey(scheme, voteSignature, committee, stake);
    CertificateShape s = CACHE.get(key);
    if (s == null) {
      try (Workers one = Workers.of(1)) {
        s = of(setUp(scheme, voteSignature, committee, stake, one), committee, stake);
      }
      CACHE.putIfAbsent(key, s);
    }
    return s;
  }

  /** What a certificate's shape and costs depend on: scheme, votes, key layout and stake. */
  static List<Object> cacheKey(String scheme, String voteSignature, Committee committee,
      long[] stake) {
    return List.of(scheme, voteSignature, committee.threshold(),
        Arrays.stream(committee.firstPoint()).boxed().toList(),
        Arrays.stream(stake).boxed().toList());
  }

  /** The scheme set up on the committee, its keys dealt from a fixed seed. */
  static CommitteeCertifier setUp(String scheme, String voteSignature, Committee committee,
      long[] stake, Workers workers) {
    if (stake.length != committee.validators()) {
      throw new IllegalArgumentException("stake has " + stake.length + " entries for "
          + committee.validators() + " validators");
    }
    return CertificateSchemes.byName(scheme).setUp(new CertificateSetup(committee,
        VoteSignatureSchemes.byName(voteSignature),
        SeededDrbg.of(0L, "costs.certificate_keys", 0), workers));
  }

  /** The shape of a set-up scheme: one part signed and one quorum's parts combined, for real. */
  static CertificateShape of(CommitteeCertifier c, Committee committee, long[] stake) {
    int signer = 0;
    for (int v = 1; v < committee.validators(); v++) {
      if (committee.pointsOf(v) > committee.pointsOf(signer)) {
        signer = v;
      }
    }
    int[] quorum = quorum(committee, stake, c.pointsNeeded());
    byte[] m = CanonicalVoteBytes.sample(-2);
    Map<Integer, byte[]> parts = new LinkedHashMap<>();
    int points = 0;
    for (int v : quorum) {
      parts.put(v, c.sign(v, m));
      points += committee.pointsOf(v);
    }
    CertifyResult r = c.combine(m, parts);
    if (r.certificate().isEmpty() || !r.blamed().isEmpty()) {
      throw new IllegalStateException("certificate scheme " + c.scheme()
          + ": a quorum's parts do not combine");
    }
    // A scheme with one key per validator costs the same whatever points the layout gives it.
    boolean byPoints = CertificateSchemes.byName(c.scheme()).signsWithKeyPoints();
    return new CertificateShape(c.scheme(), signer, byPoints ? committee.pointsOf(signer) : 0,
        c.voteBytes(signer), r.certificate().get().wireBytes(), quorum, byPoints ? points : 0,
        c.pointsNeeded(), c.partsSignedAs());
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
}
