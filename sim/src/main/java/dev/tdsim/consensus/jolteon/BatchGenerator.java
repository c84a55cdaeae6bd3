package dev.tdsim.consensus.jolteon;

import dev.tdsim.consensus.jolteon.JolteonSettings.BatchGeneration;
import dev.tdsim.consensus.jolteon.JolteonSettings.QuorumStoreConfig;
import dev.tdsim.engine.Simulation;
import dev.tdsim.workload.TxBatch;
import java.util.List;

/**
 * One validator's Quorum Store batch generator when transactions wait in the validators' own
 * mempools (aptos-core {@code quorum_store/batch_generator.rs}): it wakes every poll interval,
 * steps its dynamic pull rate by the back pressure the proofs waiting to be ordered put on it,
 * and pulls from its mempool what it has not batched yet ({@link BatchGeneration}); each batch
 * then goes the Quorum Store way (broadcast, signatures, proof of store).
 *
 * <p>Its clock starts at a phase drawn per validator (nodes do not start in lockstep); it stops
 * once every height of the run has its block's batches. A crashed validator pulls nothing.
 */
final class BatchGenerator {
  private final QuorumStore store;
  private final Simulation sim;
  private final QuorumStoreConfig config;
  private final BatchGeneration generation;
  private final int author;
  private final long proofLimit;
  private long lastNonEmptyPullNanos;
  private long lastDecreaseNanos;
  private long lastIncreaseNanos;
  private long txnPerS;

  BatchGenerator(QuorumStore store, Simulation sim, QuorumStoreConfig config, int author,
      int validators) {
    this.store = store;
    this.sim = sim;
    this.config = config;
    this.generation = config.generation();
    this.author = author;
    this.proofLimit = (long) generation.backlogPerValidatorBatchLimitCount() * validators;
    this.txnPerS = ((long) generation.dynamicMinTxnPerS() + generation.dynamicMaxTxnPerS()) / 2;
  }

  /** Starts the clock at {@code startNanos} plus {@code phaseNanos}. */
  void start(long startNanos, long phaseNanos) {
    lastNonEmptyPullNanos = startNanos;
    lastDecreaseNanos = startNanos;
    lastIncreaseNanos = startNanos;
    sim.schedule(startNanos + phaseNanos, s -> tick());
  }

  private void tick() {
    if (store.allHeightsCarried()) {
      return;
    }
    long now = sim.nowNanos();
    if (!store.down(author)) {
      stepRate(now);
      long since = Math.min(now - lastNonEmptyPullNanos, generation.maxIntervalNanos());
      boolean proofsBackedUp = store.proofsWaiting() > proofLimit;
      if ((!proofsBackedUp && since >= generation.minNonEmptyIntervalNanos())
          || since == generation.maxIntervalNanos()) {
        long due = Math.max(1, txnPerS * since / 1_000_000_000L);
        List<TxBatch> pulled = store.pull(author,
            (int) Math.min(due, generation.senderMaxTotalTxns()),
            BatchGeneration.SENDER_MAX_TOTAL_BYTES, config.senderMaxBatchTxns(),
            config.senderMaxBatchBytes());
        if (!pulled.isEmpty()) {
          lastNonEmptyPullNanos = now;
          for (TxBatch b : pulled) {
            store.broadcastPulled(author, b);
          }
        }
      }
    }
    sim.schedule(now + generation.pollIntervalNanos(), s -> tick());
  }

  /**
   * Halves the rate at most once a second while transactions back up in proofs, else raises it
   * at most once a second (two clocks, as Aptos keeps them).
   */
  private void stepRate(long now) {
    if (store.txnsWaiting() > config.backlogTxnLimitCount()) {
      if (now - lastDecreaseNanos >= BatchGeneration.RATE_STEP_NANOS) {
        lastDecreaseNanos = now;
        txnPerS = Math.max((long) (txnPerS * BatchGeneration.DECREASE_FRACTION),
            generation.dynamicMinTxnPerS());
      }
    } else if (now - lastIncreaseNanos >= BatchGeneration.RATE_STEP_NANOS) {
      lastIncreaseNanos = now;
      txnPerS = Math.min(txnPerS + BatchGeneration.ADDITIVE_INCREASE_TXN_PER_S,
          generation.dynamicMaxTxnPerS());
    }
  }

  /** The pull rate now, transactions per second. */
  long txnPerS() {
    return txnPerS;
  }
}
