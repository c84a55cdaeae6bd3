package dev.tdsim.engine;

import java.util.Arrays;

/**
 * A radix heap (Ahuja, Mehlhorn, Orlin and Tarjan, "Faster algorithms for the shortest path
 * problem", J. ACM 37(2), 1990) over (time, sequence number) entries: it relies on what the event
 * loop guarantees, that no entry is added before the last time taken out (once a run stopped at
 * a time, before the head it looked at: then every entry is re-bucketed once), and then needs no
 * comparisons between entries on the way in.
 *
 * <p>Entries whose time equals the last head time {@code last} wait in bucket 0, a small binary
 * heap ordered by sequence number ({@link HeapOps}: equal times, so the sequence decides). Every
 * other entry goes to bucket k = 1 + the position of the highest bit in which its time differs
 * from {@code last}: such a time has {@code last}'s bits above that position and a 1 where {@code
 * last} has a 0, so every entry of bucket k is later than every entry of a lower bucket. When
 * bucket 0 runs out, the lowest non-empty bucket is scanned for its earliest time, which becomes
 * {@code last}, and its entries move to lower buckets (those at the new {@code last} to bucket
 * 0). An entry moves down at most 63 times in all; on the vote pattern about four times per
 * event. An add is an append, a head change a scan of the lowest bucket, and no operation sifts
 * through the whole queue, whose unpredictable comparisons are what a binary heap of a few
 * hundred deliveries spends its time on.
 */
final class RadixQueue implements TimeQueue {
  private static final int BUCKETS = 64;

  private final EventSlots slots = new EventSlots();
  /** Bucket 0: a binary heap of entries at time {@code last}, by sequence number. */
  private long[] now = new long[HeapOps.STRIDE * 64];
  private int nowSize;
  /** Buckets 1..63: unordered (time, seq, slot) triples. */
  private final long[][] buckets = new long[BUCKETS][];
  private final int[] counts = new int[BUCKETS];
  /** Bit k set: bucket k (k >= 1) is not empty. */
  private long occupied;
  /** The time of the last head: no entry is earlier. */
  private long last;
  private int size;

  RadixQueue() {
    for (int k = 1; k < BUCKETS; k++) {
      buckets[k] = new long[HeapOps.STRIDE * 16];
    }
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public void add(long timeNanos, long seq, Event event) {
    if (timeNanos < last) {
      rebase(timeNanos);
    }
    insert(timeNanos, seq, slots.take(event));
    size++;
  }

  @Override
  public long peekTime() {
    settleHead();
    return last;
  }

  @Override
  public Event peekEvent() {
    settleHead();
    return slots.get((int) now[2]);
  }

  @Override
  public Event poll() {
    settleHead();
    int slot = HeapOps.pollRoot(now, nowSize--);
    size--;
    return slots.release(slot);
  }

  @Override
  public void rekeyHead(long newTimeNanos) {
    settleHead();
    if (newTimeNanos == last) {
      HeapOps.rekeyRoot(now, nowSize, newTimeNanos);
      return;
    }
    if (newTimeNanos < last) {
      throw new IllegalArgumentException(
          "re-key to " + newTimeNanos + " ns is before the head time " + last + " ns");
    }
    long seq = now[1];
    long slot = now[2];
    HeapOps.pollRoot(now, nowSize--);
    append(bucketOf(newTimeNanos), newTimeNanos, seq, slot);
  }

  private int bucketOf(long time) {
    return BUCKETS - Long.numberOfLeadingZeros(time ^ last);
  }

  private void insert(long time, long seq, long slot) {
    if (time == last) {
      if (HeapOps.STRIDE * nowSize == now.length) {
        now = Arrays.copyOf(now, Math.multiplyExact(now.length, 2));
      }
      HeapOps.siftUp(now, nowSize++, time, seq, slot);
    } else {
      append(bucketOf(time), time, seq, slot);
    }
  }

  private void append(int k, long time, long seq, long slot) {
    long[] b = buckets[k];
    int at = HeapOps.STRIDE * counts[k];
    if (at == b.length) {
      b = Arrays.copyOf(b, Math.multiplyExact(b.length, 2));
      buckets[k] = b;
    }
    b[at] = time;
    b[at + 1] = seq;
    b[at + 2] = slot;
    counts[k]++;
    occupied |= 1L << k;
  }

  /**
   * Lowers {@code last} to {@code time}, re-bucketing every entry: O(n), and only needed when a
   * run that stopped at a time ({@link Simulation#runUntil(long)}) had already looked at a later
   * head and then something is scheduled in between.
   */
  private void rebase(long time) {
    long[] held = new long[HeapOps.STRIDE * size];
    int n = 0;
    for (int i = 0; i < HeapOps.STRIDE * nowSize; i++) {
      held[n++] = now[i];
    }
    nowSize = 0;
    for (int k = 1; k < BUCKETS; k++) {
      for (int i = 0; i < HeapOps.STRIDE * counts[k]; i++) {
        held[n++] = buckets[k][i];
      }
      counts[k] = 0;
    }
    occupied = 0;
    last = time;
    for (int i = 0; i < n; i += HeapOps.STRIDE) {
      insert(held[i], held[i + 1], held[i + 2]);
    }
  }

  /** Makes bucket 0 hold the earliest entries (the queue is not empty). */
  private void settleHead() {
    if (nowSize > 0) {
      return;
    }
    int k = Long.numberOfTrailingZeros(occupied);
    long[] b = buckets[k];
    int n = HeapOps.STRIDE * counts[k];
    long min = Long.MAX_VALUE;
    for (int i = 0; i < n; i += HeapOps.STRIDE) {
      min = Math.min(min, b[i]);
    }
    last = min;
    counts[k] = 0;
    occupied &= ~(1L << k);
    // Every entry lands in a bucket below k, so none is appended to b while it is read.
    for (int i = 0; i < n; i += HeapOps.STRIDE) {
      insert(b[i], b[i + 1], b[i + 2]);
    }
  }
}
