package dev.tdsim.runner;

import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.costs.ExecutionCosts;
import dev.tdsim.costs.VoteCosts;
import dev.tdsim.scenario.ConsensusConfig;

/**
 * The consensus costs of a run: the vote scheme's real sign and verify times (measured once per
 * process on this machine, see {@link VoteCosts}), the scenario's disk and execution costs.
 */
final class NodeCostsFactory {
  private NodeCostsFactory() {}

  static NodeCosts of(ConsensusConfig c, int validators) {
    ExecutionCosts e = c.execution();
    long sign = 0;
    long verify = 0;
    long signatureBytes = 64;
    if (c.signsVotes()) {
      VoteCosts votes = VoteCosts.cached(c.voteSignature());
      sign = votes.signNanos();
      verify = votes.verifyNanos();
      signatureBytes = votes.signatureBytes();
    }
    // A block's LastCommit holds one precommit signature per validator, each verified.
    long commitVerify = verify * validators;
    return new NodeCosts(sign, verify, commitVerify, e.signedMessageDurabilityNanos(),
        e.ownBlockPartsDurabilityNanos(1), e.endHeightNanos(), e.executionPerBlockNanos(),
        signatureBytes);
  }
}
