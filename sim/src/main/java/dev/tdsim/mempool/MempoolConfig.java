package dev.tdsim.mempool;

/**
 * Each validator's mempool, as CometBFT's {@code [mempool]} configuration spells it (YAML section
 * {@code mempool}; absent: no mempool is simulated and blocks are cut from the workload as before).
 * Defaults are CometBFT v1.0's ({@code config.DefaultMempoolConfig}), except where a field says.
 *
 * @param type {@code flood} (the clist mempool with its gossip) or {@code nop} (no mempool:
 *     transactions are neither stored nor gossiped, CometBFT v0.38.2+ and v1)
 * @param size the most transactions a mempool holds, >= 1 ({@code size}, 5000)
 * @param maxTxsBytes the most bytes of transactions a mempool holds, >= 1 ({@code max_txs_bytes},
 *     64 MiB in v1.0, 1 GiB in v0.38)
 * @param maxTxBytes the largest transaction admitted, >= 1 ({@code max_tx_bytes}, 1 MiB)
 * @param cacheSize transaction keys remembered (an LRU of the last pushed), >= 0, 0 = no cache
 *     ({@code cache_size}, 10000; CometBFT's QA ran with 200000)
 * @param recheck whether the transactions left after each commit are checked again ({@code
 *     recheck}, true)
 * @param broadcast whether a validator relays the transactions it admits to its peers ({@code
 *     broadcast}, true)
 * @param checkTxNanos the application's own CheckTx time per transaction, beside the design's
 *     ciphertext check, >= 0 (the e2e application's {@code check_tx_delay}, 0); a recheck costs it
 *     again per transaction left
 */
public record MempoolConfig(
    MempoolType type,
    int size,
    long maxTxsBytes,
    long maxTxBytes,
    int cacheSize,
    boolean recheck,
    boolean broadcast,
    long checkTxNanos) {

  public static final MempoolType DEFAULT_TYPE = MempoolType.FLOOD;
  public static final int DEFAULT_SIZE = 5000;
  public static final long DEFAULT_MAX_TXS_BYTES = 64L << 20;
  public static final long DEFAULT_MAX_TX_BYTES = 1L << 20;
  public static final int DEFAULT_CACHE_SIZE = 10_000;
  public static final boolean DEFAULT_RECHECK = true;
  public static final boolean DEFAULT_BROADCAST = true;
  public static final long DEFAULT_CHECK_TX_NANOS = 0;

  public MempoolConfig {
    java.util.Objects.requireNonNull(type, "type");
    if (size < 1) {
      throw new IllegalArgumentException("size must be >= 1, got " + size);
    }
    if (maxTxsBytes < 1 || maxTxBytes < 1) {
      throw new IllegalArgumentException("max_txs_bytes and max_tx_bytes must be >= 1 B");
    }
    if (cacheSize < 0) {
      throw new IllegalArgumentException("cache_size must be >= 0, got " + cacheSize);
    }
    if (checkTxNanos < 0) {
      throw new IllegalArgumentException("check_tx_delay must be >= 0, got " + checkTxNanos);
    }
  }

  /** This configuration with {@code broadcast} set. */
  public MempoolConfig withBroadcast(boolean on) {
    return new MempoolConfig(type, size, maxTxsBytes, maxTxBytes, cacheSize, recheck, on,
        checkTxNanos);
  }

  /** CometBFT v1.0's defaults. */
  public static MempoolConfig defaults() {
    return new MempoolConfig(DEFAULT_TYPE, DEFAULT_SIZE, DEFAULT_MAX_TXS_BYTES,
        DEFAULT_MAX_TX_BYTES, DEFAULT_CACHE_SIZE, DEFAULT_RECHECK, DEFAULT_BROADCAST,
        DEFAULT_CHECK_TX_NANOS);
  }
}
