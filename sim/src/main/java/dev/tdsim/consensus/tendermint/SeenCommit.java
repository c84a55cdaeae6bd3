package dev.tdsim.consensus.tendermint;

import java.util.List;

/**
 * A height's commit as a validator that committed it sends it to a peer left behind (CometBFT's
 * catch-up: the peer gets the block and its +2/3 precommits, verifies them as one commit and
 * applies it, without its vote sets' conflict rules). Sent only in runs with a split-vote
 * coalition, whose conflicting votes can leave honest validators short of any quorum.
 *
 * @param fork the committed block of that round
 * @param signers the validators whose precommits for it the commit carries
 * @param signatureBytes the size of one precommit's signature
 */
record SeenCommit(int height, int round, int fork, List<Integer> signers, long signatureBytes)
    implements TendermintMessage {
  SeenCommit {
    signers = List.copyOf(signers);
  }

  @Override
  public long wireBytes() {
    return signers.size() * (Vote.BODY_BYTES + signatureBytes);
  }
}
