package dev.tdsim.network;

import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Every sender sends its own copy to every other validator: one hop, each copy with its own
 * jitter draw. It is the abstraction under Tendermint's analysis (Buchman, Kwon and Milosevic,
 * "The latest gossip on BFT consensus", arXiv:1807.04938, 2018: a message a correct process sends
 * reaches every correct process within Delta after GST) with nothing in between; it is the fastest
 * dissemination on a latency matrix that obeys the triangle inequality, at the price of V-1 copies
 * per message on the sender's uplink.
 */
public final class DirectDissemination implements Dissemination {

  private final NetworkModel network;
  private final PeerSendLoops loops;

  public DirectDissemination(NetworkModel network) {
    this(network, PeerSendLoops.NONE);
  }

  public DirectDissemination(NetworkModel network, PeerSendLoops loops) {
    this.network = Objects.requireNonNull(network, "network");
    this.loops = Objects.requireNonNull(loops, "loops");
  }

  @Override
  public String name() {
    return Disseminations.DIRECT;
  }

  @Override
  public NetworkModel network() {
    return network;
  }

  @Override
  public long[] delaysFromNanos(int source, long bytes, SplittableRandom rng) {
    return network.broadcastNanos(source, bytes, rng);
  }

  @Override
  public long[] sendNanos(int source, long bytes, long atNanos, SplittableRandom rng) {
    long[] delays = network.broadcastNanos(source, bytes, rng);
    if (!loops.none()) {
      long busy = network.serializationNanos(bytes, delays.length - 1);
      for (int to = 0; to < delays.length; to++) {
        if (to != source) {
          long start = loops.sendStartNanos(source, to, atNanos, bytes, busy);
          delays[to] += loops.departureNanos(source, to, start, bytes) - atNanos;
        }
      }
    }
    return delays;
  }

  @Override
  public long[] delaysToNanos(int receiver, long bytes, SplittableRandom rng) {
    int v = network.validators();
    long serialization = network.serializationNanos(bytes, v - 1);
    long[] delays = new long[v];
    for (int from = 0; from < v; from++) {
      if (from != receiver) {
        delays[from] = network.propagationNanos(from, receiver, rng) + serialization;
      }
    }
    return delays;
  }

  @Override
  public long[] receiveNanos(int receiver, long bytes, long[] sendTimesNanos,
      SplittableRandom rng) {
    int v = network.validators();
    long serialization = network.serializationNanos(bytes, v - 1);
    long[] out = new long[v];
    for (int from = 0; from < v; from++) {
      long send = sendTimesNanos[from];
      if (from == receiver || send == QuorumArrival.NEVER) {
        out[from] = send;
        continue;
      }
      long leaves = loops.none() ? send
          : loops.idleDepartureNanos(loops.nextLookNanos(from, receiver, send), bytes);
      out[from] = leaves + network.propagationNanos(from, receiver, rng) + serialization;
    }
    return out;
  }
}
