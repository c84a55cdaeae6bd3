package dev.tdsim.runner;

import dev.tdsim.calibration.MachineFingerprint;
import dev.tdsim.scenario.InputException;
import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.ConsensusSettings;
import dev.tdsim.consensus.ConsensusStats;
import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.consensus.ProtocolContext;
import dev.tdsim.consensus.Protocols;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.consensus.NodeFaults;
import dev.tdsim.consensus.Transport;
import dev.tdsim.engine.Simulation;
import dev.tdsim.epochs.DkgCosts;
import dev.tdsim.epochs.DkgOutcome;
import dev.tdsim.epochs.EpochKeys;
import dev.tdsim.epochs.NetworkDkg;
import dev.tdsim.cpu.NodeCpu;
import dev.tdsim.faults.ActiveFaults;
import dev.tdsim.faults.FaultOutcome;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.FaultTracker;
import dev.tdsim.faults.FaultyBlocks;
import dev.tdsim.faults.FaultyTransport;
import dev.tdsim.pipeline.Messenger;
import dev.tdsim.network.Dissemination;
import dev.tdsim.network.Disseminations;
import dev.tdsim.network.NetworkModel;
import dev.tdsim.network.PeerSendLoops;
import dev.tdsim.pipeline.DecryptionPipeline;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.pipeline.RealCrypto;
import dev.tdsim.pipeline.Schedule;
import dev.tdsim.random.RandomStreams;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.timing.CostCheck;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.TimingModel;
import dev.tdsim.timing.TimingModels;
import dev.tdsim.transport.NetworkTransport;
import dev.tdsim.workload.Workload;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Builds every model of a scenario, runs the simulation with the real crypto, and returns what
 * happened. Progress goes to the given sink (the CLI prints it on stderr); no logging inside the
 * event loop.
 */
public final class ScenarioRunner {
  /** What a run produced. */
  public record Result(
      Scenario scenario,
      List<HeightRecord> heights,
      List<Integer> realCryptoHeights,
      long events,
      long messages,
      long realCryptoCalls,
      long mismatches,
      long setupNanos,
      long simulateNanos,
      long simulateCpuNanos,
      String timing,
      ConsensusStats consensus,
      NodeCosts nodeCosts,
      long timeoutCommitNanos,
      List<String> notes,
      Map<String, Object> costCheck,
      FaultOutcome faults,
      DkgOutcome dkg) {

    /** A run without DKGs. */
    public Result(Scenario scenario, List<HeightRecord> heights, List<Integer> realCryptoHeights,
        long events, long messages, long realCryptoCalls, long mismatches, long setupNanos,
        long simulateNanos, long simulateCpuNanos, String timing, ConsensusStats consensus,
        NodeCosts nodeCosts, long timeoutCommitNanos, List<String> notes,
        Map<String, Object> costCheck, FaultOutcome faults) {
      this(scenario, heights, realCryptoHeights, events, messages, realCryptoCalls, mismatches,
          setupNanos, simulateNanos, simulateCpuNanos, timing, consensus, nodeCosts,
          timeoutCommitNanos, notes, costCheck, faults, null);
    }

    /** A fault-free run's result. */
    public Result(Scenario scenario, List<HeightRecord> heights, List<Integer> realCryptoHeights,
        long events, long messages, long realCryptoCalls, long mismatches, long setupNanos,
        long simulateNanos, long simulateCpuNanos, String timing, ConsensusStats consensus,
        NodeCosts nodeCosts, long timeoutCommitNanos, List<String> notes,
        Map<String, Object> costCheck) {
      this(scenario, heights, realCryptoHeights, events, messages, realCryptoCalls, mismatches,
          setupNanos, simulateNanos, simulateCpuNanos, timing, consensus, nodeCosts,
          timeoutCommitNanos, notes, costCheck, null, null);
    }

    public int maxRound() {
      return consensus.maxRound();
    }

    public String consensusMode() {
      return consensus.mode();
    }
  }

  private final Consumer<String> progress;

  public ScenarioRunner(Consumer<String> progress) {
    this.progress = progress;
  }

  public Result run(Scenario s) throws IOException {
    return run(s, height -> { });
  }

  /**
   * Runs the scenario; {@code onHeight} receives each height's record once, in height order, as
   * soon as it and every height before it are decrypted, so that a caller can save them as they
   * come (nothing computed is lost if the run is stopped).
   */
  public Result run(Scenario s, Consumer<HeightRecord> onHeight) throws IOException {
    return run(s, Designs.byName(s.crypto().design()), onHeight);
  }

