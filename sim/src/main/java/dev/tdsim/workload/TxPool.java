package dev.tdsim.workload;

import dev.tdsim.timing.CpuWork;
import java.util.List;

/**
 * Transactions waiting in the validators' own mempools, for a protocol that pulls them into
 * batches ahead of its proposals (Jolteon's Quorum Store) and names the batches each block
 * carries.
 */
public interface TxPool {
  /**
   * {@code author} pulls from its own mempool, front to back, up to {@code maxTxs} transactions
   * and {@code maxBytes} of them that it has not pulled before, cut into batches of at most
   * {@code batchTxs} transactions and {@code batchBytes} bytes (transactions sealed for one
   * height go into batches of their own).
   */
  List<TxBatch> pull(int author, int maxTxs, long maxBytes, int batchTxs, long batchBytes);

  /**
   * {@code height}'s block will carry, in this order, the first of {@code candidates} (pulled
   * batches' handles) that fit the block's limits, stopping at the first that does not; returns
   * how many it takes. Called once, before the block is cut.
   */
  int carry(int height, int[] candidates);

  /**
   * The work {@code validator} does to check a batch it receives from another validator (the
   * design's validity check of each of its sealed transactions).
   */
  CpuWork checkBatch(int validator, int handle);
}
