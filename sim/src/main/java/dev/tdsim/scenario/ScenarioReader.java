package dev.tdsim.scenario;

import java.nio.file.Path;
import dev.tdsim.consensus.ConsensusSettings;
import dev.tdsim.costs.ExecutionCosts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.constructor.StandardConstructor;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/**
 * Turns a composed (and overridden) YAML tree into a {@link Scenario}: checks keys, converts
 * values and units, applies defaults, builds the records (which validate themselves) and gives
 * every error the line of the field it concerns. One instance per load.
 */
final class ScenarioReader {
  private static final String OVERRIDE = ScenarioException.OVERRIDE;
  private static final Pattern INTEGER = Pattern.compile("[-+]?\\d+");
  private static final Pattern DECIMAL =
      Pattern.compile("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?");

  /** Where a field was written: a file line, or an override. */
  private record Loc(String file, int line) {}

  private final String label;
  private final Path source;
  private final LoadSettings settings;
  /** Where each field the user wrote is, by path ({@code keys.shares}, {@code budgets[1]}). */
  private final Map<String, Loc> where = new HashMap<>();

  ScenarioReader(String label, Path source, LoadSettings settings) {
    this.label = label;
    this.source = source;
    this.settings = settings;
  }

  // ------------------------------------------------------------ reading

  Scenario read(MappingNode root, String defaultName) {
    Map<String, NodeTuple> top = entries(root, "", ScenarioKeys.TOP);
    String name = get(top, "", "name", defaultName, this::string);
    long seed = get(top, "", "seed", Scenario.DEFAULT_SEED, this::integer);
    int heights = get(top, "", "heights", Scenario.DEFAULT_HEIGHTS, this::int32);
    ValidatorsConfig validators = readValidators(section(top, "validators"));
    KeysConfig keys = readKeys(section(top, "keys"));
    NetworkConfig network = readNetwork(section(top, "network"));
    WorkloadConfig workload = readWorkload(section(top, "workload"));
    ConsensusConfig consensus = readConsensus(section(top, "consensus"));
    CryptoConfig crypto = readCrypto(section(top, "crypto"));
    List<Long> budgets = get(top, "", "budgets", Scenario.DEFAULT_BUDGETS_NANOS,
        (f, n) -> listOf(f, n, "[100 ms, 1 s]", (g, m) -> duration(g, m, false)));
    FaultsConfig faults = get(top, "", "faults", FaultsConfig.NONE, this::readFaults);
    Map<String, Object> sweep = get(top, "", "sweep", Map.of(), this::sweep);
    Scenario scenario = build(() -> new Scenario(name, seed, heights, validators, keys, network,
        workload, consensus, crypto, budgets, source, sweep, faults));
    build(() -> StepBounds.check(scenario));
    return scenario;
  }

  private ValidatorsConfig readValidators(Map<String, NodeTuple> e) {
    String p = "validators.";
    int count = get(e, p, "count", ValidatorsConfig.DEFAULT_COUNT, this::int32);
    List<Long> stake = get(e, p, "stake", List.of(), this::stake);
    int cores = get(e, p, "cores", ValidatorsConfig.DEFAULT_CORES, this::int32);
    double speed = get(e, p, "speed", ValidatorsConfig.DEFAULT_SPEED, this::real);
    List<String> regions = get(e, p, "regions", ValidatorsConfig.DEFAULT_REGIONS,
        (f, n) -> listOf(f, n, "[us-east, eu-west]", this::string));
    return build(() -> new ValidatorsConfig(count, stake, cores, speed, regions));
  }

  private List<Long> stake(String field, Node n) {
    if (n instanceof SequenceNode) {
      return listOf(field, n, "[1, 2]", this::integer);
    }
    if (n instanceof ScalarNode s && s.getValue().strip().equals(ValidatorsConfig.EQUAL_STAKE)) {
      return List.of();
    }
    throw error(field, "expected 'equal' or a list of positive integer weights, one per "
        + "validator, got " + describe(n));
  }

