package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Not a test (surefire does not pick it up): the batched design's operations beside their bare
 * kernels, interleaved in one run, medians of wall-clock and CPU (caller + pool) time. From the
 * worktree root:
 * <pre>
 *   mvn -B -q -o -pl crypto test-compile
 *   java -cp "crypto/target/classes:crypto/target/test-classes:$CP" \
 *       dev.tdsim.crypto.design.batched.BatchedTiming [threads] [runs]
 * </pre>
 * with $CP the jblst, jna, bcprov, guava and failureaccess jars from ~/.m2 (docs/PERFORMANCE.md,
 * "batched design", spells it out). Defaults: 2 threads, 5 runs; N = 8192 key-share points.
 */
public final class BatchedTiming {
  private BatchedTiming() {}

  private static Workers workers;

  public static void main(String[] args) {
    int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    workers = Workers.of(threads);
    System.out.printf("threads=%d runs=%d (median wall ms / median CPU ms)%n", threads, runs);
    KeySet keys150 = KeySet.deal(Committee.equal(8192, Committee.defaultThreshold(8192), 150),
        SeededDrbg.of(1, "timing", 0), workers);
    BlockId block = new BlockId("timing", 1);
    // One setup per block size, each filled (as the published figures: one batch size each).
    Map<Integer, BatchedKeys> setups = new HashMap<>();
    Map<Integer, List<SealedTx>> blocks = new HashMap<>();
    for (int b : new int[] {512, 2048}) {
      BatchedKeys k = time("setup (dealer + checks), capacity " + b, 1, () -> (BatchedKeys)
          Designs.byName("batched").setup(keys150, b, SeededDrbg.of(1, "timing", b), workers));
      setups.put(b, k);
      long t0 = System.nanoTime();
      blocks.put(b, workers.map(b, j -> k.encrypt(block, j,
          ("payload " + j).repeat(8).getBytes(), SeededDrbg.of(2, "timing-tx", j))));
      System.out.printf("encrypt: %.3f ms per transaction (wall, %d threads)%n",
          (System.nanoTime() - t0) / 1e6 / b, threads);
    }
    for (int b : new int[] {512, 2048}) {
      BatchedOps ops = new BatchedOps(setups.get(b));
      List<SealedTx> txs = blocks.get(b);
      Fr[] tags = ops.tags(txs);
      Fr[] coefficients = ops.coefficients(txs);
      time("fkTable(n=" + b + ") once per setup", 1, () -> ops.evalProofs(coefficients));
      Fr[] scalars = new Fr[2 * b];
      for (int i = 0; i < 2 * b; i++) {
        scalars[i] = coefficients[i % b];
      }
      compare("B=" + b + " digest", () -> ops.digest(block, txs),
          "MSM of size " + b + " (Lagrange basis)", () -> ops.msmKernel(tags), runs);
      compare("B=" + b + " eval_proofs (FK20, n=" + b + ")", () -> ops.evalProofs(coefficients),
          "2n mults + G1 FFT 2n + G1 FFT n", () -> ops.fftKernel(b, scalars), Math.min(runs, 3));
    }

    BatchedOps ops2048 = new BatchedOps(setups.get(2048));
    for (int b : new int[] {16, 64, 256}) {
      Fr[] small = Arrays.copyOf(ops2048.tags(blocks.get(2048)), b);
      time("B=" + b + " in capacity 2048: prepare's openings ("
          + (Kzg.directIsCheaper(b, 2048) ? "direct" : "FK20") + ")", Math.min(runs, 3),
          () -> ops2048.evalProofsForBlock(small));
    }

    BatchedKeys batched = setups.get(512);
    BatchedOps ops = new BatchedOps(batched);
    List<SealedTx> txs = blocks.get(512);
    BatchedDigest digest = ops.digest(block, txs);
    time("B=512 validity, block-wide (2 Miller loops each, 1 final exp)", 3,
        () -> ops.validity(txs));
    time("B=512 validity, one by one (3 Miller loops + final exp each)", 3,
        () -> workers.map(512, j -> batched.isValid(txs.get(j))));
    BatchedBlock prepared = time("B=512 prepare (digest check + validity + FK20)", 1,
        () -> ops.prepare(digest, txs));
    for (KeySet keys : List.of(keys150, KeySet.deal(
        Committee.equal(8192, Committee.defaultThreshold(8192), 1000),
        SeededDrbg.of(3, "timing", 0), workers))) {
      // A setup is bound to its key set: the 1000-validator key set gets its own dealer run
      // (capacity 512) and its own block of 512.
      BatchedKeys bk = keys == keys150 ? batched
          : (BatchedKeys) Designs.byName("batched").setup(keys, 512,
              SeededDrbg.of(3, "timing", 1), workers);
      BatchedOps o = new BatchedOps(bk);
      BatchedBlock p;
      if (keys == keys150) {
        p = prepared;
      } else {
        BlockId b2 = new BlockId("timing", 2);
        List<SealedTx> t2 = workers.map(512, j -> bk.encrypt(b2, j, ("p" + j).getBytes(),
            SeededDrbg.of(5, "timing-tx", j)));
        p = o.prepare(o.digest(b2, t2), t2);
      }
      int v = keys.committee().validators();
      SignerSet signers = SignerSet.all(keys.committee());
      time("V=" + v + " key set's G2 key shares Z_k (once per key set)", 1, keys::keyShares);
      time("V=" + v + " folded G2 keys of the signer set (once per set)", 1, () -> {
        o.prepareSigners(signers);
        return null;
      });
      Map<Integer, byte[]> shares = new HashMap<>();
      time("V=" + v + " share_create x" + v + " (sequential)", 1, () -> {
        for (int i = 0; i < v; i++) {
          shares.put(i, o.shareCreate(i, signers, p));
        }
        return null;
      });
      List<G1Point> decoded = o.decodeShares(signers, shares);
      time("V=" + v + " share_verify (batch)", runs, () -> o.shareVerify(p, signers, decoded,
          SeededDrbg.of(4, "w", 0)));
      compare("V=" + v + " reconstruct", () -> o.reconstruct(p, decoded),
          "sum of V + 2-pair product", () -> o.reconstructKernel(decoded, p.digest().point()),
          runs);
    }
    G1Point key = time("key for decrypt", 1, () -> {
      SignerSet s = SignerSet.all(keys150.committee());
      Map<Integer, byte[]> sh = new HashMap<>();
      for (int i = 0; i < 150; i++) {
        sh.put(i, ops.shareCreate(i, s, prepared));
      }
      return ops.reconstruct(prepared, ops.decodeShares(s, sh));
    });
    SignerSet everyone = SignerSet.all(keys150.committee());
    Map<Integer, List<byte[]>> wire = new HashMap<>();
    for (int i = 0; i < 150; i++) {
      wire.put(i, batched.createShares(i, everyone, prepared));
    }
    for (int r = 0; r < 3; r++) {
      dev.tdsim.crypto.variant.BlockResult res =
          batched.propose(prepared, wire, everyone, null, SeededDrbg.of(6, "propose", r));
      System.out.printf("propose V=150 B=512 %s opened %d: wall %s%n      cpu %s%n", res.status(),
          res.openedCount(), phases(res.timings()), phases(res.cpu()));
    }
    long opened = ops.decryptBatch(prepared, key).stream().filter(o -> o.isPresent()).count();
    System.out.println("decrypt_batch opened " + opened + " of 512");
    compare("B=512 decrypt_batch", () -> ops.decryptBatch(prepared, key),
        "512 x (2-pair Miller loop + final exp)", () -> ops.pairingKernel(prepared, key),
        Math.max(runs, 7));
  }

