package dev.tdsim.bench;

import java.util.Arrays;

/** Wall-clock nanoseconds of the timed repetitions of one measurement. */
public record Samples(long[] nanos) {
  public Samples {
    if (nanos.length == 0) {
      throw new IllegalArgumentException("no samples");
    }
    nanos = nanos.clone();
  }

  @Override
  public long[] nanos() {
    return nanos.clone();
  }

  public int count() {
    return nanos.length;
  }

  /** The median; for an even count, the mean of the two middle samples. */
  public double medianNanos() {
    long[] s = sorted();
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
  }

  public long minNanos() {
    return sorted()[0];
  }

  public long maxNanos() {
    return sorted()[nanos.length - 1];
  }

  /** The index of the lower median sample (the median itself for an odd count). */
  public int medianIndex() {
    Integer[] order = new Integer[nanos.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(nanos[a], nanos[b]));
    return order[(nanos.length - 1) / 2];
  }

  private long[] sorted() {
    long[] s = nanos.clone();
    Arrays.sort(s);
    return s;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Samples other && Arrays.equals(nanos, other.nanos);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(nanos);
  }

  @Override
  public String toString() {
    return "Samples" + Arrays.toString(nanos);
  }
}
