package dev.tdsim.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.engine.Simulation;
import dev.tdsim.timing.CpuWork;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.Scaling;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A validator's consensus thread: received messages in arrival order, its own work (validating,
 * signing, syncing) as the continuation of what it is doing, ahead of the messages waiting.
 * Times in ns, by hand.
 */
class ConsensusThreadTest {
  private final Simulation sim = new Simulation();
  private final List<String> ran = new ArrayList<>();

  /** A thread that records "name@time" for each action and runs the handlers given. */
  private final class Recorder extends ConsensusThread {
    final java.util.Map<String, Consumer<Recorder>> handlers = new java.util.HashMap<>();

    Recorder(NodeCpu cpu) {
      super(sim, cpu);
    }

    @Override
    protected void run(Object action) {
      ran.add(action + "@" + sim.nowNanos());
      handlers.getOrDefault((String) action, t -> { }).accept(this);
    }
  }

  private Recorder thread() {
    return new Recorder(NodeCpu.consensusOnly(sim, 1)[0]);
  }

  private void receiveAt(Recorder t, long at, long cost, String... names) {
    sim.schedule(at, s -> {
      for (String n : names) {
        t.submit(cost, 0, n);
      }
    });
  }

  @Test
  void receivedMessagesAreServedInArrivalOrder() {
    Recorder t = thread();
    receiveAt(t, 0, 10, "a", "b", "c");
    sim.run();
    assertEquals(List.of("a@10", "b@20", "c@30"), ran);
  }

  @Test
  void ownWorkFromAHandlerGoesAheadOfTheMessagesWaiting() {
    // a's handler signs (5 ns): done at 15, before b and c, which move back by 5.
    Recorder t = thread();
    t.handlers.put("a", r -> r.submitOwn(5, 0, 1, "own"));
    receiveAt(t, 0, 10, "a", "b", "c");
    sim.run();
    assertEquals(List.of("a@10", "own@15", "b@25", "c@35"), ran);
  }

  @Test
  void ownWorkOfOneHandlerKeepsItsOrderAndItsSyncs() {
    // 5 ns of CPU, then 2 ns of CPU and 3 of disk sync: 15 and 20; b and c 10 later.
    Recorder t = thread();
    t.handlers.put("a", r -> {
      r.submitOwn(5, 0, 1, "first");
      r.submitOwn(2, 3, 1, "second");
    });
    receiveAt(t, 0, 10, "a", "b", "c");
    sim.run();
    assertEquals(List.of("a@10", "first@15", "second@20", "b@30", "c@40"), ran);
  }

  @Test
  void ownWorkBetweenActionsFollowsTheMessageInProgress() {
    // A timer at 3 while a (0-10) is in progress: its work runs 10-15, b and c after it.
    Recorder t = thread();
    receiveAt(t, 0, 10, "a", "b", "c");
    sim.schedule(3, s -> t.submitOwn(5, 0, 1, "timer"));
    sim.run();
    assertEquals(List.of("a@10", "timer@15", "b@25", "c@35"), ran);
  }

  @Test
  void messagesArrivingDuringOwnWorkWaitForIt() {
    // Idle at 100: own work 100-105 (a slow validator's: 5 ns at factor 2, 100-110); a message
    // arriving at 101 is served after it.
    Recorder t = thread();
    sim.schedule(100, s -> t.submitOwn(5, 0, 2, "own"));
    receiveAt(t, 101, 10, "d");
    sim.run();
    assertEquals(List.of("own@110", "d@120"), ran);
  }

  @Test
  void ownWorkOfTheOwnWorksHandlerComesNext() {
    // own's handler (at 15) queues more own work (4 ns): at 19, still ahead of b.
    Recorder t = thread();
    t.handlers.put("a", r -> r.submitOwn(5, 0, 1, "own"));
    t.handlers.put("own", r -> r.submitOwn(4, 0, 1, "next"));
    receiveAt(t, 0, 10, "a", "b");
    sim.run();
    assertEquals(List.of("a@10", "own@15", "next@19", "b@29"), ran);
  }

  @Test
  void zeroCostOwnWorkWithNothingWaitingRunsAtOnce() {
    Recorder t = thread();
    t.handlers.put("a", r -> r.submitOwn(0, 0, 1, "own"));
    receiveAt(t, 0, 10, "a");
    sim.run();
    assertEquals(List.of("a@10", "own@10"), ran);
  }

  @Test
  void withBackgroundCryptoOnTheCoresOwnWorkQueuesBehindTheMessages() {
    // One core shared with a background call: work ahead of the queue would move the call's
    // projection, so own work falls back to the queue's order (after b).
    NodeCpu cpu = new NodeCpu(sim, new Hardware(1, 1.0));
    Recorder t = new Recorder(cpu);
    t.handlers.put("a", r -> r.submitOwn(5, 0, 1, "own"));
    sim.schedule(0, s -> cpu.background(new CpuWork(1_000_000, 1, Scaling.LINEAR), () -> { }));
    receiveAt(t, 0, 10, "a", "b");
    sim.run();
    assertEquals(List.of("a", "b", "own"),
        ran.stream().map(x -> x.substring(0, x.indexOf('@'))).toList());
  }
}
