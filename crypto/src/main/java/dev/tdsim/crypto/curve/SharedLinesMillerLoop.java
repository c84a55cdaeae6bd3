package dev.tdsim.crypto.curve;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.lang.ref.Reference;
import java.util.List;

/**
 * prod_i ML(P_i, Q_i) over G2 points with precomputed lines, sharing the 63 squarings of the
 * accumulator across all pairs: what {@code blst_miller_loop_n} does for affine points, but
 * reading each Q_i's 68 lines from {@link G2Prepared} instead of recomputing the G2 doubling and
 * addition steps, which are most of a Miller loop's cost.
 *
 * <p>blst exports no such function, so the loop schedule of blst's own
 * {@code miller_loop_lines} (src/pairing.c: line 0, then add-and-double blocks of 2, 3, 9, 32 and
 * 16 doublings for |z| = 0xd201000000010000, then a conjugation for z < 0) is driven from here,
 * one exported blst call per step: per pair and line, two Fp2 products scale the line by
 * (-2 x_P, 2 y_P), one copy, and one sparse Fp12 product. JNA costs ~0.2 us a call, which still
 * leaves the loop 2-3x faster than V single-pair line loops or the n-pair loop at V = 150.
 */
final class SharedLinesMillerLoop {
  private static final int FP = 48;
  private static final int FP2 = 2 * FP;
  private static final int LINE = 3 * FP2;
  private static final int FP12 = 12 * FP;
  private static final int LINE_COUNT = 68;
  /** (first line, doublings) of each add-and-double block, as in blst's miller_loop_lines. */
  private static final int[][] BLOCKS = {{1, 2}, {4, 3}, {8, 9}, {18, 32}, {51, 16}};

  private SharedLinesMillerLoop() {}

  /** The unreduced product of the Miller loops; pairs must be non-empty and of equal size. */
  static long[] run(List<G1Point> ps, List<G2Prepared> qs) {
    int n = ps.size();
    // One scratch block: accumulator f, one evaluated line, and per pair (X, 0), (Y, 0) as Fp2
    // with X = -2 x_P and Y = 2 y_P, the factors of blst's line_by_Px2.
    Memory scratch = new Memory(FP12 + LINE + (long) n * 2 * FP2);
    scratch.clear();
    long f = Pointer.nativeValue(scratch);
    long line = f + FP12;
    long factors = line + LINE;
    Memory points = G1Point.packAffine(ps);
    long p = Pointer.nativeValue(points);
    long[] lines = new long[n];
    for (int i = 0; i < n; i++) {
      long x = p + (long) i * 2 * FP;
      long fx = factors + (long) i * 2 * FP2;
      long fy = fx + FP2;
      NativeBlst.blst_fp_add(fx, x, x);
      NativeBlst.blst_fp_cneg(fx, fx, 1);
      NativeBlst.blst_fp_add(fy, x + FP, x + FP);
      lines[i] = Pointer.nativeValue(qs.get(i).lines);
    }
    // First step: f = line_0 of pair 0 placed as an Fp12 (1^2 * line), times line_0 of the rest.
    evaluate(line, lines[0], factors);
    NativeBlst.blst_fp2_cneg(f, line, 0);
    NativeBlst.blst_fp2_cneg(f + FP2, line + FP2, 0);
    NativeBlst.blst_fp2_cneg(f + 4 * FP2, line + 2 * FP2, 0);
    for (int i = 1; i < n; i++) {
      evaluate(line, lines[i], factors + (long) i * 2 * FP2);
      NativeBlst.blst_fp12_mul_by_xy00z0(f, f, line);
    }
    for (int[] block : BLOCKS) {
      int index = block[0];
      multiplyLines(f, line, lines, factors, index);
      for (int d = 0; d < block[1]; d++) {
        index++;
        NativeBlst.blst_fp12_sqr(f, f);
        multiplyLines(f, line, lines, factors, index);
      }
    }
    NativeBlst.blst_fp12_conjugate(f);
    long[] out = new long[NativeBlst.FP12_LONGS];
    scratch.read(0, out, 0, out.length);
    // The native calls above see only raw addresses: keep the buffers behind them (the points,
    // the scratch block and every G2Prepared's lines) from being collected, and so freed by JNA,
    // before the last call returns.
    Reference.reachabilityFence(points);
    Reference.reachabilityFence(scratch);
    Reference.reachabilityFence(qs);
    return out;
  }

  private static void multiplyLines(long f, long line, long[] lines, long factors, int index) {
    long offset = (long) index * LINE;
    for (int i = 0; i < lines.length; i++) {
      evaluate(line, lines[i] + offset, factors + (long) i * 2 * FP2);
      NativeBlst.blst_fp12_mul_by_xy00z0(f, f, line);
    }
  }

  /** blst's post_line_by_Px2: out = (in[0], in[1] * X, in[2] * Y). */
  private static void evaluate(long out, long in, long factors) {
    NativeBlst.blst_fp2_cneg(out, in, 0);
    NativeBlst.blst_fp2_mul(out + FP2, in + FP2, factors);
    NativeBlst.blst_fp2_mul(out + 2 * FP2, in + 2 * FP2, factors + FP2);
  }

}
