package dev.tdsim.scenario;

import dev.tdsim.crypto.cert.CertificateSchemes;
import dev.tdsim.mempool.MempoolConfig;
import dev.tdsim.network.NetworkConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A fully resolved scenario: every default applied, every unit converted, every value validated
 * (here and in the section records), so a run can use it without further checks. Built by {@link
 * ScenarioLoader}; written back by {@link ScenarioWriter}.
 *
 * <p>Equality and {@link #hashCode()} ignore {@link #source()}: two scenarios are equal when they
 * describe the same run, i.e. exactly when their canonical YAML and so their {@link #hash()} are
 * equal.
 *
 * @param name the run's name (default: the file name without .yaml), letters, digits, '.', '_',
 *     '-', at most 100 characters, starting with a letter or digit
 * @param seed seed of every random choice of the run, any long
 * @param heights consensus heights to simulate, in [1, {@value #MAX_HEIGHTS}]
 * @param budgetsNanos latency budgets the report compares decryption delays against: positive,
 *     distinct, kept sorted ascending (YAML key {@code budgets})
 * @param source the file the scenario was read from, or null (not part of equality)
 * @param sweep the raw {@code sweep:} section (unmodifiable, possibly empty; its content is not
 *     validated by this layer): values are String, Integer/Long/BigInteger, Double, Boolean, null,
 *     List or Map as YAML constructs them
 * @param faults the validators that are down, slow or lying, and when (YAML list {@code faults};
 *     empty by default); faults that change consensus need the exact consensus model
 * @param mempool each validator's mempool (YAML section {@code mempool}); empty when the section
 *     is absent: no mempool is simulated and blocks are cut from the workload
 * @param replicates how many times {@code tdsim run} runs the scenario, each with its own seed
 *     derived from {@code seed} as sweeps derive theirs (the first is {@code seed} itself), in
 *     [1, {@value #MAX_REPLICATES}]; null: automatic (one, more under a cost-model timing when
 *     the judged p95 is near a budget: {@code dev.tdsim.runner.ReplicatePlan}). Ignored by {@code
 *     tdsim sweep}, which has {@code sweep.replicates}
 * @param signing a threshold signing committee among the validators (YAML section {@code
 *     signing}); empty when the section is absent
 */
public record Scenario(
    String name,
    long seed,
    int heights,
    ValidatorsConfig validators,
    KeysConfig keys,
    NetworkConfig network,
    WorkloadConfig workload,
    ConsensusConfig consensus,
    CryptoConfig crypto,
    List<Long> budgetsNanos,
    Path source,
    Map<String, Object> sweep,
    FaultsConfig faults,
    Optional<MempoolConfig> mempool,
    Integer replicates,
    Optional<SigningConfig> signing) {

  public static final long DEFAULT_SEED = 1;
  /** The most replicates {@code tdsim run} runs of one scenario. */
  public static final int MAX_REPLICATES = 100;
  public static final int DEFAULT_HEIGHTS = 20;
  public static final int MAX_HEIGHTS = 10_000_000;
  public static final List<Long> DEFAULT_BUDGETS_NANOS =
      List.of(100_000_000L, 250_000_000L, 500_000_000L, 1_000_000_000L, 2_000_000_000L);

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

  public Scenario {
    Objects.requireNonNull(name, "name");
    if (!NAME.matcher(name).matches()) {
      throw new ScenarioException("name", "'" + name + "' is not a valid name: use letters, "
          + "digits, '.', '_' and '-' (at most 100, starting with a letter or digit)");
    }
    Checks.inRange("heights", heights, 1, MAX_HEIGHTS);
    Objects.requireNonNull(validators, "validators");
    Objects.requireNonNull(keys, "keys");
    Objects.requireNonNull(network, "network");
    Objects.requireNonNull(workload, "workload");
    Objects.requireNonNull(consensus, "consensus");
    Objects.requireNonNull(crypto, "crypto");
    if (crypto.schedule() == null) {
      crypto = crypto.withSchedule(consensus.settings().defaultSchedule());
    }
    budgetsNanos = checkBudgets(budgetsNanos);
    sweep = sweep == null ? Map.of() : freezeMap(sweep);
    faults = faults == null ? FaultsConfig.NONE : faults;
    mempool = mempool == null ? Optional.empty() : mempool;
    signing = signing == null ? Optional.empty() : signing;
    if (replicates != null) {
      Checks.inRange("replicates", replicates, 1, MAX_REPLICATES);
    }

    if (signing.isPresent()) {
      checkSigning(signing.get(), validators.count(), crypto, faults);
    }
    if (validators.count() > keys.shares()) {
      throw new ScenarioException("validators.count", "validators.count (" + validators.count()
          + ") is above keys.shares (" + keys.shares()
          + "): every validator needs at least one share", "keys.shares");
    }
    if (dev.tdsim.network.Disseminations.usesOverlay(network.dissemination()) && network.gossipFanout() >= validators.count()) {
      throw new ScenarioException("network.gossip_fanout", "network.gossip_fanout ("
          + network.gossipFanout() + ") must be below validators.count (" + validators.count()
          + ")", "validators.count", "network.dissemination");
    }
    Integer msgs = workload.msgsPerBlock();
    if (msgs != null && msgs > consensus.maxBlockTxs()) {
      throw new ScenarioException("workload.msgs_per_block", msgs
          + " messages per block is above consensus.max_block_txs (" + consensus.maxBlockTxs()
          + ")", "consensus.max_block_txs");
    }
    if (workload.msgSizeBytes() > consensus.maxBlockBytes()) {
      throw new ScenarioException("workload.msg_size", "a message of "
          + Units.formatSize(workload.msgSizeBytes())
          + " does not fit in consensus.max_block_bytes ("
          + Units.formatSize(consensus.maxBlockBytes()) + ")", "consensus.max_block_bytes");
    }
    if (msgs != null
        && (double) msgs * workload.msgSizeBytes() > consensus.maxBlockBytes()) {
      String total = (double) msgs * workload.msgSizeBytes() < Long.MAX_VALUE
          ? " (" + Units.formatSize(msgs * workload.msgSizeBytes()) + ")" : "";
      throw new ScenarioException("workload.msgs_per_block", msgs + " messages of "
          + Units.formatSize(workload.msgSizeBytes()) + total + " exceed "
          + "consensus.max_block_bytes (" + Units.formatSize(consensus.maxBlockBytes()) + ")",
          "workload.msg_size", "consensus.max_block_bytes");
    }
    ClientChecks.check(workload, validators, mempool);
    if (crypto.sampleHeights() > heights) {
      throw new ScenarioException("crypto.sample_heights", "crypto.sample_heights ("
          + crypto.sampleHeights() + ") is above heights (" + heights + ")", "heights");
    }
    var committee = consensus.settings().refusesCommittee(validators.count());
    if (committee.isPresent()) {
      throw new ScenarioException("validators.count", committee.get().problem(),
          committee.get().keys().toArray(String[]::new));
    }
    checkFaults(faults, validators, consensus);
    checkDesignFaults(faults, crypto);
    checkDkg(keys, crypto, faults);
    checkCertificate(consensus, faults);
    for (int i = 0; i < keys.epochStakes().size(); i++) {
      if (keys.epochStakes().get(i).size() != validators.count()) {
        throw new ScenarioException("keys.epoch_stakes", "entry " + i + " has "
            + keys.epochStakes().get(i).size() + " stakes; validators.count is "
            + validators.count(), "validators.count");
      }
    }
  }

  /**
   * Dealer faults need a DKG to act on. (Under {@code timing: model} the DKG's calls are priced
   * by the cost model's key-setup operations; a calibration file without them is refused by
   * {@link StepBounds}.)
   */
  private static void checkDkg(KeysConfig keys, CryptoConfig crypto, FaultsConfig faults) {
    for (int i = 0; i < faults.list().size(); i++) {
      var kind = faults.list().get(i).kind();
      if (!keys.usesDkg() && dev.tdsim.faults.FaultKinds.actsOnDealers(kind)) {
        throw new ScenarioException("faults[" + i + "].kind", kind.name() + " acts on DKG"
            + " dealers: it needs keys.setup: dkg or keys.epoch_length", "faults[" + i + "]",
            "keys.setup", "keys.epoch_length");
      }
    }
  }

  /**
   * Faults on commit certificates' partials need a certificate whose combiner checks partials
   * alone (a fact of the scheme).
   */
  private static void checkCertificate(ConsensusConfig consensus, FaultsConfig faults) {
    if (CertificateSchemes.byName(consensus.certificate())
        .checksPartialsAlone()) {
      return;
    }
    for (int i = 0; i < faults.list().size(); i++) {
      var kind = faults.list().get(i).kind();
      if (kind.forgesPartials()) {
        List<String> needed = CertificateSchemes.names().stream().filter(
            n -> CertificateSchemes.byName(n).checksPartialsAlone()).toList();
        throw new ScenarioException("faults[" + i + "].kind", kind.name() + " acts on threshold"
            + " partials in commit certificates: it needs consensus.certificate: "
            + String.join(" or ", needed) + " (not " + consensus.certificate() + ")",
            "faults[" + i + "]", "consensus.certificate");
      }
    }
  }

  /** The scenario with automatic replicates and no signing committee. */
  public Scenario(String name, long seed, int heights, ValidatorsConfig validators,
      KeysConfig keys, NetworkConfig network, WorkloadConfig workload, ConsensusConfig consensus,
      CryptoConfig crypto, List<Long> budgetsNanos, Path source, Map<String, Object> sweep,
      FaultsConfig faults, Optional<MempoolConfig> mempool) {
    this(name, seed, heights, validators, keys, network, workload, consensus, crypto,
        budgetsNanos, source, sweep, faults, mempool, null, Optional.empty());
  }

  /** The scenario without a mempool. */
  public Scenario(String name, long seed, int heights, ValidatorsConfig validators,
      KeysConfig keys, NetworkConfig network, WorkloadConfig workload, ConsensusConfig consensus,
      CryptoConfig crypto, List<Long> budgetsNanos, Path source, Map<String, Object> sweep,
      FaultsConfig faults) {
    this(name, seed, heights, validators, keys, network, workload, consensus, crypto,
        budgetsNanos, source, sweep, faults, Optional.empty());
  }

  /** The scenario without faults. */
  public Scenario(String name, long seed, int heights, ValidatorsConfig validators,
      KeysConfig keys, NetworkConfig network, WorkloadConfig workload, ConsensusConfig consensus,
      CryptoConfig crypto, List<Long> budgetsNanos, Path source, Map<String, Object> sweep) {
    this(name, seed, heights, validators, keys, network, workload, consensus, crypto,
        budgetsNanos, source, sweep, FaultsConfig.NONE);
  }

  /** The scenario without a sweep section. */
  public Scenario(String name, long seed, int heights, ValidatorsConfig validators,
      KeysConfig keys, NetworkConfig network, WorkloadConfig workload, ConsensusConfig consensus,
      CryptoConfig crypto, List<Long> budgetsNanos, Path source) {
    this(name, seed, heights, validators, keys, network, workload, consensus, crypto,
        budgetsNanos, source, Map.of());
  }

  /** The canonical YAML of this scenario ({@link ScenarioWriter#toYaml(Scenario)}). */
  public String toYaml() {
    return ScenarioWriter.toYaml(this);
  }

  /**
   * The largest block the scenario can cut, in transactions (what a design's setup must cover):
   * its fixed {@code msgs_per_block} within {@code consensus.max_block_txs}, else the latter.
   */
  public int maxBlockSize() {
    Integer fixed = workload.msgsPerBlock();
    int cap = consensus.maxBlockTxs();
    return fixed == null ? cap : Math.max(1, Math.min(fixed, cap));
  }

  /**
   * A hex SHA-256 of the canonical YAML: a stable identity of the resolved scenario (independent
   * of the file's layout, comments and of which values were written or defaulted; independent of
   * {@link #source()}; renamed keys count under their first name, so a rename keeps it).
   */
  public String hash() {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(
          sha.digest(ScenarioWriter.hashedYaml(this).getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /**
   * The calibration file of {@code crypto.calibration}, resolved against the directory of {@link
   * #source()} (the working directory when there is no source); empty for {@code builtin}.
   */
  public Optional<Path> calibrationFile() {
    if (crypto.builtinCalibration()) {
      return Optional.empty();
    }
    return Optional.of(resolveRelative(source, crypto.calibration()));
  }

  /**
   * A signing committee needs as many validators as parties, and the measured timing: its rounds
   * are priced by the real calls' CPU time, which the cost model does not cover yet, so a
   * cost-model run with a committee would no longer be reproducible from its seed. Schedules
   * judged by keeping pace and faults are refused rather than answered wrongly: neither is
   * modelled for the committee.
   */
  private static void checkSigning(SigningConfig s, int validatorCount, CryptoConfig crypto,
      FaultsConfig faults) {
    String timing = crypto.timing();
    if (s.parties() > validatorCount) {
      throw new ScenarioException("signing.parties", "signing.parties (" + s.parties()
          + ") is above validators.count (" + validatorCount + "): the committee is made of"
          + " validators", "validators.count");
    }
    if (dev.tdsim.timing.TimingModels.fromCostModel(timing)) {
      throw new ScenarioException("signing", "a signing committee needs crypto.timing: measured"
          + " (its rounds are priced by the real calls' CPU time; the cost model does not cover"
          + " signing yet, and crypto.timing: " + timing + " promises results reproducible from"
          + " the seed)", "crypto.timing");
    }
    if (dev.tdsim.pipeline.Schedule.byName(crypto.schedule()).needsKeepingPace()) {
      throw new ScenarioException("signing", "a signing committee is not simulated under"
          + " crypto.schedule: " + crypto.schedule() + " yet (there a block's work runs behind"
          + " ordering and only keeping pace counts, which tdsim checks for decryption, not for"
          + " the committee); use crypto.schedule: before-next or pipelined", "crypto.schedule");
    }
    if (!faults.list().isEmpty()) {
      throw new ScenarioException("signing", "a signing committee is not simulated under faults"
          + " yet (a crashed, slow or cut-off member would change who signs and when); remove"
          + " the faults or the signing section", "faults");
    }
  }

  /** The same scenario with another seed. */
  public Scenario withSeed(long newSeed) {
    return new Scenario(name, newSeed, heights, validators, keys, network, workload, consensus,
        crypto, budgetsNanos, source, sweep, faults, mempool, replicates, signing);
  }

  /** The same scenario with other crypto settings. */
  public Scenario withCrypto(CryptoConfig other) {
    return new Scenario(name, seed, heights, validators, keys, network, workload, consensus,
        other, budgetsNanos, source, sweep, faults, mempool, replicates, signing);
  }

  /**
   * The validators clients submit to ({@code workload.entry}), ascending: every validator, one,
   * or those placed in a region.
   */
  public int[] entryValidators() {
    return workload.arrivals().entry().validators(validators.count(), validators.regions());
  }

  /** The clients of a run (for a mempool): their submissions, drawn from {@code random}. */
  public dev.tdsim.workload.Clients clients(java.util.SplittableRandom random) {
    return new dev.tdsim.workload.Clients(workload.arrivals(), workload.ratePerSecond(),
        workload.msgSizeBytes(), workload.msgSizeDistribution(), entryValidators(), random);
  }

  /**
   * Faults hit existing validators and regions, and faults that change consensus run on the
   * exact model (the large-committee model has no individual messages to drop or forge).
   */
  private static void checkFaults(
      FaultsConfig faults, ValidatorsConfig validators, ConsensusConfig consensus) {
    if (faults.isEmpty()) {
      return;
    }
    faults.plan(validators);
    for (int i = 0; i < faults.list().size(); i++) {
      var refused = consensus.settings().refusesFault(faults.list().get(i).kind().name());
      if (refused.isPresent()) {
        List<String> fields = new java.util.ArrayList<>(refused.get().keys());
        fields.add(0, "faults[" + i + "]");
        throw new ScenarioException("faults[" + i + "].kind", refused.get().problem(),
            fields.toArray(String[]::new));
      }
    }
    if (!faults.actsOnMessages()) {
      return;
    }
    var refusal = consensus.settings().refusesMessageFaults(validators.count());
    if (refusal.isPresent()) {
      List<String> fields = refusal.get().keys();
      throw new ScenarioException("faults", refusal.get().problem(),
          fields.toArray(String[]::new));
    }
  }

  /**
   * A fault the design cannot host is rejected, by the share fault type's own rule asked of the
   * design's facts ({@link dev.tdsim.faults.ShareFaultType#refusedBy}).
   */
  private static void checkDesignFaults(FaultsConfig faults, CryptoConfig crypto) {
    dev.tdsim.crypto.design.BlockDesign design =
        dev.tdsim.crypto.design.Designs.byName(crypto.design());
    for (int i = 0; i < faults.list().size(); i++) {
      java.util.Optional<String> refused = faults.list().get(i).kind().shareType()
          .flatMap(type -> type.refusedBy(design));
      if (refused.isPresent()) {
        throw new ScenarioException("faults[" + i + "].kind", refused.get(), "faults[" + i + "]",
            "crypto.design");
      }
    }
  }

  static Path resolveRelative(Path source, String path) {
    Path p = Path.of(path);
    if (p.isAbsolute() || source == null) {
      return p;
    }
    Path dir = source.toAbsolutePath().getParent();
    return dir == null ? p : dir.resolve(p).normalize();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Scenario s
        && name.equals(s.name)
        && seed == s.seed
        && heights == s.heights
        && validators.equals(s.validators)
        && keys.equals(s.keys)
        && network.equals(s.network)
        && workload.equals(s.workload)
        && consensus.equals(s.consensus)
        && crypto.equals(s.crypto)
        && budgetsNanos.equals(s.budgetsNanos)
        && sweep.equals(s.sweep)
        && faults.equals(s.faults)
        && mempool.equals(s.mempool)
        && Objects.equals(replicates, s.replicates);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, seed, heights, validators, keys, network, workload, consensus,
        crypto, budgetsNanos, sweep, faults, mempool, replicates);
  }

  private static List<Long> checkBudgets(List<Long> budgets) {
    if (budgets == null || budgets.isEmpty()) {
      throw new ScenarioException(
          "budgets", "give at least one latency budget, e.g. [100 ms, 1 s]");
    }
    for (int i = 0; i < budgets.size(); i++) {
      Long b = Objects.requireNonNull(budgets.get(i), "budget");
      if (b <= 0) {
        throw new ScenarioException("budgets[" + i + "]",
            "budgets must be positive, got " + Units.formatDuration(b), "budgets");
      }
    }
    Checks.noDuplicates("budgets", budgets, Units::formatDuration);
    List<Long> sorted = new ArrayList<>(budgets);
    Collections.sort(sorted);
    return List.copyOf(sorted);
  }

  private static Map<String, Object> freezeMap(Map<?, ?> map) {
    Map<String, Object> copy = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      copy.put(String.valueOf(e.getKey()), freeze(e.getValue()));
    }
    return Collections.unmodifiableMap(copy);
  }

  private static Object freeze(Object value) {
    if (value instanceof Map<?, ?> m) {
      return freezeMap(m);
    }
    if (value instanceof List<?> l) {
      List<Object> copy = new ArrayList<>(l.size());
      for (Object o : l) {
        copy.add(freeze(o));
      }
      return Collections.unmodifiableList(copy);
    }
    return value;
  }
}
