package dev.tdsim.crypto.tbls;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.field.Lagrange;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * Not a test (surefire does not pick it up): measurement only, asserts nothing but that the
 * combination signs. Interleaves, round by round, the combination of a 5461-of-8192 threshold
 * signature (150 validators) with its reference (the same Lagrange coefficients plus one 5461-point
 * G1 MSM), so both see the same machine load; prints medians of wall-clock time and the median of
 * the per-round ratios. From the worktree root, after {@code mvn -B -o -DskipTests -pl jmh -am
 * package} (for jmh/target/classpath.txt) and {@code mvn -B -q -o -pl crypto test-compile}:
 * <pre>
 *   CP=crypto/target/classes:crypto/target/test-classes:$(cat jmh/target/classpath.txt)
 *   java -cp $CP dev.tdsim.crypto.tbls.TblsTiming [rounds]
 * </pre>
 */
public final class TblsTiming {
  private TblsTiming() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
    Workers two = Workers.of(2);
    Workers one = Workers.of(1);
    Committee committee = Committee.equal(8192, Committee.defaultThreshold(8192), 150);
    KeySet keys2 = KeySet.deal(committee, SeededDrbg.of(1, "timing", 0), two);
    KeySet keys1 = KeySet.deal(committee, SeededDrbg.of(1, "timing", 0), one);
    ThresholdBls tbls2 = ThresholdBls.of(keys2);
    ThresholdBls tbls1 = ThresholdBls.of(keys1);
    G1Point hashed = tbls2.hash("timing".getBytes(StandardCharsets.UTF_8));
    List<PartialSignature> partials = two.map(150, v -> tbls2.sign(v, hashed));
    int t = committee.threshold();
    int[] idx = new int[t];
    List<G1Point> pts = new ArrayList<>();
    for (int k = 0; k < t; k++) {
      idx[k] = k;
      int v = keys2.validatorOf(k);
      pts.add(partials.get(v).points().get(k - committee.firstPointOf(v)));
    }
    SeededDrbg random = SeededDrbg.of(1, "w", 0);
    String[] names = {"reference (Lagrange + 1 MSM)", "combine, 2 workers", "combine, 1 worker",
        "Lagrange only", "MSM only (1 thread)", "MSM split on 2"};
    List<Supplier<Object>> ops = List.of(
        () -> G1Point.msm(pts, Arrays.asList(Lagrange.atZero(keys2.domain(), idx))),
        () -> tbls2.combine(hashed, partials, random).signature().orElseThrow(),
        () -> tbls1.combine(hashed, partials, random).signature().orElseThrow(),
        () -> Lagrange.atZero(keys2.domain(), idx),
        () -> G1Point.msm(pts, Arrays.asList(lambdas(keys2, idx))),
        () -> splitMsm(pts, Arrays.asList(lambdas(keys2, idx)), two));
    long[][] wall = new long[ops.size()][rounds];
    for (int r = -3; r < rounds; r++) {
      for (int o = 0; o < ops.size(); o++) {
        if (o == 4 || o == 5) {
          lambdas(keys2, idx); // computed outside the timed part below
        }
        long t0 = System.nanoTime();
        ops.get(o).get();
        long dt = System.nanoTime() - t0;
        if (r >= 0) {
          wall[o][r] = dt;
        }
      }
    }
    for (int o = 0; o < ops.size(); o++) {
      long[] w = wall[o].clone();
      Arrays.sort(w);
      System.out.printf("%-32s median %8.2f ms  (min %8.2f)%n", names[o], w[rounds / 2] / 1e6,
          w[0] / 1e6);
    }
    // Paired: each round's combine over the same round's reference (they ran back to back).
    for (int o = 1; o <= 2; o++) {
      double[] ratio = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        ratio[r] = (double) wall[o][r] / wall[0][r];
      }
      Arrays.sort(ratio);
      System.out.printf("%-32s median of per-round ratios to the reference %.3f (min %.3f, "
          + "max %.3f)%n", names[o], ratio[rounds / 2], ratio[0], ratio[rounds - 1]);
    }
    two.close();
    one.close();
  }

  /** The MSM as two Pippenger MSMs over halves on two workers, summed (what combine does not do). */
  private static G1Point splitMsm(List<G1Point> points, List<Fr> scalars, Workers workers) {
    int half = points.size() / 2;
    List<G1Point> sums = workers.map(2, j -> j == 0
        ? G1Point.msm(points.subList(0, half), scalars.subList(0, half))
        : G1Point.msm(points.subList(half, points.size()), scalars.subList(half, points.size())));
    return sums.get(0).add(sums.get(1));
  }

  private static Fr[] cached;

  /** The coefficients, computed once (the MSM-only rows time the MSM alone). */
  private static Fr[] lambdas(KeySet keys, int[] idx) {
    if (cached == null) {
      cached = Lagrange.atZero(keys.domain(), idx);
    }
    return cached;
  }
}
