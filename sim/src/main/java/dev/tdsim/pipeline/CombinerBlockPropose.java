package dev.tdsim.pipeline;

import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.variant.BlockResult;
import dev.tdsim.engine.Simulation;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.OpSize;
import dev.tdsim.timing.Scaling;
import dev.tdsim.timing.TimingModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The combiner's block_propose over the shares it has, and its time accounting: the real call
 * (at real heights), the validators it names faulty, each phase (decode, validity, verify or
 * check, prepare once per combiner and signer set, combine, blame, decrypt) charged from the
 * timing model on the combiner's hardware, and the measured/extrapolated split of the first
 * block_propose per height. The first block_propose cannot start before the design's prepare
 * (the batched design's evaluation proofs), which the combiner began when it held the proposal,
 * is done: whatever of it outlasts the voting and the shares' arrival is part of the combine
 * phase.
 */
final class CombinerBlockPropose {
  /** What the combiner does once a block_propose's simulated time has passed. */
  interface AfterAttempt {
    void afterAttempt(HeightState st, boolean wasShort, List<Integer> usedSet);
  }

  private final PipelineContext ctx;
  private final Simulation sim;
  private final RealCrypto crypto;
  private final DecryptionPipeline.Settings settings;
  private final StrongRandom random;
  private final Committee committee;
  private final AfterAttempt then;
  private Scaling.Split combineSplit = new Scaling.Split(0, 0, 0, Integer.MAX_VALUE);
  private int splitHeights;
  /** The signer sets each combiner has already run prepare_combine for. */
  private final Map<Integer, java.util.Set<List<Integer>>> preparedBy = new HashMap<>();
  private long shareFaultCpuNanos;

  CombinerBlockPropose(PipelineContext ctx, AfterAttempt then) {
    this.ctx = ctx;
    this.sim = ctx.sim;
    this.crypto = ctx.crypto;
    this.settings = ctx.settings;
    this.random = ctx.random;
    this.committee = ctx.committee;
    this.then = then;
  }

  /**
   * Real CPU nanoseconds spent by block_propose because of share faults: blame, calls that ran
   * out of honest shares, and every block_propose after the first.
   */
  long shareFaultCpuNanos() {
    return shareFaultCpuNanos;
  }

  /**
   * What the combiner's block_propose and decryption cost per height, split into the part that
   * rests on measurements here and the part extrapolated to the validator's cores.
   */
  Optional<Scaling.Split> meanCombineSplit() {
    if (splitHeights == 0) {
      return Optional.empty();
    }
    return Optional.of(new Scaling.Split(combineSplit.wallNanos() / splitHeights,
        combineSplit.measuredWallNanos() / splitHeights, combineSplit.usableCores(),
        combineSplit.measuredThreads()));
  }

  /** The per-variant operations a block_propose without faults found is charged. */
  private List<CryptoOp> honestOps() {
    return crypto.verifiesShares()
        ? List.of(CryptoOp.DECODE, CryptoOp.VALIDITY, CryptoOp.VERIFY, CryptoOp.PREPARE,
            CryptoOp.COMBINE)
        : List.of(CryptoOp.DECODE, CryptoOp.VALIDITY, CryptoOp.CHECK, CryptoOp.PREPARE,
            CryptoOp.COMBINE);
  }

  /**
   * When the combiner's prepare of the height's block is done: from when it held the proposal
   * (or its commit, if it never saw the proposal before), its cost on the combiner's hardware
   * (0 for designs that prepare nothing ahead).
   */
  private long prepareDoneNanos(HeightState st) {
    if (st.prepareDoneNanos < 0) {
      long start = st.blockAt[st.combiner] >= 0 ? st.blockAt[st.combiner]
          : Math.max(0, st.commitNanos);
      long nanos = 0;
      if (ctx.design.precomputesBlock()) {
        OpSize size = new OpSize(st.payloads.size(), committee.validators(),
            committee.shares(), ctx.payloadBytes(st)); // sizes: the same in every epoch
        nanos = charge(st.height, CryptoOp.EVAL_PROOFS, size,
            real(st.height) ? st.prepareCpuNanos : 0, settings.hardware()[st.combiner], true);
      }
      st.prepareDoneNanos = start + nanos;
    }
    return st.prepareDoneNanos;
  }

  /**
   * One block_propose by the combiner over the shares it has (once its prepare of the block is
   * done), then what follows from it.
   */
  void attempt(HeightState st) {
    st.busy = true;
    boolean first = st.attempts == 0;
    st.attempts++;
    // The prepare ran in parallel with consensus from the proposal on; what is left of it now
    // delays the first block_propose (and counts as its prepare).
    long prepareLeft = first ? Math.max(0, prepareDoneNanos(st) - sim.nowNanos()) : 0;
    if (first) {
      st.firstAttemptNanos = sim.nowNanos();
    }
    List<Integer> used = new ArrayList<>(folding() ? st.arrived : usable(st));
    used.sort(null);
    int m = ctx.coveredCount(st);
    int points = used.stream().mapToInt(ctx.committee(st.height)::pointsOf).sum();
    OpSize size = new OpSize(m, used.size(), points, ctx.coveredBytes(st));
    Hardware hw = settings.hardware()[st.combiner];
    TimingModel tm = timingAt(st.height);
    Map<CryptoOp, Long> phaseCpu = new java.util.EnumMap<>(CryptoOp.class);
    Map<Integer, String> named = new TreeMap<>();
    boolean shortOfShares = false;
    boolean needMore = false; // a bad share no spare point could attribute (simple, batch)
    boolean valueFaults = false;
    Boolean ranPrepare = null;
    List<Integer> finalSet = null;
    long shortCpu = 0;
    if (real(st.height)) {
      // Shares per transaction: a retry after a partial open combines only the ones still
      // pending; shares per block: the block is opened again from the new shares.
      List<Integer> covered = ctx.coveredIndices(st);
      Map<Integer, List<byte[]>> shares = new TreeMap<>();
      for (int v : used) {
        List<byte[]> sent = st.sent.get(v);
        shares.put(v, !ctx.perTransaction() || sent.size() == m ? sent
            : st.pending.stream().map(sent::get).toList());
      }
      PreparedBlock block = ctx.coveredBlock(st);
      RealCrypto.Attempt a = ctx.crypto(st.height).tryBlockPropose(st.combiner, block, shares,
          folding() ? st.signers : null, random);
      if (a.isShort()) {
        shortOfShares = true;
        shortCpu = a.cpuNanos();
        for (int v : a.namedBeforeShort()) {
          named.put(v, "decryption share failed verification or blame (fewer than t honest"
              + " shares left)");
        }
      } else {
        BlockResult result = a.result();
        // Without share faults validators stop sending once the combiner has enough: none comes.
        needMore = a.needsMoreShares() && settings.faults().hasShareFaults();
        ranPrepare = result.ranPrepare();
        BlockResult.PhaseTimings c = result.cpu();
        named.putAll(result.faultyValidators());
        // Faults found by value: a validator named by verification or blame, or a combined
        // secret that failed its check (a valid ciphertext left unopened).
        valueFaults = result.faultyValidators().values().stream()
            .anyMatch(r -> !r.startsWith("malformed") && !r.startsWith("sent "));
        boolean decodeFaults = result.faultyValidators().values().stream()
            .anyMatch(r -> r.startsWith("malformed") || r.startsWith("sent "));
        // A design that folds the signer set combines nothing when a signer's shares are
        // missing or do not decode (its payloads wait for the reshare).
        boolean combined = !folding() || (!decodeFaults && used.size() == st.signers.size());
        for (int i = 0; i < m && combined && !valueFaults; i++) {
          valueFaults = result.plaintexts().get(i).isEmpty()
              && !result.invalidCiphertexts().contains(i)
              && st.pending.contains(covered.get(i));
        }
        phaseCpu.putAll(RealCrypto.byOp(c));
        // A set prepared after dropping faulty validators is one more prepare_combine (designs
        // that fold the signer set wait for new shares instead).
        if (!folding()) {
          finalSet = List.copyOf(result.signersUsed().validators());
        }
        for (int i = 0; i < m; i++) {
          Optional<byte[]> p = result.plaintexts().get(i);
          if (p.isPresent()) {
            st.plaintexts.put(covered.get(i), p.get());
          }
        }
      }
    }
    if (folding()) {
      for (int v : st.signers.validators()) {
        if (!used.contains(v)) {
          named.put(v, HeightState.NO_SHARE_IN_TIME);
        }
      }
    }
    for (Map.Entry<Integer, String> e : named.entrySet()) {
      st.excluded.putIfAbsent(e.getKey(), e.getValue());
    }
    long combineNanos = 0;
    long decryptNanos = 0;
    if (shortOfShares) {
      // The real call ran its decode, validity check, prepare and blame before it found fewer
      // than t honest shares; the model prices those phases, measured timing charges its CPU.
      long blame = charge(st.height, CryptoOp.BLAME, size, shortCpu, hw, false);
      for (CryptoOp op : List.of(CryptoOp.DECODE, CryptoOp.VALIDITY, CryptoOp.PREPARE)) {
        blame += charge(st.height, op, size, 0, hw, false);
      }
      st.blameNanos += blame;
      shareFaultCpuNanos += shortCpu;
      combineNanos = blame;
    } else {
      // prepare_combine is paid once per (combiner, signer set): each combiner keeps its own
      // cache (at real heights the combiner's real BlockProposer says whether it prepared).
      java.util.Set<List<Integer>> cache =
          preparedBy.computeIfAbsent(st.combiner, c -> new java.util.HashSet<>());
      boolean newForCombiner = cache.add(List.copyOf(used));
      boolean newFinal = finalSet != null && !finalSet.equals(used) && cache.add(finalSet);
      int prepares = (newForCombiner ? 1 : 0) + (newFinal ? 1 : 0);
      if (ranPrepare != null) {
        prepares = ranPrepare ? Math.max(1, prepares) : 0;
      }
      boolean prepared = prepares == 0;
      List<CryptoOp> ops = new ArrayList<>(honestOps());
      if (valueFaults) {
        // Finding the faulty: a failed share verification searched per validator, or failed
        // combined-result checks and blame; priced as BLAME, calibrated with one bad share.
        ops.remove(CryptoOp.VERIFY);
        ops.remove(CryptoOp.CHECK);
        ops.add(CryptoOp.BLAME);
        phaseCpu.merge(CryptoOp.BLAME, phaseCpu.getOrDefault(CryptoOp.VERIFY, 0L)
            + phaseCpu.getOrDefault(CryptoOp.CHECK, 0L), Long::sum);
      }
      if (!first) {
        ops.remove(CryptoOp.VALIDITY); // the combiner checked these ciphertexts already
        for (CryptoOp op : ops) {
          shareFaultCpuNanos += Math.max(0, phaseCpu.getOrDefault(op, 0L));
        }
        shareFaultCpuNanos += Math.max(0, phaseCpu.getOrDefault(CryptoOp.DECRYPT, 0L));
      } else if (valueFaults) {
        shareFaultCpuNanos += Math.max(0, phaseCpu.getOrDefault(CryptoOp.BLAME, 0L));
      }
      for (CryptoOp op : ops) {
        if (op == CryptoOp.PREPARE && prepared) {
          continue;
        }
        int times = op == CryptoOp.PREPARE ? prepares : 1;
        long cpu = Math.max(0, phaseCpu.getOrDefault(op, 0L));
        long phase = 0;
        for (int i = 0; i < times; i++) {
          phase += charge(st.height, op, size, cpu / times, hw, true);
        }
        combineNanos += phase;
        if (op == CryptoOp.BLAME) {
          st.blameNanos += phase;
        } else if (op == CryptoOp.CHECK) {
          st.checkNanos += phase;
        }
        if (phase > 0 && first) {
          combineSplit = combineSplit.plus(tm.split(op, size, cpu, op.parallelUnits(size), hw));
        }
      }
      decryptNanos = charge(st.height, CryptoOp.DECRYPT, size,
          Math.max(0, phaseCpu.getOrDefault(CryptoOp.DECRYPT, 0L)), hw, true);
      if (decryptNanos > 0 && first) {
        combineSplit = combineSplit.plus(tm.split(CryptoOp.DECRYPT, size,
            phaseCpu.getOrDefault(CryptoOp.DECRYPT, 0L), CryptoOp.DECRYPT.parallelUnits(size),
            hw));
      }
    }
    combineNanos += prepareLeft;
    if (first) {
      splitHeights++;
      st.firstBlameNanos = st.blameNanos;
      st.firstCheckNanos = st.checkNanos;
      st.combineNanos = combineNanos;
      st.decryptNanos = decryptNanos;
      st.signersUsed = used.size();
    }
    boolean wasShort = shortOfShares || needMore;
    // The set tried, in arrival order less the named (what usable() gives when nothing changed).
    List<Integer> tried = (folding() ? st.arrived : usable(st)).stream()
        .filter(v -> !st.excluded.containsKey(v)).toList();
    sim.scheduleAfter(combineNanos + decryptNanos, s -> afterAttempt(st, wasShort, tried));
  }

  private void afterAttempt(HeightState st, boolean wasShort, List<Integer> usedSet) {
    then.afterAttempt(st, wasShort, usedSet);
  }

  private boolean real(int height) {
    return ctx.real(height);
  }

  private boolean folding() {
    return ctx.folding();
  }

  private List<Integer> usable(HeightState st) {
    return st.usable();
  }

  private long charge(int height, CryptoOp op, OpSize size, long cpuNanos, Hardware hw,
      boolean check) {
    return ctx.charger.charge(height, op, size, cpuNanos, hw, check);
  }

  private TimingModel timingAt(int height) {
    return ctx.charger.timingAt(height);
  }
}
