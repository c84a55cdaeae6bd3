package dev.tdsim.mempool;

import dev.tdsim.random.RandomStreams;
import java.util.Arrays;

/**
 * Every transaction clients submitted in a run, by id (0, 1, ... in submission order): when, where,
 * its size, and the first block that included it. A payload's bytes are drawn from its own seeded
 * stream when a block that holds it is really sealed, so nothing is stored per transaction but a
 * few numbers.
 */
final class TxTable {
  private final RandomStreams streams;
  private final long overheadBytes;
  private long[] submitNanos = new long[1024];
  private int[] payloadBytes = new int[1024];
  private int[] firstHeight = new int[1024];
  private int count;

  /** @param overheadBytes what sealing adds to a payload (the design's ciphertext overhead) */
  TxTable(RandomStreams streams, long overheadBytes) {
    this.streams = streams;
    this.overheadBytes = overheadBytes;
  }

  int add(long atNanos, int payload) {
    if (count == submitNanos.length) {
      int n = count * 2;
      submitNanos = Arrays.copyOf(submitNanos, n);
      payloadBytes = Arrays.copyOf(payloadBytes, n);
      firstHeight = Arrays.copyOf(firstHeight, n);
    }
    submitNanos[count] = atNanos;
    payloadBytes[count] = payload;
    return count++;
  }

  int count() {
    return count;
  }

  long submitNanos(int id) {
    return submitNanos[id];
  }

  int payloadBytes(int id) {
    return payloadBytes[id];
  }

  /** The sealed transaction's size: what mempools count and blocks carry. */
  int txBytes(int id) {
    return (int) Math.min(Integer.MAX_VALUE, payloadBytes[id] + overheadBytes);
  }

  /** The height of the first block that included it, or 0. */
  int firstHeight(int id) {
    return firstHeight[id];
  }

  void included(int id, int height) {
    if (firstHeight[id] == 0) {
      firstHeight[id] = height;
    }
  }

  /** The payload's bytes, the same every time they are asked for. */
  byte[] payload(int id) {
    byte[] b = new byte[payloadBytes[id]];
    streams.stream("tx-payload", id).nextBytes(b);
    return b;
  }
}
