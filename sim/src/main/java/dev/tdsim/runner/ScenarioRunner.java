package dev.tdsim.runner;

import dev.tdsim.consensus.ConsensusListener;
import dev.tdsim.consensus.Messenger;
import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.ConsensusStats;
import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.consensus.ProtocolContext;
import dev.tdsim.consensus.Protocols;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.engine.Simulation;
import dev.tdsim.epochs.DkgOutcome;
import dev.tdsim.faults.FaultOutcome;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.pipeline.DecryptionPipeline;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.pipeline.PipelineSettings;
import dev.tdsim.pipeline.RealCrypto;
import dev.tdsim.pipeline.Schedule;
import dev.tdsim.random.RandomStreams;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.timing.CostCheck;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.TimingModel;
import dev.tdsim.timing.TimingModels;
import dev.tdsim.workload.BlockTxs;
import dev.tdsim.workload.Workload;
import dev.tdsim.mempool.MempoolStats;
import dev.tdsim.mempool.Mempools;
import java.util.Optional;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Builds every model of a scenario, runs the simulation with the real crypto, and returns what
 * happened. Progress goes to the given sink (the CLI prints it on stderr); no logging inside the
 * event loop.
 *
 * <p>The runner only assembles: each part comes from its registry (protocols, designs, timing
 * models, disseminations, schedules) or from a collaborator of this package that wires one
 * concern ({@link RunKeys}, {@link RunNetwork}, {@link RunFaults}, {@link RunDkg}), in the order
 * the simulation needs them.
 */
