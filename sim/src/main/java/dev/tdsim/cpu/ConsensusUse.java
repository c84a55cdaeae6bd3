package dev.tdsim.cpu;

/**
 * The consensus thread's use of a core from now on, as {@link NodeCpu} queued it: the intervals
 * [start, end) where it runs at a share u < 1 of a core (u = 0: blocked on a disk sync), in time
 * order; anywhere else it uses a whole core until the thread is free, and none after. From now
 * on the queued consensus work is one contiguous interval (an action starts at max(now, free)),
 * so this is exact for every time >= now. A ring buffer: intervals are added at the end and
 * dropped from the front once passed, each once (amortised O(1)).
 */
final class ConsensusUse {
  private long[] start = new long[0];
  private long[] end = new long[0];
  private double[] use = new double[0];
  private int head;
  private int size;

  /** Intervals recorded and not yet dropped. */
  int size() {
    return size;
  }

  /** End of interval {@code i} (0 = the oldest kept). */
  long end(int i) {
    return end[slot(i)];
  }

  /** Records [from, to) at share {@code u} (nothing for u >= 1 or an empty interval). */
  void record(long from, long to, double u) {
    if (u >= 1 || to <= from) {
      return;
    }
    if (size > 0) {
      int last = slot(size - 1);
      if (end[last] == from && use[last] == u) {
        end[last] = to;
        return;
      }
    }
    if (size == start.length) {
      grow();
    }
    int at = slot(size++);
    start[at] = from;
    end[at] = to;
    use[at] = u;
  }

  /**
   * The share of a core the consensus thread uses at {@code t}, {@code i} the first interval
   * ending after t, {@code freeNanos} when the thread is done with what is queued.
   */
  double useAt(long t, int i, long freeNanos) {
    if (i < size && start[slot(i)] <= t) {
      return use[slot(i)];
    }
    return t < freeNanos ? 1 : 0;
  }

  /**
   * Where that share next changes after {@code t} ({@link Long#MAX_VALUE}: never, the thread is
   * idle from there on).
   */
  long pieceEnd(long t, int i, long freeNanos) {
    if (i < size) {
      int s = slot(i);
      return start[s] <= t ? end[s] : start[s];
    }
    return t < freeNanos ? freeNanos : Long.MAX_VALUE;
  }

  /** Drops the intervals that end by {@code t}. */
  void dropBefore(long t) {
    while (size > 0 && end[head] <= t) {
      head = (head + 1) & (start.length - 1);
      size--;
    }
  }

  private int slot(int i) {
    return (head + i) & (start.length - 1);
  }

  private void grow() {
    int n = Math.max(8, 2 * start.length);
    long[] s = new long[n];
    long[] e = new long[n];
    double[] u = new double[n];
    for (int i = 0; i < size; i++) {
      s[i] = start[slot(i)];
      e[i] = end[slot(i)];
      u[i] = use[slot(i)];
    }
    start = s;
    end = e;
    use = u;
    head = 0;
  }
}
