package dev.tdsim.pipeline;

import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.engine.Simulation;
import dev.tdsim.faults.ShareFault;
import dev.tdsim.faults.ShareFaultType;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.OpSize;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;

/**
 * Each validator's decryption shares after it commits: the real honest shares of the current
 * signer set (made once per set for all signers; one per transaction or one per block, as the
 * design says), the faulty ones a share fault calls for (bad value, equivocated, malformed,
 * colluding, or none when withheld; see {@link FaultyShares}), their creation time on the
 * validator's hardware, and the message to the combiner, of the design's share size.
 */
final class ShareCreation {
  /** Where a validator's shares go when they reach the combiner. */
  interface Arrival {
    void onShareArrival(HeightState st, int gen, int validator, List<byte[]> shares,
        long readyAt, long createNanos);
  }

  private final PipelineContext ctx;
  private final Simulation sim;
  private final Messenger net;
  private final RealCrypto crypto;
  private final DecryptionPipeline.Settings settings;
  private final Arrival arrivals;
  private long shareFaultCpuNanos;

  ShareCreation(PipelineContext ctx, Arrival arrivals) {
    this.ctx = ctx;
    this.sim = ctx.sim;
    this.net = ctx.net;
    this.crypto = ctx.crypto;
    this.settings = ctx.settings;
    this.arrivals = arrivals;
  }

  /** Real CPU nanoseconds spent on honest shares for reshares (signer sets after the first). */
  long shareFaultCpuNanos() {
    return shareFaultCpuNanos;
  }

  private Optional<ShareFault> shareFault(HeightState st, int validator) {
    if (!real(st.height) || !settings.faults().hasShareFaults()) {
      return Optional.empty(); // faults act through the real crypto (the runner runs it then)
    }
    return settings.faults().shareFault(validator, st.height, st.commitAt[validator]);
  }

  /**
   * {@code validator} creates its shares of the pending ciphertexts for the current signer set
   * (honest, or as its share fault says) and sends them to the combiner, once it has committed,
   * is in the set and (variants that fold the set) has the combiner's announcement.
   */
  /**
   * A validator's honest shares at a height where the real code ran: SHARE_CREATE for the shares
   * themselves, and SIGNER_COEFFICIENTS when it computed the signer set's coefficients for them
   * (a set it had not folded for), so that a cost-model run prices both.
   */
  private long honestShareNanos(HeightState st, int validator, OpSize size, long honestCpu,
      Hardware hw) {
    long coefficientsCpu = st.genCoefficientCpu.get(validator);
    long nanos = charge(st.height, CryptoOp.SHARE_CREATE, size, honestCpu - coefficientsCpu, hw,
        true);
    if (coefficientsCpu > 0) {
      nanos += charge(st.height, CryptoOp.SIGNER_COEFFICIENTS, coefficientSize(st),
          coefficientsCpu, hw, true);
    }
    return nanos;
  }

  private static OpSize coefficientSize(HeightState st) {
    return new OpSize(1, st.signers.size(), st.signers.pointCount(), 0);
  }

