package dev.tdsim.pipeline;

import dev.tdsim.consensus.Block;
import dev.tdsim.consensus.BlockSource;
import dev.tdsim.consensus.ConsensusListener;
import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import dev.tdsim.engine.Simulation;
import dev.tdsim.timing.CostCheck;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.ModelTiming;
import dev.tdsim.timing.OpSize;
import dev.tdsim.timing.Scaling;
import dev.tdsim.timing.TimingModel;
import dev.tdsim.workload.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.IntPredicate;

/**
 * The encrypted-mempool pipeline around consensus: blocks of really encrypted transactions, and
 * after each commit the real decryption: every validator creates its shares, the shares travel to
 * the combiner (the next height's proposer), which runs the variant's real block_propose and
 * checks every plaintext against what the clients sent. Durations come from the timing model.
 *
 * @param <S> the variant's decoded share type
 */
public final class DecryptionPipeline<S> implements ConsensusListener, BlockSource {
  /**
   * Everything the pipeline needs from the scenario.
   *
   * @param executionPerTxNanos executing one decrypted transaction (after decryption; the
   *     block's own execution and commit are consensus costs)
   */
  public record Settings(
      Schedule schedule,
      Hardware[] hardware,
      IntPredicate realCryptoAtHeight,
      int heights,
      long executionPerTxNanos) {}

  private final Simulation sim;
  private final Messenger net;
  private final RealCrypto<S> crypto;
  private final TimingModel timing;
  private final ModelTiming fallback;
  private final Workload workload;
  private final Settings settings;
  private final Random random;
  private final Committee committee;
  private ConsensusProtocol consensus;
  private CostCheck costCheck;
  private Scaling.Split combineSplit = new Scaling.Split(0, 0, 0, Integer.MAX_VALUE);
  private int splitHeights;
  private java.util.function.IntConsumer onDecrypted = h -> { };
  private final Map<Integer, HeightState> heights = new HashMap<>();
  private final TreeMap<Integer, HeightRecord> records = new TreeMap<>();
  /** The signer sets each combiner has already run prepare_combine for. */
  private final Map<Integer, java.util.Set<List<Integer>>> preparedBy = new HashMap<>();
  private final long[] admissionCpuNanos = new long[1];
  private long encryptCpuNanos;
  private long mismatches;

  public DecryptionPipeline(
      Simulation sim,
      Messenger net,
      RealCrypto<S> crypto,
      TimingModel timing,
      CostModel costs,
      Workload workload,
      Settings settings,
      Random random) {
    this.sim = sim;
    this.net = net;
    this.crypto = crypto;
    this.timing = timing;
    this.fallback = new ModelTiming(costs, crypto.variant().name());
    this.workload = workload;
    this.settings = settings;
    this.random = random;
    this.committee = crypto.keys().committee();
  }

  /**
   * Called with each height once its plaintexts are ready (and its record is available), inside
   * the event that finished it.
   */
  public void onDecrypted(java.util.function.IntConsumer listener) {
    this.onDecrypted = listener;
  }

  /** Connects the consensus model (which also calls this pipeline back). */
  public void attach(ConsensusProtocol consensus) {
    this.consensus = consensus;
  }

  public List<HeightRecord> records() {
    return new ArrayList<>(records.values());
  }

  /** The record of {@code height}, or null while it is not decrypted. */
  public HeightRecord record(int height) {
    return records.get(height);
  }

  /** Heights whose plaintexts are ready so far. */
  public int decryptedHeights() {
    return records.size();
  }

  /** Plaintexts that differed from what the clients sent, or did not open: must stay 0. */
  public long mismatches() {
    return mismatches;
  }

  public long encryptCpuNanos() {
    return encryptCpuNanos;
  }

  public long admissionCpuNanos() {
    return admissionCpuNanos[0];
  }

  private HeightState state(int height) {
    return heights.computeIfAbsent(height, HeightState::new);
  }

  private boolean real(int height) {
    return settings.realCryptoAtHeight().test(height);
  }

  /**
   * The simulated duration of one real call on a validator's hardware (the call splits into
   * {@link CryptoOp#parallelUnits} pieces); at heights where the real code ran, the call is also
   * checked against the cost model when {@code check} (each real call once).
   */
  private long charge(int height, CryptoOp op, OpSize size, long cpuNanos, Hardware hw,
      boolean check) {
    if (check && costCheck != null && real(height) && cpuNanos > 0) {
      costCheck.record(op, size, cpuNanos);
    }
    return timingAt(height).durationNanos(op, size, cpuNanos, op.parallelUnits(size), hw);
  }

