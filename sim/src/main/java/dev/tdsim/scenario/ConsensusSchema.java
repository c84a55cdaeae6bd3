package dev.tdsim.scenario;

import static dev.tdsim.scenario.ValueTypes.BOOLEAN;
import static dev.tdsim.scenario.ValueTypes.DURATION;
import static dev.tdsim.scenario.ValueTypes.DURATION_OR_ZERO;
import static dev.tdsim.scenario.ValueTypes.INT;
import static dev.tdsim.scenario.ValueTypes.NUMBER;
import static dev.tdsim.scenario.ValueTypes.SIZE;

import dev.tdsim.consensus.BlockLimits;
import dev.tdsim.consensus.ProtocolField;
import dev.tdsim.consensus.ProtocolKind;
import dev.tdsim.consensus.ProtocolSettings;
import dev.tdsim.consensus.Protocols;
import dev.tdsim.costs.ExecutionCosts;
import dev.tdsim.crypto.cert.CertificateSchemes;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The keys of the {@code consensus} section: the protocol, the keys its registry entry declares
 * ({@link ProtocolKind#fields()}: CometBFT's timing for Tendermint), the signatures and
 * certificates, the processing costs ({@link ExecutionCosts}) and the block limits.
 */
final class ConsensusSchema {
  private ConsensusSchema() {}

  private static final ExecutionCosts COSTS = ExecutionCosts.DEFAULTS;
  private static final String UP_TO_A_MINUTE = "0 .. 1 min";

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

  /** A key a protocol declares, as the section reads it. */
  private record ProtocolKey(ProtocolField field, Setting<ConsensusConfig, Object> setting) {}

  /** Each protocol's own keys, by protocol name, in the registry's order. */
  private static final Map<String, List<ProtocolKey>> PROTOCOL_KEYS = protocolKeys();

  private static Map<String, List<ProtocolKey>> protocolKeys() {
    Map<String, List<ProtocolKey>> out = new LinkedHashMap<>();
    for (ProtocolKind kind : Protocols.all()) {
      out.put(kind.name(), kind.fields().stream()
          .map(f -> new ProtocolKey(f, protocolKey(kind, f))).toList());
    }
    return out;
  }

  /** A key one protocol declares: read and written only for a scenario of that protocol. */
  @SuppressWarnings("unchecked")
  private static Setting<ConsensusConfig, Object> protocolKey(ProtocolKind kind,
      ProtocolField f) {
    ValueType<Object> type = (ValueType<Object>) valueType(f);
    return Setting.<ConsensusConfig, Object>of(f.key(), type, f.defaultValue(), allowed(f),
        "settings." + f.component(), c -> c.protocol().equals(kind.name())
            ? f.get().apply(c.settings()) : f.defaultValue())
        .onlyFor(c -> c.protocol().equals(kind.name()));
  }

  private static ValueType<?> valueType(ProtocolField f) {
    return switch (f.type()) {
      case DURATION -> DURATION;
      case DURATION_OR_ZERO -> DURATION_OR_ZERO;
      case SIZE -> SIZE;
      case POSITIVE_NUMBER -> NUMBER;
      case POSITIVE_INT -> INT;
      case BOOLEAN -> BOOLEAN;
      case CHOICE -> ValueTypes.oneOf(f::choices);
    };
  }

  private static String allowed(ProtocolField f) {
    return switch (f.type()) {
      case DURATION -> "positive, below 1 h";
      case SIZE, POSITIVE_NUMBER -> "positive";
      case DURATION_OR_ZERO -> ">= 0, below 1 h";
      case POSITIVE_INT -> ">= 1";
      case BOOLEAN -> "`true`, `false`";
      case CHOICE -> Setting.names(f.choices(), null);
    };
  }

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
  /** The block limits default to the protocol's own ({@link ProtocolKind#blockLimits()}). */
  static final Setting<ConsensusConfig, Integer> MAX_TXS = Setting.of("max_block_txs", INT,
      limits(null).maxTxs(), ">= 1", "maxBlockTxs", ConsensusConfig::maxBlockTxs)
      .defaultFrom(v -> limits(v).maxTxs())
      .defaultShown(protocolDefaults(l -> Integer.toString(l.maxTxs())));
  static final Setting<ConsensusConfig, Long> MAX_BYTES = Setting.of("max_block_bytes", SIZE,
      limits(null).maxBytes(), ">= 1 B", "maxBlockBytes",
      ConsensusConfig::maxBlockBytes)
      .defaultFrom(v -> limits(v).maxBytes())
      .defaultShown(protocolDefaults(l -> YamlNodes.flow(SIZE.node(l.maxBytes()))));

  private static BlockLimits limits(Section.Values v) {
    return Protocols.byName(v == null ? ConsensusConfig.DEFAULT_PROTOCOL : v.get(PROTOCOL))
        .blockLimits();
  }

  /** The docs' default column of a block limit: each protocol's, by name. */
  private static String protocolDefaults(Function<BlockLimits, String> shown) {
    return String.join(", ", Protocols.all().stream()
        .map(k -> "`" + shown.apply(k.blockLimits()) + "` (" + k.name() + ")").toList());
  }
  static final Setting<ConsensusConfig, Long> HALT_AFTER = Setting.of("halt_after", DURATION,
      ConsensusConfig.DEFAULT_HALT_AFTER_NANOS, "positive", "haltAfterNanos",
      ConsensusConfig::haltAfterNanos);
  static final Setting<ConsensusConfig, String> CERTIFICATE = Setting.of("certificate",
      ValueTypes.oneOf(CertificateSchemes::names), ConsensusConfig.DEFAULT_CERTIFICATE,
      Setting.names(CertificateSchemes.names(), "CertificateSchemes.names()"), "certificate",
      ConsensusConfig::certificate);

  static final Section<ConsensusConfig> SECTION = new Section<>("consensus", keys(),
      ConsensusSchema::build, ConsensusConfig::defaults);

  /** The protocol, every protocol's own keys, then the keys all protocols share. */
  private static List<Setting<ConsensusConfig, ?>> keys() {
    List<Setting<ConsensusConfig, ?>> out = new ArrayList<>();
    out.add(PROTOCOL);
    PROTOCOL_KEYS.values().forEach(keys -> keys.forEach(k -> out.add(k.setting())));
    out.addAll(List.of(VOTE_SIGNATURE, WAL_FSYNC, WAL_PARTS, PRIVVAL, PER_TX, PER_BLOCK, MAX_TXS,
        MAX_BYTES, HALT_AFTER, CERTIFICATE));
    return out;
  }

  /**
   * The scenario's checks first (located errors naming the YAML key), then the records, whose
   * own checks speak of their components.
   */
  private static ConsensusConfig build(Section.Values v) {
    String protocol = v.get(PROTOCOL);
    Map<String, ProtocolKey> own = new LinkedHashMap<>();
    PROTOCOL_KEYS.get(protocol).forEach(k -> own.put(k.field().key(), k));
    PROTOCOL_KEYS.forEach((name, keys) -> {
      for (ProtocolKey k : keys) {
        if (!own.containsKey(k.field().key()) && v.given(k.setting())) {
          throw new ScenarioException("consensus." + k.field().key(), "is a key of"
              + " consensus.protocol '" + name + "', not of '" + protocol + "'");
        }
      }
    });
    for (ProtocolKey k : own.values()) {
      checkValue(k.field(), v.get(k.setting()));
    }
    for (var s : List.of(WAL_FSYNC, PER_TX, PER_BLOCK)) {
      Checks.nonNegativeDuration("consensus." + s.key(), v.get(s));
    }
    ProtocolSettings settings;
    try {
      settings = Protocols.byName(protocol).settings(key -> v.get(own.get(key).setting()));
    } catch (IllegalArgumentException e) {
      String key = e.getMessage().split(" ", 2)[0];
      throw new ScenarioException(own.containsKey(key) ? "consensus." + key : "consensus",
          e.getMessage());
    }
    ExecutionCosts execution = new ExecutionCosts(v.get(PER_TX), v.get(PER_BLOCK),
        v.get(WAL_FSYNC), v.get(WAL_PARTS), v.get(PRIVVAL));
    return new ConsensusConfig(protocol, settings, v.get(VOTE_SIGNATURE), execution,
        v.get(MAX_TXS), v.get(MAX_BYTES), v.get(HALT_AFTER), v.get(CERTIFICATE));
  }

  /** A protocol key's value against its type's bounds (the defaults' too), located at its key. */
  private static void checkValue(ProtocolField f, Object value) {
    String field = "consensus." + f.key();
    switch (f.type()) {
      case DURATION -> Checks.belowOneStep(field, Checks.positiveDuration(field, (Long) value));
      case DURATION_OR_ZERO ->
          Checks.belowOneStep(field, Checks.nonNegativeDuration(field, (Long) value));
      case SIZE -> Checks.positiveSize(field, (Long) value);
      case POSITIVE_NUMBER -> Checks.positiveFinite(field, (Double) value);
      case POSITIVE_INT -> Checks.atLeast(field, (Integer) value, 1);
      case BOOLEAN, CHOICE -> { }
    }
  }
}
