package dev.tdsim.consensus.jolteon;

import static dev.tdsim.consensus.ProtocolField.Type.BOOLEAN;
import static dev.tdsim.consensus.ProtocolField.Type.CHOICE;
import static dev.tdsim.consensus.ProtocolField.Type.DURATION;
import static dev.tdsim.consensus.ProtocolField.Type.DURATION_OR_ZERO;
import static dev.tdsim.consensus.ProtocolField.Type.POSITIVE_INT;
import static dev.tdsim.consensus.ProtocolField.Type.POSITIVE_NUMBER;
import static dev.tdsim.consensus.ProtocolField.Type.SIZE;

import dev.tdsim.consensus.BlockLimits;
import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.ProtocolContext;
import dev.tdsim.consensus.ProtocolField;
import dev.tdsim.consensus.ProtocolKind;
import dev.tdsim.consensus.ProtocolSettings;
import dev.tdsim.consensus.jolteon.JolteonSettings.BatchGeneration;
import dev.tdsim.consensus.jolteon.JolteonSettings.QuorumStoreConfig;
import dev.tdsim.consensus.jolteon.JolteonSettings.Reputation;
import java.util.List;
import java.util.function.Function;

/**
 * Jolteon (pipelined 2-chain HotStuff) as Aptos' consensus runs it, the registry entry {@value
 * #NAME}: simulated message by message ({@link JolteonProtocol}). Its keys under {@code
 * consensus:} carry aptos-core's names and defaults ({@link JolteonSettings}).
 */
