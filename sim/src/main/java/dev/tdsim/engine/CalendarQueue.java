package dev.tdsim.engine;

import java.util.Arrays;

/**
 * A calendar queue (R. Brown, "Calendar queues: a fast O(1) priority queue implementation for the
 * simulation event set problem", CACM 31(10), 1988) in its simplest exact form: time is cut into
 * buckets of 2^{@code widthShift} ns; a ring of 2^{@code ringBits} buckets covers the window
 * starting at the current bucket; events beyond the window wait in an overflow {@link EventQueue}
 * and move into the ring as the window slides over them.
 *
 * <p>Exact (time, sequence) order: only the current bucket is kept as a binary heap; a future
 * bucket is an unsorted append-only array until the window reaches it, then it is heapified in
 * O(size). Any entry earlier than the current bucket's end (possible after {@link #peekTime} moved
 * the window ahead of the clock) goes into the current heap, which orders it exactly; so every
 * entry outside the current bucket is later than every entry inside it, and the current heap's
 * root is the global minimum.
 *
 * <p>When it pays: with many pending entries spread over time (one entry per delivery, tens of
 * thousands in flight) an add is an append into a bucket of a handful of entries, where a heap
 * pays O(log n) cache-missing compares; on the vote pattern with one entry per delivery it was
 * ~10% faster than the heap. With {@link Simulation#scheduleFanout} only a few hundred entries are
 * pending, the heap fits in L1 and wins (docs/PERFORMANCE.md, "Engine"), so it is not the
 * default.
 */
final class CalendarQueue implements TimeQueue {

  static final int DEFAULT_WIDTH_SHIFT = 20; // 1.048576 ms per bucket
  static final int DEFAULT_RING_BITS = 12; // 4096 buckets: a 4.29 s window

  private static final int INITIAL_BUCKET_CAPACITY = 8;

  private final int widthShift;
  private final int ringMask;
  private final long ringSize;
  /** Each bucket's entries ({@link HeapOps}: time, sequence number, slot in {@link #slots}). */
  private final long[][] bucketKeys;
  private final int[] bucketSizes;
  private final EventSlots slots = new EventSlots();
  private final EventQueue overflow = new EventQueue();

  /** Absolute index (time >>> widthShift) of the current bucket; its slot is a heap. */
  private long current;

  private int inRing;

  CalendarQueue() {
    this(DEFAULT_WIDTH_SHIFT, DEFAULT_RING_BITS);
  }

  /**
   * @param widthShift bucket width = 2^widthShift ns, 0..40
   * @param ringBits number of buckets = 2^ringBits, 1..24
   */
  CalendarQueue(int widthShift, int ringBits) {
    if (widthShift < 0 || widthShift > 40 || ringBits < 1 || ringBits > 24) {
      throw new IllegalArgumentException(
          "widthShift must be 0..40 and ringBits 1..24, got " + widthShift + ", " + ringBits);
    }
    this.widthShift = widthShift;
    int buckets = 1 << ringBits;
    this.ringMask = buckets - 1;
    this.ringSize = buckets;
    this.bucketKeys = new long[buckets][];
    this.bucketSizes = new int[buckets];
  }

  @Override
  public int size() {
    return inRing + overflow.size();
  }

  @Override
  public boolean isEmpty() {
    return inRing == 0 && overflow.isEmpty();
  }

  @Override
  public void add(long timeNanos, long seq, Event event) {
    long bucket = timeNanos >>> widthShift;
    if (bucket <= current) {
      int slot = (int) current & ringMask;
      int n = ensureRoom(slot);
      HeapOps.siftUp(bucketKeys[slot], n, timeNanos, seq, slots.take(event));
      bucketSizes[slot] = n + 1;
      inRing++;
    } else if (bucket - current < ringSize) {
      append((int) bucket & ringMask, timeNanos, seq, event);
      inRing++;
    } else {
      overflow.add(timeNanos, seq, event);
    }
  }

  @Override
  public long peekTime() {
    return bucketKeys[advance()][0];
  }

  @Override
  public Event peekEvent() {
    return slots.get((int) bucketKeys[advance()][2]);
  }

  @Override
  public Event poll() {
    int slot = advance();
    int n = bucketSizes[slot];
    bucketSizes[slot] = n - 1;
    inRing--;
    return slots.release(HeapOps.pollRoot(bucketKeys[slot], n));
  }

  @Override
  public void rekeyHead(long newTimeNanos) {
    int slot = advance();
    long[] keys = bucketKeys[slot];
    if ((newTimeNanos >>> widthShift) <= current) {
      HeapOps.rekeyRoot(keys, bucketSizes[slot], newTimeNanos);
    } else {
      long seq = keys[1];
      Event event = poll();
      add(newTimeNanos, seq, event);
    }
  }

  /**
   * Moves the window to the first non-empty bucket (heapified) and returns its slot; the queue
   * must not be empty.
   */
  private int advance() {
    int slot = (int) current & ringMask;
    if (bucketSizes[slot] > 0) {
      return slot;
    }
    do {
      if (inRing == 0) {
        current = overflow.peekTime() >>> widthShift; // jump over the empty window
      } else {
        current++;
      }
      drainOverflow();
      slot = (int) current & ringMask;
    } while (bucketSizes[slot] == 0);
    HeapOps.heapify(bucketKeys[slot], bucketSizes[slot]);
    return slot;
  }

  /** Moves overflow entries that the window now covers into their buckets (unsorted). */
  private void drainOverflow() {
    long end = current + ringSize;
    while (!overflow.isEmpty() && (overflow.peekTime() >>> widthShift) < end) {
      long t = overflow.peekTime();
      long seq = overflow.peekSeq();
      Event e = overflow.poll();
      append((int) (t >>> widthShift) & ringMask, t, seq, e);
      inRing++;
    }
  }

  private void append(int slot, long timeNanos, long seq, Event event) {
    int n = ensureRoom(slot);
    long[] keys = bucketKeys[slot];
    int at = HeapOps.STRIDE * n;
    keys[at] = timeNanos;
    keys[at + 1] = seq;
    keys[at + 2] = slots.take(event);
    bucketSizes[slot] = n + 1;
  }

  /** Makes room for one more entry in {@code slot}; returns its current size. */
  private int ensureRoom(int slot) {
    int n = bucketSizes[slot];
    long[] keys = bucketKeys[slot];
    if (keys == null) {
      bucketKeys[slot] = new long[HeapOps.STRIDE * INITIAL_BUCKET_CAPACITY];
    } else if (HeapOps.STRIDE * n == keys.length) {
      bucketKeys[slot] = Arrays.copyOf(keys, Math.multiplyExact(keys.length, 2));
    }
    return n;
  }
}