  private KeysConfig readKeys(Map<String, NodeTuple> e) {
    int shares = get(e, "keys.", "shares", KeysConfig.DEFAULT_SHARES, this::int32);
    int threshold = get(e, "keys.", "threshold", KeysConfig.defaultThreshold(shares), this::int32);
    return build(() -> new KeysConfig(shares, threshold));
  }

  private NetworkConfig readNetwork(Map<String, NodeTuple> e) {
    String p = "network.";
    String model = get(e, p, "model", NetworkConfig.DEFAULT_MODEL, this::string);
    long latency = get(e, p, "latency", NetworkConfig.DEFAULT_LATENCY_NANOS,
        (f, n) -> duration(f, n, true));
    String jitter = get(e, p, "jitter", NetworkConfig.DEFAULT_JITTER, this::string);
    double sigma = get(e, p, "jitter_sigma", NetworkConfig.DEFAULT_JITTER_SIGMA, this::real);
    long bandwidth = get(e, p, "bandwidth", NetworkConfig.DEFAULT_BANDWIDTH_BITS_PER_SECOND,
        this::bandwidth);
    String dissemination =
        get(e, p, "dissemination", NetworkConfig.DEFAULT_DISSEMINATION, this::string);
    int fanout = get(e, p, "gossip_fanout", NetworkConfig.DEFAULT_GOSSIP_FANOUT, this::int32);
    long sendRate = get(e, p, "peer_send_rate",
        NetworkConfig.DEFAULT_PEER_SEND_RATE_BITS_PER_SECOND, this::bandwidth);
    long flush = get(e, p, "flush_throttle_timeout", NetworkConfig.DEFAULT_FLUSH_THROTTLE_NANOS,
        (f, n) -> duration(f, n, true));
    return build(() -> new NetworkConfig(
        model, latency, jitter, sigma, bandwidth, dissemination, fanout, sendRate, flush));
  }

  private WorkloadConfig readWorkload(Map<String, NodeTuple> e) {
    String p = "workload.";
    Integer msgs = get(e, p, "msgs_per_block", WorkloadConfig.DEFAULT_MSGS_PER_BLOCK,
        this::msgsPerBlock);
    double rate = get(e, p, "rate", WorkloadConfig.DEFAULT_RATE_PER_SECOND, this::rate);
    long size = get(e, p, "msg_size", WorkloadConfig.DEFAULT_MSG_SIZE_BYTES, this::size);
    String dist = get(e, p, "msg_size_distribution",
        WorkloadConfig.DEFAULT_MSG_SIZE_DISTRIBUTION, this::string);
    return build(() -> new WorkloadConfig(msgs, rate, size, dist));
  }

  /** An integer, or null for {@code auto} (or no value). */
  private Integer msgsPerBlock(String field, Node n) {
    if (isNull(n) || (n instanceof ScalarNode s
        && s.getValue().strip().equals(WorkloadConfig.AUTO))) {
      return null;
    }
    if (n instanceof ScalarNode s && !DECIMAL.matcher(s.getValue().strip()).matches()) {
      throw error(field, "expected a positive integer or 'auto', got " + describe(n));
    }
    return int32(field, n);
  }

