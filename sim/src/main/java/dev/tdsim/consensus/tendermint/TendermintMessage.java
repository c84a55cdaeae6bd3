package dev.tdsim.consensus.tendermint;

import dev.tdsim.consensus.Message;

/** Tendermint's messages: a proposal, the parts of its block, and votes. */
public sealed interface TendermintMessage extends Message permits Proposal, BlockPart, Vote, Forked,
    SeenCommit {
  int height();

  int round();
}
