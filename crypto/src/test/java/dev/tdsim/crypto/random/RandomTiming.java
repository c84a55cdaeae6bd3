package dev.tdsim.crypto.random;

import dev.tdsim.crypto.field.Fr;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Random;

/**
 * Not a test (surefire does not pick it up): prints what the strong streams cost against the
 * java.util.Random they replaced, for the draws of one block. From the repository root:
 *
 * <pre>
 *   mvn -q -B -o -pl crypto test-compile
 *   java -cp crypto/target/classes:crypto/target/test-classes:$BCPROV \
 *       dev.tdsim.crypto.random.RandomTiming [validators] [messages] [runs]
 * </pre>
 *
 * ($BCPROV: the bcprov-jdk18on jar from ~/.m2.) Defaults: 150 validators x 1000 messages of
 * share-verification weights, 1000 encryption scalars r (old: a new java.util.Random per message;
 * new: one HMAC_DRBG child stream per message, split from the block's stream), 1000 validity
 * weights. Prints the median thread-CPU time of 15 runs after 10 warm-up runs.
 */
public final class RandomTiming {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static long sink;

  private RandomTiming() {}

  public static void main(String[] args) {
    int validators = args.length > 0 ? Integer.parseInt(args[0]) : 150;
    int messages = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
    int runs = args.length > 2 ? Integer.parseInt(args[2]) : 15;

    report("share weights, java.util.Random", runs, () -> {
      Random r = new Random(1);
      for (int i = 0; i < validators; i++) {
        for (int j = 0; j < messages; j++) {
          sink += r.nextLong();
        }
      }
    });
    report("share weights, HMAC_DRBG (one request per validator)", runs, () -> {
      SeededDrbg d = SeededDrbg.of(1, "weights", 0);
      for (int i = 0; i < validators; i++) {
        sink += d.nextLongs(messages)[0];
      }
    });
    report("r per message, new java.util.Random(seed)", runs, () -> {
      Random seeds = new Random(2);
      for (int j = 0; j < messages; j++) {
        Random r = new Random(seeds.nextLong());
        long a = r.nextLong() ^ r.nextLong() ^ r.nextLong() ^ (r.nextLong() & Long.MAX_VALUE);
        sink += a;
      }
    });
    report("r per message, HMAC_DRBG child + Fr.random", runs, () -> {
      SeededDrbg block = SeededDrbg.of(2, "encrypt", 0);
      for (int j = 0; j < messages; j++) {
        sink += Fr.random(block.split()).hashCode();
      }
    });
    report("validity weights, java.util.Random", runs, () -> {
      Random r = new Random(3);
      for (int j = 0; j < messages; j++) {
        sink += r.nextLong();
      }
    });
    report("validity weights, HMAC_DRBG (one request each)", runs, () -> {
      SeededDrbg d = SeededDrbg.of(3, "validity", 0);
      for (int j = 0; j < messages; j++) {
        sink += d.nextLong();
      }
    });
    System.out.println("(sink " + (sink & 1) + ")");
  }

  private static void report(String what, int runs, Runnable body) {
    for (int i = 0; i < 10; i++) {
      body.run();
    }
    long[] cpu = new long[runs];
    for (int i = 0; i < runs; i++) {
      long c0 = THREADS.getCurrentThreadCpuTime();
      body.run();
      cpu[i] = THREADS.getCurrentThreadCpuTime() - c0;
    }
    Arrays.sort(cpu);
    System.out.printf("%-55s %9.3f ms%n", what, cpu[runs / 2] / 1e6);
  }
}
