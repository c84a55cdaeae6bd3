package dev.tdsim.consensus.tendermint;

import static dev.tdsim.consensus.ProtocolField.Type.BOOLEAN;
import static dev.tdsim.consensus.ProtocolField.Type.CHOICE;
import static dev.tdsim.consensus.ProtocolField.Type.DURATION;
import static dev.tdsim.consensus.ProtocolField.Type.DURATION_OR_ZERO;
import static dev.tdsim.consensus.ProtocolField.Type.POSITIVE_INT;
import static dev.tdsim.consensus.ProtocolField.Type.SIZE;

import dev.tdsim.consensus.BlockLimits;
import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.ProtocolContext;
import dev.tdsim.consensus.ProtocolField;
import dev.tdsim.consensus.ProtocolKind;
import dev.tdsim.consensus.ProtocolSettings;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Tendermint as CometBFT runs it, the registry entry {@value #NAME}: message by message
 * ({@link TendermintProtocol}) up to the settings' {@code exact_max_validators}, or with quorum
 * arrival times per voting step ({@link LargeCommitteeTendermint}) above, with the same rules.
 * Its keys under {@code consensus:} carry CometBFT's names and defaults ({@link
 * TendermintSettings}).
 */
public final class Tendermint implements ProtocolKind {
  public static final String NAME = "tendermint";
  /** The registry entry. */
  public static final ProtocolKind KIND = new Tendermint();

  private static final TendermintSettings COMET = TendermintSettings.cometBftDefaults();
  private static final List<ProtocolField> FIELDS = List.of(
      field("timeout_propose", DURATION, TendermintSettings::timeoutProposeNanos,
          "timeoutProposeNanos"),
      field("timeout_propose_delta", DURATION_OR_ZERO,
          TendermintSettings::timeoutProposeDeltaNanos, "timeoutProposeDeltaNanos"),
      field("timeout_prevote", DURATION, TendermintSettings::timeoutPrevoteNanos,
          "timeoutPrevoteNanos"),
      field("timeout_prevote_delta", DURATION_OR_ZERO,
          TendermintSettings::timeoutPrevoteDeltaNanos, "timeoutPrevoteDeltaNanos"),
      field("timeout_precommit", DURATION, TendermintSettings::timeoutPrecommitNanos,
          "timeoutPrecommitNanos"),
      field("timeout_precommit_delta", DURATION_OR_ZERO,
          TendermintSettings::timeoutPrecommitDeltaNanos, "timeoutPrecommitDeltaNanos"),
      field("timeout_commit", DURATION_OR_ZERO, TendermintSettings::timeoutCommitNanos,
          "timeoutCommitNanos"),
      field("skip_timeout_commit", BOOLEAN, TendermintSettings::skipTimeoutCommit,
          "skipTimeoutCommit"),
      field("block_part_size", SIZE, TendermintSettings::blockPartSizeBytes,
          "blockPartSizeBytes"),
      field("peer_gossip_sleep_duration", DURATION_OR_ZERO,
          TendermintSettings::peerGossipSleepNanos, "peerGossipSleepNanos"),
      field("simulation", CHOICE, s -> yamlName(s.simulation()), "simulation")
          .among(Arrays.stream(SimulationMode.values()).map(Tendermint::yamlName).toList()),
      field("exact_max_validators", POSITIVE_INT, TendermintSettings::exactMaxValidators,
          "exactMaxValidators"));

  /**
   * tdsim's limits for CometBFT, whose block holds up to {@code max_bytes} (4 MiB in v1's
   * {@code DefaultBlockParams}) and no count of its own.
   */
  private static final BlockLimits LIMITS = new BlockLimits(10_000, 4L << 20);

  private Tendermint() {}

  @Override
  public BlockLimits blockLimits() {
    return LIMITS;
  }

  private static ProtocolField field(String key, ProtocolField.Type type,
      Function<TendermintSettings, Object> get, String component) {
    return ProtocolField.of(key, type, TendermintSettings.class, get, COMET, component);
  }

  private static String yamlName(SimulationMode m) {
    return m.name().toLowerCase(Locale.ROOT);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<ProtocolField> fields() {
    return FIELDS;
  }

  @Override
  public ProtocolSettings defaults() {
    return COMET;
  }

  @Override
  public ProtocolSettings settings(Function<String, Object> v) {
    return new TendermintSettings((Long) v.apply("timeout_propose"),
        (Long) v.apply("timeout_propose_delta"), (Long) v.apply("timeout_prevote"),
        (Long) v.apply("timeout_prevote_delta"), (Long) v.apply("timeout_precommit"),
        (Long) v.apply("timeout_precommit_delta"), (Long) v.apply("timeout_commit"),
        (Boolean) v.apply("skip_timeout_commit"), (Long) v.apply("block_part_size"),
        (Long) v.apply("peer_gossip_sleep_duration"),
        SimulationMode.valueOf(((String) v.apply("simulation")).toUpperCase(Locale.ROOT)),
        (Integer) v.apply("exact_max_validators"));
  }

  @Override
  public ConsensusProtocol create(ProtocolContext c) {
    return settingsOf(c).exactFor(c.stake().length)
        ? new TendermintProtocol(c)
        : new LargeCommitteeTendermint(c);
  }

  /** The run's settings, which are Tendermint's (the registry created this protocol from them). */
  static TendermintSettings settingsOf(ProtocolContext c) {
    return (TendermintSettings) c.settings();
  }
}
