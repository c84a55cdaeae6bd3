package dev.tdsim.pipeline;

import dev.tdsim.consensus.Block;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeyCollision;
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
 * key-colliding payload when a {@code colluding-encryptor} fault is active), charges every
 * validator the block's validity checks, records when round 0 started, and holds a proposal
 * back until the previous height's plaintexts are ready when the schedule says so.
 *
 * @param <S> the variant's decoded share type
 */
final class ConsensusHost<S> {
  private final PipelineContext<S> ctx;
  private final Simulation sim;
  private final RealCrypto<S> crypto;
  private final DecryptionPipeline.Settings settings;
  private final StrongRandom random;
  private final Committee committee;
  private final Workload workload;
  private final long[] admissionCpuNanos = new long[1];
  private long encryptCpuNanos;

  ConsensusHost(PipelineContext<S> ctx, Workload workload) {
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
    if (st.payloads == null) {
      st.proposeNanos = round == 0 ? sim.nowNanos() : consensusStartNanos(height);
      st.payloads = workload.cutBlock(sim.nowNanos());
      st.pending = java.util.stream.IntStream.range(0, st.payloads.size()).boxed().toList();
      if (real(height)) {
        long admittedBefore = admissionCpuNanos[0];
        RealCrypto.Timed<List<Ciphertext>> enc =
            crypto.encryptAndAdmit(st.payloads, random, admissionCpuNanos);
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
          RealCrypto.Timed<KeyCollision.Colliding> c = crypto.colliding(st.payloads.get(0), random);
          encryptCpuNanos += c.cpuNanos();
          st.colliding = c.value();
          st.colluder = colluder;
          st.cts.set(0, c.value().ciphertext());
          st.payloads = new ArrayList<>(st.payloads);
          st.payloads.set(0, c.value().honestPlaintext());
        }
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
  long validationNanos(int height, int validator) {
    HeightState st = state(height);
    int m = st.payloads == null ? 0 : st.payloads.size();
    if (m == 0) {
      return 0;
    }
    return charge(height, CryptoOp.ADMISSION_CHECK,
        new OpSize(m, 1, committee.pointsOf(validator), payloadBytes(st)), st.validityCpuNanos,
        settings.hardware()[validator], false);
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
