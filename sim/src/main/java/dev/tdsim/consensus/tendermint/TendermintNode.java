package dev.tdsim.consensus.tendermint;

import dev.tdsim.consensus.Block;
import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.consensus.SplitVote;
import dev.tdsim.cpu.ConsensusThread;
import dev.tdsim.cpu.NodeCpu;
import dev.tdsim.engine.Simulation;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * One validator's consensus state machine; all its mutable state lives here. Its consensus work
 * is serial, as CometBFT's receive routine: verifying a received vote's signature, validating a
 * proposed block, signing and WAL-syncing its own messages queue on one CPU timeline
 * ({@link ConsensusThread}), so a validator that receives 2/3 of V votes pays 2/3 of V verifications
 * before it can act on the quorum. That timeline is the consensus thread of the validator's
 * {@link NodeCpu}, which shares the cores with its background crypto (a DKG).
 */
final class TendermintNode {
  private enum Step {
    PROPOSE,
    PREVOTE,
    PRECOMMIT,
    COMMITTED
  }

  private final TendermintProtocol protocol;
  private final Simulation sim;
  private final NodeCosts costs;
  private final long[] stake;
  private final int id;
  private int height;
  private int round;
  private Step step = Step.COMMITTED;
  /** Seen (height, round)s of the current and future heights. */
  private final RoundStates rounds;
  /** The precommits of the round that committed the previous height (skip_timeout_commit). */
  private RoundState lastCommit;
  private int lastCommitHeight;
  private int lastCommitRound;
  private int lastCommitFork;
  /** The round to propose in once the held precommits carry the certificate's points; or -1. */
  private int proposeWhenCertified = -1;
  private int startedHeight;
  /** This validator's consensus thread, on cores it shares with its background crypto. */
  private final ConsensusThread thread;
  /** Whether the last committed height has been finalized (validated, executed). */
  private boolean finalized;
  private long validationNanos;
  private long signatureNanos;
  private long walNanos;
  /** The last height whose commit certificate this validator combined as a proposer. */
  private int combinedFor;
  /** Whether the run has faults (else none of the fault checks below is made). */
  private final boolean faulty;
  /** The block this validator precommitted at this height (Tendermint's lock), or -1. */
  private int lockedFork = -1;
  /** The block this validator saw +2/3 prevotes for at this height (its valid block), or -1. */
  private int validFork = -1;
  /** The votes this validator sent at its height (faulty runs only: for peers that rejoin). */
  private final java.util.List<Vote> ownVotes = new java.util.ArrayList<>();

  TendermintNode(TendermintProtocol protocol, int id) {
    this.protocol = protocol;
    this.sim = protocol.context.sim();
    this.costs = protocol.context.costs();
    this.stake = protocol.context.stake();
    this.id = id;
    this.faulty = protocol.context.faults().any();
    this.rounds = new RoundStates(faulty ? protocol.validators : 0);
    this.thread = new ConsensusThread(sim, protocol.context.cpus()[id]) {
      @Override
      protected void run(Object action) {
        TendermintNode.this.run(action);
      }
    };
  }

  /** The split-vote attack this validator takes part in now, or null (faulty runs only). */
  private SplitVote splitVote() {
    return faulty ? protocol.context.faults().splitVote(id, sim.nowNanos()) : null;
  }

  /** Whether this validator is crashed now (it then neither acts nor receives). */
  private boolean down() {
    return faulty && protocol.context.faults().isCrashed(id, sim.nowNanos());
  }

  int height() {
    return height;
  }

  int round() {
    return round;
  }

  boolean committed() {
    return step == Step.COMMITTED;
  }

  /** The votes this validator sent in round {@code r} of its current height. */
  java.util.List<Vote> ownVotes(int r) {
    return ownVotes.stream().filter(v -> v.round() == r).toList();
  }

  /**
   * Back after a crash: the validator catches up to the chain's height {@code h} and the round
   * {@code r} its live peers are in, with an empty state (what it received before the crash is
   * lost), as a CometBFT node that block-syncs the missed blocks and switches to consensus. The
   * download and re-execution of the missed blocks are not charged.
   */
  void rejoin(int h, int r) {
    if (h < startedHeight || down()) {
      return;
    }
    rounds.clear();
    lastCommit = null;
    step = Step.COMMITTED;
    startedHeight = h - 1;
    enterHeight(h);
    if (r > 0 && height == h && step != Step.COMMITTED) {
      enterRound(h, r);
    }
  }