  /**
   * What the combiner's block_propose and decryption cost per height, split into the part that
   * rests on measurements here and the part extrapolated to the validator's cores.
   */
  public Optional<Scaling.Split> meanCombineSplit() {
    if (splitHeights == 0) {
      return Optional.empty();
    }
    return Optional.of(new Scaling.Split(combineSplit.wallNanos() / splitHeights,
        combineSplit.measuredWallNanos() / splitHeights, combineSplit.usableCores(),
        combineSplit.measuredThreads()));
  }

  /** Checks each real call against the cost model from now on (timing: model). */
  public void checkCosts(CostCheck check) {
    this.costCheck = check;
  }

  private TimingModel timingAt(int height) {
    return real(height) ? timing : fallback;
  }

  // ---- consensus host: blocks and proposal gating ----

  @Override
  public Block blockFor(int height, int round, int proposer) {
    HeightState st = state(height);
    if (st.payloads == null) {
      st.proposeNanos = sim.nowNanos();
      st.payloads = workload.cutBlock(sim.nowNanos());
      if (real(height)) {
        long admittedBefore = admissionCpuNanos[0];
        RealCrypto.Timed<List<Ciphertext>> enc =
            crypto.encryptAndAdmit(st.payloads, random, admissionCpuNanos);
        encryptCpuNanos += enc.cpuNanos();
        st.validityCpuNanos = admissionCpuNanos[0] - admittedBefore;
        if (costCheck != null && st.validityCpuNanos > 0) {
          costCheck.record(CryptoOp.ADMISSION_CHECK, new OpSize(st.payloads.size(), 1, 1,
              st.payloads.stream().mapToLong(pl -> pl.length).sum()), st.validityCpuNanos);
        }
        st.cts = enc.value();
        st.blockBytes = Block.HEADER_BYTES
            + st.cts.stream().mapToLong(Ciphertext::encodedBytes).sum();
      } else {
        st.blockBytes = Block.HEADER_BYTES
            + st.payloads.stream()
                .mapToLong(p -> p.length + (long) Ciphertext.OVERHEAD_BYTES).sum();
      }
    }
    return new Block(height, st.payloads.size(), st.blockBytes);
  }

  /**
   * Every validator checks each ciphertext of a proposed block (the CCA validity check) before it
   * prevotes: the real checks ran once when the block was made; each validator is charged their
   * CPU time on its own hardware.
   */
  @Override
  public long validationNanos(int height, int validator) {
    HeightState st = state(height);
    int m = st.payloads == null ? 0 : st.payloads.size();
    if (m == 0) {
      return 0;
    }
    return charge(height, CryptoOp.ADMISSION_CHECK,
        new OpSize(m, 1, committee.pointsOf(validator), payloadBytes(st)), st.validityCpuNanos,
        settings.hardware()[validator], false);
  }

  @Override
  public void whenMayPropose(int proposer, int height, Runnable propose) {
    HeightState previous = heights.get(height - 1);
    if (!settings.schedule().holdsNextProposal() || height == 1 || (previous != null && previous.readyNanos >= 0)) {
      propose.run();
    } else {
      long askedAt = sim.nowNanos();
      state(height - 1).onReady.add(() -> {
        HeightState st = state(height);
        if (st.proposalWaitNanos < 0) {
          st.proposalWaitNanos = sim.nowNanos() - askedAt;
        }
        propose.run();
      });
    }
  }

  // ---- after commit: shares, gossip, combine ----

  @Override
  public void onCommit(int validator, int height, int round, long atNanos, List<Integer> signers,
      ProcessingTime costs) {
    HeightState st = state(height);
    st.commitAt[validator] = atNanos;
    if (st.decidedNanos < 0) {
      st.decidedNanos = atNanos;
      st.decidedRound = round;
      st.processing = costs;
    }
    if (st.combiner < 0) {
      st.combiner = consensus.proposer(height + 1, 0);
    }
    boolean folding = crypto.variant().sharesDependOnSigners();
    if (!folding && st.signers == null) {
      st.signers = SignerSet.all(committee);
    }
    if (validator == st.combiner) {
      st.round = round;
      st.commitNanos = atNanos;
      if (folding) {
        st.signers = signerSetFrom(signers);
        // The combiner announces the signer set: validators fold it into their shares.
        long bytes = 64 + 4L * st.signers.size();
        net.broadcast(st.combiner, bytes, receiver -> {
          st.announcedAt[receiver] = sim.nowNanos();
          startShares(st, receiver);
        });
      } else if (st.sharesCompleteNanos >= 0) {
        combine(st); // the shares were all in before the combiner itself committed
      }
    }
    startShares(st, validator);
  }

