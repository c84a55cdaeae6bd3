package dev.tdsim.runner;

import dev.tdsim.consensus.CertificateCosts;
import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.costs.CertificateCostsFactory;
import dev.tdsim.costs.ExecutionCosts;
import dev.tdsim.costs.VoteCosts;
import dev.tdsim.crypto.cert.CertificateSchemes;
import dev.tdsim.crypto.sig.VoteSignatureScheme;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.scenario.ConsensusConfig;
import dev.tdsim.timing.CostModel;
import java.util.List;

/**
 * The consensus costs of a run: the vote scheme's real sign and verify times (measured once per
 * process on this machine, see {@link VoteCosts}), the commit certificate's (its votes', or an
 * aggregating scheme's measured by {@link CertificateCostsFactory}), the scenario's disk and
 * execution costs.
 */
final class NodeCostsFactory {
  private NodeCostsFactory() {}

  /**
   * @param fromCostModel whether crypto durations come from the cost model ({@code timing:
   *     model}): then signatures are charged its calibrated times (reproducible), else (or when
   *     the file lacks the scheme, with a note) the times measured in this process
   */
  static NodeCosts of(ConsensusConfig c, int validators, CostModel costs, boolean fromCostModel,
      List<String> notes) {
    long[] equal = new long[validators];
    java.util.Arrays.fill(equal, 1);
    return of(c, null, equal, costs, fromCostModel, notes);
  }

  /**
   * With the commit certificate of {@code consensus.certificate} for this committee (the key
   * layout of the run's key set; null only for {@code votes}) and stake.
   */
  static NodeCosts of(ConsensusConfig c, Committee committee, long[] stake, CostModel costs,
      boolean fromCostModel, List<String> notes) {
    int validators = stake.length;
    ExecutionCosts e = c.execution();
    long sign = 0;
    long verify = 0;
    long signatureBytes = 64;
    if (c.signsVotes()) {
      VoteSignatureScheme scheme = VoteSignatureSchemes.byName(c.voteSignature());
      signatureBytes = scheme.signatureBytes();
      java.util.Optional<CostModel.VoteCost> calibrated =
          fromCostModel ? costs.voteCost(scheme.name()) : java.util.Optional.empty();
      if (calibrated.isPresent()) {
        sign = calibrated.get().signNanos();
        verify = calibrated.get().verifyNanos();
      } else {
        VoteCosts votes = VoteCosts.cached(scheme.name());
        sign = votes.signNanos();
        verify = votes.verifyNanos();
        if (fromCostModel) {
          notes.add("the cost model has no " + scheme.name() + " vote signature costs: they"
              + " were measured in this run, so consensus times are not reproducible across"
              + " runs (run 'tdsim calibrate')");
        }
      }
    }
    // A block's LastCommit holds one precommit signature per validator, each verified.
    long commitVerify = verify * validators;
    CertificateCosts cert = CertificateCosts.votes(sign, verify, signatureBytes, commitVerify,
        validators * signatureBytes + (validators + 7) / 8);
    if (CertificateSchemes.byName(c.certificate()).aggregates()) {
      cert = CertificateCostsFactory.of(c.certificate(), c.certificateVoteScheme(),
          java.util.Objects.requireNonNull(committee, "committee"), stake, costs, fromCostModel,
          notes);
      commitVerify = cert.checkNanos();
    }
    return new NodeCosts(sign, verify, commitVerify, e.signedMessageDurabilityNanos(),
        e.ownBlockPartsDurabilityNanos(1), e.endHeightNanos(), e.executionPerBlockNanos(),
        signatureBytes, cert);
  }
}