  // ---- the serial CPU ----

  /**
   * Runs {@code action}, this validator's own work, once the consensus thread has spent {@code
   * cpuNanos} on it, as the continuation of what the thread is doing: ahead of the received
   * messages waiting ({@link ConsensusThread#submitOwn}), as CometBFT validates and signs inside
   * the handler that found the quorum.
   */
  private void process(long cpuNanos, Runnable action) {
    process(cpuNanos, 0, action);
  }

  /**
   * {@link #process} of an action that spends {@code cpuNanos} on the CPU and then waits {@code
   * syncNanos} for disk syncs (the consensus thread holds no core while it waits).
   */
  private void process(long cpuNanos, long syncNanos, Runnable action) {
    thread.submitOwn(cpuNanos, syncNanos, cpuFactor(), action);
  }

  /** A received message (or the work of one), queued as itself behind what waits. */
  private void queue(long cpuNanos, Object action) {
    thread.submit(cpuNanos, 0, cpuFactor(), action);
  }

  private double cpuFactor() {
    return faulty ? protocol.context.faults().cpuFactor(id, sim.nowNanos()) : 1;
  }

  /** Runs one queued action: a received vote or proposal (queued as itself) or other work. */
  private void run(Object action) {
    if (faulty && down()) {
      return;
    }
    if (action instanceof Vote v) {
      onVote(v);
    } else if (action instanceof Proposal p) {
      onProposal(p);
    } else {
      ((Runnable) action).run();
    }
  }

  // ---- heights and rounds ----

  void enterHeight(int h) {
    if (startedHeight >= h || down()) {
      return;
    }
    startedHeight = h;
    proposeWhenCertified = -1;
    lockedFork = -1;
    validFork = -1;
    ownVotes.clear();
    finalized = false;
    validationNanos = 0;
    signatureNanos = 0;
    walNanos = 0;
    height = h;
    enterRound(h, 0);
  }

  private void enterRound(int h, int r) {
    if (down()) {
      return;
    }
    height = h;
    round = r;
    step = Step.PROPOSE;
    protocol.maxRound = Math.max(protocol.maxRound, r);
    protocol.context.listener().onRoundStart(id, h, r, sim.nowNanos());
    if (protocol.proposer(h, r) == id
        && !(faulty && protocol.context.faults().isSilentProposer(id, sim.nowNanos()))) {
      protocol.context.blocks().whenMayPropose(id, h, () -> {
        if (height == h && round == r && step == Step.PROPOSE) {
          proposeOnceCertifiable(h, r);
        }
      });
    }
    long timeout = protocol.settings.proposeNanos(r);
    sim.scheduleAfter(timeout, s -> onTimeout(h, r, Step.PROPOSE));
    tryCommit(h);
    if (step == Step.PROPOSE) {
      tryPrevote();
      checkRound();
    }
  }

  /**
   * Proposes now, or, when the commit certificate needs more key points than the previous
   * height's precommits here hold ({@code threshold-bls}: t points, which +2/3 of the stake can
   * miss by a chunk), once later precommits bring them: CometBFT keeps adding late precommits of
   * the last height to its LastCommit, and a block without a valid LastCommit is invalid. A
   * validator back from a crash has no such precommits here (block sync brings it the seen
   * commit) and proposes at once.
   */
  private void proposeOnceCertifiable(int h, int r) {
    if (certificateShort(h)) {
      proposeWhenCertified = r;
      return;
    }
    propose(h, r);
  }

  /** Whether this validator's precommits of height h - 1 lack the points its certificate needs. */
  private boolean certificateShort(int h) {
    var points = costs.certificate().points();
    return points.required() && h > 1 && lastCommit != null && lastCommitHeight == h - 1
        && !points.heldBy(protocol.context.faults()
            .goodCertificateParts(h - 1, lastSigners(h), sim.nowNanos()));
  }

