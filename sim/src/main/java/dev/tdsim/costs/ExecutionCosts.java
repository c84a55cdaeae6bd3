package dev.tdsim.costs;

import java.util.Locale;

/**
 * What a validator pays, besides signatures and network, to decide and apply a height as CometBFT
 * does: executing the block in the application (ABCI {@code FinalizeBlock} and {@code Commit})
 * and making its own signed messages durable before they leave (consensus WAL and privval
 * sign-state writes, each a synchronous disk write). Defaults and their sources are in
 * docs/COSTS.md.
 *
 * <p>What CometBFT v0.38 syncs (consensus/state.go, consensus/wal.go, privval/file.go):
 * <ul>
 *   <li>before signing a vote or proposal, {@code wal.FlushAndSync()} (one fsync);
 *   <li>the file signer's last-sign-state is written with {@code O_SYNC} before the signature is
 *       returned (one synchronous write; absent with a remote signer);
 *   <li>the signed vote or proposal, taken from the internal queue, is written with
 *       {@code wal.WriteSync} (one fsync) before it is processed and gossiped;
 *   <li>each of the proposer's own block parts too ({@code WriteSync}; CometBFT after v0.38 writes
 *       them buffered, PR #5695);
 *   <li>after a height is committed and its block saved, {@code EndHeightMessage} with
 *       {@code WriteSync} (one fsync) before the block is applied.
 * </ul>
 * Messages from peers and timeouts are written buffered (no fsync) and cost nothing here.
 *
 * @param executionPerTxNanos application time per transaction of a block, ns (>= 0)
 * @param executionPerBlockNanos application time per block regardless of its transactions
 *     (FinalizeBlock's fixed part and Commit), ns (>= 0)
 * @param walFsyncNanos one synchronous write of a small record to the node's disk, ns (>= 0)
 * @param walFsyncBlockParts whether the proposer syncs each own block part (v0.38: true)
 * @param privvalFsync whether a synchronous sign-state write precedes each own signature (the
 *     file signer, CometBFT's default: true; false for a remote signer)
 */
public record ExecutionCosts(long executionPerTxNanos, long executionPerBlockNanos,
    long walFsyncNanos, boolean walFsyncBlockParts, boolean privvalFsync) {

  /** Scenario keys, as the lead is to add them under {@code consensus:}. */
  public static final String KEY_EXECUTION_PER_TX = "consensus.execution_per_tx";
  public static final String KEY_EXECUTION_PER_BLOCK = "consensus.execution_per_block";
  public static final String KEY_WAL_FSYNC = "consensus.wal_fsync";
  public static final String KEY_WAL_FSYNC_BLOCK_PARTS = "consensus.wal_fsync_block_parts";
  public static final String KEY_PRIVVAL_FSYNC = "consensus.privval_fsync";

  /** A bound that catches unit mistakes (a 2 s fsync meant as 2 ms): one minute. */
  public static final long MAX_NANOS = 60_000_000_000L;

  /**
   * CometBFT's kvstore application (the one its QA testnets run) on a cloud SSD volume: 4 us per
   * transaction, no separate per-block cost, 2 ms per fsync, v0.38 syncing, file signer. Sources
   * in docs/COSTS.md.
   */
  public static final ExecutionCosts DEFAULTS =
      new ExecutionCosts(4_000L, 0L, 2_000_000L, true, true);

  /** No execution and no disk cost: the model before issue 7. */
  public static final ExecutionCosts NONE = new ExecutionCosts(0L, 0L, 0L, false, false);

  public ExecutionCosts {
    check(KEY_EXECUTION_PER_TX, executionPerTxNanos);
    check(KEY_EXECUTION_PER_BLOCK, executionPerBlockNanos);
    check(KEY_WAL_FSYNC, walFsyncNanos);
  }

  private static void check(String key, long nanos) {
    if (nanos < 0 || nanos > MAX_NANOS) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s must be in [0, 60s], got %d ns", key, nanos));
    }
  }

  /** Application time to execute and commit a block of {@code txs} transactions, ns. */
  public long blockExecutionNanos(int txs) {
    if (txs < 0) {
      throw new IllegalArgumentException("transactions must be >= 0, got " + txs);
    }
    return Math.addExact(executionPerBlockNanos, Math.multiplyExact(executionPerTxNanos, txs));
  }

  /** Synchronous disk writes between deciding to sign a vote or proposal and sending it. */
  public int syncsPerSignedMessage() {
    return walFsyncNanos == 0 ? 0 : (privvalFsync ? 3 : 2);
  }

  /**
   * Disk time between deciding to sign one own vote or proposal and gossiping it, ns: WAL flush
   * before signing, the file signer's sign-state write, and the WAL write of the signed message.
   */
  public long signedMessageDurabilityNanos() {
    return syncsPerSignedMessage() * walFsyncNanos;
  }

  /** Disk time of the proposer's own block parts before they are gossiped, ns. */
  public long ownBlockPartsDurabilityNanos(int parts) {
    if (parts < 0) {
      throw new IllegalArgumentException("block parts must be >= 0, got " + parts);
    }
    return walFsyncBlockParts ? Math.multiplyExact(walFsyncNanos, (long) parts) : 0L;
  }

  /** The EndHeight record's fsync after a commit, before the block is applied, ns. */
  public long endHeightNanos() {
    return walFsyncNanos;
  }
}
