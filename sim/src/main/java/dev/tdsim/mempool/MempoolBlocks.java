package dev.tdsim.mempool;

import dev.tdsim.timing.CpuWork;
import dev.tdsim.workload.BlockTxs;
import dev.tdsim.workload.TxBatch;
import dev.tdsim.workload.TxPool;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Blocks from the validators' mempools, within the consensus limits of transactions and of bytes
 * of sealed transactions: reaped from the proposer's own mempool, or made of the batches a
 * protocol pulled from its validators' mempools ({@link #carry}, Quorum Store). A validator
 * checks at validation only the block's transactions it did not admit itself (none of a block
 * made of batches: each validator checked a batch when it came).
 */
public final class MempoolBlocks implements BlockTxs, TxPool {
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
    int[] ids = mempools.carried(height) ? mempools.block(height) : null;
    if (ids == null) {
      if (proposer < 0) {
        throw new IllegalStateException("a mempool's block is reaped by its proposer");
      }
      ids = mempools.reap(height, proposer, maxBlockTxs, maxBlockBytes);
    }
    List<byte[]> payloads = new ArrayList<>(ids.length);
    for (int id : ids) {
      payloads.add(real ? mempools.payload(id) : new byte[mempools.payloadBytes(id)]);
    }
    return payloads;
  }

  @Override
  public int uncheckedTxs(int height, int validator, int blockTxs) {
    return mempools.carried(height) ? 0 : mempools.uncheckedTxs(height, validator);
  }

  @Override
  public void committed(int validator, int height) {
    mempools.committed(validator, height);
  }

  @Override
  public Optional<TxPool> pool() {
    return Optional.of(this);
  }

  @Override
  public List<TxBatch> pull(int author, int maxTxs, long maxBytes, int batchTxs,
      long batchBytes) {
    return mempools.pull(author, maxTxs, maxBytes, batchTxs, batchBytes);
  }

  @Override
  public int carry(int height, int[] candidates) {
    return mempools.carry(height, candidates, maxBlockTxs, maxBlockBytes);
  }

  @Override
  public CpuWork checkBatch(int validator, int handle) {
    return mempools.checkBatch(validator, handle);
  }
}
