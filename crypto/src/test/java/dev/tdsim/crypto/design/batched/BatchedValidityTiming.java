package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.ValidityTiming;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Not a test: the batched design's block-wide validity check of n honest transactions
 * ({@link BatchedOps#validity}, public before and after issue 22 D), wall and CPU (all threads),
 * median of the reps. Arguments: label, n, reps, threads. Compile against the current jar and run
 * with either jar on the class path, as {@link ValidityTiming}.
 */
public final class BatchedValidityTiming {
  private BatchedValidityTiming() {}

  public static void main(String[] args) {
    String label = args[0];
    int n = Integer.parseInt(args[1]);
    int reps = Integer.parseInt(args[2]);
    int threads = Integer.parseInt(args[3]);
    try (Workers w = Workers.of(threads)) {
      KeySet keys = KeySet.deal(Committee.equal(16, 11, 4), SeededDrbg.of(1, "k", 0), w);
      BatchedKeys bk =
          (BatchedKeys) Designs.byName("batched").setup(keys, n, SeededDrbg.of(1, "s", 0), w);
      BatchedOps ops = new BatchedOps(bk);
      BlockId id = new BlockId("cmp", 1);
      List<SealedTx> txs = new ArrayList<>();
      SeededDrbg seal = SeededDrbg.of(1, "seal", 0);
      for (int j = 0; j < n; j++) {
        txs.add(bk.encrypt(id, j, new byte[100], seal));
      }
      for (int i = 0; i < 2; i++) {
        if (!ops.validity(txs).isEmpty()) {
          throw new AssertionError("an honest block failed its validity check");
        }
      }
      long[] wall = new long[reps];
      long[] cpu = new long[reps];
      for (int i = 0; i < reps; i++) {
        long c0 = dev.tdsim.crypto.Workers.allThreadsCpuNanos();
        long w0 = System.nanoTime();
        ops.validity(txs);
        wall[i] = System.nanoTime() - w0;
        cpu[i] = dev.tdsim.crypto.Workers.allThreadsCpuNanos() - c0;
      }
      Arrays.sort(wall);
      Arrays.sort(cpu);
      System.out.printf(
          "batched %s n=%d threads=%d: wall median %.1f ms (min %.1f), cpu median %.1f ms"
              + " (min %.1f)%n", label, n, threads, wall[reps / 2] / 1e6, wall[0] / 1e6,
          cpu[reps / 2] / 1e6, cpu[0] / 1e6);
    }
  }
}
