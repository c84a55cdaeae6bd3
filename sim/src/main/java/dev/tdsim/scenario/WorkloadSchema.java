package dev.tdsim.scenario;

import dev.tdsim.workload.Arrival;
import dev.tdsim.workload.ArrivalConfig;
import dev.tdsim.workload.EntryPoints;
import dev.tdsim.workload.MsgSizeDistribution;
import dev.tdsim.workload.RateStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * The keys of the {@code workload} section. The clients' keys ({@code arrival}, {@code
 * burst_interval}, {@code rate_schedule}, {@code entry}) came later: they are written only when
 * set away from their defaults, so a scenario without them writes and hashes as before.
 */
final class WorkloadSchema {
  private WorkloadSchema() {}

  /** A whole number, or {@code auto} (null): fill blocks from the arrival rate. */
  private static final ValueType<Integer> MSGS_PER_BLOCK_TYPE = ValueTypes.of("int or `auto`",
      WorkloadSchema::msgsPerBlock,
      n -> n == null ? YamlNodes.str(WorkloadConfig.AUTO) : YamlNodes.num(n));

  static final Setting<WorkloadConfig, Integer> MSGS_PER_BLOCK = Setting.of("msgs_per_block",
      MSGS_PER_BLOCK_TYPE, WorkloadConfig.DEFAULT_MSGS_PER_BLOCK, ">= 1, at most"
          + " `consensus.max_block_txs`, and `msgs_per_block * msg_size` at most"
          + " `consensus.max_block_bytes`; `auto` with a `flood` mempool",
      "`msgsPerBlock` (`null` = `auto`)", WorkloadConfig::msgsPerBlock)
      .defaultShown("`100`; `auto` with a `flood` mempool");
  static final Setting<WorkloadConfig, Double> RATE = Setting.of("rate", ValueTypes.RATE,
      WorkloadConfig.DEFAULT_RATE_PER_SECOND, "positive, at most 1000000000 tx/s; not with"
          + " `rate_schedule`", "ratePerSecond", WorkloadConfig::ratePerSecond)
      .onlyFor(w -> w.arrivals().rateSchedule().isEmpty());
  static final Setting<WorkloadConfig, Long> MSG_SIZE = Setting.of("msg_size", ValueTypes.SIZE,
      WorkloadConfig.DEFAULT_MSG_SIZE_BYTES, ">= 1 B, at most `consensus.max_block_bytes`",
      "msgSizeBytes", WorkloadConfig::msgSizeBytes);
  static final Setting<WorkloadConfig, MsgSizeDistribution> DISTRIBUTION = Setting.of(
      "msg_size_distribution", ValueTypes.choice(MsgSizeDistribution.values(), null),
      WorkloadConfig.DEFAULT_MSG_SIZE_DISTRIBUTION,
      Setting.names(ValueTypes.yamlNames(MsgSizeDistribution.values()), null), "msgSizeDistribution",
      WorkloadConfig::msgSizeDistribution);
  static final Setting<WorkloadConfig, Arrival> ARRIVAL = Setting.of("arrival",
      ValueTypes.choice(Arrival.values(), null), ArrivalConfig.DEFAULT_ARRIVAL,
      Setting.names(ValueTypes.yamlNames(Arrival.values()), null), "arrivals.arrival",
      (WorkloadConfig w) -> w.arrivals().arrival()).writtenWhenSet();
  static final Setting<WorkloadConfig, Long> BURST_INTERVAL = Setting.of("burst_interval",
      ValueTypes.DURATION, ArrivalConfig.DEFAULT_BURST_INTERVAL_NANOS,
      "> 0, below 1 h; only with `arrival: bursts`; `round(rate x burst_interval)` >= 1 at every"
          + " rate above 0", "arrivals.burstIntervalNanos",
      (WorkloadConfig w) -> w.arrivals().burstIntervalNanos()).writtenWhenSet();
  static final Setting<WorkloadConfig, List<RateStep>> RATE_SCHEDULE = Setting.of(
      "rate_schedule", ValueTypes.listOf(ValueTypes.of("step", WorkloadSchema::step,
          WorkloadSchema::stepNode), "[{at: 0 s, rate: 400 tx/s}, {at: 60 s, rate: 800 tx/s}]",
          "list of `{at: duration, rate: rate}`"), ArrivalConfig.DEFAULT_RATE_SCHEDULE,
      "`[]` (the constant `rate`), or steps from `at: 0 s` on, `at` ascending, each `rate` >= 0"
          + " (0: a pause; the last at 0 ends the submissions), one above 0; not with `rate`",
      "arrivals.rateSchedule", (WorkloadConfig w) -> w.arrivals().rateSchedule())
      .writtenWhenSet();
  static final Setting<WorkloadConfig, EntryPoints> ENTRY = Setting.of("entry",
      ValueTypes.of("string or int", WorkloadSchema::entry, e -> entryNode(e)),
      ArrivalConfig.DEFAULT_ENTRY, "`all` (uniform over the validators), a validator index"
          + " below `validators.count`, or a region of `validators.regions` that has a validator",
      "arrivals.entry", (WorkloadConfig w) -> w.arrivals().entry()).writtenWhenSet();

