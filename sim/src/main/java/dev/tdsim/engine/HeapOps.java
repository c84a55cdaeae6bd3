package dev.tdsim.engine;

/**
 * Binary min-heap primitives over one primitive array of entries of {@link #STRIDE} longs:
 * {@code heap[3i]} = time, {@code heap[3i + 1]} = sequence number, {@code heap[3i + 2]} = the
 * event's slot in its queue's {@link EventSlots}. Shared by {@link EventQueue} (one heap),
 * {@link CalendarQueue} (one heap per current bucket plus the overflow heap) and {@link
 * RadixQueue} (its bucket of the entries at the head's time).
 *
 * <p>Why slots and not the events themselves: a sift moves entries, and moving an object
 * reference into an array costs the garbage collector's write barrier on every store (G1's card
 * marking); a sift that moves only longs costs none, and an entry's key and slot share one cache
 * line.
 */
final class HeapOps {
  static final int STRIDE = 3;

  private HeapOps() {}

  static boolean before(long t1, long s1, long t2, long s2) {
    return t1 < t2 || (t1 == t2 && s1 < s2);
  }

  /** Places (t, s, slot) at {@code hole} (a free slot at the end, or a vacated one) moving up. */
  static void siftUp(long[] heap, int hole, long t, long s, long slot) {
    while (hole > 0) {
      int parent = (hole - 1) >>> 1;
      int p = STRIDE * parent;
      if (!before(t, s, heap[p], heap[p + 1])) {
        break;
      }
      int h = STRIDE * hole;
      heap[h] = heap[p];
      heap[h + 1] = heap[p + 1];
      heap[h + 2] = heap[p + 2];
      hole = parent;
    }
    int h = STRIDE * hole;
    heap[h] = t;
    heap[h + 1] = s;
    heap[h + 2] = slot;
  }

  /** Places (t, s, slot) at {@code hole} of a heap of {@code size} entries, moving down. */
  static void siftDown(long[] heap, int size, int hole, long t, long s, long slot) {
    int half = size >>> 1;
    while (hole < half) {
      int child = 2 * hole + 1;
      int c = STRIDE * child;
      int right = child + 1;
      if (right < size) {
        int r = c + STRIDE;
        if (before(heap[r], heap[r + 1], heap[c], heap[c + 1])) {
          child = right;
          c = r;
        }
      }
      if (!before(heap[c], heap[c + 1], t, s)) {
        break;
      }
      int h = STRIDE * hole;
      heap[h] = heap[c];
      heap[h + 1] = heap[c + 1];
      heap[h + 2] = heap[c + 2];
      hole = child;
    }
    int h = STRIDE * hole;
    heap[h] = t;
    heap[h + 1] = s;
    heap[h + 2] = slot;
  }

  /**
   * Removes the root of a heap of {@code size} entries and returns its slot; the caller
   * decrements its size.
   */
  static int pollRoot(long[] heap, int size) {
    int head = (int) heap[2];
    int last = STRIDE * (size - 1);
    if (size > 1) {
      siftDown(heap, size - 1, 0, heap[last], heap[last + 1], heap[last + 2]);
    }
    return head;
  }

  /** Gives the root a later (or equal) time, keeping its sequence number and slot. */
  static void rekeyRoot(long[] heap, int size, long t) {
    siftDown(heap, size, 0, t, heap[1], heap[2]);
  }

  /** Floyd's bottom-up heap construction of the first {@code size} entries, O(size). */
  static void heapify(long[] heap, int size) {
    for (int i = (size >>> 1) - 1; i >= 0; i--) {
      int h = STRIDE * i;
      siftDown(heap, size, i, heap[h], heap[h + 1], heap[h + 2]);
    }
  }
}
