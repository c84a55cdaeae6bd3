package dev.tdsim.network;

import com.google.common.collect.ImmutableList;
import dev.tdsim.random.RandomStreams;
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

  private static final ImmutableList<String> NAMES = ImmutableList.of(DIRECT, GOSSIP);

  private Disseminations() {}

  /** Whether the named dissemination relays over an overlay of {@code gossip_fanout} peers. */
  public static boolean usesOverlay(String name) {
    return GOSSIP.equals(name);
  }

  /** Known names, in registry order. */
  public static List<String> names() {
    return NAMES;
  }

  /** The dissemination named {@code config.dissemination()} over {@code network}. */
  public static Dissemination create(NetworkConfig config, NetworkModel network,
      RandomStreams streams) {
    return create(config, network, streams, PeerSendLoops.NONE);
  }

  /** The same, with the nodes' per-peer send loops (see {@link PeerSendLoops}). */
  public static Dissemination create(NetworkConfig config, NetworkModel network,
      RandomStreams streams, PeerSendLoops loops) {
    String name = NetworkConfig.known("dissemination", config.dissemination(), names());
    if (name.equals(GOSSIP)) {
      GossipOverlay overlay = GossipOverlay.random(network.validators(), config.gossipFanout(),
          streams.stream(OVERLAY_STREAM, 0));
      return new GossipDissemination(network, overlay, config.gossipHopProcessingNanos(), loops);
    }
    return new DirectDissemination(network, loops);
  }
}
