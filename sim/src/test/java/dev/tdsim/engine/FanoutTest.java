package dev.tdsim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class FanoutTest {

  private static final long NEVER = Long.MAX_VALUE;

  @ParameterizedTest
  @EnumSource(QueueKind.class)
  void deliversInArrivalThenIndexOrderAndCountsDeliveries(QueueKind kind) {
    Simulation sim = new Simulation(kind);
    List<String> trace = new ArrayList<>();
    sim.schedule(100, s -> s.scheduleFanout(new long[] {30, NEVER, 10, 30, -1, 0},
        r -> trace.add(r + "@" + s.nowNanos())));
    assertEquals(5, sim.run()); // the start event + 4 deliveries
    assertEquals(List.of("5@100", "2@110", "0@130", "3@130"), trace);
    assertEquals(5, sim.eventsProcessed());
    assertEquals(0, sim.pendingEvents());
  }

  @Test
  void aFanoutIsOneQueueEntryUntilItsLastReceiver() {
    Simulation sim = new Simulation();
    List<Integer> trace = new ArrayList<>();
    sim.scheduleFanout(new long[] {5, 1, 3}, trace::add);
    assertEquals(1, sim.pendingEvents());
    assertEquals(1, sim.nextEventNanos());
    sim.runUntil(3);
    assertEquals(List.of(1, 2), trace);
    assertEquals(1, sim.pendingEvents());
    assertEquals(5, sim.nextEventNanos());
    sim.run();
    assertEquals(List.of(1, 2, 0), trace);
  }

  @Test
  void nothingDeliverableSchedulesNothing() {
    Simulation sim = new Simulation();
    sim.scheduleFanout(new long[] {NEVER, -5}, r -> {
      throw new AssertionError("delivered " + r);
    });
    sim.scheduleFanout(new long[0], r -> {
      throw new AssertionError("delivered " + r);
    });
    assertEquals(0, sim.pendingEvents());
    assertEquals(0, sim.run());
  }

  @Test
  void theCallerMayReuseItsArray() {
    Simulation sim = new Simulation();
    List<String> trace = new ArrayList<>();
    long[] delays = {2, 1};
    sim.scheduleFanout(delays, r -> trace.add("a" + r));
    delays[0] = 0;
    delays[1] = 3;
    sim.scheduleFanout(delays, r -> trace.add("b" + r));
    sim.run();
    assertEquals(List.of("b0", "a1", "a0", "b1"), trace);
  }

  @Test
  void stopInsideADeliveryKeepsTheRestQueued() {
    Simulation sim = new Simulation();
    List<Integer> trace = new ArrayList<>();
    sim.scheduleFanout(new long[] {1, 2, 3}, r -> {
      trace.add(r);
      if (r == 0) {
        sim.stop();
      }
    });
    assertEquals(1, sim.run());
    assertEquals(List.of(0), trace);
    assertEquals(2, sim.run());
    assertEquals(List.of(0, 1, 2), trace);
  }

  @Test
  void rejectsAClockOverflowAndNulls() {
    Simulation sim = new Simulation();
    sim.runUntil(10);
    assertThrows(IllegalArgumentException.class,
        () -> sim.scheduleFanout(new long[] {1, Long.MAX_VALUE - 5}, r -> {}));
    assertThrows(NullPointerException.class, () -> sim.scheduleFanout(null, r -> {}));
    assertThrows(NullPointerException.class, () -> sim.scheduleFanout(new long[] {1}, null));
  }

  @Test
  void delaysTooLargeToPackKeepTheSameOrder() {
    Simulation sim = new Simulation();
    List<Integer> trace = new ArrayList<>();
    long huge = 1L << 61; // above the packing limit for 4 receivers (2^61)
    sim.scheduleFanout(new long[] {huge + 1, huge, 7, huge}, trace::add);
    sim.run();
    assertEquals(List.of(2, 1, 3, 0), trace);
  }

  /**
   * A random gossip-like protocol run twice from the same seed: once with one fanout per
   * broadcast, once with one scheduleAfter per receiver (the old path). The traces must be equal,
   * entry for entry: the fanout changes the cost, never the order.
   */
  @Property(tries = 60)
  void fanoutTraceEqualsPerReceiverTrace(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 40) int validators,
      @ForAll @IntRange(min = 0, max = 3) int delaySpreadLog10,
      @ForAll QueueKind kind) {
    List<String> viaFanout = runGossip(seed, validators, delaySpreadLog10, true, kind);
    List<String> viaSingles = runGossip(seed, validators, delaySpreadLog10, false, QueueKind.HEAP);
    assertEquals(viaSingles, viaFanout);
  }

  private static List<String> runGossip(long seed, int validators, int spreadLog10,
      boolean fanout, QueueKind kind) {
    Simulation sim = new Simulation(kind);
    SplittableRandom rng = new SplittableRandom(seed);
    long spread = (long) Math.pow(10, spreadLog10);
    List<String> trace = new ArrayList<>();
    int[] budget = {300};
    class Node {
      void broadcast(int from) {
        long[] delays = new long[validators];
        for (int i = 0; i < validators; i++) {
          int pick = rng.nextInt(10);
          delays[i] = pick == 0 ? NEVER : pick == 1 ? 0 : rng.nextLong(spread);
        }
        FanoutTarget target = r -> onMessage(from, r);
        if (fanout) {
          sim.scheduleFanout(delays, target);
        } else {
          for (int i = 0; i < validators; i++) {
            if (delays[i] != NEVER) {
              int r = i;
              sim.scheduleAfter(delays[i], s -> target.deliver(r));
            }
          }
        }
      }

      void onMessage(int from, int receiver) {
        trace.add(from + ">" + receiver + "@" + sim.nowNanos());
        if (budget[0] > 0 && rng.nextInt(4) == 0) {
          budget[0]--;
          if (rng.nextBoolean()) {
            broadcast(receiver);
          } else {
            sim.scheduleAfter(rng.nextLong(spread + 1), s -> trace.add("timer" + receiver));
          }
        }
      }
    }
    Node node = new Node();
    for (int i = 0; i < Math.min(validators, 3); i++) {
      int from = i;
      sim.schedule(rng.nextLong(spread), s -> node.broadcast(from));
    }
    sim.run();
    trace.add("processed=" + (sim.eventsProcessed()) + " now=" + sim.nowNanos());
    return trace;
  }
}
