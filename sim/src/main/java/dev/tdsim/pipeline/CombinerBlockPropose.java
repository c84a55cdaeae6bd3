package dev.tdsim.pipeline;

import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import dev.tdsim.engine.Simulation;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.OpSize;
import dev.tdsim.timing.Scaling;
import dev.tdsim.timing.TimingModel;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
  /**
   * One block_propose's inputs, as the combiner holds them when it starts.
   *
   * @param heldBlockAt when the combiner held the proposal (-1: never before its commit)
   * @param signers the signer set the shares were folded for (designs that fold it), else the
   *     set of all validators
   * @param senders the validators whose shares are combined (arrived and, for designs that do
   *     not fold the set, not named faulty)
   * @param sent each sender's shares (for the current signer set)
   */
  record Input(int combiner, long heldBlockAt, long commitNanos, SignerSet signers,
      List<Integer> senders, Map<Integer, List<byte[]>> sent, Covered covered) {}

  /**
   * What one block_propose found, known when it starts (the real call runs then); its
   * simulated time is {@code nanos}.
   *
   * @param named the validators it named faulty, with the reason, ascending
   * @param opened plaintexts it opened, by index into the block
   * @param wasShort fewer than t honest shares
   */
  record Outcome(Map<Integer, String> named, Map<Integer, byte[]> opened, boolean wasShort,
      long nanos) {}

  /** The combiner's time of one height, over its block_propose calls. */
  private static final class Tally {
    int attempts;
    long firstAttemptNanos = -1;
    long combineNanos;
    long decryptNanos;
    long blameNanos;
    long checkNanos;
    long firstBlameNanos;
    long firstCheckNanos;
    int signersUsed;

    CombineTally snapshot() {
      return new CombineTally(attempts, firstAttemptNanos, combineNanos, decryptNanos,
          blameNanos, checkNanos, firstBlameNanos, firstCheckNanos, signersUsed);
    }
  }

  private final PipelineContext ctx;
  private final Simulation sim;
  private final PipelineSettings settings;
  /** Per (height, combiner): with failover or every validator combining, a height has several. */
  private final Map<Long, Tally> tallies = new HashMap<>();
  /**
   * Per height without share faults, the first real block_propose: any t honest shares open the
   * same plaintexts, so another combiner of the height (every validator combining, or a
   * failover) reuses its result and measured phases, charged on its own hardware.
   */
  private final Map<Integer, Reusable> firstReal = new HashMap<>();
  private Scaling.Split combineSplit = new Scaling.Split(0, 0, 0, Integer.MAX_VALUE);
  private int splitHeights;
  /**
   * The signer sets each combiner holds prepare_combine for: the most recent {@link
   * BlockProposer#PREPARED_SIGNER_SETS}, as its real BlockProposer keeps them. Simulated state,
   * so that a height replayed without its crypto calls (--resume) leaves it as the real calls did.
   */
  private final Map<Integer, PreparedSets> preparedBy = new HashMap<>();
  private long shareFaultCpuNanos;

  CombinerBlockPropose(PipelineContext ctx) {
    this.ctx = ctx;
    this.sim = ctx.sim;
    this.settings = ctx.settings;
  }

  /** A real block_propose and what it was given, to be reused for the same covered block. */
  private record Reusable(SignerSet signers, List<Integer> pending, RealCrypto.Attempt attempt) {}

  private static long key(int height, int combiner) {
    return ((long) height << 32) | (combiner & 0xffffffffL);
  }

  /** {@code combiner}'s time at {@code height} so far (all zero before its first block_propose). */
  CombineTally tally(int height, int combiner) {
    Tally t = tallies.get(key(height, combiner));
    return t == null ? new Tally().snapshot() : t.snapshot();
  }

  /** {@code height} is decrypted: its real block_propose is no longer reused. */
  void forget(int height) {
    firstReal.remove(height);
  }

  /**
   * The real block_propose of one combiner, or, without share faults, the height's first one
   * over the same block (the same signer set and payloads still to open).
   */
  private RealCrypto.Attempt realAttempt(int height, Input in, PreparedBlock block,
      Map<Integer, List<byte[]>> shares) {
    boolean reusable = !settings.faults().hasShareFaults();
    Reusable r = firstReal.get(height);
    if (reusable && r != null && r.signers().equals(in.signers())
        && r.pending().equals(in.covered().pending())) {
      return r.attempt();
    }
    RealCrypto.Attempt a = ctx.crypto(height).tryBlockPropose(in.combiner(), block, shares,
        ctx.folding() ? in.signers() : null, ctx.random);
    if (reusable && r == null) {
      firstReal.put(height, new Reusable(in.signers(), List.copyOf(in.covered().pending()), a));
    }
    return a;
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
    return ctx.crypto.verifiesShares()
        ? List.of(CryptoOp.DECODE, CryptoOp.VALIDITY, CryptoOp.VERIFY, CryptoOp.PREPARE,
            CryptoOp.COMBINE)
        : List.of(CryptoOp.DECODE, CryptoOp.VALIDITY, CryptoOp.CHECK, CryptoOp.PREPARE,
            CryptoOp.COMBINE);
  }

  /**
   * When the combiner's prepare of the height's block is done: from when it held the proposal
   * (or its commit, if it never saw the proposal before), its cost on the combiner's hardware
   * (0 for designs that prepare nothing ahead). Priced once, at the combiner's first
   * block_propose of the height.
   */
  private long prepareDoneNanos(int height, Input in) {
    long start = in.heldBlockAt() >= 0 ? in.heldBlockAt() : Math.max(0, in.commitNanos());
    long nanos = 0;
    if (ctx.design.precomputesBlock()) {
      ProposedBlock block = in.covered().block();
      // the work the design's prepare really does for this block on this setup (batched: FK20
      // over the setup's whole domain); sizes: the same in every epoch
      int work = ctx.design.prepareWorkSize(block.size(),
          ctx.crypto(height).designKeys().maxBlockSize());
      OpSize size = new OpSize(work, ctx.committee.validators(), ctx.committee.shares(),
          block.payloadBytes());
      // (a sampled height's block has no measured prepare time: 0)
      nanos = ctx.charger.charge(height, CryptoOp.EVAL_PROOFS, size, block.prepareCpuNanos(),
          settings.hardware()[in.combiner()], true);
    }
    return start + nanos;
  }

  /**
   * One block_propose by the combiner over the shares it has (once its prepare of the block is
   * done): what it found and how long it takes.
   */
  Outcome attempt(int height, Input in) {
    Tally t = tallies.computeIfAbsent(key(height, in.combiner()), k -> new Tally());
    boolean first = t.attempts == 0;
    t.attempts++;
    // The prepare ran in parallel with consensus from the proposal on; what is left of it now
    // delays the first block_propose (and counts as its prepare).
    long prepareLeft = first ? Math.max(0, prepareDoneNanos(height, in) - sim.nowNanos()) : 0;
    if (first) {
      t.firstAttemptNanos = sim.nowNanos();
    }
    List<Integer> used = new ArrayList<>(in.senders());
    used.sort(null);
    Covered covered = in.covered();
    int m = covered.count();
    int points = used.stream().mapToInt(ctx.committee(height)::pointsOf).sum();
    OpSize size = new OpSize(m, used.size(), points, covered.bytes());
    Hardware hw = settings.hardware()[in.combiner()];
    TimingModel tm = ctx.charger.timingAt(height);
    Map<CryptoOp, Long> phaseCpu = new EnumMap<>(CryptoOp.class);
    Map<Integer, String> named = new TreeMap<>();
    boolean shortOfShares = false;
    boolean valueFaults = false;
    Boolean ranPrepare = null;
    List<Integer> finalSet = null;
    long shortCpu = 0;
    Map<Integer, byte[]> opened = new HashMap<>();
    if (settings.real(height)) {
      // Shares per transaction: a retry after a partial open combines only the ones still
      // pending; shares per block: the block is opened again from the new shares.
      List<Integer> indices = covered.indices();
      Map<Integer, List<byte[]>> shares = new TreeMap<>();
      for (int v : used) {
        List<byte[]> sent = in.sent().get(v);
        shares.put(v, !covered.perTransaction() || sent.size() == m ? sent
            : covered.pending().stream().map(sent::get).toList());
      }
      PreparedBlock block = covered.preparedBlock(ctx.crypto(height));
      RealCrypto.Attempt a = realAttempt(height, in, block, shares);
      if (a.isShort()) {
        shortOfShares = true;
        shortCpu = a.cpuNanos();
        for (int v : a.namedBeforeShort()) {
          named.put(v, "decryption share failed verification or blame (fewer than t honest"
              + " shares left)");
        }
      } else {
        BlockResult result = a.result();
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
        boolean combined = !ctx.folding() || (!decodeFaults && used.size() == in.signers().size());
        for (int i = 0; i < m && combined && !valueFaults; i++) {
          valueFaults = result.plaintexts().get(i).isEmpty()
              && !result.invalidCiphertexts().contains(i)
              && covered.pending().contains(indices.get(i));
        }
        phaseCpu.putAll(RealCrypto.byOp(c));
        // A set prepared after dropping faulty validators is one more prepare_combine (designs
        // that fold the signer set wait for new shares instead).
        if (!ctx.folding()) {
          finalSet = List.copyOf(result.signersUsed().validators());
        }
        for (int i = 0; i < m; i++) {
          Optional<byte[]> p = result.plaintexts().get(i);
          if (p.isPresent()) {
            opened.put(indices.get(i), p.get());
          }
        }
      }
    }
    long combineNanos = 0;
    long decryptNanos = 0;
    if (shortOfShares) {
      // The real call ran its decode, validity check, prepare and blame before it found fewer
      // than t honest shares; the model prices those phases, measured timing charges its CPU.
      long blame = ctx.charger.charge(height, CryptoOp.BLAME, size, shortCpu, hw, false);
      for (CryptoOp op : List.of(CryptoOp.DECODE, CryptoOp.VALIDITY, CryptoOp.PREPARE)) {
        blame += ctx.charger.charge(height, op, size, 0, hw, false);
      }
      t.blameNanos += blame;
      shareFaultCpuNanos += shortCpu;
      combineNanos = blame;
    } else {
      // prepare_combine is paid once per (combiner, signer set) while the combiner keeps it.
      // Under measured timing the real call's own CPU is charged, so the combiner's real
      // BlockProposer says whether it prepared; under model timing the simulated cache does, the
      // same at heights that ran the real calls and at heights replayed without them.
      PreparedSets cache =
          preparedBy.computeIfAbsent(in.combiner(), c -> new PreparedSets());
      boolean newForCombiner = cache.add(List.copyOf(used));
      boolean newFinal = finalSet != null && !finalSet.equals(used) && cache.add(finalSet);
      int prepares = (newForCombiner ? 1 : 0) + (newFinal ? 1 : 0);
      if (ranPrepare != null && !tm.reproducible()) {
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
          phase += ctx.charger.charge(height, op, size, cpu / times, hw, true);
        }
        combineNanos += phase;
        if (op == CryptoOp.BLAME) {
          t.blameNanos += phase;
        } else if (op == CryptoOp.CHECK) {
          t.checkNanos += phase;
        }
        if (phase > 0 && first) {
          combineSplit = combineSplit.plus(tm.split(op, size, cpu, op.parallelUnits(size), hw));
        }
      }
      decryptNanos = ctx.charger.charge(height, CryptoOp.DECRYPT, size,
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
      t.firstBlameNanos = t.blameNanos;
      t.firstCheckNanos = t.checkNanos;
      t.combineNanos = combineNanos;
      t.decryptNanos = decryptNanos;
      t.signersUsed = used.size();
    }
    return new Outcome(named, opened, shortOfShares, combineNanos + decryptNanos);
  }


  /** A combiner's prepared signer sets, least recently used first out. */
  private static final class PreparedSets {
    private final LinkedHashMap<List<Integer>, Boolean> sets =
        new LinkedHashMap<>(4, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<List<Integer>, Boolean> eldest) {
            return size() > BlockProposer.PREPARED_SIGNER_SETS;
          }
        };

    /** Uses {@code set}; true when it was not held (so it is prepared now). */
    boolean add(List<Integer> set) {
      return sets.put(set, Boolean.TRUE) == null;
    }
  }
}
