package dev.tdsim.pipeline;

import dev.tdsim.consensus.Block;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.engine.Simulation;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.ShareFault;
import dev.tdsim.faults.ShareFaultType;
import dev.tdsim.timing.CostCheck;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.OpSize;
import dev.tdsim.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The pipeline as consensus's host: it cuts and really encrypts each height's block (with a
 * key-colliding payload when a {@code colluding-encryptor} fault is active), computes the
 * design's digest with the proposal (its time on the proposer's hardware delays the proposal,
 * its bytes travel with it) and the combiner's prepared block, charges every validator the
 * block's validity checks, records when round 0 started and when each validator held the block,
 * and holds a proposal back until the previous height's plaintexts are ready when the schedule
 * says so.
 */
final class ConsensusHost {
  private final PipelineContext ctx;
  private final Simulation sim;
  private final RealCrypto crypto;
  private final DecryptionPipeline.Settings settings;
  private final StrongRandom random;
  private final Committee committee;
  private final Workload workload;
  private final long[] admissionCpuNanos = new long[1];
  private long encryptCpuNanos;
  /** Bytes the design's digest adds to a proposal (measured at the last real height). */
  private long digestWireBytes;

  ConsensusHost(PipelineContext ctx, Workload workload) {
    this.ctx = ctx;
    this.sim = ctx.sim;
    this.crypto = ctx.crypto;
    this.settings = ctx.settings;
    this.random = ctx.random;
    this.committee = ctx.committee;
    this.workload = workload;
  }

  /** Real CPU nanoseconds of this machine spent encrypting the blocks' payloads. */
  long encryptCpuNanos() {
    return encryptCpuNanos;
  }

  /** Real CPU nanoseconds of this machine spent on the blocks' admission (validity) checks. */
  long admissionCpuNanos() {
    return admissionCpuNanos[0];
  }

  void onRoundStart(int validator, int height, int round, long atNanos) {
    HeightState st = state(height);
    if (round == 0 && (st.roundZeroNanos < 0 || atNanos < st.roundZeroNanos)) {
      st.roundZeroNanos = atNanos;
    }
  }

  /**
   * When a height whose first proposal came in a later round could have had its round-0
   * proposal: when its first validator entered round 0, or, if proposals wait for the previous
   * height's plaintexts, when those were ready. The rounds lost to a crashed or silent proposer
   * (timeout_propose and the votes for nil) are part of the height's consensus time.
   */
  private long consensusStartNanos(int height) {
    HeightState st = state(height);
    if (st.roundZeroNanos < 0) {
      return sim.nowNanos();
    }
    long start = st.roundZeroNanos;
    HeightState previous = ctx.existing(height - 1);
    if (settings.schedule().holdsNextProposal() && previous != null && previous.readyNanos > start) {
      start = previous.readyNanos;
    }
    return Math.min(start, sim.nowNanos());
  }

