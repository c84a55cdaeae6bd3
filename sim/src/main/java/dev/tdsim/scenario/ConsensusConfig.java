package dev.tdsim.scenario;

import dev.tdsim.consensus.ConsensusSettings;
import dev.tdsim.consensus.Protocols;
import java.util.List;

/**
 * Consensus: YAML section {@code consensus}. The protocol and its timing carry CometBFT's names
 * and defaults (see {@link ConsensusSettings}); the processing costs every validator pays are
 * documented with their sources in docs/COSTS.md.
 *
 * @param protocol the consensus protocol, one of {@link Protocols#names()}
 * @param settings timeouts, commit pause, block parts, gossip loop sleep, exact or large model
 * @param voteSignature the scheme votes are signed with: {@code ed25519} (CometBFT's default
 *     validator key), {@code bls} (BLS12-381), or {@code none} (no signature cost)
 * @param walSyncNanos a consensus WAL write with fsync of each own message, >= 0
 * @param executionPerTxNanos executing one decrypted transaction, >= 0
 * @param executionPerBlockNanos executing and committing a block besides its transactions, >= 0
 * @param maxBlockTxs most messages in a block, >= 1
 * @param maxBlockBytes most payload bytes in a block, >= 1 (YAML {@code max_block_bytes})
 */
public record ConsensusConfig(
    String protocol,
    ConsensusSettings settings,
    String voteSignature,
    long walSyncNanos,
    long executionPerTxNanos,
    long executionPerBlockNanos,
    int maxBlockTxs,
    long maxBlockBytes) {

  public static final List<String> VOTE_SIGNATURES = List.of("ed25519", "bls", "none");
  public static final String DEFAULT_PROTOCOL = "tendermint";
  public static final String DEFAULT_VOTE_SIGNATURE = "ed25519";
  public static final long DEFAULT_WAL_SYNC_NANOS = 1_000_000L;
  public static final long DEFAULT_EXECUTION_PER_TX_NANOS = 0;
  public static final long DEFAULT_EXECUTION_PER_BLOCK_NANOS = 0;
  public static final int DEFAULT_MAX_BLOCK_TXS = 10_000;
  public static final long DEFAULT_MAX_BLOCK_BYTES = 4L << 20;

  public ConsensusConfig {
    Checks.oneOf("consensus.protocol", protocol, Protocols.names());
    java.util.Objects.requireNonNull(settings, "settings");
    Checks.oneOf("consensus.vote_signature", voteSignature, VOTE_SIGNATURES);
    Checks.nonNegativeDuration("consensus.wal_sync", walSyncNanos);
    Checks.nonNegativeDuration("consensus.execution_per_tx", executionPerTxNanos);
    Checks.nonNegativeDuration("consensus.execution_per_block", executionPerBlockNanos);
    Checks.atLeast("consensus.max_block_txs", maxBlockTxs, 1);
    Checks.positiveSize("consensus.max_block_bytes", maxBlockBytes);
  }

  /** CometBFT's defaults (see {@link ConsensusSettings#cometBftDefaults()}). */
  public static ConsensusConfig defaults() {
    return new ConsensusConfig(DEFAULT_PROTOCOL, ConsensusSettings.cometBftDefaults(),
        DEFAULT_VOTE_SIGNATURE, DEFAULT_WAL_SYNC_NANOS, DEFAULT_EXECUTION_PER_TX_NANOS,
        DEFAULT_EXECUTION_PER_BLOCK_NANOS, DEFAULT_MAX_BLOCK_TXS, DEFAULT_MAX_BLOCK_BYTES);
  }
}
