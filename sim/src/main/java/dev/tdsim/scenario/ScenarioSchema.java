package dev.tdsim.scenario;

import dev.tdsim.mempool.MempoolConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.constructor.StandardConstructor;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.representer.StandardRepresenter;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/**
 * The top level of a scenario file: its scalars, its sections in canonical order, the budgets,
 * the faults and the free-form sweep section.
 */
final class ScenarioSchema {
  private ScenarioSchema() {}

  /** The sections (mappings of known keys), in canonical order. */
  static final List<Section<?>> SECTIONS = List.of(ValidatorsSchema.SECTION, KeysSchema.SECTION,
      NetworkSchema.SECTION, WorkloadSchema.SECTION, MempoolSchema.SECTION,
      ConsensusSchema.SECTION, CryptoSchema.SECTION, SigningSchema.SECTION);

  /** The name, or null for the file's name (the reader knows it). */
  static final Setting<Scenario, String> NAME = Setting.of("name", ValueTypes.STRING,
      (String) null, "letters, digits, `.`, `_`, `-`; starts with a letter or digit; at most 100",
      "name", Scenario::name).defaultShown("the file name without `.yaml` (characters other than"
          + " letters, digits, `.`, `_`, `-` become `-`)");
  static final Setting<Scenario, Long> SEED = Setting.of("seed", ValueTypes.LONG,
      Scenario.DEFAULT_SEED, "any", "seed", Scenario::seed);
  static final Setting<Scenario, Integer> HEIGHTS = Setting.of("heights", ValueTypes.INT,
      Scenario.DEFAULT_HEIGHTS, "1 .. 10 000 000", "heights", Scenario::heights);
  static final Setting<Scenario, ValidatorsConfig> VALIDATORS =
      section(ValidatorsSchema.SECTION, ValidatorsConfig.defaults(), Scenario::validators);
  static final Setting<Scenario, KeysConfig> KEYS =
      section(KeysSchema.SECTION, KeysConfig.defaults(), Scenario::keys);
  static final Setting<Scenario, dev.tdsim.network.NetworkConfig> NETWORK =
      section(NetworkSchema.SECTION, dev.tdsim.network.NetworkConfig.defaults(),
          Scenario::network);
  static final Setting<Scenario, WorkloadConfig> WORKLOAD =
      section(WorkloadSchema.SECTION, WorkloadConfig.defaults(), Scenario::workload);
  /** Absent: no mempool (and not written, so a scenario without one hashes as before). */
  static final Setting<Scenario, MempoolConfig> MEMPOOL = Setting.of(
      MempoolSchema.SECTION.path(), MempoolSchema.SECTION, (MempoolConfig) null,
      "see below; absent: no mempool (blocks are cut from the workload)", "mempool",
      (Scenario s) -> s.mempool().orElse(null)).defaultShown("")
      .onlyFor(s -> s.mempool().isPresent());
  /** Absent: no signing committee (and not written, so a scenario without one hashes as before). */
  static final Setting<Scenario, SigningConfig> SIGNING = Setting.of(
      SigningSchema.SECTION.path(), SigningSchema.SECTION, (SigningConfig) null,
      "see below; absent: no signing committee", "signing",
      (Scenario s) -> s.signing().orElse(null)).defaultShown("")
      .onlyFor(s -> s.signing().isPresent());
  static final Setting<Scenario, ConsensusConfig> CONSENSUS =
      section(ConsensusSchema.SECTION, ConsensusConfig.defaults(), Scenario::consensus);
  static final Setting<Scenario, CryptoConfig> CRYPTO =
      section(CryptoSchema.SECTION, CryptoConfig.defaults().withSchedule(null),
          Scenario::crypto); // null schedule: the protocol's, as when the section omits it
  static final Setting<Scenario, List<Long>> BUDGETS = Setting.of("budgets",
      ValueTypes.listOf(ValueTypes.DURATION, "[100 ms, 1 s]", "list of durations"),
      Scenario.DEFAULT_BUDGETS_NANOS,
      "at least one; each positive; no two equal; kept sorted ascending", "budgetsNanos",
      Scenario::budgetsNanos);
  /** Absent: automatic; written only when set, so scenarios without it hash as before. */
  static final Setting<Scenario, Integer> REPLICATES = Setting.of("replicates", ValueTypes.INT,
      (Integer) null, "1 .. 100; runs of `tdsim run`, each with its own derived seed (ignored by"
          + " `tdsim sweep`: see `sweep.replicates`)", "replicates", Scenario::replicates)
      .defaultShown("automatic: 1, and 3 under `crypto.timing: model` when the judged p95 is"
          + " within 10% of a budget")
      .writtenWhenSet();
  static final Setting<Scenario, FaultsConfig> FAULTS = Setting.of(ScenarioKeys.FAULTS,
      FaultsYaml.TYPE, FaultsConfig.NONE, "see [`faults`](#faults)", "faults",
      Scenario::faults);
  static final Setting<Scenario, Map<String, Object>> SWEEP = Setting.of(ScenarioKeys.SWEEP,
      ValueTypes.of("mapping", ScenarioSchema::sweep, ScenarioSchema::sweepNode),
      Map.<String, Object>of(),
      "a sweep definition for `tdsim sweep` (ignored by `tdsim run`; see docs/SWEEPS.md)",
      "sweep", Scenario::sweep);