  private ConsensusConfig readConsensus(Map<String, NodeTuple> e) {
    String p = "consensus.";
    ConsensusSettings d = ConsensusSettings.cometBftDefaults();
    Parser<Long> positive = (f, n) -> duration(f, n, false);
    Parser<Long> zeroOk = (f, n) -> duration(f, n, true);
    String protocol = get(e, p, "protocol", ConsensusConfig.DEFAULT_PROTOCOL, this::string);
    long propose = get(e, p, "timeout_propose", d.timeoutProposeNanos(), positive);
    long proposeDelta = get(e, p, "timeout_propose_delta", d.timeoutProposeDeltaNanos(), zeroOk);
    long prevote = get(e, p, "timeout_prevote", d.timeoutPrevoteNanos(), positive);
    long prevoteDelta = get(e, p, "timeout_prevote_delta", d.timeoutPrevoteDeltaNanos(), zeroOk);
    long precommit = get(e, p, "timeout_precommit", d.timeoutPrecommitNanos(), positive);
    long precommitDelta =
        get(e, p, "timeout_precommit_delta", d.timeoutPrecommitDeltaNanos(), zeroOk);
    long commit = get(e, p, "timeout_commit", d.timeoutCommitNanos(), zeroOk);
    boolean skip = get(e, p, "skip_timeout_commit", d.skipTimeoutCommit(), this::bool);
    long partSize = get(e, p, "block_part_size", d.blockPartSizeBytes(), this::size);
    long sleep = get(e, p, "peer_gossip_sleep_duration", d.peerGossipSleepNanos(), zeroOk);
    String simulation = get(e, p, "simulation", d.simulation(), this::string);
    int exactMax = get(e, p, "exact_max_validators", d.exactMaxValidators(), this::int32);
    String signature = get(e, p, "vote_signature", ConsensusConfig.DEFAULT_VOTE_SIGNATURE,
        this::string);
    ExecutionCosts x = ExecutionCosts.DEFAULTS;
    long fsync = get(e, p, "wal_fsync", x.walFsyncNanos(), zeroOk);
    boolean partSyncs = get(e, p, "wal_fsync_block_parts", x.walFsyncBlockParts(), this::bool);
    boolean privval = get(e, p, "privval_fsync", x.privvalFsync(), this::bool);
    long perTx = get(e, p, "execution_per_tx", x.executionPerTxNanos(), zeroOk);
    long perBlock = get(e, p, "execution_per_block", x.executionPerBlockNanos(), zeroOk);
    int txs = get(e, p, "max_block_txs", ConsensusConfig.DEFAULT_MAX_BLOCK_TXS, this::int32);
    long bytes = get(e, p, "max_block_bytes", ConsensusConfig.DEFAULT_MAX_BLOCK_BYTES,
        this::size);
    long haltAfter = get(e, p, "halt_after", ConsensusConfig.DEFAULT_HALT_AFTER_NANOS, positive);
    return build(() -> {
      Checks.positiveDuration("consensus.timeout_propose", propose);
      Checks.positiveDuration("consensus.timeout_prevote", prevote);
      Checks.positiveDuration("consensus.timeout_precommit", precommit);
      Checks.nonNegativeDuration("consensus.timeout_propose_delta", proposeDelta);
      Checks.nonNegativeDuration("consensus.timeout_prevote_delta", prevoteDelta);
      Checks.nonNegativeDuration("consensus.timeout_precommit_delta", precommitDelta);
      Checks.nonNegativeDuration("consensus.timeout_commit", commit);
      Checks.nonNegativeDuration("consensus.peer_gossip_sleep_duration", sleep);
      Checks.positiveSize("consensus.block_part_size", partSize);
      Checks.oneOf("consensus.simulation", simulation, ConsensusSettings.SIMULATIONS);
      Checks.atLeast("consensus.exact_max_validators", exactMax, 1);
      Checks.nonNegativeDuration("consensus.wal_fsync", fsync);
      Checks.nonNegativeDuration("consensus.execution_per_tx", perTx);
      Checks.nonNegativeDuration("consensus.execution_per_block", perBlock);
      return new ConsensusConfig(protocol, new ConsensusSettings(propose, proposeDelta, prevote,
          prevoteDelta, precommit, precommitDelta, commit, skip, partSize, sleep, simulation,
          exactMax), signature, new ExecutionCosts(perTx, perBlock, fsync, partSyncs, privval),
          txs, bytes, haltAfter);
    });
  }