  static final Setting<WorkloadConfig, Integer> SEAL_AHEAD = Setting.of("seal_ahead",
      ValueTypes.INT, ArrivalConfig.DEFAULT_SEAL_AHEAD, "1 .. 1000; used with a `flood` mempool"
          + " and a design that seals to a height (`batched`, `block-key`): a client seals for"
          + " the height this many past the last one its entry validator committed",
      "arrivals.sealAhead", (WorkloadConfig w) -> w.arrivals().sealAhead()).writtenWhenSet();

  static final Section<WorkloadConfig> SECTION = new Section<>("workload",
      List.of(MSGS_PER_BLOCK, RATE, MSG_SIZE, DISTRIBUTION, ARRIVAL, BURST_INTERVAL,
          RATE_SCHEDULE, ENTRY, SEAL_AHEAD),
      WorkloadSchema::build, WorkloadConfig::defaults);

  private static WorkloadConfig build(Section.Values v) {
    if (v.given(RATE) && !v.get(RATE_SCHEDULE).isEmpty()) {
      throw new ScenarioException("workload.rate_schedule", "give workload.rate or"
          + " workload.rate_schedule, not both (the schedule's first step is the rate from 0 s)",
          "workload.rate");
    }
    if (v.given(BURST_INTERVAL) && !v.get(ARRIVAL).usesBurstInterval()) {
      throw new ScenarioException("workload.burst_interval", "only arrival: bursts has a burst"
          + " interval; arrival is " + ValueTypes.yamlName(v.get(ARRIVAL)), "workload.arrival");
    }
    int sealAhead = v.get(SEAL_AHEAD);
    if (sealAhead < 1 || sealAhead > 1000) {
      throw new ScenarioException("workload.seal_ahead", "must be 1 .. 1000 heights, got "
          + sealAhead);
    }
    return new WorkloadConfig(v.get(MSGS_PER_BLOCK), v.get(RATE), v.get(MSG_SIZE),
        v.get(DISTRIBUTION), new ArrivalConfig(v.get(ARRIVAL), v.get(BURST_INTERVAL),
            v.get(RATE_SCHEDULE), v.get(ENTRY), sealAhead));
  }

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

  // ------------------------------------------------------------ rate_schedule

  private static final String AT = "at";
  private static final String STEP_RATE = "rate";
  private static final String STEP_EXAMPLE = "{at: 60 s, rate: 800 tx/s}";

  /** One step, {@code {at: DURATION, rate: RATE}}, each value located at its own key. */
  private static RateStep step(FieldReader r, String field, Node n) {
    if (!(n instanceof MappingNode m)) {
      throw r.error(field, "expected a step like " + STEP_EXAMPLE + ", got "
          + YamlNodes.describe(n));
    }
    Map<String, NodeTuple> e = r.entries(m, field + ".", List.of(AT, STEP_RATE));
    for (String key : List.of(AT, STEP_RATE)) {
      if (!e.containsKey(key)) {
        throw r.error(field, "a step has `" + key + "`: write it like " + STEP_EXAMPLE);
      }
    }
    long at = ValueTypes.duration(r, field + "." + AT, e.get(AT).getValueNode(), true);
    if (at < 0) {
      throw r.error(field + "." + AT, "must not be negative, got " + Units.formatDuration(at));
    }
    double rate = ValueTypes.RATE.parse(r, field + "." + STEP_RATE,
        e.get(STEP_RATE).getValueNode());
    if (!(rate >= 0)) {
      throw r.error(field + "." + STEP_RATE, "must be 0 (a pause) or positive, got "
          + Units.formatRate(rate));
    }
    return new RateStep(at, rate);
  }

  private static Node stepNode(RateStep step) {
    List<NodeTuple> entries = new ArrayList<>();
    YamlNodes.put(entries, AT, YamlNodes.duration(step.atNanos()));
    YamlNodes.put(entries, STEP_RATE, YamlNodes.str(Units.formatRate(step.ratePerSecond())));
    return new MappingNode(org.snakeyaml.engine.v2.nodes.Tag.MAP, entries,
        org.snakeyaml.engine.v2.common.FlowStyle.FLOW);
  }

  // ------------------------------------------------------------ entry

  /** {@code all}, a validator's index, or a region's name (checked against the validators). */
  private static EntryPoints entry(FieldReader r, String field, Node n) {
    String text = r.scalar(field, n, "`all`, a validator index or a region").getValue().strip();
    if (text.equals(EntryPoints.ALL_NAME)) {
      return EntryPoints.ALL;
    }
    if (ValueTypes.INTEGER.matcher(text).matches()) {
      int index = ValueTypes.int32(r, field, n);
      if (index < 0) {
        throw r.error(field, "a validator index is >= 0, got " + index);
      }
      return new EntryPoints.Validator(index);
    }
    return new EntryPoints.Region(text);
  }

  private static Node entryNode(EntryPoints e) {
    return e instanceof EntryPoints.Validator v ? YamlNodes.num(v.index())
        : YamlNodes.str(e.yaml());
  }
}
