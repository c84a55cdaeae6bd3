package dev.tdsim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

class SimulationPropertiesTest {

  /** Whatever the schedule, events fire sorted by time, ties in scheduling order. */
  @Property(tries = 200)
  void firesInTimeThenSchedulingOrder(
      @ForAll @Size(max = 300) List<@LongRange(min = 0, max = 40_000_000) Long> times,
      @ForAll QueueKind kind) {
    Simulation sim = new Simulation(kind);
    List<long[]> fired = new ArrayList<>();
    for (int i = 0; i < times.size(); i++) {
      long index = i;
      sim.schedule(times.get(i), s -> fired.add(new long[] {s.nowNanos(), index}));
    }
    sim.run();
    List<long[]> expected = new ArrayList<>();
    for (int i = 0; i < times.size(); i++) {
      expected.add(new long[] {times.get(i), i});
    }
    expected.sort(Comparator.<long[]>comparingLong(a -> a[0]).thenComparingLong(a -> a[1]));
    assertEquals(expected.size(), fired.size());
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i)[0], fired.get(i)[0]);
      assertEquals(expected.get(i)[1], fired.get(i)[1]);
    }
    assertEquals(times.size(), sim.eventsProcessed());
  }
}
