package dev.tdsim.engine;

/**
 * The priority queue behind a {@link Simulation}. Both give exactly the same (time, sequence)
 * order, hence the same trace; they differ only in speed (docs/PERFORMANCE.md, section "Engine",
 * has the measurements that chose the default).
 */
public enum QueueKind {
  /** A binary heap in primitive arrays: O(log n) per operation, no tuning. */
  HEAP,
  /**
   * A calendar (bucket) queue: a ring of fixed-width time buckets (2^20 ns, about 1 ms, 4096 of
   * them, so a 4.3 s window) and a heap for events beyond the window. O(1) per operation when
   * many events are spread over time (one entry per delivery); slower than the heap when few
   * entries are pending.
   */
  CALENDAR;

  /**
   * The queue {@link Simulation#Simulation()} uses: the faster one on the vote pattern with one
   * fanout per broadcast (a few hundred pending entries: the heap stays in L1).
   */
  public static final QueueKind DEFAULT = HEAP;

  TimeQueue create() {
    return this == HEAP ? new EventQueue() : new CalendarQueue();
  }
}
