package dev.tdsim.consensus;

/**
 * The most a block may carry by a protocol's own default: a scenario's {@code
 * consensus.max_block_txs} and {@code max_block_bytes} replace them.
 *
 * @param maxTxs transactions (messages) per block, >= 1
 * @param maxBytes bytes of transactions per block, >= 1
 */
public record BlockLimits(int maxTxs, long maxBytes) {
  public BlockLimits {
    if (maxTxs < 1 || maxBytes < 1) {
      throw new IllegalArgumentException("block limits must be positive: " + maxTxs + " txs, "
          + maxBytes + " B");
    }
  }
}
