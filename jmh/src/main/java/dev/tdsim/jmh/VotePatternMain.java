package dev.tdsim.jmh;

import dev.tdsim.engine.QueueKind;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Deliveries per CPU-second of the {@link VotePattern} (the figure of issue 7 part E), for each
 * path and queue, interleaved run by run so that a drifting machine hits all of them alike:
 *
 * <pre>
 * java -cp jmh/target/classes:$(cat jmh/target/classpath.txt) dev.tdsim.jmh.VotePatternMain \
 *     --validators 150 --heights 300 --runs 3
 * </pre>
 *
 * <p>Options: {@code --validators V} (150), {@code --heights H} (300), {@code --runs R} (3),
 * {@code --warmup-heights W} (H / 5; one untimed run per combination first, for the JIT),
 * {@code --paths fanout,per-receiver}, {@code --queues calendar,heap,radix}, {@code --seed S} (1).
 * CPU time is this thread's ({@link ThreadMXBean#getCurrentThreadCpuTime}) around
 * {@link VotePattern#run()} only (setup excluded); the process CPU time over the same interval
 * (which adds GC and JIT threads) and the wall time are printed too.
 */
public final class VotePatternMain {

  private VotePatternMain() {}

  public static void main(String[] args) {
    int validators = 150;
    int heights = 300;
    int runs = 3;
    int warmup = -1;
    long seed = 1;
    List<VotePattern.Path> paths = List.of(VotePattern.Path.FANOUT, VotePattern.Path.PER_RECEIVER);
    List<QueueKind> queues = List.of(QueueKind.CALENDAR, QueueKind.HEAP, QueueKind.RADIX);
    try {
      for (int i = 0; i < args.length; i++) {
        String value = i + 1 < args.length ? args[i + 1] : null;
        if (value == null) {
          throw new IllegalArgumentException("option " + args[i] + " needs a value");
        }
        switch (args[i]) {
          case "--validators" -> validators = Integer.parseInt(value);
          case "--heights" -> heights = Integer.parseInt(value);
          case "--runs" -> runs = Integer.parseInt(value);
          case "--warmup-heights" -> warmup = Integer.parseInt(value);
          case "--seed" -> seed = Long.parseLong(value);
          case "--paths" -> paths = Arrays.stream(value.split(",")).map(VotePattern.Path::parse)
              .toList();
          case "--queues" -> queues = Arrays.stream(value.split(","))
              .map(s -> QueueKind.valueOf(s.trim().toUpperCase(Locale.ROOT))).toList();
          default -> throw new IllegalArgumentException("unknown option " + args[i]
              + "; known: --validators --heights --runs --warmup-heights --seed --paths --queues");
        }
        i++;
      }
      if (validators < 4 || heights < 1 || runs < 1) {
        throw new IllegalArgumentException("need --validators >= 4, --heights >= 1, --runs >= 1");
      }
    } catch (IllegalArgumentException e) {
      System.err.println("error: " + e.getMessage());
      System.exit(2);
      return;
    }
    if (warmup < 0) {
      warmup = Math.max(1, heights / 5);
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    System.out.printf(Locale.ROOT, "vote pattern: V=%d, %d heights, %d runs, seed %d, warm-up %d"
        + " heights; %d deliveries per height%n", validators, heights, runs, seed, warmup,
        (2L * validators + 1) * (validators - 1));
    for (VotePattern.Path path : paths) {
      for (QueueKind queue : queues) {
        new VotePattern(validators, warmup, seed, path, queue).run();
      }
    }
    List<String> labels = new ArrayList<>();
    for (VotePattern.Path path : paths) {
      for (QueueKind queue : queues) {
        labels.add(path.name().toLowerCase(Locale.ROOT) + "/" + queue.name().toLowerCase(Locale.ROOT));
      }
    }
    double[][] rates = new double[labels.size()][runs];
    for (int run = 0; run < runs; run++) {
      int k = 0;
      for (VotePattern.Path path : paths) {
        for (QueueKind queue : queues) {
          VotePattern pattern = new VotePattern(validators, heights, seed, path, queue);
          System.gc();
          long cpu0 = threads.getCurrentThreadCpuTime();
          long proc0 = os.getProcessCpuTime();
          long wall0 = System.nanoTime();
          long delivered = pattern.run();
          long cpu = threads.getCurrentThreadCpuTime() - cpu0;
          long proc = os.getProcessCpuTime() - proc0;
          long wall = System.nanoTime() - wall0;
          rates[k][run] = delivered / (cpu / 1e9);
          System.out.printf(Locale.ROOT, "run %d %-22s %,d deliveries, thread CPU %.3f s = %.3f M"
              + " deliveries/CPU-s, %.2f heights/CPU-s; process CPU %.3f s (%.3f M/s); wall"
              + " %.3f s; simulated %.3f s%n", run + 1, labels.get(k), delivered, cpu / 1e9,
              delivered / (cpu / 1e3), heights / (cpu / 1e9), proc / 1e9,
              delivered / (proc / 1e3), wall / 1e9, pattern.simulatedNanos() / 1e9);
          k++;
        }
      }
    }
    System.out.println("medians (thread CPU):");
    double base = Double.NaN;
    for (int k = 0; k < labels.size(); k++) {
      double[] r = rates[k].clone();
      Arrays.sort(r);
      double median = r.length % 2 == 1 ? r[r.length / 2]
          : (r[r.length / 2 - 1] + r[r.length / 2]) / 2;
      if (k == 0) {
        base = median;
      }
      System.out.printf(Locale.ROOT, "  %-22s %.3f M deliveries/CPU-s, %.3f heights/CPU-s"
          + " (first line / this = %.2fx)%n", labels.get(k), median / 1e6,
          median / ((2.0 * validators + 1) * (validators - 1)), base / median);
    }
  }
}
