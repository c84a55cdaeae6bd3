import dev.tdsim.crypto.curve.*;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import java.util.*;
// What a reconstruct by Lagrange interpolation in the exponent needs (TrX's reconstruct of
// t = 2n/3 + 1 key shares): one G1 MSM of t points with full 255-bit scalars, on one thread,
// beside the batch-affine sum of n points that tdsim's batched and block-key reconstruct do
// (their shares arrive Lagrange-weighted). Medians of -R-Dreps=R calls, interleaved
// (docs/PERFORMANCE.md, "The one-share-per-block designs").
// jshell --class-path sim/target/tdsim.jar -R-Dreps=9 docs/calibration/msm.jsh
int reps = Integer.getInteger("reps", 9);
SeededDrbg rnd = SeededDrbg.of(1, "msm.jsh", 0);
double median(long[] xs) { long[] s = xs.clone(); Arrays.sort(s); return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0; }
for (int n : new int[] {150, 1000}) {
  int t = 2 * n / 3 + 1;
  List<G1Point> points = new ArrayList<>();
  List<Fr> scalars = new ArrayList<>();
  for (int i = 0; i < n; i++) { points.add(G1Point.generator().multiply(Fr.random(rnd))); scalars.add(Fr.random(rnd)); }
  long[] msm = new long[reps];
  long[] sum = new long[reps];
  for (int r = -2; r < reps; r++) {
    long t0 = System.nanoTime();
    G1Point.msm(points.subList(0, t), scalars.subList(0, t));
    long t1 = System.nanoTime();
    G1Point.sum(points);
    long t2 = System.nanoTime();
    if (r >= 0) { msm[r] = t1 - t0; sum[r] = t2 - t1; }
  }
  System.out.printf(Locale.ROOT, "n=%d: G1 MSM of t=%d points (255-bit scalars) %.3f ms; sum of %d points %.3f ms%n",
      n, t, median(msm) / 1e6, n, median(sum) / 1e6);
}
/exit
