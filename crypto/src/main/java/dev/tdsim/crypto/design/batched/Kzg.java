package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.field.Domain;
import dev.tdsim.crypto.field.Fr;
import java.util.Arrays;
import java.util.List;

/**
 * KZG over the setup's powers T_l = [gamma tau^l]_1: commitments to polynomials given by their
 * evaluations on the m-th roots of unity, and all m openings at once by the algorithm of Feist and
 * Khovratovich ("Fast amortized KZG proofs", ePrint 2023/033, FK20), in O(m log m) group
 * operations instead of the O(m^2) of m separate openings.
 */
final class Kzg {
  private Kzg() {}

  /**
   * [gamma p(tau)]_1 for the p equal to tags[j] at omega^j (j &lt; B) and 0 at the other points of
   * H_n: one MSM of size B over the Lagrange basis.
   */
  static G1Point commitTags(BatchedSetup setup, Fr[] tags) {
    return G1Point.msm(setup.lagrange().subList(0, tags.length), Arrays.asList(tags));
  }

  /**
   * The opening at omega^j of that polynomial, from the Lagrange basis without FK20: with
   * L_i(X)/(X - x_j) = (L_i(X) - (x_i/x_j) L_j(X)) / (x_i - x_j) for i != j and A_j for the
   * j-th term, pi_j = sum_{i != j} [t_i / (x_i - x_j)] L_i + [d_j] L_j + [t_j] A_j with d_j =
   * -sum_{i != j} t_i x_i / (x_j (x_i - x_j)): one MSM of size B + 1 per opening, so B openings
   * cost O(B^2) group work, less than FK20's O(n log n) when B is small beside n.
   */
  static G1Point openDirect(BatchedSetup setup, Fr[] tags, int j) {
    int b = tags.length;
    Domain domain = Domain.of(setup.capacity());
    Fr xj = domain.element(j);
    Fr[] diffs = new Fr[Math.max(1, b - 1)];
    diffs[0] = Fr.one();
    for (int i = 0, k = 0; i < b; i++) {
      if (i != j) {
        diffs[k++] = domain.element(i).sub(xj);
      }
    }
    Fr[] inv = Fr.batchInverse(diffs);
    Fr xjInv = xj.inverse();
    List<G1Point> points = new java.util.ArrayList<>();
    List<Fr> scalars = new java.util.ArrayList<>();
    Fr d = Fr.zero();
    for (int i = 0, k = 0; i < b; i++) {
      if (i == j) {
        continue;
      }
      Fr c = tags[i].mul(inv[k++]);
      points.add(setup.lagrange().get(i));
      scalars.add(c);
      d = d.sub(c.mul(domain.element(i)).mul(xjInv));
    }
    points.add(setup.lagrange().get(j));
    scalars.add(d);
    points.add(setup.selfQuotients().get(j));
    scalars.add(tags[j]);
    return G1Point.msm(points, scalars);
  }

  /**
   * The prepare's two ways to the openings, counted in G1 FFT butterflies (one full-width G1
   * multiplication and an addition), so that the choice between them follows what each really
   * does. FK20 over the setup's n slots runs two G1 FFTs of size 2n and one of size n: n (2.5
   * log2 n + 2) butterflies ({@link #fk20Butterflies}). B direct openings are B MSMs of B + 1
   * points ({@link #directButterflies}): each a fixed part (its scalars: a batch inverse and B
   * products; the MSM's buckets) and a part per point that falls with Pippenger's window, about
   * log2 of the MSM's size. Measured on the real code, one thread, 2026-12-03
   * (docs/PERFORMANCE.md, "Batched's openings: FK20 or direct"): FK20 62-71 us per butterfly at
   * n = 128 .. 16384; direct openings 504 us per opening + 194 us x B / log2(B + 1), within 9% at
   * B = 16 .. 1144, i.e. {@value #DIRECT_FIXED} and {@value #DIRECT_PER_POINT_WINDOW} butterflies
   * of 68 us. The constant ratio used before (B^2 <= 80 n) took direct openings for blocks that
   * FK20 opens in half the time on small setups (B = 100 of n = 128: 0.34 s against 0.18 s).
   */
  static final double DIRECT_FIXED = 7.41;
  /** Butterflies per point and opening, times log2 of the MSM's size (see {@link #DIRECT_FIXED}). */
  static final double DIRECT_PER_POINT_WINDOW = 2.85;

  /** FK20's work over n slots: two G1 FFTs of size 2n and one of size n, in butterflies. */
  static double fk20Butterflies(int capacity) {
    return capacity * (2.5 * log2(capacity) + 2);
  }

