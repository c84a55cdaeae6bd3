package dev.tdsim.scenario;

import static dev.tdsim.scenario.ValueTypes.BOOLEAN;
import static dev.tdsim.scenario.ValueTypes.DURATION;
import static dev.tdsim.scenario.ValueTypes.DURATION_OR_ZERO;
import static dev.tdsim.scenario.ValueTypes.INT;
import static dev.tdsim.scenario.ValueTypes.SIZE;

import dev.tdsim.consensus.ConsensusSettings;
import dev.tdsim.consensus.Protocols;
import dev.tdsim.consensus.SimulationMode;
import dev.tdsim.costs.ExecutionCosts;
import dev.tdsim.crypto.cert.CertificateSchemes;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import java.util.List;
import java.util.function.Function;

/**
 * The keys of the {@code consensus} section: the protocol, CometBFT's timing ({@link
 * ConsensusSettings}), the signatures and certificates, the processing costs ({@link
 * ExecutionCosts}) and the block limits.
 */
final class ConsensusSchema {
  private ConsensusSchema() {}

  private static final ConsensusSettings COMET = ConsensusSettings.cometBftDefaults();
  private static final ExecutionCosts COSTS = ExecutionCosts.DEFAULTS;
  private static final String UP_TO_A_MINUTE = "0 .. 1 min";

  /** A key of the timing settings. */
  private static <T> Setting<ConsensusConfig, T> timing(String key, ValueType<T> type,
      Function<ConsensusSettings, T> get, String allowed, String component) {
    return Setting.of(key, type, get.apply(COMET), allowed, "settings." + component,
        c -> get.apply(c.settings()));
  }

  /** A positive duration of the timing settings. */
  private static Setting<ConsensusConfig, Long> timeout(String key,
      Function<ConsensusSettings, Long> get, String component) {
    return timing(key, DURATION, get, "positive", component);
  }

  /** A duration of the timing settings that may be 0. */
  private static Setting<ConsensusConfig, Long> pause(String key,
      Function<ConsensusSettings, Long> get, String component) {
    return timing(key, DURATION_OR_ZERO, get, ">= 0", component);
  }

  /** A key of the processing costs. */
  private static <T> Setting<ConsensusConfig, T> cost(String key, ValueType<T> type,
      Function<ExecutionCosts, T> get, String allowed, String component) {
    return Setting.of(key, type, get.apply(COSTS), allowed, "execution." + component,
        c -> get.apply(c.execution()));
  }

  static final Setting<ConsensusConfig, String> PROTOCOL = Setting.of("protocol",
      ValueTypes.oneOf(Protocols::names), ConsensusConfig.DEFAULT_PROTOCOL,
      Setting.names(Protocols.names(), "Protocols.names()"), "protocol",
      ConsensusConfig::protocol);
  static final Setting<ConsensusConfig, Long> PROPOSE =
      timeout("timeout_propose", ConsensusSettings::timeoutProposeNanos, "timeoutProposeNanos");
  static final Setting<ConsensusConfig, Long> PROPOSE_DELTA = pause("timeout_propose_delta",
      ConsensusSettings::timeoutProposeDeltaNanos, "timeoutProposeDeltaNanos");
  static final Setting<ConsensusConfig, Long> PREVOTE =
      timeout("timeout_prevote", ConsensusSettings::timeoutPrevoteNanos, "timeoutPrevoteNanos");
  static final Setting<ConsensusConfig, Long> PREVOTE_DELTA = pause("timeout_prevote_delta",
      ConsensusSettings::timeoutPrevoteDeltaNanos, "timeoutPrevoteDeltaNanos");
  static final Setting<ConsensusConfig, Long> PRECOMMIT = timeout("timeout_precommit",
      ConsensusSettings::timeoutPrecommitNanos, "timeoutPrecommitNanos");
  static final Setting<ConsensusConfig, Long> PRECOMMIT_DELTA = pause("timeout_precommit_delta",
      ConsensusSettings::timeoutPrecommitDeltaNanos, "timeoutPrecommitDeltaNanos");
  static final Setting<ConsensusConfig, Long> COMMIT =
      pause("timeout_commit", ConsensusSettings::timeoutCommitNanos, "timeoutCommitNanos");
  static final Setting<ConsensusConfig, Boolean> SKIP_COMMIT = timing("skip_timeout_commit",
      BOOLEAN, ConsensusSettings::skipTimeoutCommit, "`true`, `false`", "skipTimeoutCommit");
  static final Setting<ConsensusConfig, Long> PART_SIZE = timing("block_part_size", SIZE,
      ConsensusSettings::blockPartSizeBytes, "positive", "blockPartSizeBytes");
  static final Setting<ConsensusConfig, Long> GOSSIP_SLEEP = pause("peer_gossip_sleep_duration",
      ConsensusSettings::peerGossipSleepNanos, "peerGossipSleepNanos");
  static final Setting<ConsensusConfig, SimulationMode> SIMULATION = timing("simulation",
      ValueTypes.choice(SimulationMode.values(), null), ConsensusSettings::simulation,
      Setting.names(ValueTypes.yamlNames(SimulationMode.values()), null), "simulation");
  static final Setting<ConsensusConfig, Integer> EXACT_MAX = timing("exact_max_validators", INT,
      ConsensusSettings::exactMaxValidators, ">= 1", "exactMaxValidators");
  static final Setting<ConsensusConfig, String> VOTE_SIGNATURE = Setting.of("vote_signature",
      ValueTypes.oneOf(() -> ConsensusConfig.VOTE_SIGNATURES),
      ConsensusConfig.DEFAULT_VOTE_SIGNATURE, Setting.names(VoteSignatureSchemes.names(),
          "VoteSignatureSchemes.names()") + ", `" + ConsensusConfig.NO_SIGNATURE + "`",
      "voteSignature", ConsensusConfig::voteSignature);
  static final Setting<ConsensusConfig, Long> WAL_FSYNC = cost("wal_fsync", DURATION_OR_ZERO,
      ExecutionCosts::walFsyncNanos, UP_TO_A_MINUTE, "walFsyncNanos");
  static final Setting<ConsensusConfig, Boolean> WAL_PARTS = cost("wal_fsync_block_parts",
      BOOLEAN, ExecutionCosts::walFsyncBlockParts, "`true`, `false`", "walFsyncBlockParts");
  static final Setting<ConsensusConfig, Boolean> PRIVVAL = cost("privval_fsync", BOOLEAN,
      ExecutionCosts::privvalFsync, "`true`, `false`", "privvalFsync");
  static final Setting<ConsensusConfig, Long> PER_TX = cost("execution_per_tx", DURATION_OR_ZERO,
      ExecutionCosts::executionPerTxNanos, UP_TO_A_MINUTE, "executionPerTxNanos");
  static final Setting<ConsensusConfig, Long> PER_BLOCK = cost("execution_per_block",
      DURATION_OR_ZERO, ExecutionCosts::executionPerBlockNanos, UP_TO_A_MINUTE,
      "executionPerBlockNanos");
  static final Setting<ConsensusConfig, Integer> MAX_TXS = Setting.of("max_block_txs", INT,
      ConsensusConfig.DEFAULT_MAX_BLOCK_TXS, ">= 1", "maxBlockTxs", ConsensusConfig::maxBlockTxs);
  static final Setting<ConsensusConfig, Long> MAX_BYTES = Setting.of("max_block_bytes", SIZE,
      ConsensusConfig.DEFAULT_MAX_BLOCK_BYTES, ">= 1 B", "maxBlockBytes",
      ConsensusConfig::maxBlockBytes);
  static final Setting<ConsensusConfig, Long> HALT_AFTER = Setting.of("halt_after", DURATION,
      ConsensusConfig.DEFAULT_HALT_AFTER_NANOS, "positive", "haltAfterNanos",
      ConsensusConfig::haltAfterNanos);
  static final Setting<ConsensusConfig, String> CERTIFICATE = Setting.of("certificate",
      ValueTypes.oneOf(CertificateSchemes::names), ConsensusConfig.DEFAULT_CERTIFICATE,
      Setting.names(CertificateSchemes.names(), "CertificateSchemes.names()"), "certificate",
      ConsensusConfig::certificate);

