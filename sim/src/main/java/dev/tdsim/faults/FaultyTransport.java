package dev.tdsim.faults;

import dev.tdsim.consensus.Message;
import dev.tdsim.consensus.Messenger;
import dev.tdsim.consensus.Transport;
import dev.tdsim.engine.Simulation;
import dev.tdsim.random.RandomStreams;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;

/**
 * A {@link Transport} and {@link Messenger} that applies the run's network faults to the one it
 * wraps: nothing leaves a crashed validator; a message is dropped when its receiver is crashed on
 * arrival (a crashed validator loses what was sent to it); a message across a partition, or lost
 * with the link's loss probability, is sent again later, as CometBFT's gossip routines send a
 * peer what it lacks once they can: after a partition at its healing time (polling every
 * {@code retryNanos} when it heals at a height), after a loss {@code retryNanos} later (CometBFT's
 * {@code peer_gossip_sleep_duration}), each attempt drawing its loss again; attempts stop once
 * the message is {@code giveUpNanos} old or its partition never heals. A delay fault or slow
 * validator adds latency on arrival. Every attempt travels through the wrapped network (its
 * bandwidth is spent). Loss draws come from the seeded streams {@code faults.loss} (one per
 * sender).
 *
 * <p>A consensus {@link Message} that is not {@link Message#resentWhenLost} (a protocol that sends
 * each message once, directly, as Aptos' Jolteon does) is not sent again: lost or cut off by a
 * partition, it is gone, and the protocol's own timers recover (Jolteon re-sends its round timeout
 * every timeout interval, and its messages' sync info carries the sender's certificates). Bytes
 * sent through the {@link Messenger} are always sent again.
 */
public final class FaultyTransport implements Transport, Messenger {
  private final Transport transport;
  private final Messenger messenger;
  private final Simulation sim;
  private final ActiveFaults faults;
  private final FaultPlan plan;
  private final SplittableRandom[] loss;
  private final long retryNanos;
  private final long giveUpNanos;
  private long dropped;
  private long resent;

  /** What sends one message again from {@code from} to {@code to}. */
  @FunctionalInterface
  private interface Resend {
    void again(long firstSentNanos);
  }

  /**
   * @param retryNanos how long after a loss a message is sent again (> 0)
   * @param giveUpNanos how long after its first sending a message is no longer sent again
   */
  public FaultyTransport(Transport transport, Messenger messenger, Simulation sim,
      ActiveFaults faults, RandomStreams streams, long retryNanos, long giveUpNanos) {
    this.retryNanos = Math.max(1, retryNanos);
    this.giveUpNanos = giveUpNanos;
    this.transport = transport;
    this.messenger = messenger;
    this.sim = sim;
    this.faults = faults;
    this.plan = faults.plan();
    this.loss = new SplittableRandom[plan.validators()];
    for (int i = 0; i < loss.length; i++) {
      loss[i] = streams.stream("faults.loss", i);
    }
  }

  /** Messages the faults dropped for good (one per receiver). */
  public long dropped() {
    return dropped;
  }

  /** Messages sent again after a loss or a partition. */
  public long resent() {
    return resent;
  }

  @Override
  public void broadcast(int sender, Message message, Receiver receiver) {
    long sent = sim.nowNanos();
    int h = faults.chainHeight();
    if (plan.isCrashed(sender, h, sent)) {
      return;
    }
    transport.broadcast(sender, message, (to, m) -> {
      if (to == sender) {
        receiver.receive(to, m);
      } else {
        arrive(sender, to, sent, sent, h, () -> receiver.receive(to, m),
            resender(m, first -> resend(sender, to, m, receiver, first)));
      }
    });
  }

