package dev.tdsim.pipeline;

import dev.tdsim.consensus.Messenger;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.engine.Simulation;
import dev.tdsim.faults.ShareFault;
import dev.tdsim.faults.ShareFaultType;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.OpSize;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Each validator's decryption shares after it commits: the real honest shares of the current
 * signer set (made once per set for all signers; one per transaction or one per block, as the
 * design says), the faulty ones a share fault calls for (bad value, equivocated, malformed,
 * colluding, or none when withheld; see {@link FaultyShares}), their creation time on the
 * validator's hardware, and the message to the combiner, of the design's share size.
 */
final class ShareCreation {
  /** Where a validator's shares go when they reach a combiner. */
  interface Arrival {
    void onShareArrival(int height, int generation, int combiner, int validator,
        List<byte[]> shares, long readyAt, long createNanos);
  }

  /** Told when a validator's shares leave it for a combiner. */
  interface Sent {
    void onSharesSent(int height, int validator, int combiner);
  }

  /** The combiner of a request whose shares go to every validator (each combines). */
  static final int TO_ALL = -1;

  /**
   * A validator to make its shares for the combiner's current signer set.
   *
   * @param generation the signer set's announcement (0 for designs that do not fold the set)
   * @param combiner where the shares go, or {@link #TO_ALL}
   * @param designated the round-0 proposer of the next height (the combiner unless it stands in)
   * @param backup the validator after the designated one by id
   * @param committedAt when the validator committed the height
   */
  record Request(int height, int generation, int validator, SignerSet signers, int combiner,
      int designated, int backup, long committedAt, Covered covered) {}

  /** Every signer's honest shares of one signer set, made at once (real heights). */
  private record SetShares(int generation, SignerSet signers, PreparedBlock block, Map<Integer, List<byte[]>> shares,
      Map<Integer, Long> cpu, Map<Integer, Long> coefficientCpu) {}

  private final PipelineContext ctx;
  private final Simulation sim;
  private final Messenger net;
  private final PipelineSettings settings;
  private final Arrival arrivals;
  private final Sent sent;
  /** Per height, the honest shares of its current signer set. */
  private final Map<Integer, SetShares> made = new HashMap<>();
  private long shareFaultCpuNanos;

  ShareCreation(PipelineContext ctx, Arrival arrivals, Sent sent) {
    this.ctx = ctx;
    this.sim = ctx.sim;
    this.net = ctx.net;
    this.settings = ctx.settings;
    this.arrivals = arrivals;
    this.sent = sent;
  }

  /** Real CPU nanoseconds spent on honest shares for reshares (signer sets after the first). */
  long shareFaultCpuNanos() {
    return shareFaultCpuNanos;
  }

  /** {@code height} is decrypted: its shares are no longer needed. */
  void forget(int height) {
    made.remove(height);
  }

  private Optional<ShareFault> shareFault(Request r) {
    if (!settings.real(r.height()) || !settings.faults().hasShareFaults()) {
      return Optional.empty(); // faults act through the real crypto (the runner runs it then)
    }
    return settings.faults().shareFault(r.validator(), r.height(), r.committedAt());
  }

  /**
   * A validator's honest shares at a height where the real code ran: SHARE_CREATE for the shares
   * themselves, and SIGNER_COEFFICIENTS when it computed the signer set's coefficients for them
   * (a set it had not folded for), so that a cost-model run prices both.
   */
  private long honestShareNanos(Request r, SetShares set, OpSize size, long honestCpu,
      Hardware hw) {
    long coefficientsCpu = set.coefficientCpu().get(r.validator());
    long nanos = ctx.charger.charge(r.height(), CryptoOp.SHARE_CREATE, size,
        honestCpu - coefficientsCpu, hw, true);
    if (coefficientsCpu > 0) {
      nanos += ctx.charger.charge(r.height(), CryptoOp.SIGNER_COEFFICIENTS,
          coefficientSize(r.signers()), coefficientsCpu, hw, true);
    }
    return nanos;
  }

  private static OpSize coefficientSize(SignerSet signers) {
    return new OpSize(1, signers.size(), signers.pointCount(), 0);
  }

  /** Every signer's honest shares of the request's signer set, made on first use. */
  private SetShares setShares(Request r) {
    SetShares set = made.get(r.height());
    // The same set (of any combiner that failed over) has the same shares: made once.
    if (set != null && set.signers().equals(r.signers())
        && (set.generation() == r.generation() || !ctx.folding())) {
      return set;
    }
    RealCrypto crypto = ctx.crypto(r.height());
    PreparedBlock block = r.covered().preparedBlock(crypto);
    List<Integer> makers = r.signers().validators();
    List<RealCrypto.Timed<List<byte[]>>> timed = crypto.createShares(makers, r.signers(), block);
    long[] coefficients = crypto.lastCoefficientCharges();
    Map<Integer, List<byte[]>> shares = new HashMap<>();
    Map<Integer, Long> cpu = new HashMap<>();
    Map<Integer, Long> coefficientCpu = new HashMap<>();
    for (int i = 0; i < makers.size(); i++) {
      shares.put(makers.get(i), timed.get(i).value());
      cpu.put(makers.get(i), timed.get(i).cpuNanos());
      coefficientCpu.put(makers.get(i), coefficients[i]);
    }
    set = new SetShares(r.generation(), r.signers(), block, shares, cpu, coefficientCpu);
    made.put(r.height(), set);
    return set;
  }

