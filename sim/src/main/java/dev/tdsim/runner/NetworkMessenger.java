package dev.tdsim.runner;

import dev.tdsim.consensus.Tendermint;
import dev.tdsim.engine.Simulation;
import dev.tdsim.network.Dissemination;
import dev.tdsim.network.Disseminations;
import dev.tdsim.network.NetworkModel;
import dev.tdsim.network.QuorumArrival;
import dev.tdsim.pipeline.Messenger;
import dev.tdsim.random.RandomStreams;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;

/**
 * Delivers messages over the network model as simulation events (broadcasts directly or over the
 * gossip overlay, as the scenario chooses): each sender draws its link
 * jitter from its own seeded stream, so a run is reproducible whatever the event interleaving.
 */
final class NetworkMessenger implements Messenger, Tendermint.Transport {
  private final Simulation sim;
  private final NetworkModel network;
  private final Dissemination dissemination;
  private final SplittableRandom[] senderStreams;
  private final boolean gossipPointToPoint;
  private long messages;
  private long bytesSent;

  NetworkMessenger(
      Simulation sim, NetworkModel network, Dissemination dissemination, RandomStreams streams) {
    this.sim = sim;
    this.network = network;
    this.dissemination = dissemination;
    this.gossipPointToPoint = dissemination.name().equals(Disseminations.GOSSIP)
        && network.validators() <= ScenarioRunner.MAX_EXACT_VALIDATORS;
    this.senderStreams = new SplittableRandom[network.validators()];
    for (int i = 0; i < senderStreams.length; i++) {
      senderStreams[i] = streams.stream("link", i);
    }
  }

  /**
   * Point-to-point messages (decryption shares to the combiner) travel like broadcasts: relayed
   * over the gossip overlay when the scenario gossips (one overlay shortest-path search per
   * message, so only for committees simulated message by message), else directly.
   */
  @Override
  public void send(int from, int to, long bytes, Runnable onArrival) {
    messages++;
    bytesSent += bytes;
    long delay = gossipPointToPoint
        ? dissemination.delaysFromNanos(from, bytes, senderStreams[from])[to]
        : network.deliveryNanos(from, to, bytes, senderStreams[from]);
    if (delay == QuorumArrival.NEVER) {
      return;
    }
    sim.scheduleAfter(delay, s -> onArrival.run());
  }

  @Override
  public void broadcast(int from, long bytes, IntConsumer onArrival) {
    long[] delays = dissemination.delaysFromNanos(from, bytes, senderStreams[from]);
    messages += delays.length - 1;
    bytesSent += bytes * (delays.length - 1);
    onArrival.accept(from);
    for (int to = 0; to < delays.length; to++) {
      if (to != from && delays[to] != QuorumArrival.NEVER) {
        int receiver = to;
        sim.scheduleAfter(delays[to], s -> onArrival.accept(receiver));
      }
    }
  }

  @Override
  public void broadcast(int sender, long bytes, Object message, Tendermint.Delivery delivery) {
    broadcast(sender, bytes, receiver -> delivery.deliver(receiver, message));
  }

  long messages() {
    return messages;
  }

  long bytesSent() {
    return bytesSent;
  }
}