  static final Section<ConsensusConfig> SECTION = new Section<>("consensus",
      List.of(PROTOCOL, PROPOSE, PROPOSE_DELTA, PREVOTE, PREVOTE_DELTA, PRECOMMIT,
          PRECOMMIT_DELTA, COMMIT, SKIP_COMMIT, PART_SIZE, GOSSIP_SLEEP, SIMULATION, EXACT_MAX,
          VOTE_SIGNATURE, WAL_FSYNC, WAL_PARTS, PRIVVAL, PER_TX, PER_BLOCK, MAX_TXS, MAX_BYTES,
          HALT_AFTER, CERTIFICATE),
      ConsensusSchema::build, ConsensusConfig::defaults);

  /**
   * The scenario's checks first (located errors naming the YAML key), then the records, whose
   * own checks speak of their components.
   */
  private static ConsensusConfig build(Section.Values v) {
    for (var s : List.of(PROPOSE, PREVOTE, PRECOMMIT)) {
      Checks.positiveDuration("consensus." + s.key(), v.get(s));
    }
    for (var s : List.of(PROPOSE_DELTA, PREVOTE_DELTA, PRECOMMIT_DELTA, COMMIT, GOSSIP_SLEEP)) {
      Checks.nonNegativeDuration("consensus." + s.key(), v.get(s));
    }
    Checks.positiveSize("consensus.block_part_size", v.get(PART_SIZE));
    Checks.atLeast("consensus.exact_max_validators", v.get(EXACT_MAX), 1);
    for (var s : List.of(WAL_FSYNC, PER_TX, PER_BLOCK)) {
      Checks.nonNegativeDuration("consensus." + s.key(), v.get(s));
    }
    ConsensusSettings settings = new ConsensusSettings(v.get(PROPOSE), v.get(PROPOSE_DELTA),
        v.get(PREVOTE), v.get(PREVOTE_DELTA), v.get(PRECOMMIT), v.get(PRECOMMIT_DELTA),
        v.get(COMMIT), v.get(SKIP_COMMIT), v.get(PART_SIZE), v.get(GOSSIP_SLEEP),
        v.get(SIMULATION), v.get(EXACT_MAX));
    ExecutionCosts execution = new ExecutionCosts(v.get(PER_TX), v.get(PER_BLOCK),
        v.get(WAL_FSYNC), v.get(WAL_PARTS), v.get(PRIVVAL));
    return new ConsensusConfig(v.get(PROTOCOL), settings, v.get(VOTE_SIGNATURE), execution,
        v.get(MAX_TXS), v.get(MAX_BYTES), v.get(HALT_AFTER), v.get(CERTIFICATE));
  }
}
