package dev.tdsim.pipeline;

import dev.tdsim.consensus.Block;
import dev.tdsim.consensus.BlockSource;
import dev.tdsim.consensus.ConsensusListener;
import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.Messenger;
import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.engine.Simulation;
import dev.tdsim.timing.CostCheck;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.ModelTiming;
import dev.tdsim.timing.Scaling;
import dev.tdsim.timing.TimingModel;
import dev.tdsim.workload.BlockTxs;
import dev.tdsim.workload.TxPool;
import java.util.List;
import java.util.Optional;
import java.util.function.IntConsumer;
import java.util.function.IntUnaryOperator;

/**
 * The encrypted-mempool pipeline around consensus, for any {@link
 * dev.tdsim.crypto.design.BlockDesign}: blocks of really sealed transactions (with the design's
 * digest computed by the proposer before it proposes, and its prepare computed by the combiner
 * while the block is voted on), and after each commit the real decryption: every validator
 * creates its shares (one per transaction or one per block, as the design says), the shares
 * travel to the combiner (the next height's proposer), which runs the design's real
 * block_propose and checks every plaintext against what the clients sent. Durations come from
 * the timing model.
 *
 * <p>This class wires the parts and is what the runner and consensus see: {@link ConsensusHost}
 * (blocks, validation, proposal gating), {@link ShareCollection} (signer sets, waiting,
 * reshares, per height and combiner; the combiner from {@link CombinerChoice}, failed over by
 * {@link CombinerFailover}, or every validator, as {@link CombinerRule} says) with {@link
 * ShareCreation} (each
 * validator's shares, faulty or not) and {@link CombinerBlockPropose} (block_propose and its
 * time accounting), and {@link HeightRecorder} (plaintext checks and the {@link
 * HeightRecord}s). Each keeps its own state per height; what one part established and another
 * needs travels as an immutable record ({@link ProposedBlock}, {@link Decision}, {@link
 * CombineTally}), and all of them work in the run's {@link PipelineContext}.
 */
public final class DecryptionPipeline implements ConsensusListener, BlockSource {
  /**
   * How long a combiner of a variant that folds the signer set waits for the shares of the set it
   * announced before it reshares without the missing signers (scenario key {@code
   * crypto.share_timeout}; docs/SCENARIOS.md says why 1 s).
   */
  public static final long DEFAULT_SHARE_TIMEOUT_NANOS = 1_000_000_000L;

  /**
   * How long a validator waits for a height's plaintexts after it sent its shares before it
   * sends them to the next candidate combiner (scenario key {@code crypto.combiner_timeout};
   * docs/SCENARIOS.md says why 3 s: CometBFT's timeout_propose, the wait for a missing
   * proposer, and above every fault-free decryption of the shipped scenarios).
   */
  public static final long DEFAULT_COMBINER_TIMEOUT_NANOS = 3_000_000_000L;

  private final PipelineContext ctx;
  private final ConsensusHost host;
  private final BlockTxs blockTxs;
  private final HeightRecorder recorder;
  private final CombinerChoice combiners;
  private final ShareCollection shares;
  private KeyGate keyGate;
  /** Per height that waited for its epoch's key: the longest wait of a validator's commit. */
  private final java.util.TreeMap<Integer, Long> keyWaitNanos = new java.util.TreeMap<>();

  public DecryptionPipeline(
      Simulation sim,
      Messenger net,
      RealCrypto crypto,
      TimingModel timing,
      CostModel costs,
      BlockTxs blockTxs,
      PipelineSettings settings,
      StrongRandom random) {
    CostCharger charger = new CostCharger(timing, new ModelTiming(costs, crypto.design().name()),
        settings.realCryptoAtHeight());
    this.ctx = new PipelineContext(sim, net, crypto, settings, random, charger);
    this.host = new ConsensusHost(ctx, blockTxs);
    this.blockTxs = blockTxs;
    this.recorder = new HeightRecorder(ctx, host);
    this.combiners = new CombinerChoice(settings.faults(), ctx.committee.validators());
    this.shares = new ShareCollection(ctx, combiners, host, recorder);
  }

  /**
   * Called with each height once its plaintexts are ready (and its record is available), inside
   * the event that finished it.
   */
  public void onDecrypted(IntConsumer listener) {
    recorder.onDecrypted(listener);
  }

  /**
   * Chooses the first combiner of each height (default: the round-0 proposer of the next
   * height); the runner sets it when faults may keep that proposer from proposing (crashed,
   * silent). One that fails later is replaced by the failover ({@link CombinerRule#FAILOVER}).
   */
  public void combinerRule(IntUnaryOperator combinerOfHeight) {
    combiners.combinerRule(combinerOfHeight);
  }

  /**
   * Key epochs: each height's real crypto is its epoch's key set ({@code cryptoAt}), and a
   * validator's commit of a height starts its shares only once {@code gate} says it holds that
   * epoch's key (the height is then recorded as waiting for a key).
   */
  public void keyEpochs(java.util.function.IntFunction<RealCrypto> cryptoAt, KeyGate gate) {
    ctx.cryptoAt(cryptoAt);
    this.keyGate = gate;
  }

  /**
   * Heights whose decryption waited for their key epoch's key, with the longest wait of a
   * validator (from its commit to holding the key), in height order.
   */
  public java.util.SortedMap<Integer, Long> keyWaitNanos() {
    return java.util.Collections.unmodifiableSortedMap(keyWaitNanos);
  }

  /** Connects the consensus model (which also calls this pipeline back). */
  public void attach(ConsensusProtocol consensus) {
    combiners.attach(consensus);
    host.decisionLag(consensus.decisionLag());
  }

