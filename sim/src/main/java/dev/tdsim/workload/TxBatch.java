package dev.tdsim.workload;

/**
 * A batch of transactions a validator pulled from its own mempool for a protocol that spreads
 * transactions ahead of proposals (Jolteon's Quorum Store): the source names it by {@code handle}
 * when a block carries it.
 *
 * @param handle the source's name of the batch, >= 0
 * @param count its transactions, >= 1
 * @param bytes their sealed bytes, >= 1
 * @param forHeight the one height whose block may carry it (its transactions are sealed for that
 *     height), or 0 for any
 */
public record TxBatch(int handle, int count, long bytes, int forHeight) {
  public TxBatch {
    if (handle < 0 || count < 1 || bytes < 1 || forHeight < 0) {
      throw new IllegalArgumentException("a batch needs a handle >= 0, transactions and bytes,"
          + " and a height >= 0");
    }
  }

  /** Whether the block of {@code height} may carry this batch. */
  public boolean fits(int height) {
    return forHeight == 0 || forHeight == height;
  }
}