  private void resend(int sender, int to, Message message, Receiver receiver, long first) {
    long sent = sim.nowNanos();
    if (plan.isCrashed(sender, faults.chainHeight(), sent)) {
      return;
    }
    resent++;
    int h = faults.chainHeight();
    transport.send(sender, to, message, (v, m) -> arrive(sender, to, sent, first, h,
        () -> receiver.receive(v, m), f -> resend(sender, to, m, receiver, f)));
  }

  @Override
  public void send(int sender, int to, Message message, Receiver receiver) {
    long sent = sim.nowNanos();
    int h = faults.chainHeight();
    if (plan.isCrashed(sender, h, sent)) {
      return;
    }
    transport.send(sender, to, message, (v, m) -> arrive(sender, to, sent, sent, h,
        () -> receiver.receive(v, m), resender(m, f -> resend(sender, to, m, receiver, f))));
  }

  /** How a lost consensus message is sent again: not at all if it is sent once only. */
  private static Resend resender(Message message, Resend resend) {
    return message.resentWhenLost() ? resend : null;
  }

  @Override
  public void send(int from, int to, long bytes, Runnable onArrival) {
    long sent = sim.nowNanos();
    int h = faults.chainHeight();
    if (plan.isCrashed(from, h, sent)) {
      return;
    }
    messenger.send(from, to, bytes, () -> arrive(from, to, sent, sent, h, onArrival,
        f -> resendBytes(from, to, bytes, onArrival, f)));
  }

  private void resendBytes(int from, int to, long bytes, Runnable onArrival, long first) {
    long sent = sim.nowNanos();
    if (plan.isCrashed(from, faults.chainHeight(), sent)) {
      return;
    }
    resent++;
    int h = faults.chainHeight();
    messenger.send(from, to, bytes, () -> arrive(from, to, sent, first, h, onArrival,
        f -> resendBytes(from, to, bytes, onArrival, f)));
  }

  @Override
  public void broadcast(int from, long bytes, IntConsumer onArrival) {
    long sent = sim.nowNanos();
    int h = faults.chainHeight();
    if (plan.isCrashed(from, h, sent)) {
      return;
    }
    messenger.broadcast(from, bytes, to -> {
      if (to == from) {
        onArrival.accept(to);
      } else {
        Runnable deliver = () -> onArrival.accept(to);
        arrive(from, to, sent, sent, h, deliver,
            f -> resendBytes(from, to, bytes, deliver, f));
      }
    });
  }

  /**
   * A message from {@code from} sent at {@code sent} (first at {@code first}) reaches {@code to}
   * now, unless a fault stops it.
   */
  private void arrive(int from, int to, long sent, long first, int height, Runnable deliver,
      Resend resend) {
    if (plan.isCrashed(to, height, sent) || plan.isCrashed(from, height, sent)) {
      dropped++;
      return;
    }
    if (!plan.canReach(from, to, height, sent)) {
      long heal = plan.healNanos(from, to, height, sent);
      retry(heal == FaultPlan.UNKNOWN_HEAL ? sim.nowNanos() + retryNanos : heal, first, resend);
      return;
    }
    double p = plan.lossProbability(from, to, height, sent);
    if (p > 0 && loss[from].nextDouble() < p) {
      retry(sim.nowNanos() + retryNanos, first, resend);
      return;
    }
    long extra = plan.extraDelayNanos(from, to, height, sent);
    if (extra > 0) {
      sim.scheduleAfter(extra, s -> deliverIfUp(to, deliver));
    } else {
      deliverIfUp(to, deliver);
    }
  }

  private void retry(long atNanos, long first, Resend resend) {
    if (resend == null || atNanos == FaultWindow.FOREVER_NANOS || atNanos - first > giveUpNanos) {
      dropped++;
      return;
    }
    sim.schedule(Math.max(atNanos, sim.nowNanos()), s -> resend.again(first));
  }

  private void deliverIfUp(int to, Runnable deliver) {
    if (plan.isCrashed(to, faults.chainHeight(), sim.nowNanos())) {
      dropped++;
      return;
    }
    deliver.run();
  }
}
