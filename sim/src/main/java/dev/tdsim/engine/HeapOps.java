package dev.tdsim.engine;

/**
 * Binary min-heap primitives over parallel arrays: {@code keys[2i]} = time, {@code keys[2i + 1]} =
 * sequence number, {@code events[i]} = the event. Shared by {@link EventQueue} (one heap) and
 * {@link CalendarQueue} (one heap per current bucket plus the overflow heap). Time and sequence
 * sit next to each other so one comparison touches one cache line.
 */
final class HeapOps {

  private HeapOps() {}

  static boolean before(long t1, long s1, long t2, long s2) {
    return t1 < t2 || (t1 == t2 && s1 < s2);
  }

  /** Places (t, s, e) at {@code hole} (a free slot at the end, or a vacated slot) moving up. */
  static void siftUp(long[] keys, Event[] events, int hole, long t, long s, Event e) {
    while (hole > 0) {
      int parent = (hole - 1) >>> 1;
      if (!before(t, s, keys[2 * parent], keys[2 * parent + 1])) {
        break;
      }
      keys[2 * hole] = keys[2 * parent];
      keys[2 * hole + 1] = keys[2 * parent + 1];
      events[hole] = events[parent];
      hole = parent;
    }
    keys[2 * hole] = t;
    keys[2 * hole + 1] = s;
    events[hole] = e;
  }

  /** Places (t, s, e) at {@code hole} of a heap of {@code size} entries, moving down. */
  static void siftDown(long[] keys, Event[] events, int size, int hole, long t, long s, Event e) {
    int half = size >>> 1;
    while (hole < half) {
      int child = 2 * hole + 1;
      int right = child + 1;
      if (right < size
          && before(keys[2 * right], keys[2 * right + 1], keys[2 * child], keys[2 * child + 1])) {
        child = right;
      }
      if (!before(keys[2 * child], keys[2 * child + 1], t, s)) {
        break;
      }
      keys[2 * hole] = keys[2 * child];
      keys[2 * hole + 1] = keys[2 * child + 1];
      events[hole] = events[child];
      hole = child;
    }
    keys[2 * hole] = t;
    keys[2 * hole + 1] = s;
    events[hole] = e;
  }

  /** Removes the root of a heap of {@code size} entries; the caller decrements its size. */
  static Event pollRoot(long[] keys, Event[] events, int size) {
    Event head = events[0];
    int last = size - 1;
    Event e = events[last];
    events[last] = null;
    if (last > 0) {
      siftDown(keys, events, last, 0, keys[2 * last], keys[2 * last + 1], e);
    }
    return head;
  }

  /** Floyd's bottom-up heap construction of the first {@code size} entries, O(size). */
  static void heapify(long[] keys, Event[] events, int size) {
    for (int i = (size >>> 1) - 1; i >= 0; i--) {
      siftDown(keys, events, size, i, keys[2 * i], keys[2 * i + 1], events[i]);
    }
  }
}