public final class ScenarioRunner {
  /**
   * What a run produced.
   *
   * @param heights the decrypted heights, in height order
   * @param mismatches payloads opened to a plaintext their client did not send (must be 0)
   * @param notDecrypted the heights committed or proposed but never decrypted, in height order
   *     (each fits no budget)
   */
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
      DkgOutcome dkg,
      List<HeightRecord> notDecrypted,
      MempoolStats mempool) {

    public Result {
      notDecrypted = List.copyOf(notDecrypted);
    }

    /** A run without a mempool. */
    public Result(Scenario scenario, List<HeightRecord> heights, List<Integer> realCryptoHeights,
        long events, long messages, long realCryptoCalls, long mismatches, long setupNanos,
        long simulateNanos, long simulateCpuNanos, String timing, ConsensusStats consensus,
        NodeCosts nodeCosts, long timeoutCommitNanos, List<String> notes,
        Map<String, Object> costCheck, FaultOutcome faults, DkgOutcome dkg,
        List<HeightRecord> notDecrypted) {
      this(scenario, heights, realCryptoHeights, events, messages, realCryptoCalls, mismatches,
          setupNanos, simulateNanos, simulateCpuNanos, timing, consensus, nodeCosts,
          timeoutCommitNanos, notes, costCheck, faults, dkg, notDecrypted, null);
    }

    /** A run whose every committed height was decrypted. */
    public Result(Scenario scenario, List<HeightRecord> heights, List<Integer> realCryptoHeights,
        long events, long messages, long realCryptoCalls, long mismatches, long setupNanos,
        long simulateNanos, long simulateCpuNanos, String timing, ConsensusStats consensus,
        NodeCosts nodeCosts, long timeoutCommitNanos, List<String> notes,
        Map<String, Object> costCheck, FaultOutcome faults, DkgOutcome dkg) {
      this(scenario, heights, realCryptoHeights, events, messages, realCryptoCalls, mismatches,
          setupNanos, simulateNanos, simulateCpuNanos, timing, consensus, nodeCosts,
          timeoutCommitNanos, notes, costCheck, faults, dkg, List.of());
    }

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

    /**
     * Every height's row of heights.csv, in height order: the decrypted heights and those never
     * decrypted.
     */
    public List<HeightRecord> rows() {
      List<HeightRecord> all = new ArrayList<>(heights);
      all.addAll(notDecrypted);
      all.sort(java.util.Comparator.comparingInt(HeightRecord::height));
      return all;
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
    return run(s, onHeight, Continuation.NONE);
  }

  /**
   * The same, continuing a stopped run: its kept heights are replayed without the real crypto
   * ({@link Continuation}); only with {@code crypto.timing: model}, where that changes no
   * duration.
   */
  public Result run(Scenario s, Consumer<HeightRecord> onHeight, Continuation continuation)
      throws IOException {
    if (continuation.keptHeights() > 0
        && !dev.tdsim.timing.TimingModels.fromCostModel(s.crypto().timing())) {
      throw new IllegalArgumentException("a run continues a stopped one only with model timing");
    }
    return run(s, Designs.byName(s.crypto().design()), onHeight, continuation);
  }

  private Result run(Scenario s, BlockDesign design,
      Consumer<HeightRecord> checkpoint, Continuation continuation) throws IOException {
    // A pool of the scenario's own size is closed after the run (the all-cores pool is shared).
    try (Workers workers = s.crypto().threads() > 0 ? Workers.of(s.crypto().threads())
        : Workers.allCores()) {
      return run(s, design, checkpoint, continuation, workers);
    }
  }

  /**
   * The run as its steps: the committee and its keys, how crypto calls are priced, the
   * validators' machines, the network and its transports, the decryption pipeline, consensus on
   * them (with the faults wired into each), the key epochs' DKGs; then the engine runs and the
   * parts' results are collected.
   */
  private Result run(Scenario s, BlockDesign design, Consumer<HeightRecord> checkpoint,
      Continuation continuation, Workers workers) throws IOException {
    long t0 = System.nanoTime();
    List<String> notes = new ArrayList<>();
    RandomStreams streams = RandomStreams.forScenario(s.seed(),
        s.hash().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    long[] stake = RunKeys.stakes(s);
    Committee committee = RunKeys.committee(s);
    RunFaults faults = new RunFaults(s.faults().plan(s.validators()));
    faults.dealCertificateKeys(s, committee, streams, workers);
    RealCryptoHeights realCrypto = RealCryptoHeights.of(s, faults.plan(), continuation, notes);
    CostModel costs = RunCostModel.of(s, design.name(), realCrypto.sampled(), notes, progress);
    RunKeys keys = RunKeys.setUp(s, committee, design, faults.plan(), streams, workers,
        progress);
    TimingModel timing = TimingModels.create(s.crypto().timing(), costs, design.name(),
        workers.threads());
    Machines machines = Machines.of(faults.hardware(s));
    RunSigning signing = RunSigning.of(s, machines, streams, progress);
    java.util.function.UnaryOperator<HeightRecord> finished =
        h -> continuation.kept().apply(signing.apply(h));
    Consumer<HeightRecord> signedCheckpoint = h -> checkpoint.accept(finished.apply(h));
    RunNetwork network = RunNetwork.build(s, machines.sim(), streams, faults);
    Optional<Mempools> mempools = RunMempool.build(s, machines, network, streams,
        keys.crypto().txOverheadBytes(), design.sealsToHeight());
    DecryptionPipeline pipeline = pipeline(s, streams, machines, network.messenger(),
        keys.crypto(), costs, timing, realCrypto, faults.plan(), mempools);
    NodeCosts nodeCosts = NodeCostsFactory.of(s.consensus(), committee, stake, costs,
        timing.reproducible(), notes);
    ConsensusProtocol consensus = consensus(s, streams, machines, network, pipeline, faults,
        stake, nodeCosts, notes);
    CostCheck check = costCheck(timing, costs, design, workers, pipeline);
    RunDkg dkg = RunDkg.attach(s, keys, machines, network.messenger(), faults.plan(), timing,
        check, pipeline, notes);
    addSetupNotes(design, costs, notes);
    dkg.start();
    mempools.ifPresent(m -> m.start(pipeline.admissionCost()));
    consensus.start(0);
    faults.start();
    long t1 = System.nanoTime();
    progress.accept(String.format("setup done in %.1f s; simulating %d heights",
        (t1 - t0) / 1e9, s.heights()));
    int[] emitted = {0};
    StallWatch stall = new StallWatch();
    long simulateCpu = simulate(s, machines.sim(), pipeline, signedCheckpoint, t1, emitted,
        stall);
    List<HeightRecord> notDecrypted = pipeline.notDecrypted(faults.halted()
        ? "the chain halted first (consensus.halt_after)"
        : stall.stalled() ? StallWatch.reason() : "the simulation ran out of events first");
    if (stall.stalled()) {
      notes.add(StallWatch.reason() + " at " + machines.sim().nowNanos() / 1_000_000_000L
          + " s");
    }
    emitTheRest(pipeline, notDecrypted, signedCheckpoint, emitted[0]);
    long t2 = System.nanoTime();
    FaultOutcome faultOutcome = faults.outcome(stake);
    ConsensusStats stats = consensus.stats();
    addRunNotes(s, pipeline, stats, faults, stall.stalled(), notes);
    if (keys.crypto().tablesBuilt() != null) {
      notes.add(String.format(java.util.Locale.ROOT, "variant %s: its setup's once-only tables"
          + " (%s) were built when the first block needed them, in %.1f s of wall clock here,"
          + " and are in no height's time: a chain builds them once per setup", design.name(),
          keys.crypto().tablesBuilt(), keys.crypto().tablesSeconds()));
    }
    Map<String, Object> checked = costCheckSummary(check, notes);
    dkg.addNotes(machines.cpus(), network.exact(), notes);
    DkgOutcome dkgOutcome = dkg.outcome(s, pipeline);
    List<HeightRecord> records = pipeline.records().stream().map(finished).toList();
    signing.addNotes(notes);
    return new Result(s, records, realCrypto.heights(),
        machines.sim().eventsProcessed(), network.networkTransport().messages(), keys.calls(),
        pipeline.mismatches(), t1 - t0, t2 - t1, simulateCpu, timing.name(), stats, nodeCosts,
        network.consensusSettings().commitPauseNanos(), notes, checked, faultOutcome,
        dkgOutcome, notDecrypted, mempools.map(Mempools::stats).orElse(null));
  }

  /**
   * Hands the checkpoint every row not handed over yet, in height order: the decrypted heights
   * that waited behind a height never decrypted, and the never-decrypted heights themselves.
   */
  private static void emitTheRest(DecryptionPipeline pipeline, List<HeightRecord> notDecrypted,
      Consumer<HeightRecord> checkpoint, int emitted) {
    List<HeightRecord> rest = new ArrayList<>(notDecrypted);
    pipeline.records().stream().filter(h -> h.height() > emitted).forEach(rest::add);
    rest.sort(java.util.Comparator.comparingInt(HeightRecord::height));
    rest.forEach(checkpoint);
  }

  /**
   * The workload, the JIT warm-up (every run when durations are measured, once per process and
   * design when they come from the cost model), and the decryption pipeline.
   */
  private DecryptionPipeline pipeline(Scenario s, RandomStreams streams, Machines machines,
      Messenger messenger, RealCrypto crypto, CostModel costs, TimingModel timing,
      RealCryptoHeights realCrypto, FaultPlan faults, Optional<Mempools> mempools) {
    Simulation sim = machines.sim();
    Hardware[] hardware = machines.hardware();
    TreeSet<Integer> realAt = realCrypto.realAt();
    Workload workload = new Workload(s.workload().msgsPerBlock(), s.workload().ratePerSecond(),
        s.workload().arrivals(), s.workload().msgSizeBytes(), s.workload().msgSizeDistribution(),
        s.consensus().maxBlockTxs(), s.consensus().maxBlockBytes(), crypto.txOverheadBytes(),
        streams.stream("workload", 0));
    // Under model timing the real calls' times still feed the cost check: warmed once per
    // process, or a run with one real height would check the JIT's first calls.
    if (!timing.reproducible() || !crypto.warmedInThisProcess()) {
      progress.accept("warming up the crypto code (JIT) on a throw-away block");
      crypto.warmUp(streams.strong("warm-up", 0));
    }
    BlockTxs blocks = mempools.<BlockTxs>map(m -> RunMempool.blocks(s, m)).orElse(workload);
    return new DecryptionPipeline(sim, messenger, crypto, timing,
        costs, blocks, new PipelineSettings(
            Schedule.byName(s.crypto().schedule()), hardware, realAt::contains,
            s.heights(), s.consensus().execution().executionPerTxNanos(), faults,
            s.crypto().shareTimeoutNanos(), s.crypto().combinerRule(),
            s.crypto().combinerTimeoutNanos()), streams.strong("combiner", 0));
  }

  /**
   * The scenario's consensus protocol from the registry, on the run's parts and faults, attached
   * to the pipeline.
   */
  private static ConsensusProtocol consensus(Scenario s, RandomStreams streams,
      Machines machines, RunNetwork network, DecryptionPipeline pipeline, RunFaults faults,
      long[] stake, NodeCosts nodeCosts, List<String> notes) {
    Simulation sim = machines.sim();
    ConsensusListener listener = faults.listener(pipeline, sim, s);
    ConsensusProtocol consensus = Protocols.create(s.consensus().protocol(), new ProtocolContext(
        sim, stake, s.heights(), network.consensusSettings(), nodeCosts,
        faults.blocks(pipeline), network.transport(),
        listener, network.dissemination(), streams,
        faults.nodeFaults(), machines.cpus()));
    faults.chooseCombiners(pipeline, consensus, sim);
    if (!network.exact()) {
      notes.add("decryption shares were sent directly to the combiner: relaying each one over"
          + " the gossip overlay is only simulated for committees simulated message by message");
    }
    pipeline.attach(consensus);
    return consensus;
  }

  /** Under {@code timing: model}, the check of the cost model against the real calls. */
  private static CostCheck costCheck(TimingModel timing, CostModel costs, BlockDesign design,
      Workers workers, DecryptionPipeline pipeline) {
    CostCheck check = null;
    if (timing.reproducible()) {
      check = new CostCheck(costs, design.name(), workers.threads());
      pipeline.checkCosts(check);
    }
    return check;
  }

  /** The cost check's summary for summary.json (its warning a note); null without a check. */
  private static Map<String, Object> costCheckSummary(CostCheck check, List<String> notes) {
    Map<String, Object> checked = null;
    if (check != null) {
      CostCheck.Summary summary = check.summary();
      summary.warning().ifPresent(notes::add);
      checked = summary.toMap();
    }
    return checked;
  }

  /** What the cost model and the design say about the run before it starts. */
  private void addSetupNotes(BlockDesign design, CostModel costs, List<String> notes) {
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
  }

  /**
   * Runs the engine until the last height is decrypted (or the events run out, or the chain
   * stalls: {@link StallWatch}) and returns the CPU time it took on this thread; {@code
   * emitted[0]} is then the last height handed over.
   */
  private long simulate(Scenario s, Simulation sim, DecryptionPipeline pipeline,
      Consumer<HeightRecord> checkpoint, long t1, int[] emitted, StallWatch stall) {
    java.lang.management.ThreadMXBean cpuClock =
        java.lang.management.ManagementFactory.getThreadMXBean();
    long cpu0 = cpuClock.getCurrentThreadCpuTime();
    // Nothing per event: the pipeline reports each decrypted height, records are handed over
    // once each in height order, and the last height stops the simulation.
    pipeline.onDecrypted(height -> {
      HeightRecord next;
      while ((next = pipeline.record(emitted[0] + 1)) != null) {
        emitted[0]++;
        checkpoint.accept(next);
      }
      stall.progressed(sim.nowNanos());
      int done = pipeline.decryptedHeights();
      progress.accept(String.format("height %d/%d decrypted (%.1f s)", done, s.heights(),
          (System.nanoTime() - t1) / 1e9));
      if (done >= s.heights()) {
        sim.stop();
      }
    });
    sim.runUntil(stall);
    return cpuClock.getCurrentThreadCpuTime() - cpu0;
  }

  /** What the run's parts say about it afterwards. */
  private static void addRunNotes(Scenario s, DecryptionPipeline pipeline, ConsensusStats stats,
      RunFaults faults, boolean stalled, List<String> notes) {
    if (pipeline.records().size() < s.heights() && !faults.halted() && !stalled) {
      notes.add("only " + pipeline.records().size() + " of " + s.heights()
          + " heights were decrypted before the simulation ran out of events");
    }
    notes.addAll(stats.notes());
    if (faults.plan().hasShareFaults()) {
      long named = pipeline.records().stream().filter(h -> !h.faulty().isEmpty()).count();
      notes.add(String.format(java.util.Locale.ROOT, "share faults: faulty validators named at"
          + " %d of %d heights; blame and reshare took %.1f ms of real CPU on this machine;"
          + " key-colliding payloads opened wrong: %d", named, pipeline.records().size(),
          pipeline.shareFaultCpuNanos() / 1e6, pipeline.collidingOpenedShifted()));
    }
    pipeline.meanCombineSplit().ifPresent(split -> notes.add("block_propose and decryption on"
        + " the combiner, mean per height: " + split.describe()));
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
    Committee committee = RunKeys.committee(s);
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
}
