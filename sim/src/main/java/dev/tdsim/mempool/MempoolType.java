package dev.tdsim.mempool;

/** CometBFT's {@code mempool.type} (YAML: the name in lower case). */
public enum MempoolType {
  /** The clist mempool: CheckTx, the cache, and gossip to every peer. */
  FLOOD {
    @Override
    public boolean fillsBlocks() {
      return true;
    }
  },
  /**
   * No mempool: transactions are not stored or gossiped; blocks are cut from the workload as if
   * the application disseminated them (CometBFT's {@code nop}, for applications that do it in
   * PrepareProposal).
   */
  NOP {
    @Override
    public boolean fillsBlocks() {
      return false;
    }
  };

  /**
   * Whether blocks take what the proposer's mempool holds (so the mempools are simulated and
   * {@code workload.msgs_per_block} must be {@code auto}).
   */
  public abstract boolean fillsBlocks();
}
