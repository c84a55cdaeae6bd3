package dev.tdsim.network;

import dev.tdsim.random.RandomStreams;
import dev.tdsim.registry.Registry;
import java.util.List;

/**
 * The explicit registry of dissemination choices by lower-case name (see {@link LatencyModels}).
 * The gossip overlay is drawn from the stream {@code ("network.gossip-overlay", 0)}, so one seed
 * gives one overlay for the whole scenario.
 */
public final class Disseminations {

  public static final String DIRECT = "direct";
  public static final String GOSSIP = "gossip";
  public static final String OVERLAY_STREAM = "network.gossip-overlay";

  /** Makes a dissemination of one run. */
  private interface Factory {
    Dissemination create(NetworkConfig config, NetworkModel network, RandomStreams streams,
        PeerSendLoops loops);
  }

  private static final Registry<Factory> FACTORIES =
      Registry.<Factory>builder("dissemination").matchingAnyCase()
          .add(DIRECT, (config, network, streams, loops) ->
              new DirectDissemination(network, loops))
          .add(GOSSIP, (config, network, streams, loops) -> new GossipDissemination(network,
              GossipOverlay.random(network.validators(), config.gossipFanout(),
                  streams.stream(OVERLAY_STREAM, 0)),
              config.gossipHopProcessingNanos(), loops))
          .build();

  private Disseminations() {}

  /** Whether the named dissemination relays over an overlay of {@code gossip_fanout} peers. */
  public static boolean usesOverlay(String name) {
    return GOSSIP.equals(name);
  }

  /** Known names, in registry order. */
  public static List<String> names() {
    return FACTORIES.names();
  }

  /** The registered name that {@code name} stands for (any case, blanks ignored). */
  static String canonicalName(String name) {
    return FACTORIES.canonicalName(name);
  }

  /** The dissemination named {@code config.dissemination()} over {@code network}. */
  public static Dissemination create(NetworkConfig config, NetworkModel network,
      RandomStreams streams) {
    return create(config, network, streams, PeerSendLoops.NONE);
  }

  /** The same, with the nodes' per-peer send loops (see {@link PeerSendLoops}). */
  public static Dissemination create(NetworkConfig config, NetworkModel network,
      RandomStreams streams, PeerSendLoops loops) {
    return FACTORIES.get(config.dissemination()).create(config, network, streams, loops);
  }
}
