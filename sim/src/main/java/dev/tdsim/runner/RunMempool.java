package dev.tdsim.runner;

import dev.tdsim.mempool.MempoolBlocks;
import dev.tdsim.mempool.MempoolConfig;
import dev.tdsim.mempool.Mempools;
import dev.tdsim.network.GossipOverlay;
import dev.tdsim.random.RandomStreams;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.workload.BlockTxs;
import dev.tdsim.workload.Clients;
import java.util.Optional;

/**
 * The validators' mempools when the scenario has a {@code mempool} section of type {@code flood}:
 * its clients, its peer graph (the gossip overlay consensus relays over, or, when consensus sends
 * directly, a random overlay of {@code network.gossip_fanout} peers per node, as CometBFT's p2p
 * layer dials), its uplinks (shared with consensus's bulk data), and the blocks reaped from it.
 * When the protocol carries transactions itself (Quorum Store), the mempools do not gossip.
 */
final class RunMempool {
  private RunMempool() {}

  /** The run's mempools, or empty without one. */
  static Optional<Mempools> build(Scenario s, Machines machines, RunNetwork network,
      RandomStreams streams, long txOverheadBytes, boolean sealsToHeight) {
    Optional<MempoolConfig> config = s.mempool();
    if (config.isEmpty() || !config.get().type().fillsBlocks()) {
      return Optional.empty();
    }
    int v = s.validators().count();
    GossipOverlay overlay = network.dissemination().peerOverlay().orElseGet(() ->
        GossipOverlay.random(v, s.network().gossipFanout(), streams.stream("mempool-peers", 0)));
    int[][] peers = new int[v][];
    for (int i = 0; i < v; i++) {
      peers[i] = overlay.neighbours(i);
    }
    Clients clients = s.clients(streams.stream("clients", 0));
    MempoolConfig mempool = s.consensus().settings().disseminatesTransactions()
        ? config.get().withBroadcast(false) : config.get();
    return Optional.of(new Mempools(machines.sim(), mempool,
        network.dissemination().network(), peers, network.dissemination().uplinks(),
        s.network().flushThrottleNanos(), machines.cpus(), streams, txOverheadBytes,
        clients::next, s.heights(), sealsToHeight ? s.workload().arrivals().sealAhead() : 0));
  }

  /** Blocks reaped from the mempools, within the consensus limits. */
  static BlockTxs blocks(Scenario s, Mempools mempools) {
    return new MempoolBlocks(mempools, s.consensus().maxBlockTxs(),
        s.consensus().maxBlockBytes());
  }
}