  private Result run(Scenario s, BlockDesign design,
      Consumer<HeightRecord> checkpoint) throws IOException {
    // A pool of the scenario's own size is closed after the run (the all-cores pool is shared).
    try (Workers workers = s.crypto().threads() > 0 ? Workers.of(s.crypto().threads())
        : Workers.allCores()) {
      return run(s, design, checkpoint, workers);
    }
  }

  private Result run(Scenario s, BlockDesign design,
      Consumer<HeightRecord> checkpoint, Workers workers) throws IOException {
    long t0 = System.nanoTime();
    List<String> notes = new ArrayList<>();
    int v = s.validators().count();
    RandomStreams streams = new RandomStreams(s.seed());
    long[] stake = stakes(s);
    Committee committee = committee(s);
    FaultPlan faults = s.faults().plan(s.validators());
    List<Integer> sampled = sampledHeights(s.heights(), s.crypto().sampleHeights());
    if (faults.hasShareFaults() && sampled.size() < s.heights()) {
      // Share faults act through the real crypto (block_propose finds the faulty or not).
      notes.add("crypto.sample_heights ignored: the scenario has decryption-share faults, which"
          + " act through the real crypto, so it ran at every height");
      sampled = sampledHeights(s.heights(), 0);
    }
    TreeSet<Integer> realAt = new TreeSet<>(sampled);
    if (sampled.size() < s.heights()) {
      notes.add("real crypto ran at " + sampled.size() + " of " + s.heights() + " heights "
          + sampled + "; the other heights took their durations from the cost model");
    }
    CostModel costs = costModel(s, design.name(), sampled.size() < s.heights(), notes);
    KeySet keys = null;
    if (s.keys().setup() != dev.tdsim.scenario.KeySetup.DKG) {
      progress.accept("dealing keys: " + committee.shares() + " shares, threshold "
          + committee.threshold() + ", " + v + " validators");
      keys = KeySet.deal(committee, streams.strong("dealer", 0), workers);
    }
    // The design's own setup beside the key set (a batched design's KZG powers, Ferveo's key
    // tables), once per key set, for the largest block the scenario can cut.
    long st0 = System.nanoTime();
    EpochKeys epochKeys = null;
    RealCrypto crypto;
    if (s.keys().usesDkg()) {
      // Key epochs or a DKG setup: epoch 0's key set (a DKG's runs now, the simulated DKG starts
      // at time 0); later epochs' when their DKGs start during the run.
      epochKeys = new EpochKeys(s.keys(), s.heights(), committee, design, maxBlockSize(s),
          streams, workers, s.name(), faults, keys, faults.hasShareFaults(), progress);
      crypto = epochKeys.first();
    } else {
      if (faults.hasShareFaults()) {
        keys.keyShares(); // blame checks shares against them: built here, not charged as blame
      }
      crypto = RealCrypto.setUp(design, keys, maxBlockSize(s),
          streams.strong("design-dealer", 0), workers, s.name());
    }
    progress.accept(String.format(java.util.Locale.ROOT, "set up design %s in %.1f s (once per"
        + " key set)", design.name(), (System.nanoTime() - st0) / 1e9));
    TimingModel timing = TimingModels.create(s.crypto().timing(), costs, design.name(),
        workers.threads());
    Hardware[] hardware = new Hardware[v];
    Arrays.fill(hardware, new Hardware(s.validators().cores(), s.validators().speed()));
    FaultPlan plan = faults;
    for (int i = 0; i < v && !plan.isEmpty(); i++) {
      double slow = plan.constantCpuFactor(i);
      if (slow != 1) {
        hardware[i] = new Hardware(s.validators().cores(), s.validators().speed() / slow);
      }
    }

    Simulation sim = new Simulation();
    // Each validator's cores, shared by its consensus thread and its background crypto (the DKG).
    NodeCpu[] cpus = NodeCpu.of(sim, hardware);
    ConsensusSettings consensusSettings = s.consensus().settings();
    boolean exact = consensusSettings.exactFor(v);
    NetworkModel network = NetworkModel.create(s.network(), regions(s),
        s.network().peerSendRateBitsPerSecond());
    PeerSendLoops loops = new PeerSendLoops(v, consensusSettings.peerGossipSleepNanos(),
        s.network().flushThrottleNanos(), streams.stream("peer-send-loops", 0).nextLong());
    Dissemination dissemination =
        Disseminations.create(s.network(), network, streams, loops);
    NetworkTransport networkTransport = new NetworkTransport(sim, dissemination, streams, exact);
    ActiveFaults active = plan.isEmpty() ? null : new ActiveFaults(plan);
    FaultyTransport faulty = active == null ? null
        : new FaultyTransport(networkTransport, networkTransport, sim, active, streams,
            consensusSettings.peerGossipSleepNanos(), s.consensus().haltAfterNanos());
    Transport transport = faulty == null ? networkTransport : faulty;
    Messenger messenger = faulty == null ? networkTransport : faulty;
    Workload workload = new Workload(s.workload().msgsPerBlock(), s.workload().ratePerSecond(),
        s.workload().msgSizeBytes(), s.workload().msgSizeDistribution(),
        s.consensus().maxBlockTxs(), s.consensus().maxBlockBytes(), crypto.txOverheadBytes(),
        streams.stream("workload", 0));
    if (!timing.reproducible()) {
      progress.accept("warming up the crypto code (JIT) on a throw-away block");
      crypto.warmUp(streams.strong("warm-up", 0));
    }
    DecryptionPipeline pipeline = new DecryptionPipeline(sim, messenger, crypto, timing,
        costs, workload, new DecryptionPipeline.Settings(
            Schedule.byName(s.crypto().schedule()), hardware, realAt::contains,
            s.heights(), s.consensus().execution().executionPerTxNanos(), faults,
            s.crypto().shareTimeoutNanos()), streams.strong("combiner", 0));
    NodeCosts nodeCosts = NodeCostsFactory.of(s.consensus(), committee, stake, costs,
        timing.reproducible(), notes);
    FaultTracker tracker = active == null ? null : new FaultTracker(pipeline, sim, active,
        s.heights(), s.consensus().haltAfterNanos());
    ConsensusProtocol consensus = Protocols.create(s.consensus().protocol(), new ProtocolContext(
        sim, stake, s.heights(), consensusSettings, nodeCosts,
        active == null ? pipeline : new FaultyBlocks(pipeline, plan), transport,
        tracker == null ? pipeline : tracker, dissemination, streams,
        active == null ? NodeFaults.NONE : active, cpus));
    if (active != null) {
      pipeline.combinerRule(h -> liveCombiner(consensus, active, h, sim.nowNanos(), v));
    }
    if (!exact) {
      notes.add("decryption shares were sent directly to the combiner: relaying each one over"
          + " the gossip overlay is only simulated for committees simulated message by message");
    }
    pipeline.attach(consensus);
    CostCheck check = null;
    if (timing.reproducible()) {
      check = new CostCheck(costs, design.name(), workers.threads());
      pipeline.checkCosts(check);
    }
    NetworkDkg dkg = null;
    if (epochKeys != null) {
      dkg = new NetworkDkg(sim, messenger, s.keys(), epochKeys, cpus, plan,
          new DkgCosts(timing, check));
      pipeline.keyEpochs(epochKeys::crypto, dkg);
      notes.add(EPOCH_NOTE);
    }
    notes.addAll(costs.notes());
    if (!costs.coefficients().containsKey(design.name())) {
      notes.add("the cost model has no entry for design " + design.name() + " (run 'tdsim"
          + " calibrate --variant " + design.name() + "'): its measured calls are spread over"
          + " the validators' cores as if perfectly parallel (serial fraction 0)");
    }
    design.deploymentCaveat().ifPresent(c -> notes.add("variant " + design.name() + ": " + c));
    design.disclosureCaveat().ifPresent(c -> {
      notes.add("variant " + design.name() + " discloses: " + c);
      progress.accept("note: variant " + design.name() + " discloses: " + c);
    });
    if (dkg != null) {
      dkg.start();
    }
    consensus.start(0);
    if (tracker != null) {
      tracker.start();
    }
    long t1 = System.nanoTime();
    progress.accept(String.format("setup done in %.1f s; simulating %d heights",
        (t1 - t0) / 1e9, s.heights()));
    java.lang.management.ThreadMXBean cpuClock =
        java.lang.management.ManagementFactory.getThreadMXBean();
    long cpu0 = cpuClock.getCurrentThreadCpuTime();
    int[] emitted = {0};
    // Nothing per event: the pipeline reports each decrypted height, records are handed over
    // once each in height order, and the last height stops the simulation.
    pipeline.onDecrypted(height -> {
      HeightRecord next;
      while ((next = pipeline.record(emitted[0] + 1)) != null) {
        emitted[0]++;
        checkpoint.accept(next);
      }
      int done = pipeline.decryptedHeights();
      progress.accept(String.format("height %d/%d decrypted (%.1f s)", done, s.heights(),
          (System.nanoTime() - t1) / 1e9));
      if (done >= s.heights()) {
        sim.stop();
      }
    });
    sim.run();
    long t2 = System.nanoTime();
    long simulateCpu = cpuClock.getCurrentThreadCpuTime() - cpu0;
    FaultOutcome faultOutcome = null;
    if (tracker != null) {
      long total = Arrays.stream(stake).sum();
      faultOutcome = tracker.outcome(stake, total * 2 / 3 + 1, faulty.dropped());
    }
    if (pipeline.records().size() < s.heights() && (tracker == null || !tracker.halted())) {
      notes.add("only " + pipeline.records().size() + " of " + s.heights()
          + " heights were decrypted before the simulation ran out of events");
    }
    ConsensusStats stats = consensus.stats();
    notes.addAll(stats.notes());
    if (faults.hasShareFaults()) {
      long named = pipeline.records().stream().filter(h -> !h.faulty().isEmpty()).count();
      notes.add(String.format(java.util.Locale.ROOT, "share faults: faulty validators named at"
          + " %d of %d heights; blame and reshare took %.1f ms of real CPU on this machine;"
          + " key-colliding payloads opened wrong: %d", named, pipeline.records().size(),
          pipeline.shareFaultCpuNanos() / 1e6, pipeline.collidingOpenedShifted()));
    }
    pipeline.meanCombineSplit().ifPresent(split -> notes.add("block_propose and decryption on"
        + " the combiner, mean per height: " + split.describe()));
    Map<String, Object> checked = null;
    if (check != null) {
      CostCheck.Summary summary = check.summary();
      summary.warning().ifPresent(notes::add);
      checked = summary.toMap();
    }
    if (dkg != null) {
      notes.add(cpuSharingNote(cpus));
      if (!exact) {
        notes.add("the large-committee consensus model computes its rounds in closed form and"
            + " does not put its work on the validators' shared cores: the DKG runs beside it"
            + " as if consensus were idle");
      }
    }
    DkgOutcome dkgOutcome = dkg == null ? null : new DkgOutcome(s.keys().setup().yamlName(),
        s.keys().epochLength(), s.keys().dkgLead(), dkg.outcome(), pipeline.keyWaitNanos());
    return new Result(s, pipeline.records(), sampled, sim.eventsProcessed(),
        networkTransport.messages(), epochKeys == null ? crypto.calls() : epochKeys.calls(),
        pipeline.mismatches(), t1 - t0, t2 - t1, simulateCpu, timing.name(), stats, nodeCosts,
        consensusSettings.timeoutCommitNanos(), notes, checked, faultOutcome, dkgOutcome);
  }