  /**
   * The requested validator creates its shares of what the signer set covers (honest, or as its
   * share fault says) and sends them to the combiner.
   */
  void startShares(Request r) {
    int height = r.height();
    int validator = r.validator();
    // The kinds model what a faulty validator sends others: as the combiner it uses its own
    // honest shares (a malicious combiner is not modelled).
    Optional<ShareFault> fault =
        validator == r.combiner() ? Optional.empty() : shareFault(r);
    ShareFaultType type = fault.map(ShareFault::type).orElse(null);
    if (type == ShareFaultType.WITHHELD) {
      return; // it sends nothing
    }
    Covered covered = r.covered();
    int m = covered.count();
    Hardware hw = settings.hardware()[validator];
    OpSize size = new OpSize(m, 1, ctx.committee(height).pointsOf(validator), covered.bytes());
    long create;
    int count = ctx.design.sharesPerBlock(m);
    long bytes = (long) count * shareBytes(height, validator);
    List<byte[]> toCombiner = null;
    List<byte[]> toBackup = null;
    if (settings.real(height)) {
      SetShares set = setShares(r);
      List<byte[]> honest = set.shares().get(validator);
      long honestCpu = set.cpu().get(validator);
      RealCrypto.Timed<List<byte[]>> faulty = null;
      RealCrypto crypto = ctx.crypto(height);
      DesignKeys keys = crypto.designKeys();
      PreparedBlock block = set.block();
      SignerSet signers = r.signers();
      if (type == ShareFaultType.BAD_VALUE || type == ShareFaultType.EQUIVOCATED) {
        faulty = crypto.createWith(() -> FaultyShares.wrong(keys, validator, signers, block));
      } else if (type == ShareFaultType.FRAMING) {
        faulty = crypto.createWith(() -> FaultyShares.framing(keys, validator, signers, block));
      } else if (type == ShareFaultType.MALFORMED) {
        faulty = crypto.createWith(() -> FaultyShares.malformed(keys, validator, signers, block));
        bytes -= count;
      } else if (type == ShareFaultType.COLLUDING_ENCRYPTOR
          && covered.block().colluder() == validator && covered.pending().contains(0)) {
        faulty = crypto.createWith(() -> FaultyShares.colluding(keys, validator, signers, block,
            covered.block().cts().get(0)));
      }
      if (faulty == null) {
        toCombiner = honest;
        create = honestShareNanos(r, set, size, honestCpu, hw);
        if (r.generation() > 1) {
          shareFaultCpuNanos += honestCpu; // new shares for a reshare
        }
      } else {
        toCombiner = faulty.value();
        create = ctx.charger.charge(height, CryptoOp.SHARE_CREATE, size, faulty.cpuNanos(), hw,
            false);
        if (type == ShareFaultType.EQUIVOCATED) {
          // It makes its correct shares too: they go to the validator after the designated
          // combiner by id (not a round-1 proposer), or, when the combiner stands in for the
          // designated one, to that combiner (the wrong ones then go to the designated).
          toBackup = honest;
          create += honestShareNanos(r, set, size, honestCpu, hw);
        }
      }
    } else {
      create = ctx.charger.charge(height, CryptoOp.SHARE_CREATE, size, 0, hw, true);
      if (ctx.crypto(height).foldsForNewSet(validator, r.signers())) {
        create += ctx.charger.charge(height, CryptoOp.SIGNER_COEFFICIENTS,
            coefficientSize(r.signers()), 0, hw, false);
      }
    }
    boolean equivocates = type == ShareFaultType.EQUIVOCATED;
    // An equivocator sends the wrong shares to the designated combiner and the correct ones to
    // another validator; a combiner standing in for a crashed or silent designated one gets the
    // correct ones.
    boolean standIn = r.combiner() != r.designated();
    List<byte[]> shares = equivocates && standIn ? toBackup : toCombiner;
    int otherTo = standIn ? r.designated() : r.backup();
    long wireBytes = bytes;
    long createNanos = create;
    if (r.combiner() == TO_ALL) {
      // Every validator combines: the equivocator's wrong shares go to the designated combiner,
      // its correct ones to everyone else.
      List<byte[]> wrong = toCombiner;
      List<byte[]> right = equivocates ? toBackup : toCombiner;
      sim.scheduleAfter(create, s -> {
        long readyAt = s.nowNanos();
        net.broadcast(validator, wireBytes, to -> arrivals.onShareArrival(height,
            r.generation(), to, validator, to == r.designated() ? wrong : right, readyAt,
            createNanos));
      });
      return;
    }
    sim.scheduleAfter(create, s -> {
      long readyAt = s.nowNanos();
      if (equivocates && otherTo != r.combiner() && otherTo != validator) {
        net.send(validator, otherTo, wireBytes, () -> { });
      }
      sent.onSharesSent(height, validator, r.combiner());
      net.send(validator, r.combiner(), wireBytes, () -> arrivals.onShareArrival(height,
          r.generation(), r.combiner(), validator, shares, readyAt, createNanos));
    });
  }

  /** Encoded bytes of one of {@code validator}'s shares, as the design sends it. */
  private long shareBytes(int height, int validator) {
    return ctx.design.shareWireBytes(ctx.committee(height), validator);
  }
}
