package dev.tdsim.costs;

import dev.tdsim.consensus.CertificateCosts;
import dev.tdsim.consensus.PointQuorum;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.timing.CostModel;
import java.util.List;
import java.util.Optional;

/**
 * The costs of an aggregating commit certificate ({@code bls-aggregate}, {@code threshold-bls}),
 * from the real code: {@link CertificateTimings} measured once per committee in this process;
 * for {@code bls-aggregate} a precommit's own sign and verify are the {@code bls} vote scheme's
 * (the cost model's calibrated times under {@code timing: model}, as for votes).
 */
public final class CertificateCostsFactory {
  private CertificateCostsFactory() {}

  /**
   * @param voteScheme the vote signature scheme whose sign and verify a part that is a vote
   *     signature costs (bls-aggregate's BLS votes)
   * @param committee the run's key layout (threshold-bls deals its own signing key set on it)
   * @param notes gets one line saying what was measured in this run
   */
  public static CertificateCosts of(String scheme, String voteScheme, Committee committee,
      long[] stake, CostModel costs, boolean fromCostModel, List<String> notes) {
    CertificateTimings t = CertificateTimings.cached(scheme,
        VoteSignatureSchemes.byName(voteScheme).name(), committee, stake);
    long sign = t.signNanos();
    // A part that is a vote scheme's signature (bls-aggregate's BLS votes) is priced as the cost
    // model prices that scheme's sign.
    Optional<CostModel.VoteCost> modelSign = fromCostModel
        ? t.partsSignedAs().flatMap(costs::voteCost) : Optional.empty();
    if (modelSign.isPresent()) {
      sign = modelSign.get().signNanos();
    }
    // Receivers check the precommits they have queued together (verifyVotes, the real batch
    // check): each precommit costs its share of the quorum's batch, or its own check if that is
    // cheaper (a batch of one).
    long verify = Math.min(t.verifyNanos(),
        Math.max(1, Math.round((double) t.batchVerifyNanos() / t.quorumSigners())));
    notes.add(String.format(java.util.Locale.ROOT, "commit certificate %s: %s measured in this"
        + " run on this machine (one thread, real code, %d-signer quorum of %d validators%s;"
        + " one part checked alone %.3f ms, the quorum's parts together %.3f ms)%s",
        scheme, modelSign.isPresent() ? "verify, combine and check (sign: the cost model's "
            + t.partsSignedAs().get() + " votes)" : "sign, verify, combine and check",
        t.quorumSigners(), stake.length, t.pointsNeeded() > 0
            ? ", " + committee.shares() + " points, t = " + t.pointsNeeded() : "",
        t.verifyNanos() / 1e6, t.batchVerifyNanos() / 1e6,
        fromCostModel ? "; the cost model has no certificate costs, so consensus times are not"
            + " reproducible across runs" : ""));
    // The header's 1 KiB allowance already stood for CometBFT's LastCommit; an aggregate
    // certificate is added to the block in full (it is small; see docs/SCENARIOS.md).
    int[] points = new int[stake.length];
    for (int v = 0; v < points.length; v++) {
      points[v] = committee.pointsOf(v);
    }
    return new CertificateCosts(scheme, sign, verify, t.partBytes(), t.combineNanos(),
        t.checkNanos(), t.wireBytes(), t.wireBytes(), PointQuorum.of(points, t.pointsNeeded()));
  }
}
