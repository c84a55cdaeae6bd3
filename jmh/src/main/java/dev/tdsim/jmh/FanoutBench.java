package dev.tdsim.jmh;

import dev.tdsim.engine.FanoutTarget;
import dev.tdsim.engine.Simulation;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One broadcast to V receivers, scheduled and delivered to the end on an otherwise empty
 * simulation: as one fanout, or as V scheduleAfter calls with a lambda each (the old path). And
 * the fanout's sort alone: V (delay, index) pairs packed into longs and sorted with
 * {@link Arrays#sort(long[])}, against an index sort through a comparator (boxed Integers).
 * Time per broadcast; divide by V for a delivery.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FanoutBench {

  @Param({"150", "2000"})
  public int validators;

  private long[] delays;
  private Simulation sim;
  private Blackhole sink;

  @Setup(Level.Trial)
  public void setUp(Blackhole blackhole) {
    SplittableRandom rng = new SplittableRandom(7);
    delays = new long[validators];
    for (int i = 0; i < validators; i++) {
      delays[i] = 500_000 + rng.nextLong(200_000_000);
    }
    sim = new Simulation();
    sink = blackhole;
  }

  @Benchmark
  public long fanout() {
    FanoutTarget target = sink::consume;
    sim.scheduleFanout(delays, target);
    return sim.run();
  }

  @Benchmark
  public long perReceiver() {
    FanoutTarget target = sink::consume;
    for (int i = 0; i < delays.length; i++) {
      int receiver = i;
      sim.scheduleAfter(delays[i], s -> target.deliver(receiver));
    }
    return sim.run();
  }

  @Benchmark
  public long[] packedSort() {
    int bits = 64 - Long.numberOfLeadingZeros(validators - 1);
    long[] packed = new long[validators];
    for (int i = 0; i < validators; i++) {
      packed[i] = (delays[i] << bits) | i;
    }
    Arrays.sort(packed);
    return packed;
  }

  @Benchmark
  public Integer[] indexSort() {
    Integer[] order = new Integer[validators];
    for (int i = 0; i < validators; i++) {
      order[i] = i;
    }
    long[] d = delays;
    Arrays.sort(order, (a, b) -> d[a] != d[b] ? Long.compare(d[a], d[b]) : Integer.compare(a, b));
    return order;
  }
}
