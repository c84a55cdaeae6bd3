package dev.tdsim.costs;

import dev.tdsim.consensus.CertificateCosts;
import dev.tdsim.consensus.PointQuorum;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.timing.CertificateCost;
import dev.tdsim.timing.CostModel;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The costs of an aggregating commit certificate ({@code bls-aggregate}, {@code threshold-bls}),
 * from the real code: under {@code timing: model} the cost model's calibrated {@link
 * CertificateCost} at this committee's signer and quorum ({@link CertificateShape}), the same in
 * every run; otherwise (or when the model has no costs for the scheme, with a note)
 * {@link CertificateTimings} measured once per committee in this process. For {@code
 * bls-aggregate} a precommit's own sign is the {@code bls} vote scheme's (the cost model's
 * calibrated time under {@code timing: model}, as for votes).
 */
public final class CertificateCostsFactory {
  private CertificateCostsFactory() {}

  /**
   * @param voteScheme the vote signature scheme whose sign and verify a part that is a vote
   *     signature costs (bls-aggregate's BLS votes)
   * @param committee the run's key layout (threshold-bls deals its own signing key set on it)
   * @param notes gets one line saying where the costs came from
   */
  public static CertificateCosts of(String scheme, String voteScheme, Committee committee,
      long[] stake, CostModel costs, boolean fromCostModel, List<String> notes) {
    String voteName = VoteSignatureSchemes.byName(voteScheme).name();
    Optional<CertificateCost> calibrated =
        fromCostModel ? costs.certificateCost(scheme) : Optional.empty();
    CertificateTimings t = calibrated.isPresent()
        ? CertificateTimings.predicted(
            CertificateShape.cached(scheme, voteName, committee, stake), calibrated.get())
        : CertificateTimings.cached(scheme, voteName, committee, stake);
    CertificateShape shape = t.shape();
    long sign = t.nanos(CertificateCost.Op.SIGN);
    // A part that is a vote scheme's signature (bls-aggregate's BLS votes) is priced as the cost
    // model prices that scheme's sign.
    Optional<CostModel.VoteCost> modelSign = fromCostModel
        ? shape.partsSignedAs().flatMap(costs::voteCost) : Optional.empty();
    if (modelSign.isPresent()) {
      sign = modelSign.get().signNanos();
    }
    // Receivers check the precommits they have queued together (verifyVotes, the real batch
    // check): each precommit costs its share of the quorum's batch, or its own check if that is
    // cheaper (a batch of one).
    long verify = Math.min(t.nanos(CertificateCost.Op.VERIFY), Math.max(1,
        Math.round((double) t.nanos(CertificateCost.Op.BATCH_VERIFY) / shape.quorumSigners())));
    String what = calibrated.isPresent()
        ? "from the cost model " + costs.origin() + " (calibrated on the real code"
        : (modelSign.isPresent() ? "verify, combine and check (sign: the cost model's "
            + shape.partsSignedAs().get() + " votes)" : "sign, verify, combine and check")
            + " measured in this run on this machine (one thread, real code";
    notes.add(String.format(Locale.ROOT, "commit certificate %s: %s, %d-signer quorum of %d"
        + " validators%s; one part checked alone %.3f ms, the quorum's parts together %.3f ms)%s",
        scheme, what, shape.quorumSigners(), stake.length, shape.pointsNeeded() > 0
            ? ", " + committee.shares() + " points, t = " + shape.pointsNeeded() : "",
        t.nanos(CertificateCost.Op.VERIFY) / 1e6, t.nanos(CertificateCost.Op.BATCH_VERIFY) / 1e6,
        fromCostModel && calibrated.isEmpty() ? "; the cost model has no " + scheme
            + " certificate costs, so consensus times are not reproducible across runs (run"
            + " 'tdsim calibrate --certificates')" : ""));
    // The header's 1 KiB allowance already stood for CometBFT's LastCommit; an aggregate
    // certificate is added to the block in full (it is small; see docs/SCENARIOS.md).
    int[] points = new int[stake.length];
    for (int v = 0; v < points.length; v++) {
      points[v] = committee.pointsOf(v);
    }
    return new CertificateCosts(scheme, sign, verify, shape.partBytes(),
        t.nanos(CertificateCost.Op.COMBINE), t.nanos(CertificateCost.Op.CHECK), shape.wireBytes(),
        shape.wireBytes(), PointQuorum.of(points, shape.pointsNeeded()));
  }
}
