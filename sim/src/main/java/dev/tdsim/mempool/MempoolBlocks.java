package dev.tdsim.mempool;

import dev.tdsim.workload.BlockTxs;
import java.util.ArrayList;
import java.util.List;

/**
 * Blocks reaped from the proposer's mempool: up to the consensus limits of transactions and of
 * bytes of sealed transactions; a validator checks at validation only the block's transactions it
 * did not admit itself.
 */
public final class MempoolBlocks implements BlockTxs {
  private final Mempools mempools;
  private final int maxBlockTxs;
  private final long maxBlockBytes;

  public MempoolBlocks(Mempools mempools, int maxBlockTxs, long maxBlockBytes) {
    this.mempools = mempools;
    this.maxBlockTxs = maxBlockTxs;
    this.maxBlockBytes = maxBlockBytes;
  }

  @Override
  public List<byte[]> cut(int height, int proposer, long nowNanos, boolean real) {
    if (proposer < 0) {
      throw new IllegalStateException("a mempool's block is reaped by its proposer");
    }
    int[] ids = mempools.reap(height, proposer, maxBlockTxs, maxBlockBytes);
    List<byte[]> payloads = new ArrayList<>(ids.length);
    for (int id : ids) {
      payloads.add(real ? mempools.payload(id) : new byte[mempools.payloadBytes(id)]);
    }
    return payloads;
  }

  @Override
  public int uncheckedTxs(int height, int validator, int blockTxs) {
    return mempools.uncheckedTxs(height, validator);
  }

  @Override
  public void committed(int validator, int height) {
    mempools.committed(validator, height);
  }
}
