package dev.tdsim.scenario;

import dev.tdsim.consensus.ConsensusSettings;
import dev.tdsim.consensus.Protocols;
import dev.tdsim.costs.ExecutionCosts;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import java.util.ArrayList;
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
 * @param execution block execution and the disk syncs of the WAL and the signer
 * @param maxBlockTxs most messages in a block, >= 1
 * @param maxBlockBytes most payload bytes in a block, >= 1 (YAML {@code max_block_bytes})
 */
public record ConsensusConfig(
    String protocol,
    ConsensusSettings settings,
    String voteSignature,
    ExecutionCosts execution,
    int maxBlockTxs,
    long maxBlockBytes) {

  /** No signature cost at all: for studies that leave signatures out. */
  public static final String NO_SIGNATURE = "none";
  public static final List<String> VOTE_SIGNATURES = voteSignatures();
  public static final String DEFAULT_PROTOCOL = "tendermint";
  public static final String DEFAULT_VOTE_SIGNATURE = VoteSignatureSchemes.DEFAULT;
  public static final int DEFAULT_MAX_BLOCK_TXS = 10_000;
  public static final long DEFAULT_MAX_BLOCK_BYTES = 4L << 20;

  public ConsensusConfig {
    Checks.oneOf("consensus.protocol", protocol, Protocols.names());
    java.util.Objects.requireNonNull(settings, "settings");
    Checks.oneOf("consensus.vote_signature", voteSignature, VOTE_SIGNATURES);
    java.util.Objects.requireNonNull(execution, "execution");
    Checks.atLeast("consensus.max_block_txs", maxBlockTxs, 1);
    Checks.positiveSize("consensus.max_block_bytes", maxBlockBytes);
  }

  /** CometBFT's defaults (see {@link ConsensusSettings#cometBftDefaults()}). */
  public static ConsensusConfig defaults() {
    return new ConsensusConfig(DEFAULT_PROTOCOL, ConsensusSettings.cometBftDefaults(),
        DEFAULT_VOTE_SIGNATURE, ExecutionCosts.DEFAULTS, DEFAULT_MAX_BLOCK_TXS,
        DEFAULT_MAX_BLOCK_BYTES);
  }

  /** Whether votes carry a real signature whose costs validators pay. */
  public boolean signsVotes() {
    return !NO_SIGNATURE.equals(voteSignature);
  }

  private static List<String> voteSignatures() {
    List<String> names = new ArrayList<>(VoteSignatureSchemes.names());
    names.add(NO_SIGNATURE);
    return List.copyOf(names);
  }
}
