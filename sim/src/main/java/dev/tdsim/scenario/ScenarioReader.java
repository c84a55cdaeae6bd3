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
 *
 * <p>It finds every error of a file in one pass: a value that does not parse, an unknown or
 * repeated key, a record's check that fails are reported and the field takes its default so
 * that the other fields are still checked. Checks between fields run when their fields parsed
 * (a problem involving a field that failed already is its consequence and not reported). The
 * errors come out together, in file order, as one {@link ScenarioException}.
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
  /** Every problem found so far, located. */
  private final List<ScenarioException> errors = new ArrayList<>();
  /**
   * Fields (and sections) whose value was wrong and that took their default: problems that
   * involve them are consequences, not reported.
   */
  private final java.util.Set<String> failed = new java.util.HashSet<>();

  /** Thrown when the problems of a value (a list's elements) are reported already. */
  private static final class Reported extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Reported() {
      super(null, null, false, false);
    }
  }

  ScenarioReader(String label, Path source, LoadSettings settings) {
    this.label = label;
    this.source = source;
    this.settings = settings;
  }

  // ------------------------------------------------------------ reading

  /**
   * Reads the whole tree, collecting every error instead of stopping at the first.
   *
   * @param earlier errors found before reading (bad {@code --set} paths), reported with the rest
   * @throws ScenarioException when anything is wrong: {@link ScenarioException#getErrors()} has
   *     every error in file order
   */
  Scenario read(MappingNode root, String defaultName, List<ScenarioException> earlier) {
    errors.addAll(earlier);
    Map<String, NodeTuple> top = entries(root, "", ScenarioKeys.TOP);
    Field<String> name = field(top, "", "name", defaultName, this::string);
    Field<Long> seed = field(top, "", "seed", Scenario.DEFAULT_SEED, this::integer);
    Field<Integer> heights = field(top, "", "heights", Scenario.DEFAULT_HEIGHTS, this::int32);
    Field<ValidatorsConfig> validators = sectionField(top, "validators",
        readValidators(section(top, "validators")), ValidatorsConfig.defaults());
    Field<KeysConfig> keys =
        sectionField(top, "keys", readKeys(section(top, "keys")), KeysConfig.defaults());
    Field<NetworkConfig> network = sectionField(top, "network",
        readNetwork(section(top, "network")), NetworkConfig.defaults());
    Field<WorkloadConfig> workload = sectionField(top, "workload",
        readWorkload(section(top, "workload")), WorkloadConfig.defaults());
    Field<ConsensusConfig> consensus = sectionField(top, "consensus",
        readConsensus(section(top, "consensus")), ConsensusConfig.defaults());
    Field<CryptoConfig> crypto =
        sectionField(top, "crypto", readCrypto(section(top, "crypto")), CryptoConfig.defaults());
    Field<List<Long>> budgets = field(top, "", "budgets", Scenario.DEFAULT_BUDGETS_NANOS,
        (f, n) -> listOf(f, n, "[100 ms, 1 s]", (g, m) -> duration(g, m, false)));
    Field<FaultsConfig> faults = field(top, "", "faults", FaultsConfig.NONE, this::readFaults);
    Field<Map<String, Object>> sweep = field(top, "", "sweep", Map.of(), this::sweep);
    Scenario scenario = build("", () -> new Scenario(name.v(), seed.v(), heights.v(),
        validators.v(), keys.v(), network.v(), workload.v(), consensus.v(), crypto.v(),
        budgets.v(), source, sweep.v(), faults.v()), () -> null, name, seed, heights, validators,
        keys, network, workload, consensus, crypto, budgets, faults, sweep);
    if (scenario != null && errors.isEmpty()) {
      // needs a whole, valid scenario (it reads the calibration file it names)
      build("", () -> StepBounds.check(scenario), () -> null);
    }
    if (!errors.isEmpty()) {
      throw ScenarioException.all(inFileOrder(errors));
    }
    return scenario;
  }

  private ValidatorsConfig readValidators(Map<String, NodeTuple> e) {
    String p = "validators.";
    Field<Integer> count = field(e, p, "count", ValidatorsConfig.DEFAULT_COUNT, this::int32);
    Field<List<Long>> stake = field(e, p, "stake", List.of(), this::stake);
    Field<Integer> cores = field(e, p, "cores", ValidatorsConfig.DEFAULT_CORES, this::int32);
    Field<Double> speed = field(e, p, "speed", ValidatorsConfig.DEFAULT_SPEED, this::real);
    Field<List<String>> regions = field(e, p, "regions", ValidatorsConfig.DEFAULT_REGIONS,
        (f, n) -> listOf(f, n, "[us-east, eu-west]", this::string));
    return build("validators",
        () -> new ValidatorsConfig(count.v(), stake.v(), cores.v(), speed.v(), regions.v()),
        ValidatorsConfig::defaults, count, stake, cores, speed, regions);
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
    Field<Integer> shares = field(e, "keys.", "shares", KeysConfig.DEFAULT_SHARES, this::int32);
    Field<Integer> threshold = field(e, "keys.", "threshold",
        KeysConfig.defaultThreshold(shares.v()), this::int32);
    Field<String> setup = field(e, "keys.", "setup", KeysConfig.DEFAULT_SETUP, this::string);
    Field<Integer> epochLength = field(e, "keys.", "epoch_length", 0, this::epochLength);
    Field<Integer> lead = field(e, "keys.", "dkg_lead", 0, this::int32);
    Field<Long> timeout = field(e, "keys.", "dkg_timeout", KeysConfig.DEFAULT_DKG_TIMEOUT_NANOS,
        (f, n) -> duration(f, n, false));
    Field<List<List<Long>>> stakes = field(e, "keys.", "epoch_stakes", List.of(),
        (f, n) -> listOf(f, n, "[[1, 1, 2], [0, 1, 2]]",
            (g, m) -> listOf(g, m, "[1, 1, 2]", this::integer)));
    return build("keys", () -> new KeysConfig(shares.v(), threshold.v(), setup.v(),
        epochLength.v(), lead.v(), timeout.v(), stakes.v()), KeysConfig::defaults,
        shares, threshold, setup, epochLength, lead, timeout, stakes);
  }

  /** {@code none} (0: no epochs) or a whole number of heights. */
  private int epochLength(String field, Node n) {
    if (n instanceof ScalarNode s && s.getValue().strip().equals("none")) {
      return 0;
    }
    int v = int32(field, n);
    if (v < 1) {
      throw error(field, "expected none or a number of heights >= 1, got " + v);
    }
    return v;
  }

  private NetworkConfig readNetwork(Map<String, NodeTuple> e) {
    String p = "network.";
    Field<String> model = field(e, p, "model", NetworkConfig.DEFAULT_MODEL, this::string);
    Field<Long> latency = field(e, p, "latency", NetworkConfig.DEFAULT_LATENCY_NANOS,
        (f, n) -> duration(f, n, true));
    Field<String> jitter = field(e, p, "jitter", NetworkConfig.DEFAULT_JITTER, this::string);
    Field<Double> sigma =
        field(e, p, "jitter_sigma", NetworkConfig.DEFAULT_JITTER_SIGMA, this::real);
    Field<Long> bandwidth = field(e, p, "bandwidth",
        NetworkConfig.DEFAULT_BANDWIDTH_BITS_PER_SECOND, this::bandwidth);
    Field<String> dissemination =
        field(e, p, "dissemination", NetworkConfig.DEFAULT_DISSEMINATION, this::string);
    Field<Integer> fanout =
        field(e, p, "gossip_fanout", NetworkConfig.DEFAULT_GOSSIP_FANOUT, this::int32);
    Field<Long> sendRate = field(e, p, "peer_send_rate",
        NetworkConfig.DEFAULT_PEER_SEND_RATE_BITS_PER_SECOND, this::bandwidth);
    Field<Long> flush = field(e, p, "flush_throttle_timeout",
        NetworkConfig.DEFAULT_FLUSH_THROTTLE_NANOS, (f, n) -> duration(f, n, true));
    return build("network", () -> new NetworkConfig(model.v(), latency.v(), jitter.v(),
        sigma.v(), bandwidth.v(), dissemination.v(), fanout.v(), sendRate.v(), flush.v()),
        NetworkConfig::defaults, model, latency, jitter, sigma, bandwidth, dissemination, fanout,
        sendRate, flush);
  }

  private WorkloadConfig readWorkload(Map<String, NodeTuple> e) {
    String p = "workload.";
    Field<Integer> msgs = field(e, p, "msgs_per_block", WorkloadConfig.DEFAULT_MSGS_PER_BLOCK,
        this::msgsPerBlock);
    Field<Double> rate = field(e, p, "rate", WorkloadConfig.DEFAULT_RATE_PER_SECOND, this::rate);
    Field<Long> size = field(e, p, "msg_size", WorkloadConfig.DEFAULT_MSG_SIZE_BYTES, this::size);
    Field<String> dist = field(e, p, "msg_size_distribution",
        WorkloadConfig.DEFAULT_MSG_SIZE_DISTRIBUTION, this::string);
    return build("workload",
        () -> new WorkloadConfig(msgs.v(), rate.v(), size.v(), dist.v()),
        WorkloadConfig::defaults, msgs, rate, size, dist);
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
    Field<String> protocol =
        field(e, p, "protocol", ConsensusConfig.DEFAULT_PROTOCOL, this::string);
    Field<Long> propose = field(e, p, "timeout_propose", d.timeoutProposeNanos(), positive);
    Field<Long> proposeDelta =
        field(e, p, "timeout_propose_delta", d.timeoutProposeDeltaNanos(), zeroOk);
    Field<Long> prevote = field(e, p, "timeout_prevote", d.timeoutPrevoteNanos(), positive);
    Field<Long> prevoteDelta =
        field(e, p, "timeout_prevote_delta", d.timeoutPrevoteDeltaNanos(), zeroOk);
    Field<Long> precommit = field(e, p, "timeout_precommit", d.timeoutPrecommitNanos(), positive);
    Field<Long> precommitDelta =
        field(e, p, "timeout_precommit_delta", d.timeoutPrecommitDeltaNanos(), zeroOk);
    Field<Long> commit = field(e, p, "timeout_commit", d.timeoutCommitNanos(), zeroOk);
    Field<Boolean> skip =
        field(e, p, "skip_timeout_commit", d.skipTimeoutCommit(), this::bool);
    Field<Long> partSize = field(e, p, "block_part_size", d.blockPartSizeBytes(), this::size);
    Field<Long> sleep =
        field(e, p, "peer_gossip_sleep_duration", d.peerGossipSleepNanos(), zeroOk);
    Field<String> simulation = field(e, p, "simulation", d.simulation(), this::string);
    Field<Integer> exactMax =
        field(e, p, "exact_max_validators", d.exactMaxValidators(), this::int32);
    Field<String> signature = field(e, p, "vote_signature",
        ConsensusConfig.DEFAULT_VOTE_SIGNATURE, this::string);
    ExecutionCosts x = ExecutionCosts.DEFAULTS;
    Field<Long> fsync = field(e, p, "wal_fsync", x.walFsyncNanos(), zeroOk);
    Field<Boolean> partSyncs =
        field(e, p, "wal_fsync_block_parts", x.walFsyncBlockParts(), this::bool);
    Field<Boolean> privval = field(e, p, "privval_fsync", x.privvalFsync(), this::bool);
    Field<Long> perTx = field(e, p, "execution_per_tx", x.executionPerTxNanos(), zeroOk);
    Field<Long> perBlock =
        field(e, p, "execution_per_block", x.executionPerBlockNanos(), zeroOk);
    Field<Integer> txs =
        field(e, p, "max_block_txs", ConsensusConfig.DEFAULT_MAX_BLOCK_TXS, this::int32);
    Field<Long> bytes = field(e, p, "max_block_bytes", ConsensusConfig.DEFAULT_MAX_BLOCK_BYTES,
        this::size);
    Field<Long> haltAfter =
        field(e, p, "halt_after", ConsensusConfig.DEFAULT_HALT_AFTER_NANOS, positive);
    Field<String> certificate =
        field(e, p, "certificate", ConsensusConfig.DEFAULT_CERTIFICATE, this::string);
    return build("consensus", () -> {
      Checks.positiveDuration("consensus.timeout_propose", propose.v());
      Checks.positiveDuration("consensus.timeout_prevote", prevote.v());
      Checks.positiveDuration("consensus.timeout_precommit", precommit.v());
      Checks.nonNegativeDuration("consensus.timeout_propose_delta", proposeDelta.v());
      Checks.nonNegativeDuration("consensus.timeout_prevote_delta", prevoteDelta.v());
      Checks.nonNegativeDuration("consensus.timeout_precommit_delta", precommitDelta.v());
      Checks.nonNegativeDuration("consensus.timeout_commit", commit.v());
      Checks.nonNegativeDuration("consensus.peer_gossip_sleep_duration", sleep.v());
      Checks.positiveSize("consensus.block_part_size", partSize.v());
      Checks.oneOf("consensus.simulation", simulation.v(), ConsensusSettings.SIMULATIONS);
      Checks.atLeast("consensus.exact_max_validators", exactMax.v(), 1);
      Checks.nonNegativeDuration("consensus.wal_fsync", fsync.v());
      Checks.nonNegativeDuration("consensus.execution_per_tx", perTx.v());
      Checks.nonNegativeDuration("consensus.execution_per_block", perBlock.v());
      return new ConsensusConfig(protocol.v(), new ConsensusSettings(propose.v(),
          proposeDelta.v(), prevote.v(), prevoteDelta.v(), precommit.v(), precommitDelta.v(),
          commit.v(), skip.v(), partSize.v(), sleep.v(), simulation.v(), exactMax.v()),
          signature.v(), new ExecutionCosts(perTx.v(), perBlock.v(), fsync.v(), partSyncs.v(),
              privval.v()), txs.v(), bytes.v(), haltAfter.v(), certificate.v());
    }, ConsensusConfig::defaults, protocol, propose, proposeDelta, prevote, prevoteDelta,
        precommit, precommitDelta, commit, skip, partSize, sleep, simulation, exactMax, signature,
        fsync, partSyncs, privval, perTx, perBlock, txs, bytes, haltAfter, certificate);
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
    List<Field<?>> read = new ArrayList<>();
    dev.tdsim.faults.FaultTarget target = dev.tdsim.faults.FaultTarget.ALL;
    if (e.containsKey("validators")) {
      Field<List<Integer>> ids = keep(read, field(e, p, "validators", List.of(),
          (f, v) -> listOf(f, v, "[0, 3]", this::int32)));
      target = ids.reset ? target : new dev.tdsim.faults.FaultTarget.Validators(ids.v());
    } else if (e.containsKey("region")) {
      Field<String> region = keep(read, field(e, p, "region", "", this::string));
      target = region.reset ? target : new dev.tdsim.faults.FaultTarget.Region(region.v().strip());
    } else if (e.containsKey("stake")) {
      Field<Double> stake = keep(read, field(e, p, "stake", 0.0, this::share));
      target = stake.reset ? target : new dev.tdsim.faults.FaultTarget.Stake(stake.v());
    }
    dev.tdsim.faults.FaultWindow w = dev.tdsim.faults.FaultWindow.ALWAYS;
    Field<Long> from = keep(read, field(e, p, "from", w.fromNanos(),
        (f, v) -> duration(f, v, true)));
    Field<Long> until = keep(read, field(e, p, "until", w.untilNanos(),
        (f, v) -> duration(f, v, false)));
    Field<Integer> fromHeight = keep(read, field(e, p, "from_height", w.fromHeight(), this::int32));
    Field<Integer> untilHeight =
        keep(read, field(e, p, "until_height", w.untilHeight(), this::int32));
    Map<String, Object> params = new LinkedHashMap<>();
    for (dev.tdsim.faults.FaultField ff : kind.fields()) {
      if (e.containsKey(ff.key())) {
        Field<Object> v = keep(read, field(e, p, ff.key(), null, (f, o) -> faultValue(f, o, ff)));
        params.put(ff.key(), v.v());
      }
    }
    if (read.stream().anyMatch(f -> f.reset)) {
      throw new Reported(); // a value of this fault is wrong (reported): the fault is not built
    }
    try {
      dev.tdsim.faults.FaultWindow window = new dev.tdsim.faults.FaultWindow(
          from.v(), until.v(), fromHeight.v(), untilHeight.v());
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

  private static <F extends Field<?>> F keep(List<Field<?>> read, F f) {
    read.add(f);
    return f;
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
    Field<String> variant = field(e, p, "variant", CryptoConfig.DEFAULT_VARIANT, this::string);
    Field<String> timing = field(e, p, "timing", CryptoConfig.DEFAULT_TIMING, this::string);
    Field<String> calibration =
        field(e, p, "calibration", CryptoConfig.DEFAULT_CALIBRATION, this::string);
    Field<Integer> sample =
        field(e, p, "sample_heights", CryptoConfig.DEFAULT_SAMPLE_HEIGHTS, this::int32);
    Field<String> schedule =
        field(e, p, "schedule", CryptoConfig.DEFAULT_SCHEDULE, this::string);
    Field<Integer> threads = field(e, p, "threads", CryptoConfig.DEFAULT_THREADS, this::int32);
    Field<Long> shareTimeout = field(e, p, "share_timeout",
        CryptoConfig.DEFAULT_SHARE_TIMEOUT_NANOS, (f, n) -> duration(f, n, false));
    return build("crypto", () -> new CryptoConfig(variant.v(), timing.v(), calibration.v(),
        sample.v(), schedule.v(), threads.v(), shareTimeout.v()), CryptoConfig::defaults, variant,
        timing, calibration, sample, schedule, threads, shareTimeout);
  }

  /** Parses the value of one field; {@code field} is its dotted path, for errors. */
  @FunctionalInterface
  private interface Parser<T> {
    T parse(String field, Node value);
  }

  /**
   * One field's value: the user's, parsed, or the default when the user did not write it or
   * wrote something wrong (then reported and marked {@link #reset}), so that checking goes on.
   */
  private static final class Field<T> {
    final String path;
    final T otherwise;
    final boolean given;
    T value;
    boolean reset;

    Field(String path, T otherwise, boolean given, T value, boolean reset) {
      this.path = path;
      this.otherwise = otherwise;
      this.given = given;
      this.value = value;
      this.reset = reset;
    }

    T v() {
      return value;
    }

    /** Whether a problem about {@code f} is about this field (or a part of it). */
    boolean covers(String f) {
      return f != null && (f.equals(path) || f.startsWith(path + ".") || f.startsWith(path + "["));
    }

    void toDefault() {
      value = otherwise;
      reset = true;
    }
  }

  /**
   * The field {@code key} of a mapping: parsed, or {@code otherwise} when absent; a value that
   * does not parse is reported and gives {@code otherwise}.
   */
  private <T> Field<T> field(
      Map<String, NodeTuple> entries, String prefix, String key, T otherwise, Parser<T> parser) {
    String path = prefix + key;
    NodeTuple t = entries.get(key);
    if (t == null) {
      return new Field<>(path, otherwise, false, otherwise, false);
    }
    try {
      return new Field<>(path, otherwise, true, parser.parse(path, t.getValueNode()), false);
    } catch (ScenarioException e) {
      report(e);
    } catch (Reported e) {
      // its parts are reported already
    }
    failed.add(path);
    return new Field<>(path, otherwise, true, otherwise, true);
  }

  /** A section's record as a field of the scenario (reset when it fell back to its defaults). */
  private <T> Field<T> sectionField(
      Map<String, NodeTuple> top, String name, T record, T defaults) {
    boolean fellBack = failed.contains(name);
    return new Field<>(name, defaults, top.containsKey(name) && !fellBack, record, fellBack);
  }

  /** A list whose elements are parsed one by one, each located at its own line. */
  private <T> List<T> listOf(String field, Node n, String example, Parser<T> element) {
    if (!(n instanceof SequenceNode seq)) {
      throw error(field, "expected a list like " + example + ", got " + describe(n));
    }
    List<T> out = new ArrayList<>();
    boolean wrong = false;
    for (int i = 0; i < seq.getValue().size(); i++) {
      Node item = seq.getValue().get(i);
      String itemField = field + "[" + i + "]";
      where.put(itemField, locOf(item));
      try {
        out.add(element.parse(itemField, item));
      } catch (ScenarioException e) {
        report(e);
        wrong = true;
      } catch (Reported e) {
        wrong = true;
      }
    }
    if (wrong) {
      throw new Reported(); // every wrong element is reported; the list takes its default
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
   * The entries of a mapping by key, checking that every key is known and appears once (an
   * unknown or repeated key is reported and left out), and recording where each was written.
   */
  private Map<String, NodeTuple> entries(MappingNode m, String prefix, List<String> known) {
    Map<String, NodeTuple> out = new LinkedHashMap<>();
    String section = prefix.isEmpty() ? "" : prefix.substring(0, prefix.length() - 1);
    for (NodeTuple t : m.getValue()) {
      Node keyNode = t.getKeyNode();
      Loc loc = locOf(keyNode);
      if (!(keyNode instanceof ScalarNode k) || isNull(keyNode)) {
        report(new ScenarioException(loc.file, loc.line, section.isEmpty() ? null : section,
            "keys must be words, got " + describe(keyNode)));
        continue;
      }
      String key = k.getValue();
      String path = prefix + key;
      if (!known.contains(key)) {
        report(new ScenarioException(
            loc.file, loc.line, path, KeyHints.unknownKey(section, key, known)));
        continue;
      }
      if (out.containsKey(key)) {
        Loc first = where.get(path);
        report(new ScenarioException(loc.file, loc.line, path, "duplicate key"
            + (first.line > 0 && first.file.equals(loc.file)
                ? " (first written at line " + first.line + ")" : "")));
        failed.add(path); // which value was meant is unknown: checks involving it are skipped
        continue;
      }
      out.put(key, t);
      where.put(path, loc);
    }
    return out;
  }

  /**
   * The entries of a section (empty when absent or written with no value, or when it is not a
   * mapping: reported, and the section takes its defaults).
   */
  private Map<String, NodeTuple> section(Map<String, NodeTuple> top, String name) {
    NodeTuple t = top.get(name);
    if (t == null || isNull(t.getValueNode())) {
      return Map.of();
    }
    List<String> keys = ScenarioKeys.SECTIONS.get(name);
    if (!(t.getValueNode() instanceof MappingNode m)) {
      report(error(name, "expected a section (a mapping with keys " + String.join(", ", keys)
          + "), got " + describe(t.getValueNode())));
      failed.add(name);
      return Map.of();
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

  /**
   * Builds a record (its compact constructor validates it), reporting what is wrong: when a
   * problem is about one of {@code fields} that the user wrote, that field takes its default and
   * the record is built again, so every independent problem is found; a problem about no such
   * field ends the attempts, and the record is {@code fallback} (its section counts as failed).
   * A problem about a field (or a related field) that already failed is a consequence of that
   * failure, so it is not reported again.
   *
   * @param section the section whose record this is ({@code ""} for the scenario)
   */
  private <T> T build(String section, Supplier<T> constructor, Supplier<T> fallback,
      Field<?>... fields) {
    for (int attempt = 0; attempt <= fields.length; attempt++) {
      try {
        return constructor.get();
      } catch (ScenarioException e) {
        if (!consequence(e)) {
          report(e);
        }
        Field<?> culprit = culprit(e, fields);
        if (culprit == null) {
          break;
        }
        culprit.toDefault();
        failed.add(culprit.path);
      }
    }
    if (!section.isEmpty()) {
      failed.add(section);
    }
    return fallback.get();
  }

  /** The field a record's problem is about, the user wrote and still has its own value. */
  private static Field<?> culprit(ScenarioException e, Field<?>[] fields) {
    List<String> about = new ArrayList<>();
    about.add(e.getField());
    about.addAll(e.getRelatedFields());
    for (String f : about) {
      for (Field<?> x : fields) {
        if (x.given && !x.reset && x.covers(f)) {
          return x;
        }
      }
    }
    return null;
  }

  /** Whether a problem involves a field that failed already (or a part of a failed field). */
  private boolean consequence(ScenarioException e) {
    List<String> about = new ArrayList<>();
    about.add(e.getField());
    about.addAll(e.getRelatedFields());
    for (String f : about) {
      for (String p = f; p != null; p = parent(p)) {
        if (failed.contains(p)) {
          return true;
        }
      }
    }
    return false;
  }

  private void report(ScenarioException e) {
    ScenarioException located = e.isLocated() ? e : locate(e);
    if (errors.stream().noneMatch(x -> x.getMessage().equals(located.getMessage()))) {
      errors.add(located);
    }
  }

  /**
   * File order: errors of the file by line (those without a line, about fields the file does
   * not write, after them), then those of {@code --set} overrides in the order found.
   */
  private static List<ScenarioException> inFileOrder(List<ScenarioException> errors) {
    List<ScenarioException> sorted = new ArrayList<>(errors);
    sorted.sort(java.util.Comparator.comparingInt(
        (ScenarioException e) -> e.isOverride() ? 2 : e.getLine() > 0 ? 0 : 1)
        .thenComparingInt(e -> e.isOverride() || e.getLine() == 0 ? 0 : e.getLine()));
    return sorted;
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
