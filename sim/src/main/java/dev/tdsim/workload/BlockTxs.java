package dev.tdsim.workload;

import dev.tdsim.timing.CpuWork;
import java.util.List;

/**
 * Where a block's transactions come from: the workload cut per block as clients' arrivals (no
 * mempool), or the proposer's own mempool.
 */
@FunctionalInterface
public interface BlockTxs {
  /**
   * The payloads of the block {@code proposer} (-1: not known yet) cuts for {@code height} at
   * {@code nowNanos}; their bytes matter only when {@code real} (the block is really sealed),
   * otherwise only their sizes.
   */
  List<byte[]> cut(int height, int proposer, long nowNanos, boolean real);

  /**
   * How many of {@code height}'s {@code blockTxs} transactions {@code validator} did not check
   * before the block came (it checks those when it validates the block): all of them when
   * nothing is admitted ahead of blocks.
   */
  default int uncheckedTxs(int height, int validator, int blockTxs) {
    return blockTxs;
  }

  /** {@code validator} committed {@code height} (a mempool updates itself). */
  default void committed(int validator, int height) {}

  /** Whether transactions wait in the validators' own mempools, to be pulled into batches. */
  default boolean pooled() {
    return false;
  }

  /**
   * {@code author} pulls from its own mempool, front to back, up to {@code maxTxs} transactions
   * and {@code maxBytes} of them that it has not pulled before, cut into batches of at most
   * {@code batchTxs} transactions and {@code batchBytes} bytes (transactions sealed for one
   * height go into batches of their own).
   *
   * @throws UnsupportedOperationException from a source without mempools ({@link #pooled})
   */
  default List<TxBatch> pull(int author, int maxTxs, long maxBytes, int batchTxs,
      long batchBytes) {
    throw new UnsupportedOperationException("transactions are not pooled");
  }

  /**
   * {@code height}'s block will carry, in this order, the first of {@code candidates} (pulled
   * batches' handles) that fit the block's limits, stopping at the first that does not; returns
   * how many it takes. Called once, before the block is cut.
   *
   * @throws UnsupportedOperationException from a source without mempools ({@link #pooled})
   */
  default int carry(int height, int[] candidates) {
    throw new UnsupportedOperationException("transactions are not pooled");
  }

  /**
   * The work {@code validator} does to check a batch it receives from another validator (the
   * design's validity check of each of its sealed transactions).
   *
   * @throws UnsupportedOperationException from a source without mempools ({@link #pooled})
   */
  default CpuWork checkBatch(int validator, int handle) {
    throw new UnsupportedOperationException("transactions are not pooled");
  }
}
