package dev.tdsim.scenario;

import static dev.tdsim.scenario.ValueTypes.INT;

import java.util.List;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/** The keys of the {@code keys} section. */
final class KeysSchema {
  private KeysSchema() {}

  /** The YAML spelling of no epochs ({@code epochLength} 0). */
  private static final String NO_EPOCHS = "none";

  private static final ValueType<Integer> EPOCH_LENGTH_TYPE = ValueTypes.of("int or `none`",
      KeysSchema::epochLength, n -> n == 0 ? YamlNodes.str(NO_EPOCHS) : YamlNodes.num(n));

  static final Setting<KeysConfig, Integer> SHARES = Setting.of("shares", INT,
      KeysConfig.DEFAULT_SHARES, "a power of two, 2 .. 2^28", "shares", KeysConfig::shares);
  static final Setting<KeysConfig, Integer> THRESHOLD = Setting.of("threshold", INT, 0,
      "1 .. `shares`", "threshold", KeysConfig::threshold)
      .defaultFrom(v -> KeysConfig.defaultThreshold(v.get(SHARES)))
      .defaultShown("`floor(shares * 2 / 3)` (5461 for 8192)");
  static final Setting<KeysConfig, KeySetup> SETUP = Setting.of("setup",
      ValueTypes.choice(KeySetup.values(), name -> "unknown setup '" + name + "'; known: "
          + String.join(", ", ValueTypes.yamlNames(KeySetup.values()))
          + Checks.didYouMean(name, ValueTypes.yamlNames(KeySetup.values()))),
      KeySetup.DEALER, Setting.names(ValueTypes.yamlNames(KeySetup.values()), null), "setup",
      KeysConfig::setup);
  static final Setting<KeysConfig, Integer> EPOCH_LENGTH = Setting.of("epoch_length",
      EPOCH_LENGTH_TYPE, 0, "`none` (one key set for the run) or 1 .. 10 000 000 heights",
      "`epochLength` (0 = none)", KeysConfig::epochLength);
  static final Setting<KeysConfig, Integer> DKG_LEAD = Setting.of("dkg_lead", INT, 0,
      "0 .. `epoch_length` - 1; needs `epoch_length`", "dkgLead", KeysConfig::dkgLead);
  static final Setting<KeysConfig, Long> DKG_TIMEOUT = Setting.of("dkg_timeout",
      ValueTypes.DURATION, KeysConfig.DEFAULT_DKG_TIMEOUT_NANOS, "positive", "dkgTimeoutNanos",
      KeysConfig::dkgTimeoutNanos);
  static final Setting<KeysConfig, List<List<Long>>> EPOCH_STAKES = Setting.of("epoch_stakes",
      ValueTypes.listOf(ValueTypes.listOf(ValueTypes.LONG, "[1, 1, 2]", "list of longs"),
          "[[1, 1, 2], [0, 1, 2]]", "list of lists of longs"),
      List.<List<Long>>of(), "needs `epoch_length`; each entry one positive stake per validator"
          + " (`validators.count` entries)", "epochStakes", KeysConfig::epochStakes);

  static final Section<KeysConfig> SECTION = new Section<>("keys",
      List.of(SHARES, THRESHOLD, SETUP, EPOCH_LENGTH, DKG_LEAD, DKG_TIMEOUT, EPOCH_STAKES),
      v -> new KeysConfig(v.get(SHARES), v.get(THRESHOLD), v.get(SETUP), v.get(EPOCH_LENGTH),
          v.get(DKG_LEAD), v.get(DKG_TIMEOUT), v.get(EPOCH_STAKES)),
      KeysConfig::defaults);

  /** {@code none} (0: no epochs) or a whole number of heights. */
  private static int epochLength(FieldReader r, String field, Node n) {
    if (n instanceof ScalarNode s && s.getValue().strip().equals(NO_EPOCHS)) {
      return 0;
    }
    int v = ValueTypes.int32(r, field, n);
    if (v < 1) {
      throw r.error(field, "expected none or a number of heights >= 1, got " + v);
    }
    return v;
  }
}
