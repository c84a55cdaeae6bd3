package dev.tdsim.mempool;

/**
 * CometBFT's {@code LRUTxCache}: the keys of the last {@code capacity} transactions pushed; a push
 * of a key already held moves it to the back (and says it was held), a push of a new key into a
 * full cache evicts the least recently pushed one. Capacity 0 is CometBFT's {@code NopTxCache}:
 * every push is new.
 *
 * <p>The recency list is a FIFO of (id, stamp) with lazy deletion: a refresh appends a new entry
 * and leaves the old one stale; eviction pops stale entries until it finds a current one; the FIFO
 * is compacted when stale entries outnumber live ones, so every operation is amortised O(1).
 */
final class TxCache {
  private final int capacity;
  private final PagedInts stampOf = new PagedInts();
  private long[] fifo = new long[64];
  private int head;
  private int tail;
  private int size;
  private int nextStamp = 1;

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
    int held = stampOf.get(id);
    if (held == 0 && size >= capacity) {
      evictOldest();
    }
    if (nextStamp == Integer.MAX_VALUE) {
      restamp();
    }
    int stamp = nextStamp++;
    stampOf.set(id, stamp);
    append(id, stamp);
    if (held == 0) {
      size++;
    }
    return held == 0;
  }

  boolean contains(int id) {
    return capacity > 0 && stampOf.get(id) != 0;
  }

  /** Forgets {@code id} (a transaction refused after its push, so it may come again). */
  void remove(int id) {
    if (capacity > 0 && stampOf.get(id) != 0) {
      stampOf.set(id, 0);
      size--;
    }
  }

  int size() {
    return size;
  }

  private void evictOldest() {
    while (head < tail) {
      long e = fifo[head++];
      int id = (int) (e >>> 32);
      if (stampOf.get(id) == (int) e) {
        stampOf.set(id, 0);
        size--;
        return;
      }
    }
  }

  private void append(int id, int stamp) {
    if (tail == fifo.length) {
      if (tail - head > 2 * size + 64) {
        compact();
      }
      if (tail - head > fifo.length / 2) {
        fifo = java.util.Arrays.copyOfRange(fifo, head, head + fifo.length * 2);
      } else {
        System.arraycopy(fifo, head, fifo, 0, tail - head);
      }
      tail -= head;
      head = 0;
    }
    fifo[tail++] = ((long) id << 32) | (stamp & 0xFFFFFFFFL);
  }

  /** Drops the stale entries, keeping the live ones in recency order. */
  private void compact() {
    int out = head;
    for (int i = head; i < tail; i++) {
      long e = fifo[i];
      if (stampOf.get((int) (e >>> 32)) == (int) e) {
        fifo[out++] = e;
      }
    }
    tail = out;
  }

  /** Renumbers the live entries 1.. in recency order (after 2^31 pushes). */
  private void restamp() {
    compact();
    nextStamp = 1;
    for (int i = head; i < tail; i++) {
      int id = (int) (fifo[i] >>> 32);
      int stamp = nextStamp++;
      stampOf.set(id, stamp);
      fifo[i] = ((long) id << 32) | stamp;
    }
  }
}
