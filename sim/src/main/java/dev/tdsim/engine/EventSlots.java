package dev.tdsim.engine;

import java.util.Arrays;

/**
 * The events of one queue by slot: a heap entry names its event by slot ({@link HeapOps}), so the
 * event reference is stored once when it is queued and read once when it leaves, however often
 * its entry moves. Freed slots are reused last-freed first.
 */
final class EventSlots {
  private Event[] events = new Event[256];
  private int[] free = new int[256];
  private int freeCount;
  private int used;

  /** Stores {@code event} in a free slot and returns the slot. */
  int take(Event event) {
    int slot;
    if (freeCount > 0) {
      slot = free[--freeCount];
    } else {
      if (used == events.length) {
        events = Arrays.copyOf(events, Math.multiplyExact(used, 2));
      }
      slot = used++;
    }
    events[slot] = event;
    return slot;
  }

  Event get(int slot) {
    return events[slot];
  }

  /** Empties {@code slot} and returns the event it held. */
  Event release(int slot) {
    Event e = events[slot];
    events[slot] = null;
    if (freeCount == free.length) {
      free = Arrays.copyOf(free, Math.multiplyExact(freeCount, 2));
    }
    free[freeCount++] = slot;
    return e;
  }
}
