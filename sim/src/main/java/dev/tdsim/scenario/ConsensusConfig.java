package dev.tdsim.scenario;

/**
 * Tendermint/CometBFT consensus parameters: YAML section {@code consensus}. The timeout of round r
 * of a step is its base timeout + r * timeoutDelta, as in CometBFT.
 *
 * @param timeoutProposeNanos propose timeout, > 0 (YAML {@code timeout_propose})
 * @param timeoutPrevoteNanos prevote timeout, > 0 (YAML {@code timeout_prevote})
 * @param timeoutPrecommitNanos precommit timeout, > 0 (YAML {@code timeout_precommit})
 * @param timeoutDeltaNanos increase of each timeout per round, >= 0 (YAML {@code timeout_delta})
 * @param maxBlockTxs most messages in a block, >= 1
 * @param maxBlockBytes most payload bytes in a block, >= 1 (YAML {@code max_block_bytes})
 */
public record ConsensusConfig(
    long timeoutProposeNanos,
    long timeoutPrevoteNanos,
    long timeoutPrecommitNanos,
    long timeoutDeltaNanos,
    int maxBlockTxs,
    long maxBlockBytes) {

  public static final long DEFAULT_TIMEOUT_PROPOSE_NANOS = 3_000_000_000L;
  public static final long DEFAULT_TIMEOUT_PREVOTE_NANOS = 1_000_000_000L;
  public static final long DEFAULT_TIMEOUT_PRECOMMIT_NANOS = 1_000_000_000L;
  public static final long DEFAULT_TIMEOUT_DELTA_NANOS = 500_000_000L;
  public static final int DEFAULT_MAX_BLOCK_TXS = 10_000;
  public static final long DEFAULT_MAX_BLOCK_BYTES = 4L << 20;

  public ConsensusConfig {
    Checks.positiveDuration("consensus.timeout_propose", timeoutProposeNanos);
    Checks.positiveDuration("consensus.timeout_prevote", timeoutPrevoteNanos);
    Checks.positiveDuration("consensus.timeout_precommit", timeoutPrecommitNanos);
    Checks.nonNegativeDuration("consensus.timeout_delta", timeoutDeltaNanos);
    Checks.atLeast("consensus.max_block_txs", maxBlockTxs, 1);
    Checks.positiveSize("consensus.max_block_bytes", maxBlockBytes);
  }

  /** CometBFT's defaults: 3 s, 1 s, 1 s, delta 500 ms; 10000 messages, 4 MiB. */
  public static ConsensusConfig defaults() {
    return new ConsensusConfig(DEFAULT_TIMEOUT_PROPOSE_NANOS, DEFAULT_TIMEOUT_PREVOTE_NANOS,
        DEFAULT_TIMEOUT_PRECOMMIT_NANOS, DEFAULT_TIMEOUT_DELTA_NANOS, DEFAULT_MAX_BLOCK_TXS,
        DEFAULT_MAX_BLOCK_BYTES);
  }
}
