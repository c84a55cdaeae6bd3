package dev.tdsim.pipeline;

import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.ConsensusStats;
import dev.tdsim.consensus.Messenger;
import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.FerveoDesign;
import dev.tdsim.crypto.variant.CombineVariant;
import dev.tdsim.crypto.variant.Variants;
import dev.tdsim.engine.Simulation;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.OpSize;
import dev.tdsim.timing.Scaling;
import dev.tdsim.timing.TimingModel;
import dev.tdsim.workload.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.function.ToLongBiFunction;

/**
 * Everything a {@link DecryptionPipeline} test needs, built in one place so that a change of the
 * pipeline's constructor touches only {@link #build}: a 4-validator committee with real keys
 * (8 key-share points, 2 per validator, threshold 6: any 3 validators, and exactly 3, reach it), a scripted
 * network (a fixed delay per link, no jitter), a scripted consensus (the test says who commits
 * when) and timing models whose durations are known functions of the call's size.
 *
 * <p>Nothing runs in lock-step unless a test asks for it: commit times, link delays and the
 * validators' hardware are per validator.
 */
final class PipelineFixture {
  static final int VALIDATORS = 4;
  static final int SHARES = 8;
  static final int THRESHOLD = 6;
  static final int POINTS_EACH = SHARES / VALIDATORS;

  private static final Map<String, KeySet> KEYS = new java.util.HashMap<>();

  /** One dealing per JVM (keys are deterministic from the seed; each variant only reads them). */
  static synchronized KeySet keys() {
    return KEYS.computeIfAbsent("keys", k -> KeySet.deal(
        Committee.equal(SHARES, THRESHOLD, VALIDATORS), SeededDrbg.of(11, "test.pipeline", 0),
        Workers.of(1)));
  }

  /** A message from the pipeline to the network, as the scripted network saw it. */
  record Sent(int from, int to, long bytes, long atNanos, boolean broadcast) {}

  /** A point-to-point or broadcast network with a fixed delay per (from, to) link. */
  static final class ScriptedNetwork implements Messenger {
    private final Simulation sim;
    private final long[][] delayNanos;
    final List<Sent> sent = new ArrayList<>();

    ScriptedNetwork(Simulation sim, long[][] delayNanos) {
      this.sim = sim;
      this.delayNanos = delayNanos;
    }

    long delay(int from, int to) {
      return from == to ? 0 : delayNanos[from][to];
    }

    @Override
    public void send(int from, int to, long bytes, Runnable onArrival) {
      sent.add(new Sent(from, to, bytes, sim.nowNanos(), false));
      sim.scheduleAfter(delay(from, to), s -> onArrival.run());
    }

    @Override
    public void broadcast(int from, long bytes, IntConsumer onArrival) {
      sent.add(new Sent(from, -1, bytes, sim.nowNanos(), true));
      onArrival.accept(from);
      for (int to = 0; to < VALIDATORS; to++) {
        if (to != from) {
          int receiver = to;
          sim.scheduleAfter(delay(from, to), s -> onArrival.accept(receiver));
        }
      }
    }

    List<Sent> shares() {
      return sent.stream().filter(m -> !m.broadcast()).toList();
    }

    List<Sent> broadcasts() {
      return sent.stream().filter(Sent::broadcast).toList();
    }
  }

  /** A consensus whose proposer schedule the test chooses; commits are driven by the test. */
  static final class ScriptedConsensus implements ConsensusProtocol {
    private final IntBinaryOperator proposer;
    private final int decisionLag;

    ScriptedConsensus(IntBinaryOperator proposer) {
      this(proposer, 1);
    }

    ScriptedConsensus(IntBinaryOperator proposer, int decisionLag) {
      this.proposer = proposer;
      this.decisionLag = decisionLag;
    }

    @Override
    public void start(long startNanos) {}

    @Override
    public int proposer(int height, int round) {
      return proposer.applyAsInt(height, round);
    }

    /** Tendermint's rule: the next height's proposer in the first round it is available. */
    @Override
    public int combinerOf(int height, java.util.function.IntPredicate unavailable) {
      for (int r = 0; r < 64; r++) {
        int p = proposer(height + 1, r);
        if (!unavailable.test(p)) {
          return p;
        }
      }
      return proposer(height + 1, 0);
    }

    @Override
    public int decisionLag() {
      return decisionLag;
    }

    @Override
    public ConsensusStats stats() {
      return new ConsensusStats("scripted", "scripted", 0, 0, 0, List.of());
    }
  }

