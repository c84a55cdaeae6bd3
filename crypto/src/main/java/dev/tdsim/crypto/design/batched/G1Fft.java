package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.field.Domain;
import dev.tdsim.crypto.field.Fr;

/**
 * The number-theoretic transform over G1 points: out_k = sum_j [omega^(jk)] a_j on the m-th roots
 * of unity (m a power of two), radix-2 decimation in time. Each butterfly costs one G1 scalar
 * multiplication by a full-width twiddle (the twiddle 1 is skipped) and two additions, so a
 * transform of size m costs about (m/2) log2(m) scalar multiplications: the dominant cost of
 * FK20 ({@link Kzg#openAll}). Butterflies of one layer run in parallel on {@link Workers}.
 */
final class G1Fft {
  private G1Fft() {}

  /**
   * The transform of {@code a} (natural order in and out). {@code inverse} uses omega^-1 and does
   * NOT divide by m (callers fold 1/m into scalars they multiply by anyway).
   */
  static G1Point[] transform(G1Point[] a, boolean inverse, Workers workers) {
    int m = a.length;
    if (m == 0 || Integer.bitCount(m) != 1) {
      throw new IllegalArgumentException("G1 FFT size must be a power of two, got " + m);
    }
    G1Point[] b = new G1Point[m];
    int log = Integer.numberOfTrailingZeros(m);
    for (int i = 0; i < m; i++) {
      b[log == 0 ? 0 : Integer.reverse(i) >>> (32 - log)] = a[i];
    }
    if (m == 1) {
      return b;
    }
    Domain domain = Domain.of(m);
    Fr[] twiddles = new Fr[m / 2];
    for (int k = 0; k < m / 2; k++) {
      twiddles[k] = domain.element(inverse ? (m - k) % m : k);
    }
    for (int len = 2; len <= m; len <<= 1) {
      int size = len;
      int half = len >>> 1;
      int stride = m / len;
      workers.forEach(m / 2, t -> {
        int j = t % half;
        int i0 = (t / half) * size + j;
        int i1 = i0 + half;
        G1Point u = b[i0];
        G1Point v = j == 0 ? b[i1] : b[i1].multiply(twiddles[j * stride]);
        b[i0] = u.add(v);
        b[i1] = u.add(v.negate());
      });
    }
    return b;
  }
}
