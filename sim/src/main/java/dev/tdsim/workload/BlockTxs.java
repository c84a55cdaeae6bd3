package dev.tdsim.workload;

import java.util.List;
import java.util.Optional;

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

  /**
   * The validators' mempools, when transactions wait there to be pulled into batches; empty when
   * blocks are cut without them.
   */
  default Optional<TxPool> pool() {
    return Optional.empty();
  }
}