  /** The commit's signers, widened in index order if their points fall short of t. */
  private SignerSet signerSetFrom(List<Integer> commitSigners) {
    List<Integer> chosen = new ArrayList<>(commitSigners);
    int points = chosen.stream().mapToInt(committee::pointsOf).sum();
    for (int v = 0; v < committee.validators() && points < committee.threshold(); v++) {
      if (!chosen.contains(v)) {
        chosen.add(v);
        points += committee.pointsOf(v);
      }
    }
    return SignerSet.of(committee, chosen);
  }

  private void startShares(HeightState st, int validator) {
    // Validators that commit after the combiner already has enough shares send none.
    if (st.combining || st.signers == null || st.started[validator] || st.commitAt[validator] < 0
        || !st.signers.contains(validator)
        || (crypto.variant().sharesDependOnSigners() && st.announcedAt[validator] < 0)) {
      return;
    }
    st.started[validator] = true;
    long cpu = 0;
    if (real(st.height)) {
      if (st.shares == null) {
        List<Integer> makers = st.signers.validators();
        List<RealCrypto.Timed<List<byte[]>>> made = crypto.createShares(makers, st.signers, st.cts);
        st.shares = new HashMap<>();
        st.shareCpu = new HashMap<>();
        for (int i = 0; i < makers.size(); i++) {
          st.shares.put(makers.get(i), made.get(i).value());
          st.shareCpu.put(makers.get(i), made.get(i).cpuNanos());
        }
      }
      cpu = st.shareCpu.get(validator);
    }
    int m = st.payloads.size();
    long create = charge(st.height, CryptoOp.SHARE_CREATE,
        new OpSize(m, 1, committee.pointsOf(validator), payloadBytes(st)), cpu,
        settings.hardware()[validator], true);
    long bytes = (long) m * shareBytes(validator);
    sim.scheduleAfter(create, s -> {
      long readyAt = s.nowNanos();
      net.send(validator, st.combiner, bytes, () -> onShareArrival(st, validator, readyAt, create));
    });
  }

  private long shareBytes(int validator) {
    return crypto.variant().shareWireBytes(committee, validator);
  }

  private long payloadBytes(HeightState st) {
    return st.payloads.stream().mapToLong(p -> p.length).sum();
  }

  private void onShareArrival(HeightState st, int validator, long readyAt, long createNanos) {
    if (st.combining) {
      return;
    }
    st.arrived.add(validator);
    boolean enough = crypto.variant().sharesDependOnSigners()
        ? st.arrived.size() == st.signers.size()
        : st.arrived.stream().mapToInt(committee::pointsOf).sum() >= committee.threshold();
    if (enough) {
      st.combining = true;
      st.sharesCompleteNanos = sim.nowNanos();
      st.criticalCreateNanos = createNanos;
      if (st.commitNanos >= 0) {
        combine(st);
      }
    }
  }