  public List<HeightRecord> records() {
    return recorder.records();
  }

  /**
   * At the end of a run: a record for every height that was committed or proposed but never
   * decrypted ({@link HeightStatus#NOT_DECRYPTED}, {@link HeightStatus#NOT_COMMITTED}), with
   * {@code why} the run ended before its plaintexts were ready.
   */
  public List<HeightRecord> notDecrypted(String why) {
    return recorder.notDecrypted(why);
  }

  /** The record of {@code height}, or null while it is not decrypted. */
  public HeightRecord record(int height) {
    return recorder.record(height);
  }

  /** Heights whose plaintexts are ready so far. */
  public int decryptedHeights() {
    return recorder.decryptedHeights();
  }

  /**
   * Payloads opened to a plaintext their client did not send (key-colliding ones included):
   * must stay 0. A payload left unopened is not counted: refusing it is a correct outcome
   * ({@link HeightRecord#refused}).
   */
  public long mismatches() {
    return recorder.mismatches();
  }

  /**
   * Real CPU nanoseconds (this machine) spent because of share faults: blame (failed
   * verifications, checks and blame), block_propose calls that ran out of honest shares, and
   * every reshare round's honest share creation and block_propose.
   */
  public long shareFaultCpuNanos() {
    return shares.shareFaultCpuNanos();
  }

  /** Key-colliding payloads that opened to the attacker's second plaintext: must stay 0. */
  public long collidingOpenedShifted() {
    return recorder.collidingOpenedShifted();
  }

  /** Bytes a sealed transaction of the run's design carries beyond its payload. */
  public long txOverheadBytes() {
    return ctx.crypto.txOverheadBytes();
  }

  public long encryptCpuNanos() {
    return host.encryptCpuNanos();
  }

  public long admissionCpuNanos() {
    return host.admissionCpuNanos();
  }

  /**
   * What the combiner's block_propose and decryption cost per height, split into the part that
   * rests on measurements here and the part extrapolated to the validator's cores.
   */
  public Optional<Scaling.Split> meanCombineSplit() {
    return shares.blockPropose().meanCombineSplit();
  }

  /** Checks each real call against the cost model from now on (timing: model). */
  public void checkCosts(CostCheck check) {
    ctx.charger.checkCosts(check);
  }

  // ---- consensus host: blocks and proposal gating ----

  @Override
  public void onRoundStart(int validator, int height, int round, long atNanos) {
    host.onRoundStart(validator, height, round, atNanos);
  }

  @Override
  public Block blockFor(int height, int round, int proposer) {
    return host.blockFor(height, round, proposer);
  }

  @Override
  public Transactions pendingTransactions(int height) {
    return host.pendingTransactions(height);
  }

  @Override
  public Optional<TxPool> pool() {
    return blockTxs.pool();
  }

  /**
   * Every validator checks each ciphertext of a proposed block (the CCA validity check) before it
   * prevotes: the real checks ran once when the block was made; each validator is charged their
   * CPU time on its own hardware.
   */
  @Override
  public long validationNanos(int height, int validator) {
    return host.validationNanos(height, validator);
  }

  @Override
  public boolean accepts(int height, int round, int proposer, int validator) {
    return host.accepts(height, round, proposer, validator);
  }

  @Override
  public void whenMayPropose(int proposer, int height, Runnable propose) {
    host.whenMayPropose(proposer, height, propose);
  }

  /**
   * What CheckTx of new sealed transactions costs a validator in its mempool: the design's
   * admission check (each ciphertext's validity), priced like every crypto call: by the cost
   * model under {@code timing: model}, else from the real checks' CPU time (the last real
   * block's mean per ciphertext; before the first, a probe of {@value #ADMISSION_PROBE}
   * ciphertexts really sealed and checked).
   */
  public dev.tdsim.mempool.AdmissionCost admissionCost() {
    return (validator, count, payloadBytes) -> {
      int h = host.lastRealHeight();
      dev.tdsim.timing.TimingModel timing = ctx.charger.timingAt(h);
      long measured = timing.reproducible() ? 0
          : host.validityPerTxNanos((int) (payloadBytes / Math.max(1, count)), ADMISSION_PROBE)
              * count;
      return timing.work(dev.tdsim.timing.CryptoOp.ADMISSION_CHECK,
          new dev.tdsim.timing.OpSize(count, 1, ctx.committee(h).pointsOf(validator),
              payloadBytes), measured, count);
    };
  }

  /** Ciphertexts sealed and checked to time the admission check before the first real block. */
  private static final int ADMISSION_PROBE = 8;

  // ---- after commit: shares, gossip, combine ----

  @Override
  public void onCommit(int validator, int height, int round, long atNanos, List<Integer> signers,
      ProcessingTime costs) {
    host.committed(height);
    blockTxs.committed(validator, height);
    if (keyGate == null) {
      shares.onCommit(validator, height, round, atNanos, signers, costs);
      return;
    }
    // The height's first commit: its decision time and consensus costs are these, even if its
    // decryption must wait for the key.
    if (shares.decided(height, round, atNanos, costs)) {
      keyGate.firstCommit(height, atNanos);
    }
    if (keyGate.holdsOrWait(validator, height, () -> {
      long now = ctx.sim.nowNanos();
      keyWaitNanos.merge(height, now - atNanos, Math::max);
      shares.onCommit(validator, height, round, now, signers, costs);
    })) {
      shares.onCommit(validator, height, round, atNanos, signers, costs);
    }
  }
}
