import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.tpke.*;
import dev.tdsim.crypto.variant.*;
import dev.tdsim.pipeline.RealCrypto;
import java.util.*;
import java.nio.file.*;
// block_propose (fast, 16 validators, 64 shares, all signers, 100 x 1000 B) on a pool of exactly
// -R-Dthreads=K threads, -R-Dreps=R fresh proposers, as `tdsim bench` times it; prints the raw wall
// time and the wall time less the run-queue delay of the pool's threads (docs/PERFORMANCE.md).
// jshell --class-path sim/target/tdsim.jar -R-Dthreads=2 -R-Dreps=9 docs/calibration/propose.jsh
long delay(String prefix) {
  long sum = 0;
  for (java.io.File t : new java.io.File("/proc/self/task").listFiles()) {
    try {
      String comm = Files.readString(t.toPath().resolve("comm")).trim();
      if (prefix != null && comm.startsWith(prefix)) sum += Long.parseLong(Files.readString(t.toPath().resolve("schedstat")).trim().split("\\s+")[1]);
    } catch (Exception e) {}
  }
  return sum;
}
long selfDelay() { try { return Long.parseLong(Files.readString(Path.of("/proc/thread-self/schedstat")).trim().split("\\s+")[1]); } catch (Exception e) { return 0; } }
int threads = Integer.getInteger("threads");
int reps = Integer.getInteger("reps");
Workers setup = Workers.of(2);
Committee committee = Committee.equal(64, Committee.defaultThreshold(64), 16);
KeySet keys = KeySet.deal(committee, new Random(1), setup);
CombineVariant<?> variant = Variants.byName("fast");
RealCrypto<?> rc = new RealCrypto<>((CombineVariant) variant, keys, setup);
rc.warmUp(new Random(2));
Random r = new Random(3);
List<byte[]> payloads = new ArrayList<>();
for (int i = 0; i < 100; i++) { byte[] p = new byte[1000]; r.nextBytes(p); payloads.add(p); }
List<Ciphertext> cts = rc.encryptAndAdmit(payloads, r, new long[1]).value();
SignerSet all = SignerSet.all(committee);
List<RealCrypto.Timed<List<byte[]>>> made = rc.createShares(all.validators(), all, cts);
Map<Integer, List<byte[]>> shares = new TreeMap<>();
for (int i = 0; i < made.size(); i++) shares.put(all.validator(i), made.get(i).value());
Workers w = Workers.of(threads);
String prefix = null;
if (threads > 1) { String n = w.map(2, i -> Thread.currentThread().getName()).get(0); prefix = n.substring(0, n.indexOf("-worker-") + 1); if (prefix.length() > 15) prefix = prefix.substring(0, 15); }
double[] raw = new double[reps]; double[] adj = new double[reps];
for (int k = 0; k < reps; k++) {
  BlockProposer<?> bp = new BlockProposer<>((CombineVariant) variant, keys, w);
  long d0 = threads > 1 ? delay(prefix) : selfDelay();
  long t0 = System.nanoTime();
  BlockResult res = bp.propose(cts, shares, null, new Random(k));
  long wall = System.nanoTime() - t0;
  long d1 = threads > 1 ? delay(prefix) : selfDelay();
  raw[k] = wall / 1e6; adj[k] = Math.max(wall - (d1 - d0) / (double) threads, 0.05 * wall) / 1e6;
  if (res.openedCount() != 100) throw new IllegalStateException("not opened");
}
double[] rs = raw.clone(); Arrays.sort(rs); double[] as = adj.clone(); Arrays.sort(as);
System.out.printf("threads=%d reps=%d block_propose V=16 N=64 100x1000B: raw wall median %.1f ms (min %.1f, max %.1f); less run-queue delay: median %.1f ms (min %.1f, max %.1f)%n", threads, reps, rs[reps/2], rs[0], rs[reps-1], as[reps/2], as[0], as[reps-1]);
/exit
