package dev.tdsim.mempool;

import java.util.Arrays;

/**
 * One validator's mempool as CometBFT's {@code CListMempool} keeps it: the admitted transactions
 * in arrival order (the list its reactor's per-peer routines walk and its proposer reaps front to
 * back), each with the peers it came from (its {@code senders}, which those routines skip) and
 * the mempool height it was added at; the {@code size} and {@code max_txs_bytes} limits (a full
 * mempool refuses, it never evicts); and the key cache ({@link TxCache}).
 *
 * <p>The list is a log of transaction ids addressed by absolute position: a removed transaction
 * stays in the log until every reader has passed it ({@link #dropBefore}), as a removed clist
 * element keeps its next pointer. Held transactions live in slots (at most {@code size} of them),
 * each with a bit set of the peers (by their index in this validator's peer list) that sent it.
 */
final class ValidatorMempool {
  private final int sizeLimit;
  private final long bytesLimit;
  private final int senderWords;
  final TxCache cache;
  /** Transaction id -> slot + 1 while held. */
  private final PagedInts slotOf = new PagedInts();
  private int[] slotBytes = new int[16];
  private long[] slotSenders;
  private int[] freeSlots = new int[16];
  private int freeCount;
  private int slotsUsed;
  private int[] log = new int[64];
  private int logOffset;
  private int logLength;
  /** The absolute position of {@code log[logOffset]}. */
  private long logBase;
  private int count;
  private long bytes;
  private int maxCount;
  private long countNanosIntegral;
  private long lastChangeNanos;

  ValidatorMempool(MempoolConfig config, int peers) {
    this.sizeLimit = config.size();
    this.bytesLimit = config.maxTxsBytes();
    this.senderWords = Math.max(1, (peers + 63) >>> 6);
    this.slotSenders = new long[16 * senderWords];
    this.cache = new TxCache(config.cacheSize());
  }

  /** Whether a transaction of {@code txBytes} would not fit ({@code isFull}). */
  boolean full(int txBytes) {
    return count >= sizeLimit || bytes + txBytes > bytesLimit;
  }

  boolean holds(int id) {
    return slotOf.get(id) != 0;
  }

  /** Whether this validator has seen {@code id} (held, or remembered by its cache). */
  boolean knows(int id) {
    return holds(id) || cache.contains(id);
  }

  /**
   * Adds an admitted transaction at the back of the list, sent by the peer of index {@code
   * sender} (-1: a client).
   */
  void add(int id, int txBytes, int sender, long nowNanos) {
    if (holds(id)) {
      throw new IllegalStateException("transaction " + id + " is already held");
    }
    int slot = freeCount > 0 ? freeSlots[--freeCount] : newSlot();
    slotBytes[slot] = txBytes;
    Arrays.fill(slotSenders, slot * senderWords, (slot + 1) * senderWords, 0L);
    slotOf.set(id, slot + 1);
    if (sender >= 0) {
      addSender(id, sender);
    }
    appendToLog(id);
    changeCount(1, nowNanos);
    bytes += txBytes;
  }

  /** Records that the peer of index {@code sender} sent {@code id} too (if held). */
  void addSender(int id, int sender) {
    int slot = slotOf.get(id) - 1;
    if (slot >= 0) {
      slotSenders[slot * senderWords + (sender >>> 6)] |= 1L << (sender & 63);
    }
  }

  /** The slot of a held transaction, or -1. */
  int slot(int id) {
    return slotOf.get(id) - 1;
  }

  /** Whether the peer of index {@code peer} sent the transaction in {@code slot}. */
  boolean slotSentBy(int slot, int peer) {
    return (slotSenders[slot * senderWords + (peer >>> 6)] & (1L << (peer & 63))) != 0;
  }

  /** Removes {@code id} if held (committed, or refused by a recheck); true if it was. */
  boolean remove(int id, long nowNanos) {
    int slot = slotOf.get(id) - 1;
    if (slot < 0) {
      return false;
    }
    slotOf.set(id, 0);
    bytes -= slotBytes[slot];
    if (freeCount == freeSlots.length) {
      freeSlots = Arrays.copyOf(freeSlots, freeSlots.length * 2);
    }
    freeSlots[freeCount++] = slot;
    changeCount(-1, nowNanos);
    return true;
  }

  /** Transactions held. */
  int count() {
    return count;
  }

  long bytes() {
    return bytes;
  }

  /** The most transactions held at once. */
  int maxCount() {
    return maxCount;
  }

  /** The time integral of the count up to {@code nowNanos} (transaction-nanoseconds). */
  long countNanosIntegral(long nowNanos) {
    return countNanosIntegral + (long) count * Math.max(0, nowNanos - lastChangeNanos);
  }

  /** The absolute position of the first entry still in the log. */
  long logStart() {
    return logBase;
  }

  /** The absolute position after the last entry. */
  long logEnd() {
    return logBase + logLength;
  }

  int idAt(long position) {
    return log[logOffset + (int) (position - logBase)];
  }

  /**
   * Drops the log's entries before {@code position} that are no longer held (every reader has
   * passed them); stops at the first held one, which the proposer may still reap.
   */
  void dropBefore(long position) {
    while (logBase < position && logLength > 0 && !holds(log[logOffset])) {
      logOffset++;
      logLength--;
      logBase++;
    }
  }

  private void appendToLog(int id) {
    if (logOffset + logLength == log.length) {
      if (logLength > log.length / 2) {
        log = Arrays.copyOfRange(log, logOffset, logOffset + log.length * 2);
      } else {
        System.arraycopy(log, logOffset, log, 0, logLength);
      }
      logOffset = 0;
    }
    log[logOffset + logLength++] = id;
  }

  private int newSlot() {
    if (slotsUsed == slotBytes.length) {
      int n = slotBytes.length * 2;
      slotBytes = Arrays.copyOf(slotBytes, n);
      slotSenders = Arrays.copyOf(slotSenders, n * senderWords);
    }
    return slotsUsed++;
  }

  private void changeCount(int delta, long nowNanos) {
    countNanosIntegral = countNanosIntegral(nowNanos);
    lastChangeNanos = Math.max(lastChangeNanos, nowNanos);
    count += delta;
    maxCount = Math.max(maxCount, count);
  }
}
