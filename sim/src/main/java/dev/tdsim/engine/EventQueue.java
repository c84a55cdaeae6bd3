package dev.tdsim.engine;

import java.util.Arrays;

/**
 * A binary min-heap of events ordered by (time, sequence number), kept in primitive arrays. Why
 * not {@link java.util.PriorityQueue}: it would need an entry object per event and a comparator
 * call through two boxed fields; here a schedule allocates nothing (past array growth) and a
 * comparison is two long compares. Time and sequence number sit next to each other in one array
 * ({@code keys[2i]}, {@code keys[2i + 1]}) so a comparison touches one cache line.
 *
 * <p>The sequence number makes the order total, so equal times fire in scheduling order and a run
 * is deterministic: a binary heap alone is not stable, so without it equal-time events would fire
 * in an order that depends on the heap's history.
 */
final class EventQueue {

  private long[] keys = new long[2 * 256];
  private Event[] events = new Event[256];
  private int size;

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** The time of the next event; only valid when not empty. */
  long peekTime() {
    return keys[0];
  }

  void add(long timeNanos, long seq, Event event) {
    if (size == events.length) {
      int capacity = Math.multiplyExact(events.length, 2);
      keys = Arrays.copyOf(keys, 2 * capacity);
      events = Arrays.copyOf(events, capacity);
    }
    int hole = size++;
    while (hole > 0) {
      int parent = (hole - 1) >>> 1;
      if (!before(timeNanos, seq, keys[2 * parent], keys[2 * parent + 1])) {
        break;
      }
      move(parent, hole);
      hole = parent;
    }
    set(hole, timeNanos, seq, event);
  }

  /** Removes and returns the next event; only valid when not empty. */
  Event poll() {
    Event head = events[0];
    int last = --size;
    long t = keys[2 * last];
    long s = keys[2 * last + 1];
    Event e = events[last];
    events[last] = null;
    if (last > 0) {
      int hole = 0;
      int half = last >>> 1;
      while (hole < half) {
        int child = 2 * hole + 1;
        int right = child + 1;
        if (right < last
            && before(keys[2 * right], keys[2 * right + 1], keys[2 * child], keys[2 * child + 1])) {
          child = right;
        }
        if (!before(keys[2 * child], keys[2 * child + 1], t, s)) {
          break;
        }
        move(child, hole);
        hole = child;
      }
      set(hole, t, s, e);
    }
    return head;
  }

  private static boolean before(long t1, long s1, long t2, long s2) {
    return t1 < t2 || (t1 == t2 && s1 < s2);
  }

  private void move(int from, int to) {
    keys[2 * to] = keys[2 * from];
    keys[2 * to + 1] = keys[2 * from + 1];
    events[to] = events[from];
  }

  private void set(int at, long timeNanos, long seq, Event event) {
    keys[2 * at] = timeNanos;
    keys[2 * at + 1] = seq;
    events[at] = event;
  }
}