  static final List<Setting<Scenario, ?>> SETTINGS = List.of(NAME, SEED, HEIGHTS, VALIDATORS,
      KEYS, NETWORK, WORKLOAD, MEMPOOL, CONSENSUS, CRYPTO, SIGNING, BUDGETS, REPLICATES, FAULTS,
      SWEEP);

  /** The top level for writing and listing keys (no file: no default name). */
  static final Section<Scenario> TOP = of("scenario", null);

  /**
   * The top level of one file: {@code defaultName} is the name when the file gives none, {@code
   * source} the file. A scenario that cannot be built is null (its errors are reported).
   */
  static Section<Scenario> of(String defaultName, Path source) {
    return new Section<>("", SETTINGS, v -> new Scenario(
        v.get(NAME) == null ? defaultName : v.get(NAME), v.get(SEED), v.get(HEIGHTS),
        v.get(VALIDATORS), v.get(KEYS), v.get(NETWORK), workload(v), v.get(CONSENSUS),
        v.get(CRYPTO), v.get(BUDGETS), source, v.get(SWEEP), v.get(FAULTS),
        Optional.ofNullable(v.get(MEMPOOL)), v.get(REPLICATES),
        Optional.ofNullable(v.get(SIGNING))), () -> null);
  }

  /**
   * The workload, with {@code msgs_per_block} auto when a mempool fills the blocks and the file
   * leaves it out (a number written with such a mempool is refused by {@link Scenario}).
   */
  private static WorkloadConfig workload(Section.Values v) {
    WorkloadConfig w = v.get(WORKLOAD);
    MempoolConfig m = v.get(MEMPOOL);
    boolean written = v.written(WorkloadSchema.SECTION.path() + "."
        + WorkloadSchema.MSGS_PER_BLOCK.key());
    return m != null && MempoolSchema.fillsBlocks(m) && !written ? w.withMsgsPerBlock(null) : w;
  }

  /**
   * The written scenario {@code root} with every renamed key of its sections under its first
   * name (for the hash, which stays that of the first spelling), and without the keys added
   * since that are at their default ({@link CryptoSchema#unhashedAtDefault}).
   */
  static Node underFormerNames(Node root) {
    for (NodeTuple t : ((MappingNode) root).getValue()) {
      String key = ((ScalarNode) t.getKeyNode()).getValue();
      Optional<Section<?>> section = section(key);
      if (section.isPresent()) {
        MappingNode m = (MappingNode) t.getValueNode();
        List<NodeTuple> renamed = new ArrayList<>();
        for (NodeTuple e : m.getValue()) {
          String name = ((ScalarNode) e.getKeyNode()).getValue();
          if (key.equals(CryptoSchema.SECTION.path())
              && CryptoSchema.unhashedAtDefault(name, e.getValueNode())) {
            continue;
          }
          List<String> old = ScenarioKeys.oldKeys(key, name);
          renamed.add(old.isEmpty() ? e
              : new NodeTuple(YamlNodes.str(old.get(0)), e.getValueNode()));
        }
        m.setValue(renamed);
      }
    }
    return root;
  }

