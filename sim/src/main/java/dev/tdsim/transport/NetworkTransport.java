package dev.tdsim.transport;

import dev.tdsim.consensus.Message;
import dev.tdsim.consensus.Messenger;
import dev.tdsim.consensus.Transport;
import dev.tdsim.engine.Simulation;
import dev.tdsim.network.Dissemination;
import dev.tdsim.network.NetworkModel;
import dev.tdsim.network.QuorumArrival;
import dev.tdsim.random.RandomStreams;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;

/**
 * Delivers consensus messages and decryption traffic over the network model as simulation
 * events, directly or over the gossip overlay as the scenario chooses. Each sender draws its link
 * jitter from its own seeded stream, so a run is reproducible whatever the event interleaving.
 */
public final class NetworkTransport implements Transport, Messenger {
  private final Simulation sim;
  private final NetworkModel network;
  private final Dissemination dissemination;
  private final SplittableRandom[] senderStreams;
  private final boolean relayPointToPoint;
  private long messages;
  private long bytesSent;

  /**
   * @param relayPointToPoint whether point-to-point messages (decryption shares to the combiner)
   *     are relayed over the dissemination like broadcasts (one shortest-path search per message
   *     under gossip, affordable for committees simulated message by message) or sent directly
   */
  public NetworkTransport(Simulation sim, Dissemination dissemination, RandomStreams streams,
      boolean relayPointToPoint) {
    this.sim = sim;
    this.network = dissemination.network();
    this.dissemination = dissemination;
    this.relayPointToPoint = relayPointToPoint;
    this.senderStreams = new SplittableRandom[network.validators()];
    for (int i = 0; i < senderStreams.length; i++) {
      senderStreams[i] = streams.stream("link", i);
    }
  }

  @Override
  public void send(int from, int to, long bytes, Runnable onArrival) {
    messages++;
    bytesSent += bytes;
    long delay = relayPointToPoint
        ? dissemination.delaysFromNanos(from, bytes, senderStreams[from])[to]
        : network.deliveryNanos(from, to, bytes, senderStreams[from]);
    if (delay == QuorumArrival.NEVER) {
      return;
    }
    sim.scheduleAfter(delay, s -> onArrival.run());
  }

  @Override
  public void broadcast(int from, long bytes, IntConsumer onArrival) {
    long[] delays = dissemination.sendNanos(from, bytes, sim.nowNanos(), senderStreams[from]);
    messages += delays.length - 1;
    bytesSent += bytes * (delays.length - 1);
    onArrival.accept(from);
    delays[from] = QuorumArrival.NEVER;
    // One queue entry for the whole broadcast, delivering in arrival order.
    sim.scheduleFanout(delays, onArrival::accept);
  }

  @Override
  public void broadcast(int sender, Message message, Receiver receiver) {
    broadcast(sender, message.wireBytes(), to -> receiver.receive(to, message));
  }

  @Override
  public void send(int sender, int to, Message message, Receiver receiver) {
    send(sender, to, message.wireBytes(), () -> receiver.receive(to, message));
  }

  public long messages() {
    return messages;
  }

  public long bytesSent() {
    return bytesSent;
  }
}
