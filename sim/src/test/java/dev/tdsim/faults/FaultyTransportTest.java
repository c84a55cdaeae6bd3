package dev.tdsim.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.Message;
import dev.tdsim.consensus.Messenger;
import dev.tdsim.consensus.Transport;
import dev.tdsim.engine.Simulation;
import dev.tdsim.random.RandomStreams;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/**
 * The fault transport on a fake network of 4 validators where every message takes 10 ms: what
 * reaches whom when, what is sent again and what is dropped.
 */
class FaultyTransportTest {
  private static final long MS = 1_000_000L;
  private static final long LATENCY = 10 * MS;
  private static final long RETRY = 100 * MS;
  private static final long GIVE_UP = 1000 * MS;
  private static final Message MESSAGE = () -> 100;
  /** A message of a protocol that sends each once (Jolteon): never sent again. */
  private static final Message SENT_ONCE = new Message() {
    @Override
    public long wireBytes() {
      return 100;
    }

    @Override
    public boolean resentWhenLost() {
      return false;
    }
  };

  /** A network that delivers everything after {@link #LATENCY}, counting what it carries. */
  private static final class Network implements Transport, Messenger {
    final Simulation sim;
    int carried;

    Network(Simulation sim) {
      this.sim = sim;
    }

    @Override
    public void broadcast(int sender, Message message, Receiver receiver) {
      receiver.receive(sender, message);
      for (int to = 0; to < 4; to++) {
        if (to != sender) {
          send(sender, to, message, receiver);
        }
      }
    }

    @Override
    public void send(int sender, int to, Message message, Receiver receiver) {
      carried++;
      sim.scheduleAfter(LATENCY, s -> receiver.receive(to, message));
    }

    @Override
    public void send(int from, int to, long bytes, Runnable onArrival) {
      carried++;
      sim.scheduleAfter(LATENCY, s -> onArrival.run());
    }

    @Override
    public void broadcast(int from, long bytes, IntConsumer onArrival) {
      onArrival.accept(from);
      for (int to = 0; to < 4; to++) {
        if (to != from) {
          int t = to;
          send(from, to, bytes, () -> onArrival.accept(t));
        }
      }
    }
  }

  /** One run: the transport, its network, and what arrived where and when. */
  private static final class Run {
    final Simulation sim = new Simulation();
    final Network net = new Network(sim);
    final ActiveFaults faults;
    final FaultyTransport transport;
    final List<String> arrived = new ArrayList<>();

    Run(FaultSpec... specs) {
      faults = new ActiveFaults(FaultPlan.resolve(List.of(specs), Committee.equal(4)));
      transport = new FaultyTransport(net, net, sim, faults, new RandomStreams(1), RETRY,
          GIVE_UP);
    }

    Transport.Receiver receiver() {
      return (v, m) -> arrived.add(v + "@" + sim.nowNanos() / MS);
    }

    Runnable arrival(int to) {
      return () -> arrived.add(to + "@" + sim.nowNanos() / MS);
    }

    Run go() {
      sim.run();
      return this;
    }
  }

  private static FaultSpec on(FaultKind kind, FaultWindow window, Map<String, Object> params,
      Integer... ids) {
    return new FaultSpec(kind, new FaultTarget.Validators(List.of(ids)), window, params);
  }

  private static FaultWindow time(long fromMs, long untilMs) {
    return new FaultWindow(fromMs * MS, untilMs * MS, 1, FaultWindow.NO_LAST_HEIGHT);
  }

  @Test
  void withoutFaultsEverythingArrivesAfterTheLatency() {
    Run r = new Run();
    r.transport.broadcast(0, MESSAGE, r.receiver());
    r.transport.send(1, 2, MESSAGE, r.receiver());
    r.go();
    assertEquals(List.of("0@0", "1@10", "2@10", "3@10", "2@10"), r.arrived);
    assertEquals(0, r.transport.dropped());
    assertEquals(0, r.transport.resent());
  }

  @Test
  void aCrashedValidatorSendsNothing() {
    Run r = new Run(on(FaultKinds.CRASH, FaultWindow.ALWAYS, Map.of(), 0));
    r.transport.broadcast(0, MESSAGE, r.receiver());
    r.transport.send(0, 1, MESSAGE, r.receiver());
    r.transport.send(0, 2, 64, r.arrival(2));
    r.transport.broadcast(0, 64, to -> r.arrived.add("bytes " + to));
    r.go();
    assertEquals(List.of(), r.arrived);
    assertEquals(0, r.net.carried);
    assertEquals(0, r.transport.dropped());
  }

  @Test
  void whatIsSentToACrashedValidatorIsDropped() {
    Run r = new Run(on(FaultKinds.CRASH, FaultWindow.ALWAYS, Map.of(), 2));
    r.transport.broadcast(0, MESSAGE, r.receiver());
    r.transport.broadcast(1, 64, to -> r.arrived.add("bytes " + to + "@" + r.sim.nowNanos() / MS));
    r.go();
    assertEquals(List.of("0@0", "bytes 1@0", "1@10", "3@10", "bytes 0@10", "bytes 3@10"),
        r.arrived);
    assertEquals(2, r.transport.dropped());
    assertEquals(6, r.net.carried);
  }

