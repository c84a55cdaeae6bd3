package dev.tdsim.faults;

import dev.tdsim.consensus.Block;
import dev.tdsim.consensus.BlockSource;
import dev.tdsim.timing.CpuWork;
import dev.tdsim.workload.TxBatch;
import dev.tdsim.workload.TxPool;
import java.util.List;
import java.util.Optional;

/**
 * The block source consensus sees when validators are slow for the whole run: their block
 * validation comes from the hardware model, whose speed the runner already divided by their
 * constant CPU factor, while the protocol multiplies every CPU cost by the factor itself; this
 * divides validation (and the proposer's block building) back so it is slowed once.
 */
public final class FaultyBlocks implements BlockSource {
  private final BlockSource blocks;
  private final FaultPlan plan;

  public FaultyBlocks(BlockSource blocks, FaultPlan plan) {
    this.blocks = blocks;
    this.plan = plan;
  }

  @Override
  public Block blockFor(int height, int round, int proposer) {
    // Building the block (a design's digest) is CPU work too: slowed once, like validation.
    Block b = blocks.blockFor(height, round, proposer);
    double f = plan.constantCpuFactor(proposer);
    return f == 1 || b.buildNanos() == 0 ? b
        : new Block(b.height(), b.txCount(), b.bytes(), Math.round(b.buildNanos() / f));
  }

  @Override
  public Transactions pendingTransactions(int height) {
    return blocks.pendingTransactions(height);
  }

  /** A batch's check is crypto on the validator's cores: slowed once, like validation. */
  @Override
  public Optional<TxPool> pool() {
    return blocks.pool().map(pool -> new TxPool() {
      @Override
      public List<TxBatch> pull(int author, int maxTxs, long maxBytes, int batchTxs,
          long batchBytes) {
        return pool.pull(author, maxTxs, maxBytes, batchTxs, batchBytes);
      }

      @Override
      public int carry(int height, int[] candidates) {
        return pool.carry(height, candidates);
      }

      @Override
      public CpuWork checkBatch(int validator, int handle) {
        CpuWork w = pool.checkBatch(validator, handle);
        double f = plan.constantCpuFactor(validator);
        return f == 1 ? w
            : new CpuWork(Math.round(w.singleCoreNanos() / f), w.parallelUnits(), w.scaling());
      }
    });
  }

  @Override
  public void whenMayPropose(int proposer, int height, Runnable propose) {
    blocks.whenMayPropose(proposer, height, propose);
  }

  @Override
  public boolean accepts(int height, int round, int proposer, int validator) {
    return blocks.accepts(height, round, proposer, validator);
  }

  @Override
  public long validationNanos(int height, int validator) {
    long nanos = blocks.validationNanos(height, validator);
    double f = plan.constantCpuFactor(validator);
    return f == 1 ? nanos : Math.round(nanos / f);
  }
}
