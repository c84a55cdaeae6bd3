package dev.tdsim.crypto.tpke;

import dev.tdsim.crypto.CryptoException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How N key shares (the points omega^0..omega^(N-1)) are split over V validators: each validator
 * owns one contiguous chunk, sized equally or in proportion to its stake (largest remainder, at
 * least one point each). Shares are not validators: 8192 shares may sit on 150 validators.
 *
 * @param shares N, a power of two
 * @param threshold t, the number of points needed to decrypt (default N*2/3)
 * @param firstPoint firstPoint[i] is validator i's first domain index; firstPoint[V] == N
 */
public record Committee(int shares, int threshold, int[] firstPoint) {
  public Committee {
    if (shares < 2 || Integer.bitCount(shares) != 1) {
      throw new CryptoException("committee", "shares must be a power of two >= 2, got " + shares);
    }
    if (threshold < 1 || threshold > shares) {
      throw new CryptoException(
          "committee", "threshold must be in [1, shares=" + shares + "], got " + threshold);
    }
    firstPoint = firstPoint.clone();
    if (firstPoint.length < 2 || firstPoint[0] != 0 || firstPoint[firstPoint.length - 1] != shares) {
      throw new CryptoException("committee", "chunks must start at 0 and end at " + shares);
    }
    for (int i = 1; i < firstPoint.length; i++) {
      if (firstPoint[i] <= firstPoint[i - 1]) {
        throw new CryptoException("committee", "validator " + (i - 1) + " owns no share");
      }
    }
  }

  /** The default threshold, N*2/3 rounded down (5461 for 8192). */
  public static int defaultThreshold(int shares) {
    return (int) ((long) shares * 2 / 3);
  }

  /** V validators with equal chunks (the first N mod V validators get one extra point). */
  public static Committee equal(int shares, int threshold, int validators) {
    if (validators < 1 || validators > shares) {
      throw new CryptoException(
          "committee", "validators must be in [1, shares=" + shares + "], got " + validators);
    }
    long[] weights = new long[validators];
    Arrays.fill(weights, 1);
    return byStake(shares, threshold, weights);
  }

  /** Chunks in proportion to stake weights, largest remainder, at least one point each. */
  public static Committee byStake(int shares, int threshold, long[] stakes) {
    int v = stakes.length;
    if (v < 1 || v > shares) {
      throw new CryptoException(
          "committee", "validators must be in [1, shares=" + shares + "], got " + v);
    }
    long total = 0;
    for (int i = 0; i < v; i++) {
      if (stakes[i] <= 0) {
        throw new CryptoException("committee", "stake of validator " + i + " must be > 0");
      }
      total = Math.addExact(total, stakes[i]);
    }
    int free = shares - v; // one point each is reserved
    int[] count = new int[v];
    double[] remainder = new double[v];
    int given = 0;
    for (int i = 0; i < v; i++) {
      double exact = (double) free * stakes[i] / total;
      count[i] = 1 + (int) Math.floor(exact);
      remainder[i] = exact - Math.floor(exact);
      given += count[i];
    }
    Integer[] order = new Integer[v];
    for (int i = 0; i < v; i++) {
      order[i] = i;
    }
    // Ties go to the lower index, so the split is deterministic.
    Arrays.sort(order, (a, b) -> remainder[a] != remainder[b]
        ? Double.compare(remainder[b], remainder[a]) : Integer.compare(a, b));
    for (int k = 0; given < shares; k++, given++) {
      count[order[k % v]]++;
    }
    int[] first = new int[v + 1];
    for (int i = 0; i < v; i++) {
      first[i + 1] = first[i] + count[i];
    }
    return new Committee(shares, threshold, first);
  }

  public int validators() {
    return firstPoint.length - 1;
  }

  public int pointsOf(int validator) {
    return firstPoint[validator + 1] - firstPoint[validator];
  }

  public int firstPointOf(int validator) {
    return firstPoint[validator];
  }

  @Override
  public int[] firstPoint() {
    return firstPoint.clone();
  }

  /** The domain indices owned by a set of validators, ascending. */
  public int[] pointsOf(List<Integer> validators) {
    List<Integer> sorted = new ArrayList<>(validators);
    sorted.sort(null);
    int total = 0;
    for (int v : sorted) {
      total += pointsOf(v);
    }
    int[] points = new int[total];
    int pos = 0;
    for (int v : sorted) {
      for (int k = firstPoint[v]; k < firstPoint[v + 1]; k++) {
        points[pos++] = k;
      }
    }
    return points;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Committee c
        && shares == c.shares
        && threshold == c.threshold
        && Arrays.equals(firstPoint, c.firstPoint);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * shares + threshold) + Arrays.hashCode(firstPoint);
  }

  @Override
  public String toString() {
    return "Committee[shares=" + shares + ", threshold=" + threshold + ", validators="
        + validators() + "]";
  }
}
