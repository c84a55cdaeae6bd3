package dev.tdsim.engine;

/**
 * A priority queue of events keyed by (time, sequence number), smallest first. The sequence number
 * is unique per entry, so the order is total and every implementation pops the same entries in
 * the same order. Operations other than {@link #add} and {@link #size} are only valid when the
 * queue is not empty.
 */
interface TimeQueue {

  int size();

  default boolean isEmpty() {
    return size() == 0;
  }

  void add(long timeNanos, long seq, Event event);

  /** The time of the head entry. */
  long peekTime();

  /** The event of the head entry, left in place. */
  Event peekEvent();

  /** Removes the head entry and returns its event. */
  Event poll();

  /**
   * Gives the head entry a later (or equal) time, keeping its sequence number and event: a fanout
   * moving on to its next receiver. Cheaper than {@link #poll} plus {@link #add}.
   */
  void rekeyHead(long newTimeNanos);
}