  /** This validator's precommitters of height h - 1 (none when it has not got them). */
  private List<Integer> lastSigners(int h) {
    return lastCommit == null || lastCommitHeight != h - 1 ? List.of()
        : lastCommit.precommitBlockSigners(lastCommitFork);
  }

  /** A late precommit of the committed round, kept while a certificate needs points. */
  private void onLatePrecommit(Vote v) {
    if (lastCommit == null || v.height() != lastCommitHeight || v.round() != lastCommitRound
        || v.type() != Vote.Type.PRECOMMIT || !costs.certificate().points().required()) {
      return;
    }
    lastCommit.add(v, stake[v.voter()]);
    int r = proposeWhenCertified;
    if (r >= 0 && !certificateShort(height)) {
      proposeWhenCertified = -1;
      if (round == r && step == Step.PROPOSE) {
        propose(height, r);
      }
    }
  }

  private void propose(int h, int r) {
    Block block = withCertificate(protocol.context.blocks().blockFor(h, r, id));
    int parts = protocol.settings.partsOf(block.bytes());
    // CometBFT syncs before signing, the signer state, the signed proposal and each own part.
    long fsyncs = costs.signedMessageSyncNanos() + parts * costs.blockPartSyncNanos();
    // An aggregating LastCommit is combined from height h - 1's precommits once, in any round.
    long combine = 0;
    if (costs.certificate().combines() && h > 1 && combinedFor < h - 1) {
      combinedFor = h - 1;
      combine = costs.certificate().combineNanos() + protocol.context.faults()
          .extraCombineNanos(h - 1, lastSigners(h), sim.nowNanos(), costs.certificate());
    }
    signatureNanos += costs.voteSignNanos() + combine;
    walNanos += fsyncs;
    // Building the block (a batched design's digest) is the proposer's own block processing.
    validationNanos += block.buildNanos();
    // A proposer re-proposes the block it saw +2/3 prevotes for (CometBFT's valid block); a
    // split-vote coalition's proposer gives side A block 0 and side B block 1, whatever it saw.
    SplitVote attack = splitVote();
    int fork = attack != null ? 0 : Math.max(0, validFork);
    // An equivocator signs a second block for the round: half the validators get each.
    IntPredicate getsFirst = attack != null ? attack::getsSideA
        : faulty && protocol.context.faults().equivocatesAsProposer(id, sim.nowNanos())
            ? protocol.halves() : null;
    process(block.buildNanos() + combine + costs.voteSignNanos(), fsyncs,
        () -> protocol.broadcastBlock(new Proposal(h, r, id, block, parts, fork), getsFirst));
  }

  /** The block with what its LastCommit certificate adds beyond the header's allowance. */
  private Block withCertificate(Block block) {
    long extra = costs.certificate().blockExtraBytes();
    return extra == 0 || block.height() <= 1 ? block
        : new Block(block.height(), block.txCount(), block.bytes() + extra);
  }

  private void vote(Vote.Type type, boolean forBlock, int fork) {
    int h = height;
    int r = round;
    // CometBFT: WAL sync before signing, the signer's state file, and the own vote's WAL entry.
    long fsyncs = costs.signedMessageSyncNanos();
    // A precommit carries the commit certificate's part (its vote signature, BLS signature or
    // threshold-BLS partial); a prevote the vote signature.
    boolean precommit = type == Vote.Type.PRECOMMIT;
    long sign = precommit ? costs.precommitSignNanos() : costs.voteSignNanos();
    long sigBytes = precommit ? costs.precommitSignatureBytes() : costs.voteSignatureBytes();
    signatureNanos += sign;
    walNanos += fsyncs;
    SplitVote attack = splitVote();
    boolean equivocate = attack == null
        && faulty && protocol.context.faults().equivocatesAsVoter(id, sim.nowNanos());
    process(sign, fsyncs, () -> {
      if (attack != null && attack.inCoalition(protocol.proposer(h, r))) {
        protocol.splitVote(new Vote(type, h, r, id, true, sigBytes, 0), attack);
        return;
      }
      // A coalition votes nil in others' rounds: above a third of the stake they fail and it
      // waits for its own (withheld votes would halt all: no +2/3 of any votes, no timeout).
      Vote v = new Vote(type, h, r, id, forBlock && attack == null, sigBytes, fork);
      if (equivocate) {
        protocol.equivocate(v);
        return;
      }
      if (faulty && h == height) {
        ownVotes.add(v);
      }
      protocol.broadcast(id, v);
    });
  }