  /** A call the pipeline asked a timing model to price. */
  record Priced(CryptoOp op, OpSize size, long measuredCpuNanos, int parallelUnits,
      Hardware hardware, long nanos) {}

  /**
   * Durations as a known function of the call: a base per operation plus small per-unit terms
   * (so that a wrong size changes the time), divided by the validator's speed (its hardware has
   * one core). Records every call.
   */
  static final class KnownTiming implements TimingModel {
    private final Map<CryptoOp, Long> baseNanos;
    final List<Priced> calls = new ArrayList<>();

    KnownTiming(Map<CryptoOp, Long> baseNanos) {
      this.baseNanos = baseNanos;
    }

    long cost(CryptoOp op, OpSize size, Hardware hw) {
      long cpu = baseNanos.getOrDefault(op, 0L) + 1_000L * size.msgs()
          + 100L * size.validators() + 10L * size.shares() + size.msgBytes();
      return hw.wallNanos(cpu, 1, Scaling.LINEAR);
    }

    @Override
    public String name() {
      return "known";
    }

    @Override
    public long durationNanos(
        CryptoOp op, OpSize size, long measuredCpuNanos, int parallelUnits, Hardware hardware) {
      long nanos = cost(op, size, hardware);
      calls.add(new Priced(op, size, measuredCpuNanos, parallelUnits, hardware, nanos));
      return nanos;
    }

    @Override
    public Scaling.Split split(
        CryptoOp op, OpSize size, long measuredCpuNanos, int parallelUnits, Hardware hardware) {
      long nanos = cost(op, size, hardware);
      return new Scaling.Split(nanos, nanos, 1, 1);
    }

    @Override
    public boolean reproducible() {
      return true;
    }

    List<Priced> of(CryptoOp op) {
      return calls.stream().filter(c -> c.op() == op).toList();
    }
  }

  /** Milliseconds per operation of the timing used at heights where the real crypto runs. */
  static Map<CryptoOp, Long> realBases() {
    Map<CryptoOp, Long> m = new EnumMap<>(CryptoOp.class);
    m.put(CryptoOp.SHARE_CREATE, 8_000_000L);
    m.put(CryptoOp.DECODE, 1_000_000L);
    m.put(CryptoOp.VALIDITY, 2_000_000L);
    m.put(CryptoOp.VERIFY, 3_000_000L);
    m.put(CryptoOp.PREPARE, 40_000_000L);
    m.put(CryptoOp.COMBINE, 5_000_000L);
    m.put(CryptoOp.BLAME, 6_000_000L);
    m.put(CryptoOp.CHECK, 9_000_000L);
    m.put(CryptoOp.DECRYPT, 7_000_000L);
    // Charged only by designs that compute a digest and prepare ahead (not Ferveo's).
    m.put(CryptoOp.DIGEST, 4_000_000L);
    m.put(CryptoOp.EVAL_PROOFS, 60_000_000L);
    return m;
  }

  /**
   * The cost model of heights without real crypto: a constant per operation (distinct from
   * {@link #realBases()}) so a test sees which model priced a height.
   */
  static CostModel sampledCosts(String variant) {
    Map<CryptoOp, CostModel.Coefficients> ops = new EnumMap<>(CryptoOp.class);
    CryptoOp[] priced = {CryptoOp.SHARE_CREATE, CryptoOp.DECODE, CryptoOp.VALIDITY,
        CryptoOp.VERIFY, CryptoOp.PREPARE, CryptoOp.COMBINE, CryptoOp.BLAME, CryptoOp.DECRYPT,
        CryptoOp.CHECK};
    for (int i = 0; i < priced.length; i++) {
      ops.put(priced[i], new CostModel.Coefficients((i + 1) * 100_000.0, 0, 0, 0, 0, 0, 0));
    }
    return new CostModel(Map.of(variant, ops), Map.of(), "test");
  }

  /** The sampled cost model's constant for one operation. */
  static long sampledNanos(CryptoOp op) {
    return sampledCosts("x").cpuNanos("x", op, new OpSize(0, 0, 0, 0));
  }

  // ---- the pipeline under test ----

  final Simulation sim = new Simulation();
  final ScriptedNetwork net;
  final ScriptedConsensus consensus;
  final KnownTiming timing = new KnownTiming(realBases());
  final Hardware[] hardware;
  final DecryptionPipeline pipeline;
  /** The run's real crypto (every height's, unless a test sets key epochs). */
  RealCrypto crypto;
  final int msgsPerBlock;
  final long msgBytes;

