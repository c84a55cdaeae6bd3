package dev.tdsim.network;

/**
 * Sorts a prefix of {@code long} keys ascending and permutes a parallel {@code long} array with
 * them, without boxing: quorum arrival sorts one (arrival, stake) pair per sender and receiver,
 * millions per simulated block at V = 8192, where an index sort through a comparator would box.
 * Bottom-up merge sort: O(n log n) worst case, stable, so the result is fully determined by the
 * input.
 */
final class PairSort {

  private static final int INSERTION_MAX = 24;

  private PairSort() {}

  static void sort(long[] keys, long[] values, int n) {
    if (n < 2) {
      return;
    }
    for (int lo = 0; lo < n; lo += INSERTION_MAX) {
      insertion(keys, values, lo, Math.min(lo + INSERTION_MAX, n));
    }
    if (n <= INSERTION_MAX) {
      return;
    }
    long[] srcK = keys;
    long[] srcV = values;
    long[] dstK = new long[n];
    long[] dstV = new long[n];
    for (int width = INSERTION_MAX; width < n; width *= 2) {
      for (int lo = 0; lo < n; lo += 2 * width) {
        int mid = Math.min(lo + width, n);
        int hi = Math.min(lo + 2 * width, n);
        merge(srcK, srcV, dstK, dstV, lo, mid, hi);
      }
      long[] t = srcK;
      srcK = dstK;
      dstK = t;
      t = srcV;
      srcV = dstV;
      dstV = t;
    }
    if (srcK != keys) {
      System.arraycopy(srcK, 0, keys, 0, n);
      System.arraycopy(srcV, 0, values, 0, n);
    }
  }

  private static void insertion(long[] k, long[] v, int lo, int hi) {
    for (int i = lo + 1; i < hi; i++) {
      long key = k[i];
      long value = v[i];
      int j = i - 1;
      while (j >= lo && k[j] > key) {
        k[j + 1] = k[j];
        v[j + 1] = v[j];
        j--;
      }
      k[j + 1] = key;
      v[j + 1] = value;
    }
  }

  private static void merge(long[] sk, long[] sv, long[] dk, long[] dv, int lo, int mid, int hi) {
    int i = lo;
    int j = mid;
    for (int out = lo; out < hi; out++) {
      if (i < mid && (j >= hi || sk[i] <= sk[j])) {
        dk[out] = sk[i];
        dv[out] = sv[i++];
      } else {
        dk[out] = sk[j];
        dv[out] = sv[j++];
      }
    }
  }
}