  /** What sharing each validator's cores between consensus and the DKG cost both sides. */
  static String cpuSharingNote(NodeCpu[] cpus) {
    long consensus = 0;
    long background = 0;
    long most = 0;
    for (NodeCpu c : cpus) {
      consensus += c.consensusStretchNanos();
      background += c.backgroundStretchNanos();
      most = Math.max(most, c.consensusStretchNanos());
    }
    return String.format(java.util.Locale.ROOT, "shared cores: beside the DKG, consensus actions"
        + " took %.1f ms longer per validator on average (%.1f ms at the most slowed), and"
        + " beside consensus the DKG calls took %.1f ms longer per validator on average",
        consensus / 1e6 / cpus.length, most / 1e6, background / 1e6 / cpus.length);
  }

  private static final String EPOCH_NOTE = "key sets from DKGs over the simulated network: a"
      + " validator's DKG computation (run here for real once per epoch, each validator charged"
      + " its own calls, priced by the run's timing like the other crypto calls, spread over its"
      + " cores by the calibrated serial fraction) runs on the same cores as its consensus"
      + " thread: while both run they share the cores (each runnable thread an equal share), so"
      + " the DKG slows consensus and consensus slows the DKG (docs/COSTS.md, CPU model); blocks"
      + " committed before their epoch's key is ready wait for it to be decrypted";