  Block blockFor(int height, int round, int proposer) {
    HeightState st = state(height);
    boolean first = st.payloads == null;
    if (first) {
      st.proposeNanos = round == 0 ? sim.nowNanos() : consensusStartNanos(height);
      st.payloads = workload.cutBlock(sim.nowNanos());
      st.pending = java.util.stream.IntStream.range(0, st.payloads.size()).boxed().toList();
      if (real(height)) {
        long admittedBefore = admissionCpuNanos[0];
        RealCrypto.Timed<List<SealedTx>> enc =
            ctx.crypto(height).encryptAndAdmit(height, st.payloads, random, admissionCpuNanos);
        encryptCpuNanos += enc.cpuNanos();
        st.validityCpuNanos = admissionCpuNanos[0] - admittedBefore;
        CostCheck costCheck = ctx.charger.costCheck();
        if (costCheck != null && st.validityCpuNanos > 0) {
          costCheck.record(CryptoOp.ADMISSION_CHECK, new OpSize(st.payloads.size(), 1, 1,
              st.payloads.stream().mapToLong(pl -> pl.length).sum()), st.validityCpuNanos);
        }
        st.cts = new ArrayList<>(enc.value());
        int colluder = colluderAt(height, sim.nowNanos());
        if (colluder >= 0 && !st.payloads.isEmpty()) {
          // The client's payload 0 is replaced by a key-colliding one that opens to (its padded
          // form of) the same plaintext under the true key; it passes the admission check (run
          // by RealCrypto#colliding; its cost is taken as the replaced ciphertext's).
          RealCrypto.Timed<DesignKeys.Colliding> c =
              ctx.crypto(height).colliding(height, 0, st.payloads.get(0), random);
          encryptCpuNanos += c.cpuNanos();
          st.colliding = c.value();
          st.colluder = colluder;
          st.cts.set(0, c.value().tx());
          st.payloads = new ArrayList<>(st.payloads);
          st.payloads.set(0, c.value().honestPlaintext());
        }
        // The proposer's digest, and what the combiner computes from the proposal while the
        // block is voted on (really computed once here; each is charged below and at the
        // combiner on that validator's own hardware).
        RealCrypto.Timed<BlockDigest> digest = ctx.crypto(height).digest(height, st.cts);
        RealCrypto.Timed<PreparedBlock> prepared =
            ctx.crypto(height).prepare(digest.value(), st.cts);
        st.digest = digest.value();
        st.digestCpuNanos = digest.cpuNanos();
        st.prepared = prepared.value();
        st.prepareCpuNanos = prepared.cpuNanos();
        digestWireBytes = digest.value().wireBytes();
        st.blockBytes = Block.HEADER_BYTES + digestWireBytes
            + st.cts.stream().mapToLong(SealedTx::encodedBytes).sum();
      } else {
        long overhead = crypto.txOverheadBytes();
        st.blockBytes = Block.HEADER_BYTES + digestWireBytes
            + st.payloads.stream().mapToLong(p -> p.length + overhead).sum();
      }
    }
    long build = 0;
    if (ctx.design.precomputesBlock()) {
      // The digest: computed by this proposer before it signs the proposal.
      OpSize size = new OpSize(st.payloads.size(), 1,
          ctx.committee(height).pointsOf(proposer), payloadBytes(st));
      build = charge(height, CryptoOp.DIGEST, size, real(height) ? st.digestCpuNanos : 0,
          settings.hardware()[proposer], false);
      if (first) {
        ctx.charger.check(height, CryptoOp.DIGEST, size, st.digestCpuNanos);
      }
    }
    long heldAt = sim.nowNanos() + build;
    if (st.blockAt[proposer] < 0 || heldAt < st.blockAt[proposer]) {
      st.blockAt[proposer] = heldAt;
    }
    return new Block(height, st.payloads.size(), st.blockBytes, build);
  }

  /**
   * Every validator checks each ciphertext of a proposed block (the CCA validity check) and, for
   * designs with a digest, recomputes the proposer's digest before it prevotes: the real calls
   * ran once when the block was made; each validator is charged their CPU time on its own
   * hardware.
   */
  long validationNanos(int height, int validator) {
    HeightState st = state(height);
    // Asked when the validator holds the whole block (the combiner's prepare starts then).
    if (st.blockAt[validator] < 0) {
      st.blockAt[validator] = sim.nowNanos();
    }
    int m = st.payloads == null ? 0 : st.payloads.size();
    if (m == 0) {
      return 0;
    }
    OpSize size = new OpSize(m, 1, ctx.committee(height).pointsOf(validator),
        payloadBytes(st));
    long nanos = charge(height, CryptoOp.ADMISSION_CHECK, size, st.validityCpuNanos,
        settings.hardware()[validator], false);
    if (ctx.design.precomputesBlock()) {
      // It recomputes the proposer's digest and compares (a digest that commits to anything but
      // the block's transactions is refused before the prevote).
      nanos += charge(height, CryptoOp.DIGEST, size, real(height) ? st.digestCpuNanos : 0,
          settings.hardware()[validator], false);
    }
    return nanos;
  }

  void whenMayPropose(int proposer, int height, Runnable propose) {
    HeightState previous = ctx.existing(height - 1);
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

  /**
   * The validator that colludes with a client at {@code height} (its {@code colluding-encryptor}
   * fault is active when the block is made), or -1.
   */
  private int colluderAt(int height, long atNanos) {
    FaultPlan plan = settings.faults();
    if (!plan.hasShareFaults()) {
      return -1;
    }
    for (int v = 0; v < committee.validators(); v++) {
      Optional<ShareFault> f = plan.shareFault(v, height, atNanos);
      if (f.isPresent() && f.get().type() == ShareFaultType.COLLUDING_ENCRYPTOR) {
        return v;
      }
    }
    return -1;
  }

  private HeightState state(int height) {
    return ctx.state(height);
  }

  private boolean real(int height) {
    return ctx.real(height);
  }

  private long charge(int height, CryptoOp op, OpSize size, long cpuNanos, Hardware hw,
      boolean check) {
    return ctx.charger.charge(height, op, size, cpuNanos, hw, check);
  }

  private long payloadBytes(HeightState st) {
    return ctx.payloadBytes(st);
  }
}
