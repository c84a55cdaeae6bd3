package dev.tdsim.runner;

import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.random.RandomStreams;
import dev.tdsim.scenario.ConsensusConfig;

/** The per-message consensus costs of a run: real signatures timed here, WAL from the scenario. */
final class NodeCostsFactory {
  private NodeCostsFactory() {}

  static NodeCosts measure(ConsensusConfig c, int validators, RandomStreams streams) {
    // Interim until the vote-signature schemes land: only the fsync and execution are charged.
    return new NodeCosts(0, 0, 0, c.walSyncNanos(), c.executionPerBlockNanos(), 64);
  }
}