  private PipelineFixture(Builder b) {
    this.net = new ScriptedNetwork(sim, b.delayNanos);
    this.consensus = new ScriptedConsensus(b.proposer, b.decisionLag);
    this.hardware = b.hardware;
    this.msgsPerBlock = b.msgsPerBlock;
    this.msgBytes = b.msgBytes;
    this.pipeline = build(b.design, b);
  }

  /** The one place that constructs the pipeline. */
  private DecryptionPipeline build(BlockDesign design, Builder b) {
    crypto = RealCrypto.of(design, keys(), Math.max(1, msgsPerBlock), Workers.of(1));
    Workload workload = new Workload(msgsPerBlock, 0, msgBytes, dev.tdsim.workload.MsgSizeDistribution.FIXED, 10_000,
        Long.MAX_VALUE, crypto.txOverheadBytes(), new SplittableRandom(5));
    DecryptionPipeline p = new DecryptionPipeline(sim, net, crypto, timing,
        sampledCosts(design.name()), workload,
        new PipelineSettings(b.pipelined ? Schedule.PIPELINED : Schedule.BEFORE_NEXT,
            hardware, b.realAt, 10, b.executionPerTxNanos, b.faults, b.shareTimeoutNanos,
            b.combiner, DecryptionPipeline.DEFAULT_COMBINER_TIMEOUT_NANOS),
        SeededDrbg.of(3, "test.pipeline", 0));
    p.attach(consensus);
    return p;
  }

  /**
   * The surroundings of one part of the pipeline alone, for its unit tests: the design's real
   * crypto with the fixture's keys (blocks of up to 3 payloads), the given settings, and
   * {@code timing} at real heights ({@link #sampledCosts} at the others).
   */
  static PipelineContext context(BlockDesign design, Simulation sim, Messenger net,
      PipelineSettings settings, TimingModel timing) {
    RealCrypto crypto = RealCrypto.of(design, keys(), 3, Workers.of(1));
    CostCharger charger = new CostCharger(timing,
        new dev.tdsim.timing.ModelTiming(sampledCosts(design.name()), design.name()),
        settings.realCryptoAtHeight());
    return new PipelineContext(sim, net, crypto, settings, SeededDrbg.of(3, "test.pipeline", 0),
        charger);
  }

  /** Settings for {@link #context}: one-core hardware each, 10 heights, no faults. */
  static PipelineSettings settings(Schedule schedule, IntPredicate realAt,
      long executionPerTxNanos) {
    return new PipelineSettings(schedule, sameHardware(), realAt, 10, executionPerTxNanos,
        dev.tdsim.faults.FaultPlan.NONE, DecryptionPipeline.DEFAULT_SHARE_TIMEOUT_NANOS);
  }

  static Builder builder(String variant) {
    return new Builder(Designs.byName(variant));
  }

  static Builder builder(CombineVariant<?> variant) {
    return new Builder(new FerveoDesign(variant));
  }

  static Builder builder(BlockDesign design) {
    return new Builder(design);
  }

  static final class Builder {
    private final BlockDesign design;
    private long[][] delayNanos = uniformDelays(10_000_000L);
    private IntBinaryOperator proposer = (h, r) -> (h + r) % VALIDATORS;
    private Hardware[] hardware = sameHardware();
    private boolean pipelined;
    private IntPredicate realAt = h -> true;
    private int msgsPerBlock = 3;
    private long msgBytes = 64;
    private long executionPerTxNanos;
    private dev.tdsim.faults.FaultPlan faults = dev.tdsim.faults.FaultPlan.NONE;
    private long shareTimeoutNanos = DecryptionPipeline.DEFAULT_SHARE_TIMEOUT_NANOS;
    private CombinerRule combiner = CombinerRule.FAILOVER;
    private int decisionLag = 1;

    private Builder(BlockDesign design) {
      this.design = design;
    }

    /** The consensus's decision lag (default 1, Tendermint's; Jolteon's is 2). */
    Builder decisionLag(int lag) {
      this.decisionLag = lag;
      return this;
    }

    Builder delays(long[][] delayNanos) {
      this.delayNanos = delayNanos;
      return this;
    }

    /** delay(from, to) for every link. */
    Builder delays(ToLongBiFunction<Integer, Integer> delay) {
      long[][] d = new long[VALIDATORS][VALIDATORS];
      for (int i = 0; i < VALIDATORS; i++) {
        for (int j = 0; j < VALIDATORS; j++) {
          d[i][j] = i == j ? 0 : delay.applyAsLong(i, j);
        }
      }
      this.delayNanos = d;
      return this;
    }