  @Test
  void aValidatorThatCrashesWhileADelayedMessageTravelsLosesIt() {
    // 2 is slow (30 ms more per message) and crashes at 20 ms: the message sent at 0 would
    // arrive at 40 ms
    Run r = new Run(on(FaultKinds.DELAY, FaultWindow.ALWAYS, Map.of("extra", 30 * MS), 2),
        on(FaultKinds.CRASH, time(20, 1000), Map.of(), 2));
    r.transport.send(0, 2, MESSAGE, r.receiver());
    r.transport.send(0, 1, 64, r.arrival(1));
    r.go();
    assertEquals(List.of("1@10"), r.arrived);
    assertEquals(1, r.transport.dropped());
    Run later = new Run(on(FaultKinds.DELAY, FaultWindow.ALWAYS, Map.of("extra", 30 * MS), 2));
    later.transport.send(0, 2, 64, later.arrival(2));
    later.transport.send(2, 3, MESSAGE, later.receiver());
    later.go();
    assertEquals(List.of("2@40", "3@40"), later.arrived);
  }

  @Test
  void aMessageAcrossAPartitionIsSentAgainWhenItHeals() {
    FaultSpec partition = new FaultSpec(FaultKinds.PARTITION, FaultTarget.ALL, time(0, 500),
        Map.of("groups", List.of(List.of("0", "1"), List.of("2", "3"))));
    Run r = new Run(partition);
    r.transport.send(0, 2, MESSAGE, r.receiver());
    r.transport.send(1, 3, 64, r.arrival(3));
    r.transport.send(0, 1, MESSAGE, r.receiver());
    r.go();
    assertEquals(List.of("1@10", "2@510", "3@510"), r.arrived);
    assertEquals(2, r.transport.resent());
    assertEquals(0, r.transport.dropped());
  }

  @Test
  void aPartitionThatNeverHealsOrHealsTooLateDropsTheMessage() {
    Run never = new Run(new FaultSpec(FaultKinds.PARTITION, FaultTarget.ALL, FaultWindow.ALWAYS,
        Map.of("groups", List.of(List.of("0"), List.of("1")))));
    never.transport.send(0, 1, MESSAGE, never.receiver());
    never.go();
    assertEquals(List.of(), never.arrived);
    assertEquals(1, never.transport.dropped());
    assertEquals(0, never.transport.resent());
    // healing exactly when the message is GIVE_UP old still sends it again; 1 ns later not
    Run atGiveUp = new Run(new FaultSpec(FaultKinds.PARTITION, FaultTarget.ALL,
        time(0, 1000), Map.of("groups", List.of(List.of("0"), List.of("1")))));
    atGiveUp.transport.send(0, 1, 64, atGiveUp.arrival(1));
    atGiveUp.go();
    assertEquals(List.of("1@1010"), atGiveUp.arrived);
    Run late = new Run(new FaultSpec(FaultKinds.PARTITION, FaultTarget.ALL,
        new FaultWindow(0, GIVE_UP + 1, 1, FaultWindow.NO_LAST_HEIGHT),
        Map.of("groups", List.of(List.of("0"), List.of("1")))));
    late.transport.send(0, 1, 64, late.arrival(1));
    late.go();
    assertEquals(List.of(), late.arrived);
    assertEquals(1, late.transport.dropped());
  }

  @Test
  void aPartitionThatEndsAtAHeightIsPolledEveryRetry() {
    FaultSpec partition = new FaultSpec(FaultKinds.PARTITION, FaultTarget.ALL,
        new FaultWindow(0, FaultWindow.FOREVER_NANOS, 1, 3),
        Map.of("groups", List.of(List.of("0"), List.of("1"))));
    Run r = new Run(partition);
    r.transport.send(0, 1, MESSAGE, r.receiver());
    // the chain reaches height 3 (height 2 committed) at 250 ms
    r.sim.schedule(250 * MS, s -> r.faults.committed(2));
    r.go();
    // attempts at 0, 110 and 220 ms are cut off; the one at 330 ms goes through
    assertEquals(List.of("1@340"), r.arrived);
    assertEquals(3, r.transport.resent());
    // without the commit the polling goes on until the message is GIVE_UP old
    Run stuck = new Run(partition);
    stuck.transport.send(0, 1, 64, stuck.arrival(1));
    stuck.go();
    assertEquals(List.of(), stuck.arrived);
    assertEquals(9, stuck.transport.resent()); // 110 to 990 ms
    assertEquals(1, stuck.transport.dropped());
  }

