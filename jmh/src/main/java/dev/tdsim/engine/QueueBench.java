package dev.tdsim.engine;

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

/**
 * Queue throughput, heap against calendar and radix heap, in the classic "hold" model (Jones, "An empirical
 * comparison of priority-queue and event-set implementations", CACM 29(4), 1986): the queue holds
 * {@code pending} entries; one operation = poll the head, add one entry a random delay later. The
 * delays are network-like (0.5-200 ms, precomputed so the RNG is not measured). In package
 * {@code dev.tdsim.engine} to reach the package-private queues.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class QueueBench {

  @Param({"HEAP", "CALENDAR", "RADIX"})
  public QueueKind kind;

  @Param({"300", "45000"})
  public int pending;

  private TimeQueue queue;
  private long[] delays;
  private int next;
  private long seq;
  private final Event event = s -> {};

  @Setup(Level.Trial)
  public void setUp() {
    queue = kind.create();
    SplittableRandom rng = new SplittableRandom(42);
    delays = new long[1 << 16];
    for (int i = 0; i < delays.length; i++) {
      delays[i] = 500_000 + rng.nextLong(200_000_000);
    }
    for (int i = 0; i < pending; i++) {
      queue.add(delays[i], seq++, event);
    }
  }

  /** One hold operation: poll + add. */
  @Benchmark
  public Event hold() {
    long now = queue.peekTime();
    Event e = queue.poll();
    queue.add(now + delays[next++ & (delays.length - 1)], seq++, e);
    return e;
  }

  /** One re-key of the head (what a fanout does between two receivers). */
  @Benchmark
  public long rekey() {
    long now = queue.peekTime();
    queue.rekeyHead(now + delays[next++ & (delays.length - 1)]);
    return now;
  }
}