  // ------------------------------------------------------------ faults

  /** The {@code faults:} list: one mapping per fault, its keys depending on its kind. */
  private FaultsConfig readFaults(String field, Node n) {
    if (isNull(n)) {
      return FaultsConfig.NONE;
    }
    return new FaultsConfig(listOf(field, n, "[{kind: crash, validators: [3]}]", this::readFault));
  }

  private dev.tdsim.faults.FaultSpec readFault(String field, Node n) {
    if (!(n instanceof MappingNode m)) {
      throw error(field, "expected a fault (a mapping with kind and its keys), got "
          + describe(n));
    }
    dev.tdsim.faults.FaultKind kind = null;
    for (NodeTuple t : m.getValue()) {
      if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals("kind")) {
        where.put(field + ".kind", locOf(t.getKeyNode()));
        String name = string(field + ".kind", t.getValueNode()).strip();
        kind = dev.tdsim.faults.FaultKinds.find(name).orElseThrow(() -> error(field + ".kind",
            "unknown fault kind '" + name + "'; known: "
                + String.join(", ", dev.tdsim.faults.FaultKinds.names())));
      }
    }
    if (kind == null) {
      throw error(field, "a fault needs a kind: one of "
          + String.join(", ", dev.tdsim.faults.FaultKinds.names()));
    }
    String p = field + ".";
    Map<String, NodeTuple> e = entries(m, p, ScenarioKeys.faultKeys(kind));
    List<String> targets = new ArrayList<>();
    for (String t : List.of("validators", "region", "stake")) {
      if (e.containsKey(t)) {
        targets.add(t);
      }
    }
    if (targets.size() > 1) {
      throw error(p + targets.get(1), "give one of validators, region or stake, not "
          + String.join(" and ", targets));
    }
    dev.tdsim.faults.FaultTarget target = dev.tdsim.faults.FaultTarget.ALL;
    try {
      if (e.containsKey("validators")) {
        List<Integer> ids = get(e, p, "validators", List.of(),
            (f, v) -> listOf(f, v, "[0, 3]", this::int32));
        target = new dev.tdsim.faults.FaultTarget.Validators(ids);
      } else if (e.containsKey("region")) {
        target = new dev.tdsim.faults.FaultTarget.Region(
            get(e, p, "region", "", this::string).strip());
      } else if (e.containsKey("stake")) {
        target = new dev.tdsim.faults.FaultTarget.Stake(get(e, p, "stake", 0.0, this::share));
      }
      dev.tdsim.faults.FaultWindow w = dev.tdsim.faults.FaultWindow.ALWAYS;
      long from = get(e, p, "from", w.fromNanos(), (f, v) -> duration(f, v, true));
      long until = get(e, p, "until", w.untilNanos(), (f, v) -> duration(f, v, false));
      int fromHeight = get(e, p, "from_height", w.fromHeight(), this::int32);
      int untilHeight = get(e, p, "until_height", w.untilHeight(), this::int32);
      dev.tdsim.faults.FaultWindow window =
          new dev.tdsim.faults.FaultWindow(from, until, fromHeight, untilHeight);
      Map<String, Object> params = new LinkedHashMap<>();
      for (dev.tdsim.faults.FaultField ff : kind.fields()) {
        if (e.containsKey(ff.key())) {
          params.put(ff.key(), get(e, p, ff.key(), null, (f, v) -> faultValue(f, v, ff)));
        }
      }
      return new dev.tdsim.faults.FaultSpec(kind, target, window, params);
    } catch (dev.tdsim.faults.FaultException x) {
      String at = x.field() == null ? field : p + x.field();
      Loc loc = where.get(at);
      if (loc == null) {
        loc = where.get(field);
        at = x.field() == null ? field : at;
      }
      throw new ScenarioException(loc.file, loc.line, at, x.problem());
    }
  }

  /** A share of voting power: {@code 20%} or a fraction like {@code 0.2}. */
  private double share(String field, Node n) {
    String text = scalar(field, n, "a share like '20%'").getValue().strip();
    boolean percent = text.endsWith("%");
    String number = percent ? text.substring(0, text.length() - 1).strip() : text;
    if (!DECIMAL.matcher(number).matches()) {
      throw error(field, "expected a share like '20%' or 0.2, got " + describe(n));
    }
    double v = Double.parseDouble(number) / (percent ? 100 : 1);
    if (!(v >= 0 && v <= 1)) {
      throw error(field, "a share is between 0% and 100%, got " + text);
    }
    return v;
  }

  /** The value of a kind's own field, by its type. */
  private Object faultValue(String field, Node n, dev.tdsim.faults.FaultField f) {
    return switch (f.type()) {
      case DURATION -> duration(field, n, true);
      case PROBABILITY -> share(field, n);
      case FACTOR -> real(field, n);
      case CHOICE -> {
        String v = string(field, n).strip();
        if (!f.choices().contains(v)) {
          throw error(field, "'" + v + "' is not one of " + String.join(", ", f.choices()));
        }
        yield v;
      }
      case GROUPS -> listOf(field, n, "[[0, 1], [2, 3]]", (g, m) -> listOf(g, m, "[0, us-east]",
          (x, o) -> {
            String text = string(x, o).strip();
            if (text.isEmpty()) {
              throw error(x, "expected a validator id or a region name");
            }
            return text.startsWith("+") ? text.substring(1) : text;
          }));
    };
  }

  private boolean bool(String field, Node n) {
    String text = scalar(field, n, "true or false").getValue().strip();
    return switch (text) {
      case "true" -> true;
      case "false" -> false;
      default -> throw error(field, "expected true or false, got " + describe(n));
    };
  }

  private CryptoConfig readCrypto(Map<String, NodeTuple> e) {
    String p = "crypto.";
    String variant = get(e, p, "variant", CryptoConfig.DEFAULT_VARIANT, this::string);
    String timing = get(e, p, "timing", CryptoConfig.DEFAULT_TIMING, this::string);
    String calibration =
        get(e, p, "calibration", CryptoConfig.DEFAULT_CALIBRATION, this::string);
    int sample = get(e, p, "sample_heights", CryptoConfig.DEFAULT_SAMPLE_HEIGHTS, this::int32);
    String schedule = get(e, p, "schedule", CryptoConfig.DEFAULT_SCHEDULE, this::string);
    int threads = get(e, p, "threads", CryptoConfig.DEFAULT_THREADS, this::int32);
    long shareTimeout = get(e, p, "share_timeout", CryptoConfig.DEFAULT_SHARE_TIMEOUT_NANOS,
        (f, n) -> duration(f, n, false));
    return build(() -> new CryptoConfig(variant, timing, calibration, sample, schedule, threads,
        shareTimeout));
  }

  /** Parses the value of one field; {@code field} is its dotted path, for errors. */
  @FunctionalInterface
  private interface Parser<T> {
    T parse(String field, Node value);
  }

  /** The parsed value of {@code key} of a mapping, or {@code otherwise} when it is absent. */
  private static <T> T get(
      Map<String, NodeTuple> entries, String prefix, String key, T otherwise, Parser<T> parser) {
    NodeTuple t = entries.get(key);
    return t == null ? otherwise : parser.parse(prefix + key, t.getValueNode());
  }

  /** A list whose elements are parsed one by one, each located at its own line. */
  private <T> List<T> listOf(String field, Node n, String example, Parser<T> element) {
    if (!(n instanceof SequenceNode seq)) {
      throw error(field, "expected a list like " + example + ", got " + describe(n));
    }
    List<T> out = new ArrayList<>();
    for (int i = 0; i < seq.getValue().size(); i++) {
      Node item = seq.getValue().get(i);
      String itemField = field + "[" + i + "]";
      where.put(itemField, locOf(item));
      out.add(element.parse(itemField, item));
    }
    return out;
  }

  private Map<String, Object> sweep(String field, Node n) {
    if (isNull(n)) {
      return Map.of();
    }
    if (!(n instanceof MappingNode)) {
      throw error(field, "expected a mapping, got " + describe(n));
    }
    Object value;
    try {
      value = new StandardConstructor(settings).constructSingleDocument(Optional.of(n));
    } catch (YamlEngineException e) {
      throw error(field, "cannot read the sweep section: " + e.getMessage());
    }
    Map<String, Object> out = new LinkedHashMap<>();
    ((Map<?, ?>) value).forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }

  // ------------------------------------------------------------ structure

  /**
   * The entries of a mapping by key, checking that every key is known and appears once, and
   * recording where each was written.
   */
  private Map<String, NodeTuple> entries(MappingNode m, String prefix, List<String> known) {
    Map<String, NodeTuple> out = new LinkedHashMap<>();
    String section = prefix.isEmpty() ? "" : prefix.substring(0, prefix.length() - 1);
    for (NodeTuple t : m.getValue()) {
      Node keyNode = t.getKeyNode();
      Loc loc = locOf(keyNode);
      if (!(keyNode instanceof ScalarNode k) || isNull(keyNode)) {
        throw new ScenarioException(loc.file, loc.line, section.isEmpty() ? null : section,
            "keys must be words, got " + describe(keyNode));
      }
      String key = k.getValue();
      String path = prefix + key;
      if (!known.contains(key)) {
        throw new ScenarioException(
            loc.file, loc.line, path, KeyHints.unknownKey(section, key, known));
      }
      if (out.containsKey(key)) {
        Loc first = where.get(path);
        throw new ScenarioException(loc.file, loc.line, path, "duplicate key"
            + (first.line > 0 && first.file.equals(loc.file)
                ? " (first written at line " + first.line + ")" : ""));
      }
      out.put(key, t);
      where.put(path, loc);
    }
    return out;
  }

  /** The entries of a section (empty when absent or written with no value). */
  private Map<String, NodeTuple> section(Map<String, NodeTuple> top, String name) {
    NodeTuple t = top.get(name);
    if (t == null || isNull(t.getValueNode())) {
      return Map.of();
    }
    List<String> keys = ScenarioKeys.SECTIONS.get(name);
    if (!(t.getValueNode() instanceof MappingNode m)) {
      throw error(name, "expected a section (a mapping with keys " + String.join(", ", keys)
          + "), got " + describe(t.getValueNode()));
    }
    return entries(m, name + ".", keys);
  }

  // ------------------------------------------------------------ values

  private ScalarNode scalar(String field, Node n, String expected) {
    if (n instanceof ScalarNode s && !isNull(n)) {
      return s;
    }
    if (isNull(n)) {
      throw error(field, "has no value; write " + expected
          + " or remove the key to use the default");
    }
    throw error(field, "expected " + expected + ", got " + describe(n));
  }

  private String string(String field, Node n) {
    return scalar(field, n, "a string").getValue();
  }

  private long integer(String field, Node n) {
    String text = scalar(field, n, "an integer").getValue().strip();
    if (INTEGER.matcher(text).matches()) {
      try {
        return Long.parseLong(text.startsWith("+") ? text.substring(1) : text);
      } catch (NumberFormatException e) {
        throw error(field, text + " is out of range");
      }
    }
    if (DECIMAL.matcher(text).matches()) {
      throw error(field, "expected a whole number, got " + text);
    }
    throw error(field, "expected an integer, got " + describe(n));
  }

  private int int32(String field, Node n) {
    long v = integer(field, n);
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw error(field, v + " is out of range");
    }
    return (int) v;
  }

  private double real(String field, Node n) {
    String text = scalar(field, n, "a number").getValue().strip();
    if (!DECIMAL.matcher(text).matches()) {
      throw error(field, "expected a number, got " + describe(n));
    }
    return Double.parseDouble(text);
  }

  private long duration(String field, Node n, boolean zeroAllowed) {
    String text = scalar(field, n, "a duration like '150 ms'").getValue();
    try {
      return Units.parseDuration(text, zeroAllowed);
    } catch (IllegalArgumentException e) {
      throw error(field, e.getMessage());
    }
  }

  private long size(String field, Node n) {
    String text = scalar(field, n, "a size like '1 KiB'").getValue();
    try {
      return Units.parseSize(text);
    } catch (IllegalArgumentException e) {
      throw error(field, e.getMessage());
    }
  }

  private long bandwidth(String field, Node n) {
    String text = scalar(field, n, "a bandwidth like '1 Gbps'").getValue();
    try {
      return Units.parseBandwidth(text);
    } catch (IllegalArgumentException e) {
      throw error(field, e.getMessage());
    }
  }

  private double rate(String field, Node n) {
    String text = scalar(field, n, "a rate like '1000 tx/s'").getValue();
    try {
      return Units.parseRate(text);
    } catch (IllegalArgumentException e) {
      throw error(field, e.getMessage());
    }
  }

  // ------------------------------------------------------------ locations

  private Loc locOf(Node n) {
    Optional<Mark> mark = n.getStartMark();
    if (mark.isEmpty()) {
      return new Loc(label, 0);
    }
    if (OVERRIDE.equals(mark.get().getName())) {
      return new Loc(OVERRIDE, 0);
    }
    return new Loc(label, mark.get().getLine() + 1);
  }

  /** A located error at a field the reader is looking at (its key line, or an element line). */
  private ScenarioException error(String field, String problem) {
    Loc loc = where.get(field);
    if (loc == null) {
      loc = new Loc(label, 0);
    }
    return new ScenarioException(loc.file, loc.line, field, problem);
  }

  private <T> T build(Supplier<T> constructor) {
    try {
      return constructor.get();
    } catch (ScenarioException e) {
      throw e.isLocated() ? e : locate(e);
    }
  }

  /**
   * Locates a record's error: at its field if the user wrote it, else at the first related field
   * the user wrote (noting that the field has its default), else at the nearest written parent.
   */
  private ScenarioException locate(ScenarioException e) {
    String field = e.getField();
    if (field == null) {
      return new ScenarioException(label, 0, null, e.getProblem(), e);
    }
    Loc loc = where.get(field);
    if (loc != null) {
      return new ScenarioException(loc.file, loc.line, field, e.getProblem(), e);
    }
    for (String related : e.getRelatedFields()) {
      Loc r = where.get(related);
      if (r != null) {
        return new ScenarioException(r.file, r.line, related, e.getProblem() + " ("
            + field + " is not set and has its default value)", e);
      }
    }
    for (String parent = parent(field); parent != null; parent = parent(parent)) {
      Loc p = where.get(parent);
      if (p != null) {
        return new ScenarioException(p.file, p.line, field, e.getProblem(), e);
      }
    }
    return new ScenarioException(label, 0, field, e.getProblem(), e);
  }

  private static String parent(String field) {
    int cut = Math.max(field.lastIndexOf('.'), field.lastIndexOf('['));
    return cut <= 0 ? null : field.substring(0, cut);
  }


  static boolean isNull(Node n) {
    return n instanceof ScalarNode s && s.getTag().equals(Tag.NULL)
        && s.getScalarStyle() == ScalarStyle.PLAIN;
  }

  static String describe(Node n) {
    if (n instanceof SequenceNode) {
      return "a list";
    }
    if (n instanceof MappingNode) {
      return "a mapping";
    }
    if (isNull(n)) {
      return "nothing";
    }
    return "'" + ((ScalarNode) n).getValue() + "'";
  }

}
