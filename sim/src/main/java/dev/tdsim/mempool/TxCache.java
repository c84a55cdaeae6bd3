package dev.tdsim.mempool;

import java.util.Arrays;

/**
 * CometBFT's {@code LRUTxCache}: the keys of the last {@code capacity} transactions pushed; a push
 * of a key already held moves it to the back (and says it was held), a push of a new key into a
 * full cache evicts the least recently pushed one. Capacity 0 is CometBFT's {@code NopTxCache}:
 * every push is new.
 *
 * <p>A doubly linked list in arrays, one slot per key held (slots are reused, so memory follows
 * the most keys held at once, never {@code capacity} up front): every operation is O(1) and a
 * refresh, the commonest (each duplicate a peer sends is pushed again), allocates nothing.
 */
final class TxCache {
  private static final int NONE = -1;
  private final int capacity;
  /** Transaction id -> slot + 1. */
  private final PagedInts slotOf = new PagedInts();
  private int[] idOf = new int[16];
  private int[] prev = new int[16];
  private int[] next = new int[16];
  private int oldest = NONE;
  private int newest = NONE;
  private int[] free = new int[16];
  private int freeCount;
  private int slotsUsed;
  private int size;

  TxCache(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("capacity must be >= 0");
    }
    this.capacity = capacity;
  }

  /** Pushes {@code id}: true if it was not held (a new transaction), false if it was. */
  boolean push(int id) {
    if (capacity == 0) {
      return true;
    }
    int slot = slotOf.get(id) - 1;
    if (slot >= 0) {
      unlink(slot);
      linkNewest(slot);
      return false;
    }
    if (size >= capacity) {
      remove(idOf[oldest]);
    }
    slot = freeCount > 0 ? free[--freeCount] : newSlot();
    idOf[slot] = id;
    linkNewest(slot);
    slotOf.set(id, slot + 1);
    size++;
    return true;
  }

  boolean contains(int id) {
    return capacity > 0 && slotOf.get(id) != 0;
  }

  /** Forgets {@code id} (a transaction refused after its push, so it may come again). */
  void remove(int id) {
    int slot = capacity == 0 ? NONE : slotOf.get(id) - 1;
    if (slot < 0) {
      return;
    }
    unlink(slot);
    slotOf.set(id, 0);
    if (freeCount == free.length) {
      free = Arrays.copyOf(free, free.length * 2);
    }
    free[freeCount++] = slot;
    size--;
  }

  int size() {
    return size;
  }

  private void unlink(int slot) {
    int p = prev[slot];
    int n = next[slot];
    if (p == NONE) {
      oldest = n;
    } else {
      next[p] = n;
    }
    if (n == NONE) {
      newest = p;
    } else {
      prev[n] = p;
    }
  }

  private void linkNewest(int slot) {
    prev[slot] = newest;
    next[slot] = NONE;
    if (newest == NONE) {
      oldest = slot;
    } else {
      next[newest] = slot;
    }
    newest = slot;
  }

  private int newSlot() {
    if (slotsUsed == idOf.length) {
      int n = idOf.length * 2;
      idOf = Arrays.copyOf(idOf, n);
      prev = Arrays.copyOf(prev, n);
      next = Arrays.copyOf(next, n);
    }
    return slotsUsed++;
  }
}
