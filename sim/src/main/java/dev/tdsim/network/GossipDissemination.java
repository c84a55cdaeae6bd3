package dev.tdsim.network;

import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Push gossip over a {@link GossipOverlay}: a node that first receives a message forwards it to
 * all its overlay neighbours after {@code hopProcessingNanos} (validation). With every node
 * forwarding at once, the first arrival at a node is the shortest path from the source over the
 * overlay, where crossing link u-w costs {@link NetworkModel#propagationNanos} + the serialization
 * of one of deg(u) copies on u's uplink (+ the processing time when u is a relay), so it is
 * computed by Dijkstra's algorithm instead of simulating every forwarded copy (the flooding-time
 * view of gossip, e.g. Pittel, "On spreading a rumor", SIAM J. Appl. Math. 47, 1987, for the
 * round-based analogue).
 *
 * <p>Simplifications, chosen to keep the model small and documented: each link's jitter is drawn
 * once per message (the first copy across a link is the one that can matter); duplicates cost no
 * uplink time beyond the deg(u) copies already charged; a relay forwards even to the neighbour it
 * received from. Gossip is slower than a direct send when the base latencies obey the triangle
 * inequality and there is no jitter (every path is at least the direct link); on the measured AWS
 * matrix, which violates it, a relay can be faster than the direct route.
 *
 * <p>{@link #delaysToNanos} runs Dijkstra backwards from the receiver: the same shortest paths,
 * with one set of link draws shared by all senders' messages to that receiver.
 */
public final class GossipDissemination implements Dissemination {

  private final NetworkModel network;
  private final GossipOverlay overlay;
  private final long hopProcessingNanos;
  private final PeerSendLoops loops;
  /** Each node's uplink, busy forwarding earlier bulk messages (and mempool batches). */
  private final Uplinks uplinks;

  public GossipDissemination(NetworkModel network, GossipOverlay overlay, long hopProcessingNanos) {
    this(network, overlay, hopProcessingNanos, PeerSendLoops.NONE);
  }

  /** With relays whose per-peer send loops sleep when idle (see {@link PeerSendLoops}). */
  public GossipDissemination(NetworkModel network, GossipOverlay overlay, long hopProcessingNanos,
      PeerSendLoops loops) {
    this.loops = Objects.requireNonNull(loops, "loops");
    this.uplinks = new Uplinks(network.validators());
    this.network = Objects.requireNonNull(network, "network");
    this.overlay = Objects.requireNonNull(overlay, "overlay");
    if (overlay.nodes() != network.validators()) {
      throw new IllegalArgumentException("overlay has " + overlay.nodes()
          + " nodes but the network has " + network.validators() + " validators");
    }
    if (hopProcessingNanos < 0) {
      throw new IllegalArgumentException(
          "hopProcessingNanos must be >= 0, got " + hopProcessingNanos);
    }
    this.hopProcessingNanos = hopProcessingNanos;
  }

  @Override
  public String name() {
    return Disseminations.GOSSIP;
  }

  @Override
  public NetworkModel network() {
    return network;
  }

  public GossipOverlay overlay() {
    return overlay;
  }

  @Override
  public java.util.Optional<GossipOverlay> peerOverlay() {
    return java.util.Optional.of(overlay);
  }

  @Override
  public Uplinks uplinks() {
    return uplinks;
  }

  public long hopProcessingNanos() {
    return hopProcessingNanos;
  }

  @Override
  public long[] delaysFromNanos(int source, long bytes, SplittableRandom rng) {
    // A relay u forwards once, after its processing, to all its peers over a shared uplink.
    return shortestDelays(source, (u, du, w) -> du + (u == source ? 0 : hopProcessingNanos)
        + network.serializationNanos(bytes, overlay.degree(u))
        + network.propagationNanos(u, w, rng));
  }

  @Override
  public long[] sendNanos(int source, long bytes, long atNanos, SplittableRandom rng) {
    // Every node forwards the message once to all its peers over its uplink; a bulk message
    // (a block part) first waits for the bulk data the uplink is already sending (a FIFO per
    // node: a block of k parts crosses a relay in k serializations, not one), while a
    // single-packet message (a vote) is interleaved with it, as CometBFT's connection does.
    // The FIFO is filled a whole flood at a time, so it holds the forwards of messages sent
    // earlier in simulated time, some of which happen later than this message's: the
    // approximation is confined to bulk data, which one proposer sends in order.
    // Each relay's loop for a peer looks for new messages only at its own times, and its
    // connection flushes a small message only when its flush timer fires.
    boolean bulk = PeerSendLoops.bulk(bytes);
    long[] start = new long[overlay.nodes()];
    java.util.Arrays.fill(start, Long.MIN_VALUE);
    return shortestDelays(source, (u, du, w) -> {
      if (start[u] == Long.MIN_VALUE) {
        long ready = atNanos + du + (u == source ? 0 : hopProcessingNanos);
        start[u] = bulk
            ? uplinks.reserve(u, ready, network.serializationNanos(bytes, overlay.degree(u)))
            : ready;
      }
      long leaves = loops.idleDepartureNanos(loops.nextLookNanos(u, w, start[u]), bytes);
      return leaves - atNanos + network.serializationNanos(bytes, overlay.degree(u))
          + network.propagationNanos(u, w, rng);
    });
  }

  @Override
  public long[] delaysToNanos(int receiver, long bytes, SplittableRandom rng) {
    // Searched backwards from the receiver: a message reaching u still has du to go; if u is a
    // relay it first spends the processing; w sends it over its own shared uplink.
    return shortestDelays(receiver, (u, du, w) -> du + (u == receiver ? 0 : hopProcessingNanos)
        + network.propagationNanos(w, u, rng)
        + network.serializationNanos(bytes, overlay.degree(w)));
  }

  /**
   * {@inheritDoc} Over the overlay with send loops, each relay's loop for a peer looks for new
   * messages at its own times: searched backwards from the receiver (one search for all senders,
   * as {@link #delaysToNanos}), the absolute time at a relay is unknown, so each link's wait for
   * its loop is drawn uniform in [0, sleep) once per search, like its jitter, plus the flush of an
   * idle connection.
   */
  @Override
  public long[] receiveNanos(int receiver, long bytes, long[] sendTimesNanos,
      SplittableRandom rng) {
    if (loops.none()) {
      return Dissemination.super.receiveNanos(receiver, bytes, sendTimesNanos, rng);
    }
    long flush = loops.idleDepartureNanos(0, bytes);
    long sleep = loops.sleepNanos();
    long[] out = shortestDelays(receiver, (u, du, w) -> du
        + (u == receiver ? 0 : hopProcessingNanos) + (sleep > 0 ? rng.nextLong(sleep) : 0) + flush
        + network.propagationNanos(w, u, rng)
        + network.serializationNanos(bytes, overlay.degree(w)));
    for (int s = 0; s < out.length; s++) {
      long send = sendTimesNanos[s];
      out[s] = send == QuorumArrival.NEVER || out[s] == QuorumArrival.NEVER ? QuorumArrival.NEVER
          : send + out[s];
    }
    return out;
  }

  /** The delay of the overlay edge between a settled node u (at du) and its peer w. */
  @FunctionalInterface
  private interface EdgeDelay {
    long via(int u, long du, int w);
  }

  /** Dijkstra over the overlay from {@code start}; edges are relaxed in a fixed order. */
  private long[] shortestDelays(int start, EdgeDelay edge) {
    int v = overlay.nodes();
    long[] dist = new long[v];
    Arrays.fill(dist, QuorumArrival.NEVER);
    boolean[] settled = new boolean[v];
    TimeNodeHeap heap = new TimeNodeHeap(4 * v);
    dist[start] = 0;
    heap.add(0, start);
    while (!heap.isEmpty()) {
      int u = heap.peekNode();
      long du = heap.peekTime();
      heap.removeFirst();
      if (settled[u]) {
        continue;
      }
      settled[u] = true;
      for (int w : overlay.neighboursUnsafe(u)) {
        if (!settled[w]) {
          long dw = edge.via(u, du, w);
          if (dw < dist[w]) {
            dist[w] = dw;
            heap.add(dw, w);
          }
        }
      }
    }
    return dist;
  }
}