  /**
   * The combiner of {@code height}: the first proposer of the next height, round by round, that
   * is neither crashed nor silent now (it is the one that will propose, so it needs the
   * plaintexts); the round-0 proposer if every one is.
   */
  private static int liveCombiner(ConsensusProtocol consensus, ActiveFaults faults, int height,
      long nowNanos, int validators) {
    for (int r = 0; r < validators; r++) {
      int p = consensus.proposer(height + 1, r);
      if (!faults.isCrashed(p, nowNanos) && !faults.isSilentProposer(p, nowNanos)) {
        return p;
      }
    }
    return consensus.proposer(height + 1, 0);
  }

  /** The committee of the scenario's key set: equal key shares, or by stake. */
  static Committee committee(Scenario s) {
    return s.validators().stakeWeights().isEmpty()
        ? Committee.equal(s.keys().shares(), s.keys().threshold(), s.validators().count())
        : Committee.byStake(s.keys().shares(), s.keys().threshold(), stakes(s));
  }

  /**
   * Bytes of decryption shares one validator sends the combiner for one block, mean over the
   * validators and the decrypted heights: the design's shares per block (one per transaction
   * for Ferveo's designs, one per block for the others) times their encoded size. What a
   * comparison of designs reads (bandwidth and gossip see exactly these bytes); reshares after a
   * share fault send more.
   */
  public static long shareBytesPerValidatorPerBlock(Scenario s, List<HeightRecord> heights) {
    if (heights.isEmpty()) {
      return 0;
    }
    BlockDesign design = Designs.byName(s.crypto().design());
    Committee committee = committee(s);
    double perShare = 0;
    for (int i = 0; i < committee.validators(); i++) {
      perShare += design.shareWireBytes(committee, i);
    }
    perShare /= committee.validators();
    double total = 0;
    for (HeightRecord h : heights) {
      total += design.sharesPerBlock(h.txCount()) * perShare;
    }
    return Math.round(total / heights.size());
  }

