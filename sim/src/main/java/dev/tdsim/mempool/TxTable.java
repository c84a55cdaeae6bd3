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
  private int[] targetHeight = new int[1024];
  private int[] entry = new int[1024];
  /** The first submission of the same payload (itself unless sealed again). */
  private int[] origin = new int[1024];
  private int count;
  private int resealed;

  /** @param overheadBytes what sealing adds to a payload (the design's ciphertext overhead) */
  TxTable(RandomStreams streams, long overheadBytes) {
    this.streams = streams;
    this.overheadBytes = overheadBytes;
  }

  /**
   * A client's new transaction, submitted to {@code entryValidator} at {@code atNanos}, sealed for
   * {@code target} (0: any height).
   */
  int add(long atNanos, int entryValidator, int payload, int target) {
    if (count == submitNanos.length) {
      int n = count * 2;
      submitNanos = Arrays.copyOf(submitNanos, n);
      payloadBytes = Arrays.copyOf(payloadBytes, n);
      firstHeight = Arrays.copyOf(firstHeight, n);
      targetHeight = Arrays.copyOf(targetHeight, n);
      entry = Arrays.copyOf(entry, n);
      origin = Arrays.copyOf(origin, n);
    }
    origin[count] = count;
    submitNanos[count] = atNanos;
    entry[count] = entryValidator;
    payloadBytes[count] = payload;
    targetHeight[count] = target;
    return count++;
  }

  /**
   * {@code id}'s payload sealed again for {@code target} (a new transaction, submitted again by
   * its client to the same entry); its latency still counts from the first submission.
   */
  int reseal(int id, int target) {
    resealed++;
    int again = add(submitNanos[id], entry[id], payloadBytes[id], target);
    origin[again] = origin[id];
    return again;
  }

  /** The transaction whose payload {@code id} seals (itself unless sealed again). */
  int origin(int id) {
    return origin[id];
  }

  /** Transactions that are a payload sealed again. */
  int resealed() {
    return resealed;
  }

  /** The height it is sealed for, or 0 for any. */
  int targetHeight(int id) {
    return targetHeight[id];
  }

  int entry(int id) {
    return entry[id];
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
    streams.stream("tx-payload", origin[id]).nextBytes(b);
    return b;
  }
}
