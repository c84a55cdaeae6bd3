package dev.tdsim.scenario;

import dev.tdsim.workload.MsgSizeDistribution;
import java.util.List;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/** The keys of the {@code workload} section. */
final class WorkloadSchema {
  private WorkloadSchema() {}

  /** A whole number, or {@code auto} (null): fill blocks from the arrival rate. */
  private static final ValueType<Integer> MSGS_PER_BLOCK_TYPE = ValueTypes.of("int or `auto`",
      WorkloadSchema::msgsPerBlock,
      n -> n == null ? YamlNodes.str(WorkloadConfig.AUTO) : YamlNodes.num(n));

  static final Setting<WorkloadConfig, Integer> MSGS_PER_BLOCK = Setting.of("msgs_per_block",
      MSGS_PER_BLOCK_TYPE, WorkloadConfig.DEFAULT_MSGS_PER_BLOCK, ">= 1, at most"
          + " `consensus.max_block_txs`, and `msgs_per_block * msg_size` at most"
          + " `consensus.max_block_bytes`", "`msgsPerBlock` (`null` = `auto`)",
      WorkloadConfig::msgsPerBlock);
  static final Setting<WorkloadConfig, Double> RATE = Setting.of("rate", ValueTypes.RATE,
      WorkloadConfig.DEFAULT_RATE_PER_SECOND, "positive, at most 1000000000 tx/s",
      "ratePerSecond", WorkloadConfig::ratePerSecond);
  static final Setting<WorkloadConfig, Long> MSG_SIZE = Setting.of("msg_size", ValueTypes.SIZE,
      WorkloadConfig.DEFAULT_MSG_SIZE_BYTES, ">= 1 B, at most `consensus.max_block_bytes`",
      "msgSizeBytes", WorkloadConfig::msgSizeBytes);
  static final Setting<WorkloadConfig, MsgSizeDistribution> DISTRIBUTION = Setting.of(
      "msg_size_distribution", ValueTypes.choice(MsgSizeDistribution.values(), null),
      WorkloadConfig.DEFAULT_MSG_SIZE_DISTRIBUTION,
      Setting.names(ValueTypes.yamlNames(MsgSizeDistribution.values()), null), "msgSizeDistribution",
      WorkloadConfig::msgSizeDistribution);

  static final Section<WorkloadConfig> SECTION = new Section<>("workload",
      List.of(MSGS_PER_BLOCK, RATE, MSG_SIZE, DISTRIBUTION),
      v -> new WorkloadConfig(v.get(MSGS_PER_BLOCK), v.get(RATE), v.get(MSG_SIZE),
          v.get(DISTRIBUTION)),
      WorkloadConfig::defaults);

  private static Integer msgsPerBlock(FieldReader r, String field, Node n) {
    if (YamlNodes.isNull(n) || (n instanceof ScalarNode s
        && s.getValue().strip().equals(WorkloadConfig.AUTO))) {
      return null;
    }
    if (n instanceof ScalarNode s && !ValueTypes.DECIMAL.matcher(s.getValue().strip()).matches()) {
      throw r.error(field, "expected a positive integer or 'auto', got " + YamlNodes.describe(n));
    }
    return ValueTypes.int32(r, field, n);
  }
}