  private static String phases(dev.tdsim.crypto.variant.BlockResult.PhaseTimings t) {
    return String.format("total %.1f ms = decode %.1f, verify %.1f, prepare %.1f, combine %.1f,"
        + " check %.1f, decrypt %.1f, blame %.1f", t.totalNanos() / 1e6, t.decodeNanos() / 1e6,
        t.verifyNanos() / 1e6, t.prepareNanos() / 1e6, t.combineNanos() / 1e6,
        t.checkNanos() / 1e6, t.decryptNanos() / 1e6, t.blameNanos() / 1e6);
  }

  private static <T> T time(String what, int runs, Supplier<T> task) {
    long[] wall = new long[runs];
    long[] cpu = new long[runs];
    T out = null;
    for (int r = 0; r < runs; r++) {
      long c = cpuNow();
      long w = System.nanoTime();
      out = task.get();
      wall[r] = System.nanoTime() - w;
      cpu[r] = cpuNow() - c;
    }
    System.out.printf("%-58s %10.2f / %10.2f%n", what, median(wall) / 1e6, median(cpu) / 1e6);
    return out;
  }

  /** Alternates the operation and its kernel, so both see the same load. */
  private static void compare(String what, Supplier<?> op, String kernelName, Supplier<?> kernel,
      int runs) {
    op.get();
    kernel.get();
    List<long[]> opT = new ArrayList<>();
    List<long[]> kT = new ArrayList<>();
    for (int r = 0; r < runs; r++) {
      opT.add(measure(op));
      kT.add(measure(kernel));
    }
    double ow = median(opT.stream().mapToLong(a -> a[0]).toArray()) / 1e6;
    double oc = median(opT.stream().mapToLong(a -> a[1]).toArray()) / 1e6;
    double kw = median(kT.stream().mapToLong(a -> a[0]).toArray()) / 1e6;
    double kc = median(kT.stream().mapToLong(a -> a[1]).toArray()) / 1e6;
    System.out.printf("%-58s %10.2f / %10.2f%n", what, ow, oc);
    System.out.printf("  kernel: %-48s %10.2f / %10.2f   ratio wall %.3f, CPU %.3f%n",
        kernelName, kw, kc, ow / kw, oc / kc);
  }

  private static long[] measure(Supplier<?> task) {
    long c = cpuNow();
    long w = System.nanoTime();
    task.get();
    return new long[] {System.nanoTime() - w, cpuNow() - c};
  }

  private static long cpuNow() {
    return Workers.callerCpuNanos() + workers.poolCpuNanos();
  }

  private static double median(long[] xs) {
    long[] s = xs.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
  }
}
