package dev.tdsim.engine;

import java.util.Arrays;

/**
 * One broadcast as one queue entry (the trick of Wittgenstein's {@code MultipleDestEnvelope}): the
 * receivers sorted by (arrival time, receiver index), and a cursor. The loop delivers the receiver
 * under the cursor, then re-keys the same queue entry to the next receiver's arrival time, so a
 * broadcast to V receivers costs one queue entry, one array of V longs and V cheap re-keys instead
 * of V entries and V lambdas.
 *
 * <p>Sorting: each (delay, receiver) pair is packed into one {@code long} (delay in the high bits,
 * receiver index in the low {@code ceil(log2 V)} bits) and the packed keys are sorted with the
 * primitive {@link Arrays#sort(long[])}: ascending packed keys are exactly ascending (delay,
 * index), no comparator, no boxing; the sorted keys are then read as they are, not unpacked into
 * two arrays (half the memory with thousands of broadcasts in flight). A delay too large to pack
 * (above 2^(63 - bits) ns, i.e. over 52 days at V = 2048) falls back to a boxed index sort, which
 * is slower but gives the same order.
 */
final class Fanout implements Event {

  final FanoutTarget target;
  private final long sentNanos;
  /**
   * The sorted packed (delay, receiver) keys; after the fallback sort (bits = -1) the delays
   * and receivers alternate instead.
   */
  private final long[] keys;
  private final int bits;
  private final long mask;
  private final int count;
  private int cursor;

  private Fanout(FanoutTarget target, long sentNanos, long[] keys, int bits, int count) {
    this.target = target;
    this.sentNanos = sentNanos;
    this.keys = keys;
    this.bits = bits;
    this.mask = (1L << bits) - 1;
    this.count = count;
  }

  /**
   * The deliverable receivers of {@code delays} (a delay of {@link Long#MAX_VALUE} or below 0
   * means never delivered) in (delay, index) order, or null when none is deliverable.
   */
  static Fanout of(long sentNanos, long[] delays, FanoutTarget target) {
    int n = delays.length;
    int bits = n <= 1 ? 1 : 64 - Long.numberOfLeadingZeros(n - 1);
    long packLimit = 1L << (63 - bits);
    long[] packed = new long[n];
    int count = 0;
    boolean packable = true;
    for (int i = 0; i < n; i++) {
      long d = delays[i];
      if (d < 0 || d == Long.MAX_VALUE) {
        continue;
      }
      if (sentNanos + d < sentNanos) {
        throw new IllegalArgumentException("delaysNanos[" + i + "]=" + d
            + " overflows the clock at nowNanos=" + sentNanos);
      }
      if (d >= packLimit) {
        packable = false;
      }
      packed[count++] = (d << bits) | i;
    }
    if (count == 0) {
      return null;
    }
    if (packable) {
      Arrays.sort(packed, 0, count);
      return new Fanout(target, sentNanos, packed, bits, count);
    }
    Integer[] order = new Integer[count];
    int k = 0;
    for (int i = 0; i < n; i++) {
      if (delays[i] >= 0 && delays[i] != Long.MAX_VALUE) {
        order[k++] = i;
      }
    }
    Arrays.sort(order, (a, b) -> delays[a] != delays[b]
        ? Long.compare(delays[a], delays[b]) : Integer.compare(a, b));
    long[] pairs = new long[2 * count];
    for (k = 0; k < count; k++) {
      pairs[2 * k] = delays[order[k]];
      pairs[2 * k + 1] = order[k];
    }
    return new Fanout(target, sentNanos, pairs, -1, count);
  }

  long firstNanos() {
    return delayAt(0) + sentNanos;
  }

  /** Returns the receiver under the cursor and moves the cursor on. */
  int next() {
    int k = cursor++;
    return bits >= 0 ? (int) (keys[k] & mask) : (int) keys[2 * k + 1];
  }

  boolean hasNext() {
    return cursor < count;
  }

  /** The arrival time of the receiver under the cursor; only valid when {@link #hasNext()}. */
  long nextNanos() {
    return sentNanos + delayAt(cursor);
  }

  private long delayAt(int k) {
    return bits >= 0 ? keys[k] >>> bits : keys[2 * k];
  }

  @Override
  public void fire(Simulation sim) {
    throw new AssertionError("a fanout is delivered by the loop, receiver by receiver");
  }
}
