package dev.tdsim.crypto.design.blockkey;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.G2Prepared;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Measurement only (not a test; run by hand, docs/PERFORMANCE.md "block-key"): at V validators
 * over 8192 points (t = 5461), all signing, the combiner's critical path before decryption
 * (share_verify, reconstruct, both) as wall and CPU time per call, min and median of many calls;
 * then decrypt_batch of B transactions against B bare pairings e(K, U_j), alternated in one run
 * so that the machine's drift hits both. Arguments: validators threads B reps (defaults 150 2
 * 512 41).
 */
public final class BlockKeyTiming {
  private BlockKeyTiming() {}

  private interface Call {
    void run();
  }

  public static void main(String[] args) {
    int validators = args.length > 0 ? Integer.parseInt(args[0]) : 150;
    int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    int b = args.length > 2 ? Integer.parseInt(args[2]) : 512;
    int reps = args.length > 3 ? Integer.parseInt(args[3]) : 41;
    try (Workers workers = Workers.of(threads)) {
      KeySet keys = KeySet.deal(Committee.equal(8192, Committee.defaultThreshold(8192), validators),
          SeededDrbg.of(1, "timing-keys", 0), workers);
      DesignKeys design = new BlockKeyDesign().setup(keys, b, SeededDrbg.of(1, "t", 1), workers);
      SignerSet signers = SignerSet.all(keys.committee());
      signers.lambdas();
      BlockId id = new BlockId("timing", 1);
      G1Point h = BlockKeyCipher.identity(id);
      List<G1Point> shares = workers.map(signers.size(),
          pos -> BlockKeyOps.createShare(keys, signers.validator(pos), signers, h));
      keys.keyShares(); // the dealer's Z_k, built on first use: not part of prepare
      long tt = System.nanoTime();
      List<dev.tdsim.crypto.curve.G2FixedBases> tables = BlockKeyOps.keyShareTables(keys, workers);
      long t0 = System.nanoTime();
      BlockKeyOps.FoldedKeys folded = BlockKeyOps.FoldedKeys.of(keys, signers, tables, workers);
      long prepareNanos = System.nanoTime() - t0;
      G2Prepared lines = keys.publicKeyG2().prepare();
      G1Point key = BlockKeyOps.reconstruct(h, shares, lines).orElseThrow();
      SeededDrbg random = SeededDrbg.of(1, "timing-weights", 0);
      System.out.printf("V=%d N=8192 t=%d threads=%d; key-share tables (once per key set) %.1f ms,"
          + " prepare (A_i and their table, once per signer set) %.1f ms wall%n", validators,
          keys.committee().threshold(), threads, (t0 - tt) / 1e6, prepareNanos / 1e6);

      for (int round = 0; round < 2; round++) { // the first round warms up
        boolean print = round == 1;
        report(print, "share_verify", reps, workers, () -> {
          if (!BlockKeyOps.faultyShares(h, shares, folded, random, workers).isEmpty()) {
            throw new IllegalStateException("honest shares failed");
          }
        });
        report(print, "reconstruct (sum + key check)", reps, workers,
            () -> BlockKeyOps.reconstruct(h, shares, lines).orElseThrow());
        report(print, "share_verify + reconstruct", reps, workers, () -> {
          if (!BlockKeyOps.faultyShares(h, shares, folded, random, workers).isEmpty()) {
            throw new IllegalStateException("honest shares failed");
          }
          BlockKeyOps.reconstruct(h, shares, lines).orElseThrow();
        });
        report(print, "share_create (one validator)", reps, workers,
            () -> BlockKeyOps.createShare(keys, 0, signers, h));
        report(print, "prepare (A_i + table, per signer set)", 5, workers,
            () -> BlockKeyOps.FoldedKeys.of(keys, signers, tables, workers));
      }

      SeededDrbg sealing = SeededDrbg.of(1, "timing-seal", 0);
      List<BlockKeyTx> txs = new ArrayList<>(b);
      for (int j = 0; j < b; j++) {
        txs.add((BlockKeyTx) design.encrypt(id, j, new byte[256], sealing));
      }
      List<G2Point> us = txs.stream().map(BlockKeyTx::u).toList();
      byte[] idBytes = id.toBytes();
      int pairs = Math.max(5, reps / 4);
      double[] dec = new double[pairs];
      double[] ker = new double[pairs];
      double[] ratio = new double[pairs];
      double[] decCpu = new double[pairs];
      double[] kerCpu = new double[pairs];
      double[] ratioCpu = new double[pairs];
      for (int i = -1; i < pairs; i++) { // i = -1 warms up
        long c0 = Workers.callerCpuNanos() + workers.poolCpuNanos();
        long s = System.nanoTime();
        if (BlockKeyOps.decryptBatch(key, idBytes, txs, random, workers).stream()
            .anyMatch(java.util.Optional::isEmpty)) {
          throw new IllegalStateException("a transaction did not open");
        }
        long m = System.nanoTime();
        long c1 = Workers.callerCpuNanos() + workers.poolCpuNanos();
        BlockKeyOps.pairings(key, us, workers);
        long e = System.nanoTime();
        long c2 = Workers.callerCpuNanos() + workers.poolCpuNanos();
        if (i >= 0) {
          dec[i] = (m - s) / 1e3 / b;
          ker[i] = (e - m) / 1e3 / b;
          ratio[i] = dec[i] / ker[i];
          decCpu[i] = (c1 - c0) / 1e3 / b;
          kerCpu[i] = (c2 - c1) / 1e3 / b;
          ratioCpu[i] = decCpu[i] / kerCpu[i];
        }
      }
      System.out.printf("decrypt_batch B=%d, %d alternated pairs of runs, per transaction:%n"
          + "  wall: decrypt %.0f us, bare pairing %.0f us (medians); ratio median %.2f"
          + " (min %.2f, max %.2f)%n"
          + "  CPU:  decrypt %.0f us, bare pairing %.0f us (medians); ratio median %.2f"
          + " (min %.2f, max %.2f)%n", b, pairs, median(dec), median(ker), median(ratio),
          min(ratio), max(ratio), median(decCpu), median(kerCpu), median(ratioCpu),
          min(ratioCpu), max(ratioCpu));
    }
  }

  private static void report(boolean print, String name, int reps, Workers workers, Call call) {
    double[] wall = new double[reps];
    double[] cpu = new double[reps];
    for (int i = 0; i < reps; i++) {
      long c0 = Workers.callerCpuNanos() + workers.poolCpuNanos();
      long w0 = System.nanoTime();
      call.run();
      wall[i] = (System.nanoTime() - w0) / 1e6;
      cpu[i] = (Workers.callerCpuNanos() + workers.poolCpuNanos() - c0) / 1e6;
    }
    if (print) {
      System.out.printf("%-38s wall min %.2f ms, median %.2f ms; CPU median %.2f ms (%d calls)%n",
          name, min(wall), median(wall), median(cpu), reps);
    }
  }

  private static double median(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static double min(double[] xs) {
    return Arrays.stream(xs).min().orElseThrow();
  }

  private static double max(double[] xs) {
    return Arrays.stream(xs).max().orElseThrow();
  }
}