  /** The largest block the scenario can cut (what a design's setup must cover). */
  static int maxBlockSize(Scenario s) {
    Integer fixed = s.workload().msgsPerBlock();
    int cap = s.consensus().maxBlockTxs();
    return fixed == null ? cap : Math.max(1, Math.min(fixed, cap));
  }

  static List<Integer> sampledHeights(int heights, int sample) {
    List<Integer> out = new ArrayList<>();
    if (sample <= 0 || sample >= heights) {
      for (int h = 1; h <= heights; h++) {
        out.add(h);
      }
      return out;
    }
    for (int i = 0; i < sample; i++) {
      int h = 1 + (int) Math.round((double) i * (heights - 1) / Math.max(1, sample - 1));
      if (!out.contains(h)) {
        out.add(h);
      }
    }
    return out;
  }

  private static long[] stakes(Scenario s) {
    long[] stake = new long[s.validators().count()];
    List<Long> w = s.validators().stakeWeights();
    for (int i = 0; i < stake.length; i++) {
      stake[i] = w.isEmpty() ? 1 : w.get(i);
    }
    return stake;
  }

  private static List<String> regions(Scenario s) {
    List<String> names = s.validators().regions();
    List<String> out = new ArrayList<>(s.validators().count());
    for (int i = 0; i < s.validators().count(); i++) {
      out.add(names.get(i % names.size()));
    }
    return out;
  }

  /**
   * The cost model of {@code timing: model} and of unsampled heights: the builtin one, or the
   * calibration file, which is read only when durations come from it. A file that cannot be read
   * or lacks the variant is bad input (one line, exit 2); a file measured on another machine, too
   * old or from another tdsim version gets a note and a warning (see {@link MachineFingerprint}).
   */
  private CostModel costModel(Scenario s, String variant, boolean sampled, List<String> notes) {
    java.util.Optional<Path> file = s.calibrationFile();
    if (file.isEmpty() || !(TimingModels.fromCostModel(s.crypto().timing()) || sampled)) {
      return CostModel.builtin();
    }
    CostModel costs;
    try {
      costs = CostModel.read(file.get());
    } catch (IOException e) {
      throw new InputException("crypto.calibration: cannot read " + file.get() + ": "
          + e.getClass().getSimpleName() + " " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new InputException("crypto.calibration: malformed cost model " + e.getMessage(), e);
    }
    if (!costs.coefficients().containsKey(variant)) {
      throw new InputException("crypto.calibration: " + file.get() + " has no variant '"
          + variant + "' (it has " + costs.coefficients().keySet() + "); run 'tdsim calibrate"
          + " --variant " + variant + "'");
    }
    for (String warning : MachineFingerprint.warnings(file.get().toString(), costs.machine(),
        MachineFingerprint.current(), java.time.Instant.now())) {
      notes.add(warning);
      progress.accept("warning: " + warning);
    }
    return costs;
  }
}