public record Jolteon(String name, List<ProtocolField> fields, ProtocolSettings defaults)
    implements ProtocolKind {
  public static final String NAME = "jolteon";
  private static final JolteonSettings APTOS = JolteonSettings.aptosDefaults();
  private static final List<ProtocolField> FIELDS = List.of(
      field("round_initial_timeout", DURATION, JolteonSettings::roundInitialTimeoutNanos,
          "roundInitialTimeoutNanos"),
      field("round_timeout_backoff_base", POSITIVE_NUMBER,
          JolteonSettings::roundTimeoutBackoffBase, "roundTimeoutBackoffBase"),
      field("round_timeout_backoff_max_exponent", POSITIVE_INT,
          JolteonSettings::roundTimeoutBackoffMaxExponent, "roundTimeoutBackoffMaxExponent"),
      field("order_votes", BOOLEAN, JolteonSettings::orderVotes, "orderVotes"),
      field("optimistic_sig_verification", BOOLEAN,
          JolteonSettings::optimisticSigVerification, "optimisticSigVerification"),
      field("proposer_election", CHOICE, JolteonSettings::proposerElection, "proposerElection")
          .among(JolteonSettings.PROPOSER_ELECTIONS),
      field("contiguous_rounds", POSITIVE_INT, JolteonSettings::contiguousRounds,
          "contiguousRounds"),
      reputation("active_weight", Reputation::activeWeight, "activeWeight"),
      reputation("inactive_weight", Reputation::inactiveWeight, "inactiveWeight"),
      reputation("failed_weight", Reputation::failedWeight, "failedWeight"),
      reputation("failure_threshold_percent", Reputation::failureThresholdPercent,
          "failureThresholdPercent"),
      reputation("proposer_window_num_validators_multiplier",
          Reputation::proposerWindowMultiplier, "proposerWindowMultiplier"),
      reputation("voter_window_num_validators_multiplier", Reputation::voterWindowMultiplier,
          "voterWindowMultiplier"),
      reputation("exclude_round", Reputation::excludeRound, "excludeRound"),
      reputation("max_failed_authors_to_store", Reputation::maxFailedAuthors,
          "maxFailedAuthors"),
      quorumStore("quorum_store", BOOLEAN, QuorumStoreConfig::enabled, "enabled"),
      quorumStore("sender_max_batch_txns", POSITIVE_INT, QuorumStoreConfig::senderMaxBatchTxns,
          "senderMaxBatchTxns"),
      quorumStore("sender_max_batch_bytes", SIZE, QuorumStoreConfig::senderMaxBatchBytes,
          "senderMaxBatchBytes"),
      quorumStore("backlog_txn_limit_count", POSITIVE_INT,
          QuorumStoreConfig::backlogTxnLimitCount, "backlogTxnLimitCount"),
      generation("batch_generation_poll_interval", DURATION,
          BatchGeneration::pollIntervalNanos, "pollIntervalNanos"),
      generation("batch_generation_min_non_empty_interval", DURATION_OR_ZERO,
          BatchGeneration::minNonEmptyIntervalNanos, "minNonEmptyIntervalNanos"),
      generation("batch_generation_max_interval", DURATION,
          BatchGeneration::maxIntervalNanos, "maxIntervalNanos"),
      generation("sender_max_total_txns", POSITIVE_INT, BatchGeneration::senderMaxTotalTxns,
          "senderMaxTotalTxns"),
      generation("backlog_per_validator_batch_limit_count", POSITIVE_INT,
          BatchGeneration::backlogPerValidatorBatchLimitCount,
          "backlogPerValidatorBatchLimitCount"),
      generation("dynamic_min_txn_per_s", POSITIVE_INT, BatchGeneration::dynamicMinTxnPerS,
          "dynamicMinTxnPerS"),
      generation("dynamic_max_txn_per_s", POSITIVE_INT, BatchGeneration::dynamicMaxTxnPerS,
          "dynamicMaxTxnPerS"));
  /**
   * Aptos' proposal limits ({@code config/src/config/consensus_config.rs}, {@code Default}):
   * {@code max_sending_block_txns_after_filtering} 1800 (a block's transactions once those
   * already committed are left out; tdsim's blocks hold none such, so its 5000 before filtering
   * never binds) and {@code max_sending_block_bytes} 3 MB (3 x 1024 x 1024 B).
   */
  private static final BlockLimits APTOS_LIMITS = new BlockLimits(1800, 3L << 20);

  /** The registry entry: its name, its keys and Aptos' defaults. */
  public static final ProtocolKind KIND = new Jolteon(NAME, FIELDS, APTOS);

  private static ProtocolField field(String key, ProtocolField.Type type,
      Function<JolteonSettings, Object> get, String component) {
    return ProtocolField.of(key, type, JolteonSettings.class, get, APTOS, component);
  }

  /** A leader reputation parameter: a positive int of {@link JolteonSettings#reputation()}. */
  private static ProtocolField reputation(String key, Function<Reputation, Integer> get,
      String component) {
    return field(key, POSITIVE_INT, s -> get.apply(s.reputation()), "reputation." + component);
  }

  /** A batch generation knob: a value of Quorum Store's {@link BatchGeneration}. */
  private static ProtocolField generation(String key, ProtocolField.Type type,
      Function<BatchGeneration, Object> get, String component) {
    return field(key, type, s -> get.apply(s.quorumStore().generation()),
        "quorumStore.generation." + component);
  }

  /** A Quorum Store knob: a value of {@link JolteonSettings#quorumStore()}. */
  private static ProtocolField quorumStore(String key, ProtocolField.Type type,
      Function<QuorumStoreConfig, Object> get, String component) {
    return field(key, type, s -> get.apply(s.quorumStore()), "quorumStore." + component);
  }

  @Override
  public BlockLimits blockLimits() {
    return APTOS_LIMITS;
  }

  @Override
  public ProtocolSettings settings(Function<String, Object> v) {
    return new JolteonSettings((Long) v.apply("round_initial_timeout"),
        (Double) v.apply("round_timeout_backoff_base"),
        (Integer) v.apply("round_timeout_backoff_max_exponent"),
        (Boolean) v.apply("order_votes"), (String) v.apply("proposer_election"),
        (Integer) v.apply("contiguous_rounds"), new Reputation(
            (Integer) v.apply("active_weight"), (Integer) v.apply("inactive_weight"),
            (Integer) v.apply("failed_weight"), (Integer) v.apply("failure_threshold_percent"),
            (Integer) v.apply("proposer_window_num_validators_multiplier"),
            (Integer) v.apply("voter_window_num_validators_multiplier"),
            (Integer) v.apply("exclude_round"),
            (Integer) v.apply("max_failed_authors_to_store")),
        new QuorumStoreConfig((Boolean) v.apply("quorum_store"),
            (Integer) v.apply("sender_max_batch_txns"),
            (Long) v.apply("sender_max_batch_bytes"),
            (Integer) v.apply("backlog_txn_limit_count"), new BatchGeneration(
                (Long) v.apply("batch_generation_poll_interval"),
                (Long) v.apply("batch_generation_min_non_empty_interval"),
                (Long) v.apply("batch_generation_max_interval"),
                (Integer) v.apply("sender_max_total_txns"),
                (Integer) v.apply("backlog_per_validator_batch_limit_count"),
                (Integer) v.apply("dynamic_min_txn_per_s"),
                (Integer) v.apply("dynamic_max_txn_per_s"))),
        (Boolean) v.apply("optimistic_sig_verification"));
  }

  @Override
  public ConsensusProtocol create(ProtocolContext c) {
    return new JolteonProtocol(c);
  }

  /** The run's settings, which are Jolteon's (the registry created this protocol from them). */
  static JolteonSettings settingsOf(ProtocolContext c) {
    return (JolteonSettings) c.settings();
  }
}
