package dev.tdsim.scenario;

import dev.tdsim.consensus.ProtocolKind;
import dev.tdsim.consensus.ProtocolSettings;
import dev.tdsim.consensus.Protocols;
import dev.tdsim.costs.ExecutionCosts;
import dev.tdsim.crypto.cert.CertificateSchemes;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import java.util.ArrayList;
import java.util.List;

/**
 * Consensus: YAML section {@code consensus}. The protocol's own settings are its registry
 * entry's ({@link dev.tdsim.consensus.ProtocolKind}; Tendermint's carry CometBFT's names and
 * defaults); the processing costs every validator pays are documented with their sources in
 * docs/COSTS.md.
 *
 * @param protocol the consensus protocol, one of {@link Protocols#names()}
 * @param settings the protocol's own settings (Tendermint: timeouts, commit pause, block parts,
 *     gossip loop sleep, exact or large model), of the protocol's settings type
 * @param voteSignature the scheme votes are signed with: {@code ed25519} (CometBFT's default
 *     validator key), {@code bls} (BLS12-381), or {@code none} (no signature cost)
 * @param execution block execution and the disk syncs of the WAL and the signer
 * @param maxBlockTxs most messages in a block, >= 1
 * @param maxBlockBytes most payload bytes in a block, >= 1 (YAML {@code max_block_bytes})
 * @param haltAfterNanos a chain that commits no height for this long of simulated time, after
 *     its last commit and after the last time a fault window opens or closes, is declared halted
 *     and the run stops there (YAML {@code halt_after}, > 0; only faults can halt a chain)
 * @param certificate the commit certificate a block carries as LastCommit, one of {@link
 *     CertificateSchemes#names()}: {@code votes} (CometBFT's individual precommit signatures),
 *     {@code bls-aggregate} or {@code threshold-bls} (docs/SCENARIOS.md, "Commit certificates")
 */
public record ConsensusConfig(
    String protocol,
    ProtocolSettings settings,
    String voteSignature,
    ExecutionCosts execution,
    int maxBlockTxs,
    long maxBlockBytes,
    long haltAfterNanos,
    String certificate) {

  /** No signature cost at all: for studies that leave signatures out. */
  public static final String NO_SIGNATURE = "none";
  public static final List<String> VOTE_SIGNATURES = voteSignatures();
  public static final String DEFAULT_PROTOCOL = "tendermint";
  public static final String DEFAULT_VOTE_SIGNATURE = VoteSignatureSchemes.DEFAULT;
  public static final String DEFAULT_CERTIFICATE = CertificateSchemes.DEFAULT;
  /**
   * 60 s: with CometBFT's timeouts (3 s propose + 1 s prevote + 1 s precommit, +0.5 s each per
   * round) about eight rounds without a commit.
   */
  public static final long DEFAULT_HALT_AFTER_NANOS = 60_000_000_000L;

  public ConsensusConfig {
    Checks.oneOf("consensus.protocol", protocol, Protocols.names());
    java.util.Objects.requireNonNull(settings, "settings");
    Checks.oneOf("consensus.vote_signature", voteSignature, VOTE_SIGNATURES);
    java.util.Objects.requireNonNull(execution, "execution");
    Checks.atLeast("consensus.max_block_txs", maxBlockTxs, 1);
    Checks.positiveSize("consensus.max_block_bytes", maxBlockBytes);
    Checks.positiveDuration("consensus.halt_after", haltAfterNanos);
    Checks.oneOf("consensus.certificate", certificate, CertificateSchemes.names());
  }

  /** With the default certificate ({@code votes}). */
  public ConsensusConfig(String protocol, ProtocolSettings settings, String voteSignature,
      ExecutionCosts execution, int maxBlockTxs, long maxBlockBytes, long haltAfterNanos) {
    this(protocol, settings, voteSignature, execution, maxBlockTxs, maxBlockBytes,
        haltAfterNanos, DEFAULT_CERTIFICATE);
  }

  /** With the default {@code halt_after}. */
  public ConsensusConfig(String protocol, ProtocolSettings settings, String voteSignature,
      ExecutionCosts execution, int maxBlockTxs, long maxBlockBytes) {
    this(protocol, settings, voteSignature, execution, maxBlockTxs, maxBlockBytes,
        DEFAULT_HALT_AFTER_NANOS);
  }

  /** The default protocol with its defaults (CometBFT's). */
  public static ConsensusConfig defaults() {
    ProtocolKind kind = Protocols.byName(DEFAULT_PROTOCOL);
    return new ConsensusConfig(DEFAULT_PROTOCOL, kind.defaults(), DEFAULT_VOTE_SIGNATURE,
        ExecutionCosts.DEFAULTS, kind.blockLimits().maxTxs(), kind.blockLimits().maxBytes());
  }

  /** Whether votes carry a real signature whose costs validators pay. */
  public boolean signsVotes() {
    return !NO_SIGNATURE.equals(voteSignature);
  }

  /**
   * The vote scheme an aggregating certificate's parts are timed with: the votes' own, or the
   * default scheme when votes carry no signature.
   */
  public String certificateVoteScheme() {
    return signsVotes() ? voteSignature : VoteSignatureSchemes.DEFAULT;
  }

  private static List<String> voteSignatures() {
    List<String> names = new ArrayList<>(VoteSignatureSchemes.names());
    names.add(NO_SIGNATURE);
    return List.copyOf(names);
  }
}
