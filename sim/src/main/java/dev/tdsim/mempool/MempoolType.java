package dev.tdsim.mempool;

/** CometBFT's {@code mempool.type} (YAML: the name in lower case). */
public enum MempoolType {
  /** The clist mempool: CheckTx, the cache, and gossip to every peer. */
  FLOOD,
  /**
   * No mempool: transactions are not stored or gossiped; blocks are cut from the workload as if
   * the application disseminated them (CometBFT's {@code nop}, for applications that do it in
   * PrepareProposal).
   */
  NOP
}