  @Test
  void aLostMessageIsSentAgainAfterTheRetryUntilItIsTooOld() {
    // every message to or from 1 is lost
    Run r = new Run(on(FaultKinds.LOSS, FaultWindow.ALWAYS, Map.of("probability", 1.0), 1));
    r.transport.broadcast(0, MESSAGE, r.receiver());
    r.go();
    assertEquals(List.of("0@0", "2@10", "3@10"), r.arrived);
    assertEquals(9, r.transport.resent()); // 110 to 990 ms: the one due at 1100 ms is too old
    assertEquals(1, r.transport.dropped());
    // the loss ends at 300 ms: the attempt at 330 ms arrives
    Run ends = new Run(on(FaultKinds.LOSS, time(0, 300), Map.of("probability", 1.0), 1));
    ends.transport.broadcast(1, 64, to -> ends.arrived.add(to + "@" + ends.sim.nowNanos() / MS));
    ends.go();
    assertEquals(List.of("1@0", "0@340", "2@340", "3@340"), ends.arrived);
    assertEquals(9, ends.transport.resent());
    assertEquals(0, ends.transport.dropped());
  }

  @Test
  void aMessageSentOnceIsGoneWhenLostOrCutOffButBytesAreSentAgain() {
    // every message to or from 1 is lost, 2 and 3 are cut off from 0 until 500 ms
    Run r = new Run(on(FaultKinds.LOSS, time(0, 300), Map.of("probability", 1.0), 1),
        new FaultSpec(FaultKinds.PARTITION, FaultTarget.ALL, time(0, 500),
            Map.of("groups", List.of(List.of("0", "1"), List.of("2", "3")))));
    r.transport.broadcast(0, SENT_ONCE, r.receiver());
    r.transport.send(2, 0, SENT_ONCE, r.receiver());
    r.go();
    assertEquals(List.of("0@0"), r.arrived);
    assertEquals(0, r.transport.resent());
    assertEquals(4, r.transport.dropped());
    // bytes (decryption shares) are sent again: after the retry, at the healing across the
    // partition
    Run bytes = new Run(on(FaultKinds.LOSS, time(0, 25), Map.of("probability", 1.0), 1),
        new FaultSpec(FaultKinds.PARTITION, FaultTarget.ALL, time(0, 500),
            Map.of("groups", List.of(List.of("0", "1"), List.of("2", "3")))));
    bytes.transport.send(0, 1, 64, bytes.arrival(1));
    bytes.transport.send(0, 2, 64, bytes.arrival(2));
    bytes.go();
    assertEquals(List.of("1@120", "2@510"), bytes.arrived); // lost on arrival at 10 ms
    assertEquals(0, bytes.transport.dropped());
  }

  @Test
  void theGiveUpCountsFromTheFirstSending() {
    Run r = new Run(on(FaultKinds.LOSS, FaultWindow.ALWAYS, Map.of("probability", 1.0), 1));
    r.sim.schedule(2000 * MS, s -> r.transport.send(0, 1, MESSAGE, r.receiver()));
    r.go();
    assertEquals(9, r.transport.resent()); // 2110 to 2990 ms
    assertEquals(1, r.transport.dropped());
  }

  @Test
  void anUndelayedMessageIsDeliveredOnArrival() {
    // a delay fault elsewhere; the message from 0 to 1 is handed over in its arrival event,
    // before an event queued later for the same instant
    Run r = new Run(on(FaultKinds.DELAY, FaultWindow.ALWAYS, Map.of("extra", 30 * MS), 3));
    r.transport.send(0, 1, MESSAGE, r.receiver());
    r.sim.schedule(LATENCY, s -> r.arrived.add("later event"));
    r.go();
    assertEquals(List.of("1@10", "later event"), r.arrived);
  }

  @Test
  void onlyLossyLinksDrawFromTheSendersLossStream() {
    // the stream of sender 0: its first draw keeps the message, its second loses it (p = 0.97)
    java.util.SplittableRandom draws = new RandomStreams(1).stream("faults.loss", 0);
    assertTrue(draws.nextDouble() >= 0.97 && draws.nextDouble() < 0.97);
    // 0 -> 1 has no loss and draws nothing, so 0 -> 2 takes the first draw and arrives
    Run r = new Run(on(FaultKinds.LOSS, FaultWindow.ALWAYS, Map.of("probability", 0.97), 2));
    r.transport.send(0, 1, MESSAGE, r.receiver());
    r.transport.send(0, 2, MESSAGE, r.receiver());
    r.go();
    assertEquals(List.of("1@10", "2@10"), r.arrived);
    assertEquals(0, r.transport.resent());
  }

  @Test
  void aSenderThatCrashesBeforeTheRetrySendsNothingMore() {
    Run r = new Run(on(FaultKinds.LOSS, FaultWindow.ALWAYS, Map.of("probability", 1.0), 1),
        on(FaultKinds.CRASH, time(50, 5000), Map.of(), 0));
    r.transport.send(0, 1, MESSAGE, r.receiver());
    r.transport.send(0, 1, 64, r.arrival(1));
    r.go();
    assertEquals(List.of(), r.arrived);
    assertEquals(0, r.transport.resent());
    assertEquals(2, r.net.carried);
  }
}
