package dev.tdsim.consensus.tendermint;

import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.ProtocolContext;

/**
 * Tendermint as CometBFT runs it, the registry entry {@value #NAME}: message by message
 * ({@link TendermintProtocol}) up to the settings' {@code exact_max_validators}, or with quorum
 * arrival times per voting step ({@link LargeCommitteeTendermint}) above, with the same rules.
 */
public final class Tendermint {
  public static final String NAME = "tendermint";

  private Tendermint() {}

  public static ConsensusProtocol create(ProtocolContext c) {
    return c.settings().exactFor(c.stake().length)
        ? new TendermintProtocol(c)
        : new LargeCommitteeTendermint(c);
  }
}
