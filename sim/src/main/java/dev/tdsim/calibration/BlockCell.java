package dev.tdsim.calibration;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import dev.tdsim.pipeline.RealCrypto;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A grid point of a variant or design: one block of m payloads on one key set. Every visit
 * times, on a pool of k threads, first what all of them share: the signer set's coefficients
 * where shares fold it, then ENCRYPT and ADMISSION_CHECK of the payloads; then the family's own
 * calls ({@link #visitBlock}), with the block_propose phases and BLAME recorded here alike.
 */
abstract class BlockCell extends GridCell {
  private static final List<CryptoOp> PHASES = List.of(CryptoOp.DECODE, CryptoOp.VALIDITY,
      CryptoOp.VERIFY, CryptoOp.CHECK, CryptoOp.PREPARE, CryptoOp.COMBINE, CryptoOp.DECRYPT);

  final List<byte[]> payloads;
  final Map<Integer, List<byte[]>> shares;
  final SignerSet shareSigners;
  final List<Integer> timedMakers;
  final OpSize block;
  final StrongRandom random;
  /** The signer set of the BLAME call, where its shares are made for one. */
  SignerSet faultyFor;
  /** BLAME's size; null where this cell times no BLAME. */
  OpSize faultySize;
  private int coefficientVisits;

  BlockCell(CellContext context, String name, KeySet keys, KeySetGrid.Point point,
      OpSize block, Map<Integer, List<byte[]>> shares, SignerSet shareSigners,
      List<Integer> timedMakers) {
    super(context, name, keys, point.msgs(), point.payloadBytes());
    this.payloads = point.payloads();
    this.random = point.encryption();
    this.block = block;
    this.shares = shares;
    this.shareSigners = shareSigners;
    this.timedMakers = timedMakers;
  }

  @Override
  final void visit(Workers workers) {
    RealCrypto crypto = crypto(workers);
    addSignerCoefficients(sharesDependOnSigners(), workers.threads());
    encryptAndAdmit(crypto, workers);
    visitBlock(workers);
  }

  /** The crypto the simulator runs this cell's design with, on {@code workers}. */
  abstract RealCrypto crypto(Workers workers);

  /** Whether this design's shares fold the signer set (see {@link #addSignerCoefficients}). */
  abstract boolean sharesDependOnSigners();

  /** The rest of a visit: share creation, block_propose and BLAME, and the family's own. */
  abstract void visitBlock(Workers workers);

  /**
   * Designs whose shares fold the signer set: a validator's Lagrange coefficients of a signer
   * set it has not folded for (SIGNER_COEFFICIENTS), on a set no earlier visit used.
   */
  private void addSignerCoefficients(boolean foldsSigners, int threads) {
    if (!foldsSigners) {
      return;
    }
    SignerSet fresh = KeySetGrid.rotatedSigners(keys.committee(), coefficientVisits++);
    long w0 = System.nanoTime();
    long cpu = RealCrypto.lagrangeCpuNanos(fresh);
    double wall = System.nanoTime() - w0;
    add("SIGNER_COEFFICIENTS", CryptoOp.SIGNER_COEFFICIENTS,
        new OpSize(1, fresh.size(), fresh.pointCount(), 0), threads, cpu, wall, wall);
  }

  /**
   * ENCRYPT and ADMISSION_CHECK of the payloads: one call does both, so the wall time is split
   * between them by their CPU times.
   */
  private void encryptAndAdmit(RealCrypto crypto, Workers workers) {
    int k = workers.threads();
    long[] admission = new long[1];
    long q0 = delayNanos(workers);
    long w0 = System.nanoTime();
    long encryptCpu = crypto.encryptAndAdmit(payloads, random, admission).cpuNanos();
    double raw = System.nanoTime() - w0;
    double wall = RunQueueProbe.unqueued(raw, q0, delayNanos(workers), k);
    double total = Math.max(1, encryptCpu + admission[0]);
    add("ENCRYPT", CryptoOp.ENCRYPT, block, k, encryptCpu, wall * encryptCpu / total,
        raw * encryptCpu / total);
    add("ADMISSION_CHECK", CryptoOp.ADMISSION_CHECK, block, k, admission[0],
        wall * admission[0] / total, raw * admission[0] / total);
  }

  /** One validator's SHARE_CREATE at one thread count: size (m, 1, its points, bytes). */
  void addShareCreate(int validator, int threads, double cpu, double wall, long delayBefore,
      long delayAfter) {
    add("SHARE_CREATE/" + validator, CryptoOp.SHARE_CREATE,
        new OpSize(m, 1, keys.committee().pointsOf(validator), block.msgBytes()), threads, cpu,
        RunQueueProbe.unqueued(wall, delayBefore, delayAfter, threads), wall);
  }

  /**
   * A timed block_propose: its result and the part of its wall time that was not run-queue
   * delay (each phase's wall time is scaled by it).
   */
  record Proposal(BlockResult result, double unqueuedShare) {}

  Proposal propose(Workers workers, Supplier<BlockResult> call) {
    int k = workers.threads();
    long q0 = delayNanos(workers);
    long t0 = System.nanoTime();
    BlockResult result = call.get();
    double w = System.nanoTime() - t0;
    long q1 = delayNanos(workers);
    return new Proposal(result, w > 0 ? RunQueueProbe.unqueued(w, q0, q1, k) / w : 1);
  }

  /**
   * Each phase of an honest block_propose as one point of the block's size: its CPU time over
   * the threads it ran on, as the simulator measures it. VERIFY where the combiner verifies
   * shares, CHECK (the combined-result check) where it does not.
   *
   * @param skipUnprepared leave PREPARE out when nothing was prepared in the call
   */
  void addPhases(Proposal p, boolean verifies, boolean skipUnprepared, int threads) {
    Map<CryptoOp, Long> phaseWall = RealCrypto.byOp(p.result().timings());
    Map<CryptoOp, Long> phaseCpu = RealCrypto.byOp(p.result().cpu());
    for (CryptoOp op : PHASES) {
      if ((op == CryptoOp.VERIFY && !verifies) || (op == CryptoOp.CHECK && verifies)) {
        continue;
      }
      if (skipUnprepared && op == CryptoOp.PREPARE && phaseWall.get(op) <= 0) {
        continue;
      }
      double wall = phaseWall.get(op);
      add(op.name(), op, block, threads, Math.max(0, phaseCpu.get(op)),
          wall * p.unqueuedShare(), wall);
    }
  }

  /**
   * BLAME of a block_propose with one bad share: its verify, check and blame phases (a failed
   * verification that searches per validator, failed combined-result checks and blame).
   */
  void addBlame(Proposal p, int threads) {
    BlockResult.PhaseTimings c = p.result().cpu();
    BlockResult.PhaseTimings w = p.result().timings();
    double blameCpu = Math.max(0, c.verifyNanos()) + Math.max(0, c.checkNanos())
        + Math.max(0, c.blameNanos());
    double blameWall = w.verifyNanos() + w.checkNanos() + w.blameNanos();
    add("BLAME", CryptoOp.BLAME, faultySize, threads, blameCpu,
        blameWall * p.unqueuedShare(), blameWall);
  }

  /** Every payload came back: else the calibration stops. */
  void check(BlockResult result) {
    for (int j = 0; j < payloads.size(); j++) {
      if (result.plaintexts().get(j).isEmpty()
          || !Arrays.equals(result.plaintexts().get(j).get(), payloads.get(j))) {
        throw new IllegalStateException(String.format(Locale.ROOT,
            "block_propose with variant %s did not return payload %d of %d (faulty validators:"
                + " %s): calibration stopped", name, j, payloads.size(),
            result.faultyValidators()));
      }
    }
  }

  /** A block_propose with a bad share may leave payloads unopened, but never opens one wrong. */
  void neverWrong(BlockResult result) {
    for (int j = 0; j < payloads.size(); j++) {
      if (result.plaintexts().get(j).isPresent()
          && !Arrays.equals(result.plaintexts().get(j).get(), payloads.get(j))) {
        throw new IllegalStateException(String.format(Locale.ROOT,
            "block_propose with variant %s and a bad share opened payload %d wrong:"
                + " calibration stopped", name, j));
      }
    }
  }
}
