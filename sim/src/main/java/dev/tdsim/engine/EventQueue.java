package dev.tdsim.engine;

import java.util.Arrays;

/**
 * A binary min-heap of events ordered by (time, sequence number), kept in primitive arrays. Why
 * not {@link java.util.PriorityQueue}: it would need an entry object per event and a comparator
 * call through two boxed fields; here a schedule allocates nothing (past array growth), a
 * comparison is two long compares, and a sift moves only longs ({@link HeapOps}: time, sequence
 * number and the event's slot side by side, so a comparison touches one cache line).
 *
 * <p>The sequence number makes the order total, so equal times fire in scheduling order and a run
 * is deterministic: a binary heap alone is not stable, so without it equal-time events would fire
 * in an order that depends on the heap's history.
 */
final class EventQueue implements TimeQueue {

  private long[] heap = new long[HeapOps.STRIDE * 256];
  private final EventSlots slots = new EventSlots();
  private int size;

  @Override
  public int size() {
    return size;
  }

  @Override
  public boolean isEmpty() {
    return size == 0;
  }

  @Override
  public long peekTime() {
    return heap[0];
  }

  /** The sequence number of the head entry; only valid when not empty. */
  long peekSeq() {
    return heap[1];
  }

  @Override
  public Event peekEvent() {
    return slots.get((int) heap[2]);
  }

  @Override
  public void add(long timeNanos, long seq, Event event) {
    if (HeapOps.STRIDE * size == heap.length) {
      heap = Arrays.copyOf(heap, Math.multiplyExact(heap.length, 2));
    }
    HeapOps.siftUp(heap, size++, timeNanos, seq, slots.take(event));
  }

  @Override
  public Event poll() {
    return slots.release(HeapOps.pollRoot(heap, size--));
  }

  @Override
  public void rekeyHead(long newTimeNanos) {
    HeapOps.rekeyRoot(heap, size, newTimeNanos);
  }
}
