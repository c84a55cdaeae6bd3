package dev.tdsim.crypto;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/**
 * The thread pool that crypto work runs on: parallel over messages and validators, with a thread
 * count users can set (default: all cores). Results keep their index order, so parallel runs give
 * the same results as serial ones.
 */
public final class Workers implements AutoCloseable {
  private static final Workers DEFAULT = new Workers(Runtime.getRuntime().availableProcessors());

  private static final java.lang.management.ThreadMXBean CPU =
      java.lang.management.ManagementFactory.getThreadMXBean();

  private final int threads;
  private final ForkJoinPool pool;
  /** The pool's worker threads, so that their CPU time can be read (see {@link #poolCpuNanos}). */
  private final List<Thread> poolThreads = new java.util.concurrent.CopyOnWriteArrayList<>();

  private Workers(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1, got " + threads);
    }
    this.threads = threads;
    this.pool = threads == 1 ? null : new ForkJoinPool(threads, p -> {
      java.util.concurrent.ForkJoinWorkerThread t =
          ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
      poolThreads.add(t);
      return t;
    }, null, false);
  }

  /**
   * CPU nanoseconds the pool's worker threads have used so far (0 without a pool). With
   * {@link #callerCpuNanos()} before and after a call, it gives the call's CPU time on every
   * thread it ran on, at the thread clock's resolution (not the process clock's 10 ms ticks);
   * work of other callers sharing the pool at the same time is counted too.
   */
  public long poolCpuNanos() {
    long sum = 0;
    for (Thread t : poolThreads) {
      long c = CPU.getThreadCpuTime(t.getId());
      if (c > 0) {
        sum += c;
      }
    }
    return sum;
  }

  /**
   * CPU nanoseconds of every live thread of this JVM so far: around a call whose work may run on
   * threads other than the caller's and the pool's (a library's own), at the price of reading
   * every thread.
   */
  public static long allThreadsCpuNanos() {
    long sum = 0;
    for (long id : CPU.getAllThreadIds()) {
      long c = CPU.getThreadCpuTime(id);
      if (c > 0) {
        sum += c;
      }
    }
    return sum;
  }

  /** CPU nanoseconds of the calling thread so far. */
  public static long callerCpuNanos() {
    return CPU.getCurrentThreadCpuTime();
  }

  /** A pool of exactly {@code threads} threads (1 means: run on the caller's thread). */
  public static Workers of(int threads) {
    return new Workers(threads);
  }

  /** A shared pool using every available processor. */
  public static Workers allCores() {
    return DEFAULT;
  }

  public int threads() {
    return threads;
  }

  public void forEach(int count, IntConsumer task) {
    if (pool == null || count <= 1) {
      for (int i = 0; i < count; i++) {
        task.accept(i);
      }
      return;
    }
    pool.submit(() -> IntStream.range(0, count).parallel().forEach(task)).join();
  }

  @SuppressWarnings("unchecked")
  public <T> List<T> map(int count, IntFunction<T> task) {
    Object[] out = new Object[count];
    forEach(count, i -> out[i] = task.apply(i));
    return (List<T>) Arrays.asList(out);
  }

  /** Work on the index range [from, to). */
  @FunctionalInterface
  public interface Range<T> {
    T run(int from, int to);
  }

  /**
   * Runs {@code work} over [0, n) in contiguous ranges: about four per thread (for balance when
   * other work shares the cores), one when single-threaded, none shorter than {@code minRange}
   * unless n is. Results in range order, so they do not depend on scheduling.
   */
  public <T> List<T> mapRanges(int n, int minRange, Range<T> work) {
    int ranges = threads == 1 ? 1 : Math.max(1, Math.min(4 * threads, n / Math.max(1, minRange)));
    int per = Math.max(1, (n + ranges - 1) / ranges);
    int count = n == 0 ? 0 : (n + per - 1) / per;
    return map(count, c -> work.run(c * per, Math.min(n, (c + 1) * per)));
  }

  @Override
  public void close() {
    if (pool != null && this != DEFAULT) {
      pool.shutdown();
    }
  }
}