  void startShares(HeightState st, int validator) {
    // Without share faults, validators that commit after the combiner already has enough shares
    // send none (they would change nothing); with them every validator sends.
    if (st.done || (st.combining && !settings.faults().hasShareFaults()) || st.signers == null
        || st.started[validator] || st.commitAt[validator] < 0
        || !st.signers.contains(validator)
        || (folding() && st.announcedAt[validator] < 0)) {
      return;
    }
    st.started[validator] = true;
    // The kinds model what a faulty validator sends others: as the combiner it uses its own
    // honest shares (a malicious combiner is not modelled).
    Optional<ShareFault> fault =
        validator == st.combiner ? Optional.empty() : shareFault(st, validator);
    ShareFaultType type = fault.map(ShareFault::type).orElse(null);
    if (type == ShareFaultType.WITHHELD) {
      return; // it sends nothing
    }
    int gen = st.generation;
    int m = ctx.coveredCount(st);
    Hardware hw = settings.hardware()[validator];
    OpSize size = new OpSize(m, 1, ctx.committee(st.height).pointsOf(validator),
        ctx.coveredBytes(st));
    long create;
    int count = ctx.design.sharesPerBlock(m);
    long bytes = (long) count * shareBytes(st.height, validator);
    List<byte[]> toCombiner = null;
    List<byte[]> toBackup = null;
    if (real(st.height)) {
      if (st.genShares == null) {
        st.genBlock = ctx.coveredBlock(st);
        List<Integer> makers = st.signers.validators();
        List<RealCrypto.Timed<List<byte[]>>> made =
            ctx.crypto(st.height).createShares(makers, st.signers, st.genBlock);
        long[] coefficients = ctx.crypto(st.height).lastCoefficientCharges();
        st.genShares = new HashMap<>();
        st.genShareCpu = new HashMap<>();
        st.genCoefficientCpu = new HashMap<>();
        for (int i = 0; i < makers.size(); i++) {
          st.genShares.put(makers.get(i), made.get(i).value());
          st.genShareCpu.put(makers.get(i), made.get(i).cpuNanos());
          st.genCoefficientCpu.put(makers.get(i), coefficients[i]);
        }
      }
      List<byte[]> honest = st.genShares.get(validator);
      long honestCpu = st.genShareCpu.get(validator);
      RealCrypto.Timed<List<byte[]>> faulty = null;
      DesignKeys keys = ctx.crypto(st.height).designKeys();
      PreparedBlock block = st.genBlock;
      if (type == ShareFaultType.BAD_VALUE || type == ShareFaultType.EQUIVOCATED) {
        faulty = ctx.crypto(st.height).createWith(
            () -> FaultyShares.wrong(keys, validator, st.signers, block));
      } else if (type == ShareFaultType.MALFORMED) {
        faulty = ctx.crypto(st.height).createWith(
            () -> FaultyShares.malformed(keys, validator, st.signers, block));
        bytes -= count;
      } else if (type == ShareFaultType.COLLUDING_ENCRYPTOR && st.colluder == validator
          && st.pending.contains(0)) {
        faulty = ctx.crypto(st.height).createWith(() -> FaultyShares.colluding(keys, validator,
            st.signers, block, st.cts.get(0)));
      }
      if (faulty == null) {
        toCombiner = honest;
        create = honestShareNanos(st, validator, size, honestCpu, hw);
        if (gen > 1) {
          shareFaultCpuNanos += honestCpu; // new shares for a reshare
        }
      } else {
        toCombiner = faulty.value();
        create = charge(st.height, CryptoOp.SHARE_CREATE, size, faulty.cpuNanos(), hw, false);
        if (type == ShareFaultType.EQUIVOCATED) {
          // Its correct shares go to the backup combiner (proposer of height + 1, round 1).
          toBackup = honest;
          create += honestShareNanos(st, validator, size, honestCpu, hw);
        }
      }
    } else {
      create = charge(st.height, CryptoOp.SHARE_CREATE, size, 0, hw, true);
      if (ctx.crypto(st.height).foldsForNewSet(validator, st.signers)) {
        create += charge(st.height, CryptoOp.SIGNER_COEFFICIENTS, coefficientSize(st), 0, hw,
            false);
      }
    }
    boolean equivocates = type == ShareFaultType.EQUIVOCATED;
    // An equivocator sends the wrong shares to the designated combiner and the correct ones to
    // another validator; a combiner standing in for a crashed or silent designated one gets the
    // correct ones.
    boolean standIn = st.combiner != st.designated;
    List<byte[]> shares = equivocates && standIn ? toBackup : toCombiner;
    int otherTo = standIn ? st.designated : st.backup;
    long wireBytes = bytes;
    long createNanos = create;
    sim.scheduleAfter(create, s -> {
      long readyAt = s.nowNanos();
      if (equivocates && otherTo != st.combiner && otherTo != validator) {
        net.send(validator, otherTo, wireBytes, () -> { });
      }
      net.send(validator, st.combiner, wireBytes,
          () -> onShareArrival(st, gen, validator, shares, readyAt, createNanos));
    });
  }

  /** Encoded bytes of one of {@code validator}'s shares, as the design sends it. */
  private long shareBytes(int height, int validator) {
    return ctx.design.shareWireBytes(ctx.committee(height), validator);
  }

  private void onShareArrival(HeightState st, int gen, int validator, List<byte[]> shares,
      long readyAt, long createNanos) {
    arrivals.onShareArrival(st, gen, validator, shares, readyAt, createNanos);
  }

  private boolean real(int height) {
    return ctx.real(height);
  }

  private boolean folding() {
    return ctx.folding();
  }

  private long charge(int height, CryptoOp op, OpSize size, long cpuNanos, Hardware hw,
      boolean check) {
    return ctx.charger.charge(height, op, size, cpuNanos, hw, check);
  }
}