  // ---- receiving ----

  void receive(TendermintMessage m) {
    if (faulty && down()) {
      return;
    }
    if (m.height() < height - 1 || (m.height() == height - 1 && !(m instanceof Vote))) {
      return;
    }
    if (m instanceof BlockPart part) {
      onPart(part);
    } else if (m instanceof Proposal p) {
      // Its own proposal and votes (signed as its own work, then sent) a validator adds at once,
      // unchecked: CometBFT's internal queue, which tdsim serves ahead of the peers' messages.
      if (p.proposer() == id) {
        onProposal(p);
        return;
      }
      long verify = costs.voteVerifyNanos();
      signatureNanos += verify;
      queue(verify, p);
    } else if (m instanceof Vote v) {
      if (v.voter() == id) {
        onVote(v);
        return;
      }
      long verify = v.type() == Vote.Type.PRECOMMIT
          ? costs.precommitVerifyNanos() : costs.voteVerifyNanos();
      signatureNanos += verify;
      queue(verify, v);
    } else if (m instanceof SeenCommit c) {
      long verify = costs.commitVerifyNanos();
      signatureNanos += verify;
      queue(verify, (Runnable) () -> onSeenCommit(c));
    }
  }

  /**
   * A peer's commit of the height this validator still decides (split-vote runs): its precommits
   * count even against conflicting votes held here (each pair is evidence against its signer).
   */
  private void onSeenCommit(SeenCommit c) {
    if (c.height() != height || step == Step.COMMITTED) {
      return;
    }
    RoundState rs = rounds.of(c.height(), c.round());
    for (int culprit : rs.adoptCommit(c.fork(), c.signers(), stake)) {
      protocol.context.faults().onEvidence(id, culprit, c.height(), c.round());
    }
    if (rs.precommitQuorumNanos < 0) {
      rs.precommitQuorumNanos = sim.nowNanos();
    }
    tryCommit(height);
  }

  private void onProposal(Proposal p) {
    if (p.height() < height) {
      return;
    }
    RoundState rs = rounds.of(p.height(), p.round());
    rs.addProposal(p);
    if (rs.hasBlock(p.fork())) {
      onBlock(p.height());
    }
  }

  private void onPart(BlockPart part) {
    if (part.height() < height) {
      return;
    }
    RoundState rs = rounds.of(part.height(), part.round());
    if (rs.addPart(part.fork(), part.index()) && rs.completes(part.fork())) {
      onBlock(part.height());
    }
  }

  private void onBlock(int h) {
    if (h != height) {
      return;
    }
    tryCommit(h);
    tryPrevote();
    checkRound();
  }

  private void onVote(Vote v) {
    if (v.height() < height) {
      // The previous height's late precommits: skip_timeout_commit counted them while this
      // validator waited in its commit pause (below); once it moved on they only count towards
      // a certificate that needs key points.
      onLatePrecommit(v);
      return;
    }
    RoundState rs = rounds.of(v.height(), v.round());
    int added = rs.add(v, stake[v.voter()]);
    if (added <= 0) {
      if (added < 0) {
        protocol.context.faults().onEvidence(id, v.voter(), v.height(), v.round());
      }
      return;
    }
    if (step == Step.COMMITTED && rs == lastCommit) {
      maybeSkipCommitPause();
      return;
    }
    if (v.height() != height || step == Step.COMMITTED) {
      return;
    }
    protocol.maybeRepair(id, v.height(), v.round(), rs);
    if (v.type() == Vote.Type.PRECOMMIT && rs.precommitQuorumFork(protocol.quorumStake) >= 0) {
      if (rs.precommitQuorumNanos < 0) {
        rs.precommitQuorumNanos = sim.nowNanos();
      }
      tryCommit(height);
      if (step == Step.COMMITTED) {
        return;
      }
    }
    if (v.round() > round) {
      // CometBFT: +2/3 of any votes of a higher round moves this validator to that round.
      long any = v.type() == Vote.Type.PREVOTE ? rs.prevoteAny : rs.precommitAny;
      if (any >= protocol.quorumStake) {
        enterRound(height, v.round());
      }
      return;
    }
    if (v.round() == round) {
      checkRound(v.type() == Vote.Type.PREVOTE);
    }
  }

