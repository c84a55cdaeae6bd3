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
   * How many units of work FK20 over n points costs per point, where B direct openings cost B^2
   * (B MSMs of B + 1 points): the ratio {@link #directIsCheaper} decides by. Measured on one
   * thread, 2026-12-03 (docs/PERFORMANCE.md, "Batched's prepare"): FK20 1.86, 1.92 and 2.06 ms
   * per point at n = 2048, 4096 and 8192 (its FFTs deepen with log n), direct openings 22.6-26.4
   * us per B^2 at B = 256 (23.5 at 452): ratios 71, 84 and 91, about 100 at 16384. 80 puts the
   * switch within about 10% of the cheaper side's boundary over those setups (32, used before,
   * took FK20 for blocks that direct openings open at half its cost, and priced direct openings
   * at 2.5x what they cost).
   */
  static final int FK20_PER_POINT = 80;

  /** Whether B direct openings (B MSMs of B + 1 points) are cheaper than FK20 over n points. */
  static boolean directIsCheaper(int blockSize, int capacity) {
    return (long) blockSize * blockSize <= (long) FK20_PER_POINT * capacity;
  }

  /**
   * The FK20 domain whose openings cost as much as the openings of a block of B on a setup of
   * capacity n: n when they go through FK20; for B direct openings, the domain of the same work
   * by the ratio {@link #directIsCheaper} uses (B^2 / {@link #FK20_PER_POINT}), at least B.
   */
  static int equivalentDomain(int blockSize, int capacity) {
    return directIsCheaper(blockSize, capacity)
        ? (int) Math.max(blockSize, (long) blockSize * blockSize / FK20_PER_POINT) : capacity;
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
