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
final class EventQueue implements TimeQueue {

  private long[] keys = new long[2 * 256];
  private Event[] events = new Event[256];
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
    return keys[0];
  }

  /** The sequence number of the head entry; only valid when not empty. */
  long peekSeq() {
    return keys[1];
  }

  @Override
  public Event peekEvent() {
    return events[0];
  }

  @Override
  public void add(long timeNanos, long seq, Event event) {
    if (size == events.length) {
      int capacity = Math.multiplyExact(events.length, 2);
      keys = Arrays.copyOf(keys, 2 * capacity);
      events = Arrays.copyOf(events, capacity);
    }
    HeapOps.siftUp(keys, events, size++, timeNanos, seq, event);
  }

  @Override
  public Event poll() {
    return HeapOps.pollRoot(keys, events, size--);
  }

  @Override
  public void rekeyHead(long newTimeNanos) {
    HeapOps.siftDown(keys, events, size, 0, newTimeNanos, keys[1], events[0]);
  }
}