    Builder proposer(IntBinaryOperator proposer) {
      this.proposer = proposer;
      return this;
    }

    Builder hardware(Hardware... hardware) {
      this.hardware = hardware;
      return this;
    }

    Builder pipelined(boolean pipelined) {
      this.pipelined = pipelined;
      return this;
    }

    Builder realCryptoAt(IntPredicate realAt) {
      this.realAt = realAt;
      return this;
    }

    Builder msgs(int msgsPerBlock, long msgBytes) {
      this.msgsPerBlock = msgsPerBlock;
      this.msgBytes = msgBytes;
      return this;
    }

    /** Execution time of one decrypted transaction (default 0). */
    Builder executionPerTx(long nanos) {
      this.executionPerTxNanos = nanos;
      return this;
    }

    /** The faults of the run (default none). */
    Builder faults(dev.tdsim.faults.FaultPlan faults) {
      this.faults = faults;
      return this;
    }

    Builder shareTimeout(long nanos) {
      this.shareTimeoutNanos = nanos;
      return this;
    }

    Builder combiner(CombinerRule rule) {
      this.combiner = rule;
      return this;
    }

    PipelineFixture build() {
      return new PipelineFixture(this);
    }
  }

  static long[][] uniformDelays(long nanos) {
    long[][] d = new long[VALIDATORS][VALIDATORS];
    for (long[] row : d) {
      Arrays.fill(row, nanos);
    }
    return d;
  }

  static Hardware[] sameHardware() {
    Hardware[] hw = new Hardware[VALIDATORS];
    Arrays.fill(hw, new Hardware(1, 1.0));
    return hw;
  }

  // ---- driving it ----

  /** The proposer of {@code height} cuts and encrypts its block now (round 0). */
  void propose(int height, long atNanos) {
    sim.schedule(atNanos, s -> pipeline.blockFor(height, 0, consensus.proposer(height, 0)));
  }

  /** {@code validator} commits {@code height} at {@code atNanos} with these precommit signers. */
  void commit(int validator, int height, int round, long atNanos, List<Integer> signers) {
    sim.schedule(atNanos, s -> pipeline.onCommit(validator, height, round, s.nowNanos(), signers,
        ProcessingTime.NONE));
  }

  /** As {@link #commit}, with the CPU time consensus says the validator spent on the height. */
  void commit(int validator, int height, int round, long atNanos, List<Integer> signers,
      ProcessingTime costs) {
    sim.schedule(atNanos, s -> pipeline.onCommit(validator, height, round, s.nowNanos(), signers,
        costs));
  }

  /** Every validator commits height at its own time {@code commitNanos[v]}, all as signers. */
  void commitAll(int height, long... commitNanos) {
    List<Integer> all = List.of(0, 1, 2, 3);
    for (int v = 0; v < VALIDATORS; v++) {
      commit(v, height, 0, commitNanos[v], all);
    }
  }

  void run() {
    sim.run();
  }

  HeightRecord record(int height) {
    return pipeline.records().stream().filter(r -> r.height() == height).findFirst()
        .orElseThrow(() -> new AssertionError("height " + height + " was not decrypted"));
  }

  /** The known duration of one operation at a real height. */
  long cost(CryptoOp op, OpSize size, int validator) {
    return timing.cost(op, size, hardware[validator]);
  }

  /** The encoded size of one real decryption share of {@code variant} (validator 0). */
  static int realShareBytes(String variant) {
    CombineVariant<?> v = Variants.byName(variant);
    dev.tdsim.crypto.tpke.Ciphertext ct = dev.tdsim.crypto.tpke.Tpke.encrypt(keys().publicKey(),
        new byte[64], v.secretGroup(), SeededDrbg.of(2, "test.pipeline", 0));
    return v.shareMaker(keys(), 0, dev.tdsim.crypto.tpke.SignerSet.all(keys().committee()))
        .create(ct).length;
  }

  /** This thread's CPU time (ns resolution; the real crypto runs on it: one worker thread). */
  static long threadCpuNanos() {
    return java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
  }

  /**
   * This process's CPU time, the clock RealCrypto reads for block_propose. On some machines it
   * ticks in 10 ms steps, so a short call may read 0: tests bound it from above only.
   */
  static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean)
        java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  /** Payload bytes of one block (fixed-size workload). */
  long payloadBytes() {
    return msgsPerBlock * msgBytes;
  }
}
