package dev.tdsim.scenario;

import static dev.tdsim.scenario.ValueTypes.INT;
import static dev.tdsim.scenario.ValueTypes.NUMBER;

import java.util.List;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/** The keys of the {@code validators} section. */
final class ValidatorsSchema {
  private ValidatorsSchema() {}

  /** {@code equal} (an empty list) or one positive weight per validator. */
  private static final ValueType<List<Long>> STAKE_TYPE = ValueTypes.of("`equal` or list of longs",
      ValidatorsSchema::stake, w -> w.isEmpty() ? YamlNodes.str(ValidatorsConfig.EQUAL_STAKE)
          : YamlNodes.flowList(w, YamlNodes::num));

  static final Setting<ValidatorsConfig, Integer> COUNT = Setting.of("count", INT,
      ValidatorsConfig.DEFAULT_COUNT, "1 .. 65 536, and at most `keys.shares`", "count",
      ValidatorsConfig::count);
  static final Setting<ValidatorsConfig, List<Long>> STAKE = Setting.of("stake", STAKE_TYPE,
      List.<Long>of(), "a list has one positive weight per validator (`count` entries)",
      "`stakeWeights` (empty = equal)", ValidatorsConfig::stakeWeights);
  static final Setting<ValidatorsConfig, Integer> CORES = Setting.of("cores", INT,
      ValidatorsConfig.DEFAULT_CORES, "1 .. 1024", "cores", ValidatorsConfig::cores);
  static final Setting<ValidatorsConfig, Double> SPEED = Setting.of("speed", NUMBER,
      ValidatorsConfig.DEFAULT_SPEED, "0.001 .. 1000", "speed", ValidatorsConfig::speed);
  static final Setting<ValidatorsConfig, List<String>> REGIONS = Setting.of("regions",
      ValueTypes.listOf(ValueTypes.STRING, "[us-east, eu-west]", "list of strings"),
      ValidatorsConfig.DEFAULT_REGIONS,
      "at least one; no duplicates; each a region the network model knows (below)", "regions",
      ValidatorsConfig::regions);

  static final Section<ValidatorsConfig> SECTION = new Section<>("validators",
      List.of(COUNT, STAKE, CORES, SPEED, REGIONS),
      v -> new ValidatorsConfig(v.get(COUNT), v.get(STAKE), v.get(CORES), v.get(SPEED),
          v.get(REGIONS)),
      ValidatorsConfig::defaults);

  private static List<Long> stake(FieldReader r, String field, Node n) {
    if (n instanceof SequenceNode) {
      return r.listOf(field, n, "[1, 2]", (f, m) -> ValueTypes.integer(r, f, m));
    }
    if (n instanceof ScalarNode s && s.getValue().strip().equals(ValidatorsConfig.EQUAL_STAKE)) {
      return List.of();
    }
    throw r.error(field, "expected 'equal' or a list of positive integer weights, one per "
        + "validator, got " + YamlNodes.describe(n));
  }
}