  private void combine(HeightState st) {
    int m = st.payloads.size();
    List<Integer> used = new ArrayList<>(st.arrived);
    used.sort(null);
    int points = used.stream().mapToInt(committee::pointsOf).sum();
    OpSize size = new OpSize(m, used.size(), points, payloadBytes(st));
    Hardware hw = settings.hardware()[st.combiner];
    TimingModel tm = timingAt(st.height);
    long[] phaseCpu = new long[7];
    int opened = 0;
    Boolean ranPrepare = null;
    if (real(st.height)) {
      Map<Integer, List<byte[]>> shares = new TreeMap<>();
      for (int v : used) {
        shares.put(v, st.shares.get(v));
      }
      RealCrypto.Timed<BlockResult> timed = crypto.blockPropose(st.combiner, st.cts, shares, null, random);
      BlockResult result = timed.value();
      ranPrepare = result.ranPrepare();
      // Each phase's own CPU time over every thread it ran on (a serial phase is not charged
      // the CPU of a parallel one, as splitting the call's CPU by wall time would do).
      BlockResult.PhaseTimings c = result.cpu();
      // The combined-result check is charged as VALIDITY (as the calibrator prices it).
      long[] cpu = {c.decodeNanos(), c.validityNanos() + c.checkNanos(), c.verifyNanos(),
          c.prepareNanos(),
          c.combineNanos(), c.blameNanos(), c.decryptNanos()};
      for (int i = 0; i < cpu.length; i++) {
        phaseCpu[i] = Math.max(0, cpu[i]);
      }
      opened = 0;
      for (int j = 0; j < m; j++) {
        Optional<byte[]> p = result.plaintexts().get(j);
        if (p.isPresent() && Arrays.equals(p.get(), st.payloads.get(j))) {
          opened++;
        }
      }
      mismatches += m - opened;
    }
    CryptoOp[] ops = {CryptoOp.DECODE, CryptoOp.VALIDITY, CryptoOp.VERIFY, CryptoOp.PREPARE,
        CryptoOp.COMBINE, CryptoOp.BLAME, CryptoOp.DECRYPT};
    // prepare_combine is paid once per (combiner, signer set): each combiner keeps its own
    // cache (at real heights the combiner's real BlockProposer says whether it prepared).
    boolean newForCombiner = preparedBy
        .computeIfAbsent(st.combiner, c -> new java.util.HashSet<>()).add(List.copyOf(used));
    boolean prepared = ranPrepare == null ? !newForCombiner : !ranPrepare;
    long combineNanos = 0;
    for (int i = 0; i < 6; i++) {
      if (ops[i] == CryptoOp.PREPARE && prepared) {
        continue;
      }
      long phase = charge(st.height, ops[i], size, phaseCpu[i], hw, true);
      combineNanos += phase;
      if (phase > 0) { // a phase that did not run (blame) says nothing about the scaling
        combineSplit = combineSplit.plus(
            tm.split(ops[i], size, phaseCpu[i], ops[i].parallelUnits(size), hw));
      }
    }
    long decryptNanos = charge(st.height, CryptoOp.DECRYPT, size, phaseCpu[6], hw, true);
    if (decryptNanos > 0) {
      combineSplit = combineSplit.plus(tm.split(CryptoOp.DECRYPT, size, phaseCpu[6],
          CryptoOp.DECRYPT.parallelUnits(size), hw));
    }
    splitHeights++;
    int openedFinal = opened;
    long combineFinal = combineNanos;
    long executionNanos = m * settings.executionPerTxNanos();
    sim.scheduleAfter(combineNanos + decryptNanos + executionNanos, s -> {
      st.readyNanos = s.nowNanos();
      long decrypted = st.readyNanos - executionNanos;
      long wait = Math.max(0, st.sharesCompleteNanos - st.commitNanos);
      long combinerLag = st.commitNanos - st.decidedNanos;
      ProcessingTime p = st.processing;
      records.put(st.height, new HeightRecord(st.height, st.decidedRound, m, st.blockBytes,
          st.combiner, st.proposeNanos, st.decidedNanos, st.commitNanos,
          st.decidedNanos - st.proposeNanos, p.validationNanos(), p.signatureNanos(),
          p.walNanos(), Math.min(wait, st.criticalCreateNanos),
          combinerLag + Math.max(0, wait - st.criticalCreateNanos), combineFinal, decryptNanos,
          decrypted - st.decidedNanos, executionNanos, Math.max(0, st.proposalWaitNanos),
          used.size(), openedFinal, real(st.height)));
      onDecrypted.accept(st.height);
      st.cts = null;
      st.shares = null;
      for (Runnable r : st.onReady) {
        r.run();
      }
      st.onReady.clear();
    });
  }

  /** Mutable bookkeeping of one height, owned by the pipeline. */
  private final class HeightState {
    final int height;
    final long[] commitAt;
    final long[] announcedAt;
    final boolean[] started;
    final List<Integer> arrived = new ArrayList<>();
    final List<Runnable> onReady = new ArrayList<>();
    List<byte[]> payloads;
    List<Ciphertext> cts;
    long blockBytes;
    long validityCpuNanos;
    long proposeNanos;
    long decidedNanos = -1;
    int decidedRound;
    ProcessingTime processing = ProcessingTime.NONE;
    long proposalWaitNanos = -1;
    int combiner = -1;
    int round;
    long commitNanos = -1;
    SignerSet signers;
    Map<Integer, List<byte[]>> shares;
    Map<Integer, Long> shareCpu;
    boolean combining;
    long sharesCompleteNanos = -1;
    long criticalCreateNanos;
    long readyNanos = -1;

    HeightState(int height) {
      this.height = height;
      int v = committee.validators();
      this.commitAt = new long[v];
      this.announcedAt = new long[v];
      this.started = new boolean[v];
      Arrays.fill(commitAt, -1);
      Arrays.fill(announcedAt, -1);
    }
  }
}
