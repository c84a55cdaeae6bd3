package dev.tdsim.pipeline;

import dev.tdsim.consensus.Block;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.engine.Simulation;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.ProposerForgery;
import dev.tdsim.faults.ShareFault;
import dev.tdsim.faults.ShareFaultType;
import dev.tdsim.timing.CostCheck;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import dev.tdsim.workload.BlockTxs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

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
  /** What the host knows of one height, from its first round to its plaintexts. */
  private static final class Proposal {
    ProposedBlock block;
    /** The block sealed before its first proposal (a protocol's pending transactions). */
    ProposedBlock pending;
    long roundZeroNanos = -1;
    /** When each validator held the proposed block (-1: not seen yet). */
    final long[] blockAt;
    long proposalWaitNanos = -1;
    /** When the height's plaintexts were ready (executed); -1 until then. */
    long readyNanos = -1;
    /** Proposals of the next height waiting for this height's plaintexts. */
    final List<Runnable> onReady = new ArrayList<>();
    /** Rounds whose proposal honest validators refused (a forged digest), to its proposer. */
    final Map<Integer, Integer> refusedRounds = new HashMap<>();
    /** Proposers named for a refused proposal, with why. */
    final Map<Integer, String> namedProposers = new TreeMap<>();
    /** Whether the block was recorded as committed (honest validators may share for it). */
    boolean committed;

    Proposal(int validators) {
      blockAt = new long[validators];
      Arrays.fill(blockAt, -1);
    }
  }

  private final PipelineContext ctx;
  private final Simulation sim;
  private final PipelineSettings settings;
  private final BlockTxs blockTxs;
  private final Map<Integer, Proposal> heights = new HashMap<>();
  private final long[] admissionCpuNanos = new long[1];
  private long encryptCpuNanos;
  /** The last real height sealed (0: none yet) and its validity checks' CPU per ciphertext. */
  private int lastRealHeight;
  private long validityPerTxNanos = -1;
  /**
   * Bytes the design's digest adds to a proposal: the design's own figure until a real height
   * encodes one (so a sampled height before the first real one is as large as after it).
   */
  private long digestWireBytes;
  /** The protocol's {@link dev.tdsim.consensus.ConsensusProtocol#decisionLag()}. */
  private int decisionLag = 1;

  ConsensusHost(PipelineContext ctx, BlockTxs blockTxs) {
    this.ctx = ctx;
    this.sim = ctx.sim;
    this.settings = ctx.settings;
    this.blockTxs = blockTxs;
    this.digestWireBytes = ctx.design.digestWireBytes();
  }

  private Proposal proposal(int height) {
    return heights.computeIfAbsent(height, h -> new Proposal(ctx.committee.validators()));
  }

  /** The block of {@code height}'s first proposal, or null while none was made. */
  ProposedBlock proposed(int height) {
    Proposal p = heights.get(height);
    return p == null ? null : p.block;
  }

  /** When {@code validator} held the block of {@code height} (-1: not yet). */
  long heldBlockAt(int height, int validator) {
    Proposal p = heights.get(height);
    return p == null ? -1 : p.blockAt[validator];
  }

  /**
   * How long {@code height}'s proposer waited for the previous height's plaintexts (-1: it did
   * not wait).
   */
  long proposalWaitNanos(int height) {
    Proposal p = heights.get(height);
    return p == null ? -1 : p.proposalWaitNanos;
  }

  /** {@code height}'s plaintexts are ready (and executed) at {@code atNanos}. */
  void plaintextsReady(int height, long atNanos) {
    proposal(height).readyNanos = atNanos;
  }

  /**
   * After {@code height}'s record is out: lets the proposals that waited for its plaintexts go
   * and drops its sealed transactions.
   */
  void releaseAfterDecrypted(int height) {
    Proposal p = proposal(height);
    if (p.block != null && p.block.cts() != null) {
      p.block = p.block.withoutCiphertexts();
    }
    for (Runnable r : p.onReady) {
      r.run();
    }
    p.onReady.clear();
  }

  /**
   * The CPU time of one ciphertext's validity check (its admission check) on this machine: the
   * mean of the last real block's, or, before any, of {@code probe} ciphertexts of {@code
   * payloadBytes} each sealed and checked now (the real code runs either way).
   */
  long validityPerTxNanos(int payloadBytes, int probe) {
    if (validityPerTxNanos < 0) {
      List<byte[]> payloads = new ArrayList<>();
      for (int i = 0; i < probe; i++) {
        payloads.add(new byte[Math.max(1, payloadBytes)]);
      }
      long[] cpu = new long[1];
      encryptCpuNanos += ctx.crypto(1).encryptAndAdmit(1, payloads, ctx.random, cpu).cpuNanos();
      validityPerTxNanos = cpu[0] / probe;
    }
    return validityPerTxNanos;
  }

  /** The last height whose block was really sealed, or 1 before any. */
  int lastRealHeight() {
    return Math.max(1, lastRealHeight);
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
    Proposal p = proposal(height);
    if (round == 0) {
      p.roundZeroNanos = p.roundZeroNanos < 0 ? atNanos : Math.min(p.roundZeroNanos, atNanos);
    }
  }

  /**
   * When a height whose first proposal came in a later round could have had its round-0
   * proposal: when its first validator entered round 0, or, if proposals wait for the previous
   * height's plaintexts, when those were ready. The rounds lost to a crashed or silent proposer
   * (timeout_propose and the votes for nil) are part of the height's consensus time.
   */
  private long consensusStartNanos(int height) {
    Proposal p = proposal(height);
    if (p.roundZeroNanos < 0) {
      return sim.nowNanos();
    }
    long start = p.roundZeroNanos;
    Proposal previous = heights.get(height - 1);
    if (settings.schedule().holdsNextProposal() && previous != null) {
      start = Math.max(start, previous.readyNanos); // -1 while not ready: no later start
    }
    return Math.min(start, sim.nowNanos());
  }

  Block blockFor(int height, int round, int proposer) {
    Proposal p = proposal(height);
    boolean first = p.block == null;
    if (first) {
      long proposeNanos = round == 0 ? sim.nowNanos() : consensusStartNanos(height);
      p.block = p.pending != null ? p.pending.proposedAt(proposeNanos)
          : settings.real(height) ? sealBlock(height, proposer, proposeNanos)
          : sampledBlock(height, proposer, proposeNanos);
      p.pending = null;
    }
    ProposedBlock b = p.block;
    long build = 0;
    if (ctx.design.precomputesBlock()) {
      // The digest: computed by this proposer before it signs the proposal.
      OpSize size = new OpSize(b.size(), 1, ctx.committee(height).pointsOf(proposer),
          b.payloadBytes());
      // (a sampled height's block has no measured digest time: 0)
      build = ctx.charger.charge(height, CryptoOp.DIGEST, size, b.digestCpuNanos(),
          settings.hardware()[proposer], false);
      if (first) {
        ctx.charger.check(height, CryptoOp.DIGEST, size, b.digestCpuNanos());
      }
    }
    refuseIfForged(height, round, proposer, b);
    long heldAt = sim.nowNanos() + build;
    p.blockAt[proposer] = p.blockAt[proposer] < 0 ? heldAt : Math.min(p.blockAt[proposer], heldAt);
    return new Block(height, b.size(), b.blockBytes(), build);
  }

  /**
   * The transactions of {@code height}'s block before its first proposal: it is sealed now (cut
   * from the workload and encrypted) if it was not yet, and its proposal time is set when it is
   * first proposed.
   */
  dev.tdsim.consensus.BlockSource.Transactions pendingTransactions(int height) {
    Proposal p = proposal(height);
    if (p.block == null && p.pending == null) {
      p.pending = settings.real(height) ? sealBlock(height, -1, -1)
          : sampledBlock(height, -1, -1);
    }
    ProposedBlock b = p.block != null ? p.block : p.pending;
    return new dev.tdsim.consensus.BlockSource.Transactions(b.size(),
        b.transactionBytes(ctx.crypto.txOverheadBytes()));
  }

  /**
   * A forging proposer ({@code forging-proposer} fault active now) publishes a forged digest
   * with the block: at a real height the forgery and every validator's prepare of it are really
   * computed, and the prepare's refusal is why the proposer is named; the round's honest
   * validators prevote nil ({@link #accepts}), so the round fails as in CometBFT and the next
   * proposer proposes the block with its true digest.
   */
  private void refuseIfForged(int height, int round, int proposer, ProposedBlock b) {
    Optional<ProposerForgery> forgery = forgeryOf(proposer, height);
    if (forgery.isEmpty()) {
      return;
    }
    Proposal p = proposal(height);
    p.refusedRounds.put(round, proposer);
    String why = settings.real(height) && b.cts() != null
        ? ctx.crypto(height).forgedDigestRefusal(height, b.cts(), forgery.get()).value()
        : forgery.get().description() + " (refused)";
    p.namedProposers.putIfAbsent(proposer, "forged digest in its proposal, round " + round
        + ": " + why);
  }

  private Optional<ProposerForgery> forgeryOf(int proposer, int height) {
    if (!settings.faults().hasShareFaults()) {
      return Optional.empty();
    }
    return settings.faults().shareFault(proposer, height, sim.nowNanos())
        .filter(f -> f.type() == ShareFaultType.FORGING_PROPOSER)
        .map(f -> ProposerForgery.of(f.spec().choice("forge")));
  }

  /**
   * Whether {@code validator} accepts {@code proposer}'s proposal of {@code height} in {@code
   * round}: not when the proposer forged its digest (its own vote aside).
   */
  boolean accepts(int height, int round, int proposer, int validator) {
    Proposal p = heights.get(height);
    return p == null || validator == proposer
        || !Integer.valueOf(proposer).equals(p.refusedRounds.get(round));
  }

  /**
   * {@code height} was committed (by some validator): honest validators may make key shares for
   * its block now, and for no other at its id ({@link RealCrypto#committed}).
   */
  void committed(int height) {
    Proposal p = heights.get(height);
    if (p != null && !p.committed && p.block != null && p.block.prepared() != null) {
      p.committed = true;
      ctx.crypto(height).committed(p.block.prepared());
    }
  }

  /** {@code faulty} and the proposers named at {@code height} for a forged digest, ascending. */
  List<Integer> withNamedProposers(int height, java.util.Collection<Integer> faulty) {
    Proposal p = heights.get(height);
    if (p == null || p.namedProposers.isEmpty()) {
      return List.copyOf(faulty);
    }
    java.util.TreeSet<Integer> all = new java.util.TreeSet<>(faulty);
    all.addAll(p.namedProposers.keySet());
    return List.copyOf(all);
  }

  /**
   * A real height's block: the workload's payloads really sealed and admitted (slot 0 replaced
   * by a key-colliding payload when a colluding-encryptor fault is active), the proposer's digest
   * and the combiner's prepare.
   */
  private ProposedBlock sealBlock(int height, int proposer, long proposeNanos) {
    List<byte[]> payloads = blockTxs.cut(height, proposer, sim.nowNanos(), true);
    RealCrypto crypto = ctx.crypto(height);
    long admittedBefore = admissionCpuNanos[0];
    RealCrypto.Timed<List<SealedTx>> enc =
        crypto.encryptAndAdmit(height, payloads, ctx.random, admissionCpuNanos);
    encryptCpuNanos += enc.cpuNanos();
    long validityCpuNanos = admissionCpuNanos[0] - admittedBefore;
    if (!payloads.isEmpty()) {
      lastRealHeight = height;
      validityPerTxNanos = validityCpuNanos / payloads.size();
    }
    CostCheck costCheck = ctx.charger.costCheck();
    if (costCheck != null && validityCpuNanos > 0) {
      costCheck.record(CryptoOp.ADMISSION_CHECK, new OpSize(payloads.size(), 1, 1,
          payloads.stream().mapToLong(pl -> pl.length).sum()), validityCpuNanos);
    }
    List<SealedTx> cts = new ArrayList<>(enc.value());
    DesignKeys.Colliding colliding = null;
    int colluder = colluderAt(height, sim.nowNanos());
    if (colluder >= 0 && !payloads.isEmpty()) {
      // The client's payload 0 is replaced by a key-colliding one that opens to (its padded
      // form of) the same plaintext under the true key; it passes the admission check (run
      // by RealCrypto#colliding; its cost is taken as the replaced ciphertext's).
      RealCrypto.Timed<DesignKeys.Colliding> c =
          crypto.colliding(height, 0, payloads.get(0), ctx.random);
      encryptCpuNanos += c.cpuNanos();
      colliding = c.value();
      cts.set(0, c.value().tx());
      payloads = new ArrayList<>(payloads);
      payloads.set(0, c.value().honestPlaintext());
    } else {
      colluder = -1;
    }
    // The proposer's digest, and what the combiner computes from the proposal while the
    // block is voted on (really computed once here; each is charged below and at the
    // combiner on that validator's own hardware).
    RealCrypto.Timed<BlockDigest> digest = crypto.digest(height, cts);
    RealCrypto.Timed<PreparedBlock> prepared = crypto.prepare(height, digest.value(), cts);
    digestWireBytes = digest.value().wireBytes();
    long blockBytes = Block.HEADER_BYTES + digestWireBytes
        + cts.stream().mapToLong(SealedTx::encodedBytes).sum();
    return new ProposedBlock(height, proposeNanos, payloads, cts, colliding, colluder,
        prepared.value(), digest.cpuNanos(), prepared.cpuNanos(), validityCpuNanos, blockBytes);
  }

  /** A sampled height's block: the workload's payloads, sized as the last real height sealed. */
  private ProposedBlock sampledBlock(int height, int proposer, long proposeNanos) {
    List<byte[]> payloads = blockTxs.cut(height, proposer, sim.nowNanos(), false);
    long overhead = ctx.crypto.txOverheadBytes();
    long blockBytes = Block.HEADER_BYTES + digestWireBytes
        + payloads.stream().mapToLong(pl -> pl.length + overhead).sum();
    return new ProposedBlock(height, proposeNanos, payloads, null, null, -1, null, 0, 0, 0,
        blockBytes);
  }

  /**
   * Every validator checks each ciphertext of a proposed block (the CCA validity check) and, for
   * designs with a digest, recomputes the proposer's digest before it prevotes: the real calls
   * ran once when the block was made; each validator is charged their CPU time on its own
   * hardware.
   */
  long validationNanos(int height, int validator) {
    Proposal p = proposal(height);
    // Asked when the validator holds the whole block (the combiner's prepare starts then).
    if (p.blockAt[validator] < 0) {
      p.blockAt[validator] = sim.nowNanos();
    }
    ProposedBlock b = p.block;
    int m = b == null ? 0 : b.size();
    if (m == 0) {
      return 0;
    }
    OpSize size = new OpSize(m, 1, ctx.committee(height).pointsOf(validator), b.payloadBytes());
    // Transactions it admitted to its mempool were checked then (and paid for there).
    int unchecked = blockTxs.uncheckedTxs(height, validator, m);
    long nanos = unchecked == 0 ? 0 : ctx.charger.charge(height, CryptoOp.ADMISSION_CHECK,
        unchecked == m ? size : new OpSize(unchecked, 1, size.shares(),
            b.payloadBytes() * unchecked / m),
        b.validityCpuNanos() * unchecked / m, settings.hardware()[validator], false);
    if (ctx.design.precomputesBlock()) {
      // It recomputes the proposer's digest and compares (a digest that commits to anything but
      // the block's transactions is refused before the prevote).
      nanos += ctx.charger.charge(height, CryptoOp.DIGEST, size, b.digestCpuNanos(),
          settings.hardware()[validator], false);
    }
    return nanos;
  }

  /** See {@link dev.tdsim.consensus.ConsensusProtocol#decisionLag()}. */
  void decisionLag(int lag) {
    this.decisionLag = lag;
  }

  /**
   * The earlier height whose plaintexts a validator committing {@code height} must have
   * executed, or 0 when committing says nothing of them: only a schedule that holds each
   * proposal for the plaintexts of the height decided before it (that height minus the
   * protocol's decision lag) ties a commit to them. Under a streamed or pipelined schedule, or
   * with Jolteon's lag of 2, a commit of the next height leaves an earlier one's combiner free
   * to fail.
   */
  int plaintextsKnownAtCommitOf(int height) {
    return settings.schedule().holdsNextProposal() ? Math.max(0, height - decisionLag) : 0;
  }

  /**
   * Runs {@code propose} when the schedule lets the proposer of {@code height} propose: at once,
   * or, when the schedule holds proposals, once the plaintexts of the height decided just before
   * this proposal ({@code height} minus the protocol's decision lag) are out.
   */
  void whenMayPropose(int proposer, int height, Runnable propose) {
    int awaited = height - decisionLag;
    Proposal previous = heights.get(awaited);
    if (!settings.schedule().holdsNextProposal() || awaited < 1
        || (previous != null && previous.readyNanos >= 0)) {
      propose.run();
    } else {
      long askedAt = sim.nowNanos();
      proposal(awaited).onReady.add(() -> {
        // all waiting proposals go at once: the height's wait is the first ask's, the longest
        Proposal p = proposal(height);
        p.proposalWaitNanos = Math.max(p.proposalWaitNanos, sim.nowNanos() - askedAt);
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
    for (int v = 0; v < ctx.committee.validators(); v++) {
      Optional<ShareFault> f = plan.shareFault(v, height, atNanos);
      if (f.isPresent() && f.get().type() == ShareFaultType.COLLUDING_ENCRYPTOR) {
        return v;
      }
    }
    return -1;
  }
}
