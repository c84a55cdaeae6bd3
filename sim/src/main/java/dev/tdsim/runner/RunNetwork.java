package dev.tdsim.runner;

import dev.tdsim.consensus.Messenger;
import dev.tdsim.consensus.ProtocolSettings;
import dev.tdsim.consensus.Transport;
import dev.tdsim.engine.Simulation;
import dev.tdsim.faults.FaultyTransport;
import dev.tdsim.network.Dissemination;
import dev.tdsim.network.Disseminations;
import dev.tdsim.network.NetworkModel;
import dev.tdsim.network.PeerSendLoops;
import dev.tdsim.random.RandomStreams;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.transport.NetworkTransport;
import java.util.ArrayList;
import java.util.List;

/**
 * The simulated network of a run and the transports on it.
 *
 * @param consensusSettings the protocol's settings, with its peer-to-peer gossip's
 * @param exact whether consensus is simulated message by message (else its rounds are computed
 *     in closed form and decryption shares go straight to the combiner)
 * @param networkTransport what carries every message (its count is the run's)
 * @param transport what consensus sends with: the network, or the faults in front of it
 * @param messenger what the pipeline and the DKG send with, likewise
 */
record RunNetwork(ProtocolSettings consensusSettings, boolean exact,
    Dissemination dissemination, NetworkTransport networkTransport,
    Transport transport, Messenger messenger) {

  static RunNetwork build(Scenario s, Simulation sim, RandomStreams streams, RunFaults faults) {
    int v = s.validators().count();
    ProtocolSettings consensusSettings = s.consensus().settings();
    boolean exact = consensusSettings.exactFor(v);
    NetworkModel network = NetworkModel.create(s.network(), regions(s),
        s.network().peerSendRateBitsPerSecond());
    PeerSendLoops loops = new PeerSendLoops(v, consensusSettings.gossipSleepNanos(),
        s.network().flushThrottleNanos(), streams.stream("peer-send-loops", 0).nextLong());
    Dissemination dissemination =
        Disseminations.create(s.network(), network, streams, loops);
    NetworkTransport networkTransport = new NetworkTransport(sim, dissemination, streams, exact);
    FaultyTransport faulty =
        faults.transport(networkTransport, sim, streams,
            consensusSettings.gossipSleepNanos(), s);
    Transport transport = faulty == null ? networkTransport : faulty;
    Messenger messenger = faulty == null ? networkTransport : faulty;
    return new RunNetwork(consensusSettings, exact, dissemination, networkTransport, transport,
        messenger);
  }

  /** Each validator's region, the scenario's list repeated. */
  static List<String> regions(Scenario s) {
    List<String> names = s.validators().regions();
    List<String> out = new ArrayList<>(s.validators().count());
    for (int i = 0; i < s.validators().count(); i++) {
      out.add(names.get(i % names.size()));
    }
    return out;
  }
}
