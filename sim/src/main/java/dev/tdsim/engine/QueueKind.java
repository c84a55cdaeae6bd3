package dev.tdsim.engine;

/**
 * The priority queue behind a {@link Simulation}. All give exactly the same (time, sequence)
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
  CALENDAR,
  /**
   * A radix heap: buckets by the highest bit in which an entry's time differs from the head's,
   * relying on the loop never adding an entry before the head. No sift through the queue.
   */
  RADIX;

  /**
   * The queue {@link Simulation#Simulation()} uses: the fastest on the vote pattern with one
   * fanout per broadcast (1.14-1.21x the heap's messages per CPU-second at 150 validators, same
   * trace; docs/PERFORMANCE.md, "Engine").
   */
  public static final QueueKind DEFAULT = RADIX;

  TimeQueue create() {
    return switch (this) {
      case HEAP -> new EventQueue();
      case CALENDAR -> new CalendarQueue();
      case RADIX -> new RadixQueue();
    };
  }
}
