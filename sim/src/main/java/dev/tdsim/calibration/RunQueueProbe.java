package dev.tdsim.calibration;

import dev.tdsim.crypto.Workers;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * How much other processes got in the way of a measurement: the run-queue delay of the threads
 * that ran it (Linux {@code schedstat}), to take out of its wall time ({@link #unqueued}), and
 * the machine's load average.
 */
final class RunQueueProbe {
  /** Kernel thread-name prefix of each multi-thread pool's workers (see {@link #delayNanos}). */
  private final Map<Workers, String> workerPrefix = new IdentityHashMap<>();

  /**
   * Learns how the kernel names {@code pool}'s worker threads, so that {@link #delayNanos} can
   * find them; a one-thread pool runs on the calling thread and needs none.
   */
  void learn(Workers pool) {
    if (pool.threads() < 2) {
      return;
    }
    String name = pool.map(2, i -> Thread.currentThread().getName()).get(0);
    // "ForkJoinPool-7-worker-1": the pool's part, as the kernel keeps it (15 characters).
    int cut = name.indexOf("-worker-");
    String pool0 = cut > 0 ? name.substring(0, cut + 1) : name;
    workerPrefix.put(pool, pool0.substring(0, Math.min(15, pool0.length())));
  }

  /**
   * The run-queue delay so far of the threads that run a measurement on {@code workers}: the
   * time they were ready to run but waited for a CPU that other processes held ({@code
   * schedstat}, second field). On one thread that is the calling thread; on a pool, its worker
   * threads (the caller only waits for them), found by their kernel thread name (the Java name
   * cut to 15 characters, e.g. {@code ForkJoinPool-3-}). -1 where unavailable.
   */
  long delayNanos(Workers workers) {
    String prefix = workerPrefix.get(workers);
    if (prefix == null) {
      return schedDelay(Path.of("/proc/thread-self/schedstat"));
    }
    File[] tasks = new File("/proc/self/task").listFiles();
    if (tasks == null) {
      return -1;
    }
    long sum = 0;
    for (File t : tasks) {
      try {
        String comm = Files.readString(t.toPath().resolve("comm")).trim();
        if (comm.startsWith(prefix)) {
          long d = schedDelay(t.toPath().resolve("schedstat"));
          sum += Math.max(0, d);
        }
      } catch (IOException | RuntimeException e) {
        // the thread ended meanwhile: skip it
      }
    }
    return sum;
  }

  private static long schedDelay(Path schedstat) {
    try {
      return Long.parseLong(Files.readString(schedstat).trim().split("\\s+")[1]);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /**
   * The wall time the call would have taken on otherwise idle CPUs: the measured wall time less
   * the run-queue delay its threads accumulated over it, divided by the k threads that shared
   * it (their mean delay; at least 5% of the wall time is kept). On a shared machine other
   * processes hold CPUs for much of a multi-thread call, which would otherwise read as no
   * parallel speedup at all.
   */
  static double unqueued(double wallNanos, long delayBefore, long delayAfter, int threads) {
    if (delayBefore < 0 || delayAfter < 0) {
      return wallNanos;
    }
    double queued = Math.max(0, delayAfter - delayBefore) / (double) threads;
    return Math.max(wallNanos - queued, 0.05 * wallNanos);
  }

  /** The 1-minute load average of /proc/loadavg, NaN where there is none. */
  static double loadAverage() {
    try {
      String text = Files.readString(Path.of("/proc/loadavg"));
      return Double.parseDouble(text.trim().split("\\s+")[0]);
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }
}
