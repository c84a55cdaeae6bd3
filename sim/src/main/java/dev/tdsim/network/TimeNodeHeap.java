package dev.tdsim.network;

import java.util.Arrays;

/**
 * A binary min-heap of (time, node) pairs in primitive arrays for Dijkstra with lazy deletion
 * (stale entries are skipped by the caller). Ties break by node id, so the settle order, and with
 * it the order of jitter draws, is deterministic.
 */
final class TimeNodeHeap {

  private long[] times;
  private int[] nodes;
  private int size;

  TimeNodeHeap(int capacity) {
    times = new long[Math.max(4, capacity)];
    nodes = new int[times.length];
  }

  boolean isEmpty() {
    return size == 0;
  }

  long peekTime() {
    return times[0];
  }

  int peekNode() {
    return nodes[0];
  }

  void add(long time, int node) {
    if (size == times.length) {
      times = Arrays.copyOf(times, size * 2);
      nodes = Arrays.copyOf(nodes, size * 2);
    }
    int hole = size++;
    while (hole > 0) {
      int parent = (hole - 1) >>> 1;
      if (!before(time, node, times[parent], nodes[parent])) {
        break;
      }
      times[hole] = times[parent];
      nodes[hole] = nodes[parent];
      hole = parent;
    }
    times[hole] = time;
    nodes[hole] = node;
  }

  void removeFirst() {
    int last = --size;
    long t = times[last];
    int n = nodes[last];
    int hole = 0;
    int half = last >>> 1;
    while (hole < half) {
      int child = 2 * hole + 1;
      if (child + 1 < last
          && before(times[child + 1], nodes[child + 1], times[child], nodes[child])) {
        child++;
      }
      if (!before(times[child], nodes[child], t, n)) {
        break;
      }
      times[hole] = times[child];
      nodes[hole] = nodes[child];
      hole = child;
    }
    times[hole] = t;
    nodes[hole] = n;
  }

  private static boolean before(long t1, int n1, long t2, int n2) {
    return t1 < t2 || (t1 == t2 && n1 < n2);
  }
}
