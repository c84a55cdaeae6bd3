package dev.tdsim.engine;

import java.util.SplittableRandom;

/**
 * Events per second of the loop on trivial events: 10,000 pending events, each firing schedules
 * one successor at a random delay (so the heap stays ~10k deep) until 5 million have fired. Not a
 * test (timing is never asserted); run with
 * {@code java -cp sim/target/classes:sim/target/test-classes dev.tdsim.engine.EngineThroughput}.
 */
public final class EngineThroughput {

  private static final int PENDING = 10_000;
  private static final long EVENTS = 5_000_000L;

  private EngineThroughput() {}

  public static void main(String[] args) {
    for (int round = 1; round <= 3; round++) { // the first round warms the JIT up
      Simulation sim = new Simulation();
      SplittableRandom rng = new SplittableRandom(round);
      long[] remaining = {EVENTS - PENDING};
      Event[] self = new Event[1];
      self[0] = s -> {
        if (remaining[0] > 0) {
          remaining[0]--;
          s.scheduleAfter(1 + rng.nextInt(1_000_000), self[0]);
        }
      };
      for (int i = 0; i < PENDING; i++) {
        sim.schedule(rng.nextInt(1_000_000), self[0]);
      }
      long start = System.nanoTime();
      long fired = sim.run();
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf("round %d: %,d events in %.3f s = %,.0f events/s%n",
          round, fired, seconds, fired / seconds);
    }
  }
}