  // ---- the rules ----

  /** Prevote the block once its proposal and all its parts are in (after validating it). */
  private void tryPrevote() {
    RoundState rs = rounds.existing(height, round);
    if (step != Step.PROPOSE || rs == null || !rs.blockComplete()) {
      return;
    }
    step = Step.PREVOTE;
    // Locked on another block at this height: prevote nil (Tendermint's locking rule).
    int fork = rs.fork();
    boolean forBlock = (lockedFork < 0 || lockedFork == fork)
        && protocol.context.blocks().accepts(height, round, rs.proposal.proposer(), id);
    // ValidateBlock (with its LastCommit's signatures), then ProcessProposal: the application's
    // check of every ciphertext, which the proposer skips for its own block.
    long validation = costs.commitVerifyNanos() + (rs.proposal.proposer() == id ? 0
        : protocol.context.blocks().validationNanos(height, id));
    validationNanos += validation;
    int h = height;
    int r = round;
    process(validation, () -> {
      if (height == h && round == r && step == Step.PREVOTE) {
        vote(Vote.Type.PREVOTE, forBlock, fork);
      }
    });
  }

  /** The current round's quorums: precommit on +2/3 prevotes, start the step timeouts. */
  private void checkRound() {
    checkRound(false);
  }

  /**
   * As {@link #checkRound()}; {@code prevoteAdded}: the check follows a prevote of this round
   * added here (CometBFT's addVote), which a validator waiting in the prevote step for its polka's
   * block needs before it precommits.
   */
  private void checkRound(boolean prevoteAdded) {
    RoundState t = rounds.existing(height, round);
    if (t == null || step == Step.COMMITTED) {
      return;
    }
    int h = height;
    int r = round;
    int polka = t.prevoteQuorumFork(protocol.quorumStake);
    if (step == Step.PREVOTE && polka >= 0) {
      // +2/3 prevoted the block: lock and precommit it if we have it. A validator still in the
      // propose step waits for its proposal or its timeout and prevotes first: CometBFT's addVote
      // enters precommit on a polka of its round only from the prevote step on, and only with
      // the proposal complete; without the block it enters prevote wait, and then precommits on
      // the next prevote added once the block is complete (its handleCompleteProposal does
      // nothing in that step), or at timeout_prevote.
      validFork = polka;
      if (haveBlock(t, polka) && (prevoteAdded || !t.polkaAwaitsPrevote)) {
        precommitBlock(polka);
      } else {
        t.polkaAwaitsPrevote = true;
        schedulePrevoteTimeout(t);
      }
    } else if (step == Step.PREVOTE && t.nilPrevotes() >= protocol.quorumStake) {
      // +2/3 prevoted nil (a nil polka): precommit nil at once, as CometBFT's enterPrecommit
      // does, instead of waiting out timeout_prevote; the lock stays (CometBFT v1 keeps it).
      step = Step.PRECOMMIT;
      vote(Vote.Type.PRECOMMIT, false, 0);
    } else if (step == Step.PREVOTE && t.prevoteAny >= protocol.quorumStake) {
      schedulePrevoteTimeout(t);
    }
    if (step != Step.COMMITTED && t.precommitAny >= protocol.quorumStake
        && !t.precommitTimerSet) {
      t.precommitTimerSet = true;
      sim.scheduleAfter(protocol.settings.precommitNanos(r),
          s -> onTimeout(h, r, Step.PRECOMMIT));
    }
  }

  private boolean haveBlock(RoundState t, int fork) {
    return t.hasBlock(fork) || rounds.hasBlock(height, fork);
  }