  /**
   * B direct openings' work, B MSMs of B + 1 points, in butterflies ({@link #DIRECT_FIXED}); 0
   * for an empty block.
   */
  static double directButterflies(int blockSize) {
    if (blockSize < 1) {
      return 0;
    }
    return blockSize * (DIRECT_FIXED
        + DIRECT_PER_POINT_WINDOW * (blockSize + 1) / log2(blockSize + 1));
  }

  private static double log2(double x) {
    return Math.log(x) / Math.log(2);
  }

  /**
   * Whether B direct openings are cheaper than FK20 over the setup's n slots. A setup of one slot
   * opens directly (FK20 needs a domain of at least two).
   */
  static boolean directIsCheaper(int blockSize, int capacity) {
    return capacity < 2 || directButterflies(blockSize) <= fk20Butterflies(capacity);
  }

  /**
   * The FK20 domain whose openings cost as much as the openings of a block of B on a setup of
   * capacity n: n when they go through FK20; for B direct openings, the smallest domain whose FK20
   * work is at least theirs ({@link #directButterflies}), so that a cost model fitted on FK20
   * prices them as the work they do.
   */
  static int equivalentDomain(int blockSize, int capacity) {
    if (blockSize < 1) {
      return 0; // nothing to open
    }
    if (!directIsCheaper(blockSize, capacity)) {
      return capacity;
    }
    double work = directButterflies(blockSize);
    int lo = 1;
    int hi = Math.max(1, capacity);
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (fk20Butterflies(mid) >= work) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  /** Coefficients (low to high, length m) of the polynomial with these evaluations on H_m. */
  static Fr[] interpolate(Fr[] evaluations) {
    return evaluations.length == 1 ? evaluations.clone() : Domain.of(evaluations.length).ifft(evaluations);
  }

  /** [gamma p(tau)]_1 for p of the given coefficients: one MSM of size m over the powers. */
  static G1Point commit(BatchedSetup setup, Fr[] coefficients) {
    return G1Point.msm(setup.powers().subList(0, coefficients.length), Arrays.asList(coefficients));
  }

  /**
   * The openings pi_k = [gamma q_k(tau)]_1 with q_k = (p(X) - p(omega^k)) / (X - omega^k), for
   * every k of H_m (m = coefficients.length), by FK20: with h_j = sum_{l} c_{j+1+l} T_l (a
   * Toeplitz product, computed as a cyclic convolution of size 2m: one cached G1 FFT of the
   * powers, one scalar FFT, 2m G1 scalar multiplications, one inverse G1 FFT of size 2m), the
   * openings are the G1 FFT of size m of (h_0 .. h_{m-1}), since q_k(tau) = sum_j h_j omega^(jk).
   */
  static G1Point[] openAll(BatchedSetup setup, Fr[] coefficients, Workers workers) {
    int m = coefficients.length;
    if (m == 1) {
      return new G1Point[] {G1Point.identity()};
    }
    G1Point[] hs = toeplitz(setup, coefficients, workers);
    return G1Fft.transform(hs, false, workers);
  }

  /** h_j = sum_{l=0}^{m-2-j} c_{j+1+l} T_l, j in [0, m), by the circulant embedding. */
  static G1Point[] toeplitz(BatchedSetup setup, Fr[] c, Workers workers) {
    int m = c.length;
    int n = 2 * m;
    G1Point[] powersHat = setup.fkTable(m, workers);
    Fr scale = Fr.of(n).inverse();
    Fr[] y = new Fr[n];
    Arrays.fill(y, Fr.zero());
    for (int i = 0; i <= m - 2; i++) {
      y[m + 1 + i] = c[m - 1 - i].mul(scale);
    }
    Fr[] yHat = Domain.of(n).fft(y);
    G1Point[] product = new G1Point[n];
    workers.forEach(n, i -> product[i] = powersHat[i].multiply(yHat[i]));
    G1Point[] z = G1Fft.transform(product, true, workers);
    G1Point[] h = new G1Point[m];
    for (int j = 0; j < m; j++) {
      h[j] = z[n - 1 - j];
    }
    return h;
  }

  /** One opening the slow way (synthetic division and an MSM): what tests compare FK20 with. */
  static G1Point openNaive(BatchedSetup setup, Fr[] c, Fr z) {
    int m = c.length;
    if (m == 1) {
      return G1Point.identity();
    }
    Fr[] q = new Fr[m - 1];
    q[m - 2] = c[m - 1];
    for (int k = m - 2; k >= 1; k--) {
      q[k - 1] = c[k].add(z.mul(q[k]));
    }
    return G1Point.msm(setup.powers().subList(0, m - 1), List.of(q));
  }
}
