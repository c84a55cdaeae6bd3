package dev.tdsim.mempool;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * What the mempools did in a run: the clients' transactions and each validator's mempool.
 *
 * @param submitted transactions clients submitted (payloads; a payload sealed again counts once)
 * @param resealed transactions a client sealed again for a later height because the block of
 *     the height it sealed for left them out (designs that seal to a height)
 * @param refusedAtEntry of those, refused by a full mempool at their entry validator (the client
 *     got {@code ErrMempoolIsFull}; the transaction is lost)
 * @param tooLarge of those, refused because the sealed transaction is above {@code
 *     max_tx_bytes} (a size distribution's tail)
 * @param skippedWhileStalled submissions skipped while the chain made no block (clients wait)
 * @param reincluded transactions included in a block again after an earlier block (a validator's
 *     cache forgot them and gossip brought them back, as CometBFT's QA saw with a small cache)
 * @param submitNanos each client transaction's first submission, by transaction
 * @param firstHeight the height whose block first carried it (any of its sealings), 0 if none
 * @param validators each validator's mempool, by index
 * @param flushes connection flushes that carried transactions (one per validator per window)
 * @param fullHeights heights whose block a limit (transactions or bytes) cut short, ascending
 */
public record MempoolStats(long submitted, long resealed, long refusedAtEntry, long tooLarge,
    long skippedWhileStalled,
    long reincluded, long[] submitNanos, int[] firstHeight, List<Validator> validators,
    long flushes, int[] fullHeights) {

  /**
   * One validator's mempool.
   *
   * @param heldAtEnd transactions held when the run ended
   * @param maxHeld the most held at once
   * @param meanHeld the time average of the transactions held
   * @param cpuShare the share of its cores' time (at its speed) that CheckTx and rechecks took
   * @param admissionCpuNanos single-core CPU time of CheckTx (the design's check and the
   *     application's) on the machine running tdsim, before the validator's speed
   * @param recheckCpuNanos the same for rechecks after commits
   * @param gossipBytesSent bytes of transaction messages it sent to its peers
   * @param gossipTxsSent transaction messages it sent
   * @param duplicatesReceived transactions it received again (held or cached)
   * @param refusedFull transactions it refused because its mempool was full
   */
  public record Validator(int heldAtEnd, int maxHeld, double meanHeld, double cpuShare,
      long admissionCpuNanos,
      long recheckCpuNanos, long gossipBytesSent, long gossipTxsSent, long duplicatesReceived,
      long refusedFull) {}

  public MempoolStats {
    submitNanos = submitNanos.clone();
    firstHeight = firstHeight.clone();
    validators = List.copyOf(validators);
    fullHeights = fullHeights.clone();
  }

  /** Client transactions submitted within {@code windowNanos} before the last submission. */
  public long submittedWithin(long windowNanos) {
    long last = Arrays.stream(submitNanos).max().orElse(0);
    return Arrays.stream(submitNanos).filter(t -> t >= last - windowNanos).count();
  }

  /** When the first client transaction was submitted (0 without any). */
  public long firstSubmitNanos() {
    return Arrays.stream(submitNanos).min().orElse(0);
  }

  /** Client transactions first submitted in ({@code fromNanos}, {@code toNanos}]. */
  public long submittedBetween(long fromNanos, long toNanos) {
    return Arrays.stream(submitNanos).filter(t -> t > fromNanos && t <= toNanos).count();
  }

  /** Client transactions first carried by a block of a height in ({@code from}, {@code to}]. */
  public long carriedBetween(int from, int to) {
    return Arrays.stream(firstHeight).filter(h -> h > from && h <= to).count();
  }

  /** Whether every height in ({@code from}, {@code to}] had its block cut short by a limit. */
  public boolean fullBetween(int from, int to) {
    return Arrays.stream(fullHeights).filter(h -> h > from && h <= to).count() == to - from;
  }

  /** Transactions that made it into a block. */
  public long included() {
    return Arrays.stream(firstHeight).filter(h -> h > 0).count();
  }

  /**
   * Sorted latencies (ns) from submission to {@code heightNanos} of the height that first
   * included each transaction; heights whose time is negative (not reached) are left out.
   */
  public long[] latencies(IntToLongFunction heightNanos) {
    long[] out = new long[firstHeight.length];
    int n = 0;
    for (int id = 0; id < firstHeight.length; id++) {
      if (firstHeight[id] > 0) {
        long t = heightNanos.applyAsLong(firstHeight[id]);
        if (t >= 0) {
          out[n++] = t - submitNanos[id];
        }
      }
    }
    out = Arrays.copyOf(out, n);
    Arrays.sort(out);
    return out;
  }
}
