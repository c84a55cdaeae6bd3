import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.*;
import dev.tdsim.crypto.design.bench.*;
import dev.tdsim.crypto.random.*;
import dev.tdsim.crypto.tpke.*;
import java.util.*;
// The batched design's steps as `tdsim bench --variant batched` times them (the same fixture,
// DesignBenches.of(...).fixture), on ONE thread (Workers.of(1) runs on the caller's thread), each
// step's CPU time read from the thread's clock: a per-core figure that other processes on the
// shared machine do not inflate the way they inflate wall time (docs/VALIDATION.md, "TrX").
// Sizes follow aptos-batch-encryption's benches/fptx.rs: batches 32/128/512/2048 at V = N = 128
// (t = 86, their n=128 row), then share_create/share_verify/reconstruct at batch 128 for
// V = N = 128, 256, 512, 1024 (t = 2V/3 + 1). Prints CSV on stdout.
//   jshell --class-path sim/target/tdsim.jar -R-Xss4m -R-Dreps=5 docs/validation/trx-phases-cpu.jsh
// -R-Dmsgs=32,128,512 and -R-Dcommittees=128,256 narrow the grid; -R-Dbig_reps=R sets the reps
// of eval_proofs and decrypt_batch at 2048 (default 2); -R-Ddesign=batched-points runs that design
// (FPTX's unfolded per-point shares: reconstruct by Lagrange interpolation, as TrX's).
int reps = Integer.getInteger("reps", 5);
int bigReps = Integer.getInteger("big_reps", 2);
int[] msgsGrid = Arrays.stream(System.getProperty("msgs", "32,128,512,2048").split(",")).mapToInt(Integer::parseInt).toArray();
int[] committees = Arrays.stream(System.getProperty("committees", "128,256,512,1024").split(",")).mapToInt(Integer::parseInt).toArray();
Workers one = Workers.of(1);
String designName = System.getProperty("design", "batched");
BlockDesign design = Designs.byName(designName);
double median(long[] xs) { long[] s = xs.clone(); Arrays.sort(s); return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0; }
long cpu() { return Workers.callerCpuNanos(); }
System.out.println("design,function,validators,shares,threshold,msgs,reps,cpu_median_ms,cpu_min_ms,wall_median_ms,kernel_cpu_median_ms,ratio_cpu");
void row(DesignBench.Fixture f, DesignFunction fn, int v, int n, int t, int m, int r) {
  long[] c = new long[r]; long[] w = new long[r]; long[] k = new long[r];
  for (int i = 0; i < r; i++) {
    long w0 = System.nanoTime(); long c0 = cpu();
    Runnable check = f.run(fn);
    c[i] = cpu() - c0; w[i] = System.nanoTime() - w0;
    check.run();
    long k0 = cpu(); f.kernel(fn); k[i] = cpu() - k0;
  }
  long min = Arrays.stream(c).min().getAsLong();
  System.out.printf(Locale.ROOT, "%s,%s,%d,%d,%d,%d,%d,%.3f,%.3f,%.3f,%.3f,%.3f%n", designName, fn.cliName(), v, n, t, m, r,
      median(c) / 1e6, min / 1e6, median(w) / 1e6, median(k) / 1e6, median(c) / median(k));
}
DesignBench.Fixture fixture(KeySet keys, int m) {
  DesignKeys dk = design.setup(keys, m, SeededDrbg.of(1, "bench.design-dealer/" + designName, m), one);
  BlockId id = new BlockId("bench", 1L);
  Random rnd = new Random(1_000_003L + 100 * 31L);
  List<byte[]> payloads = new ArrayList<>();
  for (int j = 0; j < m; j++) { byte[] p = new byte[100]; rnd.nextBytes(p); payloads.add(p); }
  StrongRandom sealing = SeededDrbg.of(1, "bench.seal/" + designName + "/" + m, 100);
  List<SealedTx> txs = new ArrayList<>();
  for (int j = 0; j < m; j++) txs.add(dk.encrypt(id, j, payloads.get(j), sealing.split()));
  DesignBench.Fixture f = DesignBenches.of(dk, one).orElseThrow()
      .fixture(id, txs, payloads, SignerSet.all(keys.committee()), SeededDrbg.of(1, "bench.weights/" + designName, m));
  for (DesignFunction fn : DesignBenches.functions(design)) f.kernel(fn); // warm-up
  return f;
}
KeySet keys128 = KeySet.deal(Committee.equal(128, 86, 128), SeededDrbg.of(1, "bench.dealer", 0), one);
for (int m : msgsGrid) {
  DesignBench.Fixture f = fixture(keys128, m);
  for (DesignFunction fn : DesignBenches.functions(design)) {
    boolean big = m >= 2048 && (fn == DesignFunction.EVAL_PROOFS || fn == DesignFunction.DECRYPT_BATCH);
    row(f, fn, 128, 128, 86, m, big ? bigReps : reps);
  }
}
for (int v : committees) {
  KeySet keys = v == 128 ? keys128 : KeySet.deal(Committee.equal(v, 2 * v / 3 + 1, v), SeededDrbg.of(1, "bench.dealer", 0), one);
  DesignBench.Fixture f = fixture(keys, 128);
  for (DesignFunction fn : List.of(DesignFunction.SHARE_CREATE, DesignFunction.SHARE_VERIFY, DesignFunction.RECONSTRUCT)) {
    row(f, fn, v, v, 2 * v / 3 + 1, 128, reps);
  }
}
/exit