  /** The section whose key is {@code name}, if it is one. */
  static Optional<Section<?>> section(String name) {
    return SECTIONS.stream().filter(s -> s.path().equals(name)).findFirst();
  }

  private static <R> Setting<Scenario, R> section(Section<R> section, R defaults,
      java.util.function.Function<Scenario, R> get) {
    return Setting.of(section.path(), section, defaults, "see below", section.path(), get)
        .defaultShown("");
  }

  // ------------------------------------------------------------ sweep

  private static final DumpSettings SWEEP_SETTINGS = DumpSettings.builder()
      .setDefaultFlowStyle(FlowStyle.AUTO)
      .setSchema(new CoreSchema())
      .build();

  /** The sweep section, kept raw: values as YAML constructs them. */
  private static Map<String, Object> sweep(FieldReader r, String field, Node n) {
    if (YamlNodes.isNull(n)) {
      return Map.of();
    }
    if (!(n instanceof MappingNode)) {
      throw r.error(field, "expected a mapping, got " + YamlNodes.describe(n));
    }
    requireNoDuplicateKeys(r, field, n, java.util.Collections.newSetFromMap(
        new java.util.IdentityHashMap<>()));
    Object value;
    try {
      value = new StandardConstructor(r.settings()).constructSingleDocument(Optional.of(n));
    } catch (YamlEngineException e) {
      throw r.error(field, "cannot read the sweep section: " + e.getMessage());
    }
    Map<String, Object> out = new LinkedHashMap<>();
    ((Map<?, ?>) value).forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }

  /**
   * Duplicate keys anywhere in the raw section, at the second one's line (the constructor would
   * keep the last silently; everywhere else in a scenario a duplicate key is an error).
   */
  private static void requireNoDuplicateKeys(FieldReader r, String field, Node n,
      java.util.Set<Node> ancestors) {
    if (!ancestors.add(n)) {
      throw r.errorAt(n, field, "an alias of a mapping or list that contains it (a value"
          + " without end)");
    }
    walkForDuplicates(r, field, n, ancestors);
    ancestors.remove(n);
  }

  private static void walkForDuplicates(FieldReader r, String field, Node n,
      java.util.Set<Node> seenNodes) {
    if (n instanceof MappingNode m) {
      Map<String, Integer> seen = new java.util.HashMap<>();
      for (var t : m.getValue()) {
        if (t.getKeyNode() instanceof org.snakeyaml.engine.v2.nodes.ScalarNode k) {
          requireFirst(r, field + "." + k.getValue(), k.getValue(), k, seen);
        }
        requireNoDuplicateKeys(r, field + "." + keyText(t.getKeyNode()), t.getValueNode(),
            seenNodes);
      }
    } else if (n instanceof org.snakeyaml.engine.v2.nodes.SequenceNode s) {
      for (Node item : s.getValue()) {
        requireNoDuplicateKeys(r, field, item, seenNodes);
      }
    }
  }

  private static void requireFirst(FieldReader r, String path, String key, Node keyNode,
      Map<String, Integer> seen) {
    Integer first = seen.putIfAbsent(key, line(keyNode));
    if (first != null) {
      throw r.errorAt(keyNode, path, "duplicate key" + (first > 0
          ? " (first written at line " + first + ")" : ""));
    }
  }

  private static int line(Node n) {
    return n.getStartMark().map(m -> m.getLine() + 1).orElse(0);
  }

  private static String keyText(Node key) {
    return key instanceof org.snakeyaml.engine.v2.nodes.ScalarNode k ? k.getValue() : "?";
  }

  private static Node sweepNode(Map<String, Object> sweep) {
    if (sweep.isEmpty()) {
      return new MappingNode(Tag.MAP, new ArrayList<>(), FlowStyle.FLOW);
    }
    Node node = new StandardRepresenter(SWEEP_SETTINGS).represent(sweep);
    if (node instanceof MappingNode m) {
      m.setFlowStyle(FlowStyle.BLOCK);
    }
    return node;
  }
}
