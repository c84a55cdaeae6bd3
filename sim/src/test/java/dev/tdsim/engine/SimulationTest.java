package dev.tdsim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.random.RandomStreams;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SimulationTest {

  @Test
  void firesInTimeOrderAndSetsTheClock() {
    Simulation sim = new Simulation();
    List<String> trace = new ArrayList<>();
    sim.schedule(30, s -> trace.add("c@" + s.nowNanos()));
    sim.schedule(10, s -> trace.add("a@" + s.nowNanos()));
    sim.schedule(20, s -> trace.add("b@" + s.nowNanos()));
    assertEquals(3, sim.run());
    assertEquals(List.of("a@10", "b@20", "c@30"), trace);
    assertEquals(30, sim.nowNanos());
    assertEquals(3, sim.eventsProcessed());
    assertEquals(0, sim.pendingEvents());
  }

  @Test
  void equalTimesFireInSchedulingOrder() {
    Simulation sim = new Simulation();
    List<Integer> trace = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      int id = i;
      sim.schedule(i % 3 == 0 ? 5 : 7, s -> trace.add(id));
    }
    sim.run();
    List<Integer> expected = new ArrayList<>();
    for (int i = 0; i < 1000; i += 3) {
      expected.add(i);
    }
    for (int i = 0; i < 1000; i++) {
      if (i % 3 != 0) {
        expected.add(i);
      }
    }
    assertEquals(expected, trace);
  }

  @Test
  void eventsScheduledDuringAnEventAtTheSameTimeRunAfterIt() {
    Simulation sim = new Simulation();
    List<String> trace = new ArrayList<>();
    sim.schedule(1, s -> {
      trace.add("first");
      s.scheduleAfter(0, t -> trace.add("child"));
    });
    sim.schedule(1, s -> trace.add("second"));
    sim.run();
    assertEquals(List.of("first", "second", "child"), trace);
  }

  @Test
  void schedulingInThePastFails() {
    Simulation sim = new Simulation();
    sim.schedule(100, s -> {});
    sim.run();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> sim.schedule(99, s -> {}));
    assertTrue(e.getMessage().contains("past"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> sim.scheduleAfter(-1, s -> {}));
    assertThrows(IllegalArgumentException.class, () -> sim.scheduleAfter(Long.MAX_VALUE, s -> {}));
    sim.schedule(100, s -> {}); // now is allowed
  }

  @Test
  void schedulingInThePastFromInsideAnEventFails() {
    Simulation sim = new Simulation();
    sim.schedule(50, s -> s.schedule(49, t -> {}));
    assertThrows(IllegalArgumentException.class, sim::run);
  }

  @Test
  void runUntilTimeStopsAtTheBoundAndAdvancesTheClock() {
    Simulation sim = new Simulation();
    List<Long> trace = new ArrayList<>();
    for (long t : new long[] {5, 10, 15, 20}) {
      sim.schedule(t, s -> trace.add(s.nowNanos()));
    }
    assertEquals(2, sim.runUntil(10));
    assertEquals(List.of(5L, 10L), trace);
    assertEquals(10, sim.nowNanos());
    assertEquals(15, sim.nextEventNanos());
    assertEquals(0, sim.runUntil(12));
    assertEquals(12, sim.nowNanos());
    sim.scheduleAfter(1, s -> trace.add(s.nowNanos()));
    sim.run();
    assertEquals(List.of(5L, 10L, 13L, 15L, 20L), trace);
    assertThrows(IllegalArgumentException.class, () -> sim.runUntil(3));
  }

  @Test
  void stopConditionAndStopLeaveTheRestQueued() {
    Simulation sim = new Simulation();
    int[] count = {0};
    for (int i = 1; i <= 10; i++) {
      sim.schedule(i, s -> count[0]++);
    }
    assertEquals(4, sim.runUntil(s -> count[0] == 4));
    assertEquals(4, sim.nowNanos());
    sim.schedule(4, s -> s.stop());
    assertEquals(1, sim.run());
    assertEquals(6, sim.pendingEvents());
    assertEquals(6, sim.run());
    assertEquals(10, count[0]);
    assertEquals(11, sim.eventsProcessed());
  }

  @Test
  void runIsNotReentrant() {
    Simulation sim = new Simulation();
    sim.schedule(1, Simulation::run);
    assertThrows(IllegalStateException.class, sim::run);
  }

  @Test
  void cancelledEventsDoNothing() {
    Simulation sim = new Simulation();
    List<String> trace = new ArrayList<>();
    Cancellable timeout = Cancellable.of(s -> trace.add("timeout"));
    sim.schedule(100, timeout);
    sim.schedule(50, s -> {
      trace.add("quorum");
      timeout.cancel();
    });
    sim.run();
    assertEquals(List.of("quorum"), trace);
    assertTrue(timeout.isCancelled());
  }

  @Test
  void twoRunsFromOneSeedGiveIdenticalTraces() {
    assertEquals(randomTrace(2024), randomTrace(2024));
    assertTrue(!randomTrace(2024).equals(randomTrace(2025)));
  }

  /** Events that spawn children at random delays, many equal times: a full trace of the run. */
  private static List<String> randomTrace(long seed) {
    Simulation sim = new Simulation();
    SplittableRandom rng = new RandomStreams(seed).stream("engine-test", 0);
    List<String> trace = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      sim.schedule(rng.nextInt(20), new Spawner(i, 3, rng, trace));
    }
    sim.run();
    return trace;
  }

  private record Spawner(int id, int depth, SplittableRandom rng, List<String> trace)
      implements Event {
    @Override
    public void fire(Simulation sim) {
      trace.add(sim.nowNanos() + ":" + id + ":" + depth);
      if (depth > 0) {
        for (int k = 0; k < 2; k++) {
          sim.scheduleAfter(rng.nextInt(5), new Spawner(id * 2 + k, depth - 1, rng, trace));
        }
      }
    }
  }
}