  /** Locks the block and precommits it, after validating it once more (CometBFT's enterPrecommit). */
  private void precommitBlock(int fork) {
    step = Step.PRECOMMIT;
    lockedFork = fork;
    validationNanos += costs.commitVerifyNanos();
    process(costs.commitVerifyNanos(), () -> { });
    vote(Vote.Type.PRECOMMIT, true, fork);
  }

  private void schedulePrevoteTimeout(RoundState t) {
    if (t.prevoteTimerSet) {
      return;
    }
    t.prevoteTimerSet = true;
    int h = height;
    int r = round;
    sim.scheduleAfter(protocol.settings.prevoteNanos(r), s -> onTimeout(h, r, Step.PREVOTE));
  }

  private void onTimeout(int h, int r, Step at) {
    if (h != height || r != round || step == Step.COMMITTED || down()) {
      return;
    }
    switch (at) {
      case PROPOSE -> {
        if (step == Step.PROPOSE) {
          step = Step.PREVOTE;
          vote(Vote.Type.PREVOTE, false, 0);
          checkRound();
        }
      }
      case PREVOTE -> {
        if (step == Step.PREVOTE) {
          // CometBFT's enterPrecommit: the block if +2/3 prevoted it and it is here by now (a
          // validator that waited for its polka's block), else nil.
          RoundState t = rounds.existing(h, r);
          int polka = t == null ? -1 : t.prevoteQuorumFork(protocol.quorumStake);
          if (polka >= 0 && haveBlock(t, polka)) {
            precommitBlock(polka);
          } else {
            step = Step.PRECOMMIT;
            vote(Vote.Type.PRECOMMIT, false, 0);
          }
          checkRound();
        }
      }
      case PRECOMMIT -> enterRound(height, round + 1);
      default -> { }
    }
  }

  /** Commit on +2/3 precommits for the block in any round, once the block is here. */
  private void tryCommit(int h) {
    if (step == Step.COMMITTED || h != height) {
      return;
    }
    RoundStates.Decision decided = rounds.decided(h, protocol.quorumStake);
    if (decided == null || !rounds.hasBlock(h, decided.fork())) {
      return;
    }
    commit(decided.round(), decided.fork());
  }

  private void commit(int decidedRound, int fork) {
    step = Step.COMMITTED;
    int h = height;
    RoundState rs = rounds.existing(h, decidedRound);
    long now = sim.nowNanos();
    // CometBFT's CommitTime is when +2/3 precommits were seen, even if the block came later.
    long commitTime = rs.precommitQuorumNanos >= 0 ? rs.precommitQuorumNanos : now;
    protocol.decided(h, decidedRound, fork);
    List<Integer> signers = rs.precommitBlockSigners(fork);
    protocol.offerCommit(id, h, decidedRound, fork, signers);
    protocol.context.listener().onCommit(id, h, decidedRound, now, signers,
        new ProcessingTime(validationNanos, signatureNanos, walNanos));
    lastCommit = rs;
    lastCommitHeight = h;
    lastCommitRound = decidedRound;
    lastCommitFork = fork;
    rounds.committed(h, decidedRound, rs);
    if (h >= protocol.context.heights()) {
      return;
    }
    // finalizeCommit: ValidateBlock, the EndHeight fsync and the block's execution, then the
    // next height at StartTime = CommitTime + timeout_commit, or when finalizing is done if that
    // takes longer (execution runs inside the commit pause).
    long finalize = costs.commitVerifyNanos() + costs.blockExecutionNanos();
    process(finalize, costs.endHeightSyncNanos(), () -> {
      finalized = true;
      long start = Math.max(sim.nowNanos(),
          commitTime + protocol.settings.timeoutCommitNanos());
      sim.schedule(start, s -> enterHeight(h + 1));
      maybeSkipCommitPause();
    });
  }

  /** skip_timeout_commit: with every validator's precommit in, start the next height at once. */
  private void maybeSkipCommitPause() {
    if (protocol.settings.skipTimeoutCommit() && finalized && lastCommit != null
        && startedHeight == lastCommitHeight && lastCommitHeight < protocol.context.heights()
        && lastCommit.precommitVoters == protocol.validators) {
      enterHeight(lastCommitHeight + 1);
    }
  }
}
