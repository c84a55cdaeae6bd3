package dev.tdsim.consensus.jolteon;

import dev.tdsim.consensus.Block;
import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.consensus.jolteon.JolteonMessage.OrderVote;
import dev.tdsim.consensus.jolteon.JolteonMessage.Proposal;
import dev.tdsim.consensus.jolteon.JolteonMessage.Timeout;
import dev.tdsim.consensus.jolteon.JolteonMessage.Vote;
import dev.tdsim.cpu.ConsensusThread;
import dev.tdsim.engine.Simulation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One validator's Jolteon state machine, as aptos-core's RoundManager, RoundState and 2-chain
 * safety rules run it; all its mutable state lives here. Its consensus work is serial: verifying
 * received signatures and certificates, validating a proposed block, signing and persisting its
 * own messages queue on its {@link ConsensusThread}.
 *
 * <p>Rounds: a validator is in round max(highest QC, highest TC) + 1 and moves on as soon as any
 * message brings it a higher certificate (round sync); a newer ordered certificate in a message's
 * sync info orders its block here too (a validator that lost the order votes catches up).
 * Votes, order votes and timeouts go to all. It votes once per round, for the round's leader's
 * proposal, by the 2-chain voting rule; with 2f+1 votes every validator forms the QC itself. A
 * round's timer, ceil(initial x base^min(idx, max)), fires a signed timeout to all and re-arms;
 * f+1 timeouts of its round make a validator time out at once (echo), 2f+1 form a TC.
 */
final class JolteonNode {
  private final JolteonProtocol protocol;
  private final JolteonSettings settings;
  private final Simulation sim;
  private final NodeCosts costs;
  private final long[] stake;
  private final int id;
  private final boolean faulty;
  private final ConsensusThread thread;

  private long round;
  private QuorumCert hqc = QuorumCert.GENESIS;
  private TimeoutCert htc;
  /** Safety data (Aptos' SafetyData): persisted, so a crash keeps it. */
  private long lastVotedRound;
  private long oneChainRound;
  private long highestTimeoutRound;
  /** The last block this validator ordered (genesis first). */
  private JBlock lastOrdered = JBlock.GENESIS;
  /** Its certificate, which this validator's messages carry in their sync info. */
  private QuorumCert highestOrdered = QuorumCert.GENESIS;
  /** Whether it sent a timeout in its current round. */
  private boolean timedOut;
  /** Identifies the armed round timer (a timer of an earlier arming is stale). */
  private long timerArmings;
  /** Votes by block (one round's: equivocated blocks are counted apart, as Aptos' digests). */
  private final Map<JBlock, Tally> votes = new IdentityHashMap<>();
  /** The block each validator voted for first in the current round (to see equivocation). */
  private final Map<Integer, JBlock> firstVotes = new HashMap<>();
  /** Blocks of the current round a voting equivocator signed an extra vote for. */
  private final Set<JBlock> equivocatedFor = Collections.newSetFromMap(new IdentityHashMap<>());
  private final Map<Long, Tally> timeouts = new HashMap<>();
  private final Map<JBlock, Tally> orderVotes = new IdentityHashMap<>();
  /** Blocks an equivocating voter order-voted since its last order's round (each once). */
  private final Set<JBlock> orderVoted = Collections.newSetFromMap(new IdentityHashMap<>());
  /** CPU spent on consensus since the last ordered block, by kind. */
  private long validationNanos;
  private long signatureNanos;
  private long walNanos;

  JolteonNode(JolteonProtocol protocol, int id) {
    this.protocol = protocol;
    this.settings = protocol.settings;
    this.sim = protocol.context.sim();
    this.costs = protocol.context.costs();
    this.stake = protocol.context.stake();
    this.id = id;
    this.faulty = protocol.context.faults().any();
    this.thread = new ConsensusThread(sim, protocol.context.cpus()[id]) {
      @Override
      protected void run(Object action) {
        JolteonNode.this.run(action);
      }
    };
  }

  long round() {
    return round;
  }

  int orderedHeight() {
    return lastOrdered.height();
  }

  private boolean down() {
    return faulty && protocol.context.faults().isCrashed(id, sim.nowNanos());
  }

  // ---- the serial CPU ----

  /** Runs {@code action} once the consensus thread has spent the time on it, queued. */
  private void process(long cpuNanos, long syncNanos, Object action) {
    thread.submit(cpuNanos, syncNanos,
        faulty ? protocol.context.faults().cpuFactor(id, sim.nowNanos()) : 1, action);
  }

  private void run(Object action) {
    if (down()) {
      return;
    }
    if (action instanceof JolteonMessage m) {
      // Round sync first (Aptos' ensure_round_and_sync_up), then the message itself. An order
      // vote carries no sync info: its QC only backs the order (Aptos' process_order_vote_msg),
      // so a validator still counting that round's votes keeps its round and order votes too.
      if (!(m instanceof OrderVote)) {
        syncUp(m.qc(), m.tc());
        order(m.ordered().block(), m.ordered().signers());
      }
      if (m instanceof Vote v) {
        onVote(v);
      } else if (m instanceof OrderVote o) {
        onOrderVote(o);
      } else if (m instanceof Timeout t) {
        onTimeout(t);
      } else {
        onProposal((Proposal) m);
      }
    } else {
      ((Runnable) action).run();
    }
  }

  // ---- receiving ----

  /**
   * A message arrives: its signature is checked (not one's own), and each certificate it brings
   * that is newer than this validator's (one aggregate verification each), on the consensus CPU.
   */
  void receive(JolteonMessage m) {
    if (down()) {
      return;
    }
    boolean own = m.sender() == id;
    long verify = own ? 0 : m instanceof Proposal ? costs.voteVerifyNanos()
        : m instanceof Timeout || !protocol.settings.optimisticSigVerification()
            ? costs.precommitVerifyNanos() : 0;
    if (!own && m.qc().round() > hqc.round()) {
      verify += costs.commitVerifyNanos();
    }
    if (!own && m.tc() != null && (htc == null || m.tc().round() > htc.round())) {
      verify += costs.commitVerifyNanos();
    }
    if (!own && m.ordered() != null && m.ordered().round() > lastOrdered.round()) {
      verify += costs.commitVerifyNanos();
    }
    signatureNanos += verify;
    process(verify, 0, m);
  }

  /** Takes the newer of each certificate and moves to round max(qc, tc) + 1 if that is later. */
  private void syncUp(QuorumCert qc, TimeoutCert tc) {
    if (tc != null) {
      syncUp(tc.highestQc(), null);
      if (htc == null || tc.round() > htc.round()) {
        htc = tc;
      }
    }
    if (qc.round() > hqc.round()) {
      hqc = qc;
      if (!settings.orderVotes()) {
        orderByTwoChain(qc);
      }
    }
    long next = Math.max(hqc.round(), htc == null ? 0 : htc.round()) + 1;
    if (next > round) {
      enterRound(next);
    }
  }

  /**
   * The 2-chain rule: a QC for block b whose parent is of the round just before orders the
   * parent (Aptos' LedgerInfo commit_info), with the QC's signers.
   */
  private void orderByTwoChain(QuorumCert qc) {
    JBlock parent = qc.block().parent();
    if (parent != null && parent.round() == qc.round() - 1) {
      order(parent, qc.signers());
    }
  }

  // ---- rounds ----

  /** Starts the pacemaker at round 1 (genesis is certified). */
  void start() {
    if (!down()) {
      enterRound(1);
    }
  }

  /**
   * Back from a crash: the round timer runs again (the round state is recovered from storage),
   * or round 1 starts for a validator that was down from the start.
   */
  void recover() {
    if (down()) {
      return;
    }
    if (round == 0) {
      enterRound(1);
    } else {
      armTimer();
    }
  }

  private void enterRound(long r) {
    round = r;
    timedOut = false;
    votes.keySet().removeIf(b -> b.round() < r);
    firstVotes.clear();
    equivocatedFor.clear();
    timeouts.keySet().removeIf(k -> k < r);
    int height = hqc.block().height() + 1;
    int inHeight = (int) (r - hqc.round() - 1);
    if (protocol.reports(height)) {
      protocol.context.listener().onRoundStart(id, height, inHeight, sim.nowNanos());
    }
    if (protocol.finished()) {
      // The run's heights are ordered by a quorum: the chain is not simulated further.
      return;
    }
    armTimer();
    if (protocol.leaderOf(r) == id && !(faulty
        && protocol.context.faults().isSilentProposer(id, sim.nowNanos()))) {
      Runnable propose = () -> {
        if (round == r && !down()) {
          propose(r);
        }
      };
      // Aptos' leader sleeps out its chain health backoff once it may propose, before it pulls
      // its payload (ProposalGenerator::generate_proposal).
      long delay = protocol.proposalDelayNanos(r);
      Runnable backedOff = delay == 0 ? propose
          : () -> sim.scheduleAfter(delay, s -> propose.run());
      if (protocol.reports(height)) {
        protocol.whenMayPropose(id, height, backedOff);
      } else {
        backedOff.run();
      }
    }
  }

  private void armTimer() {
    long armed = ++timerArmings;
    long r = round;
    long nanos = settings.roundTimeoutNanos(r, lastOrdered.round());
    sim.scheduleAfter(nanos, s -> onLocalTimeout(r, armed, nanos));
  }

  /** The round timer fired: time out (again) and re-arm the same duration, as Aptos does. */
  private void onLocalTimeout(long r, long armed, long nanos) {
    if (armed != timerArmings || round != r || down() || protocol.finished()) {
      return;
    }
    timeOut();
    long again = ++timerArmings;
    sim.scheduleAfter(nanos, s -> onLocalTimeout(r, again, nanos));
  }

  /**
   * Signs and broadcasts a timeout of the current round with this validator's highest QC and TC;
   * it votes in this round no more (Aptos' safe_to_timeout raises last_voted_round) nor order
   * votes for it.
   */
  private void timeOut() {
    long r = round;
    if (!timedOut) {
      timedOut = true;
      protocol.timedOut(r);
    }
    highestTimeoutRound = Math.max(highestTimeoutRound, r);
    lastVotedRound = Math.max(lastVotedRound, r);
    QuorumCert qc = hqc;
    TimeoutCert tc = htc;
    QuorumCert ordered = highestOrdered;
    long bytes = JolteonMessage.HEADER_BYTES + costs.precommitSignatureBytes()
        + protocol.certificateBytes(qc) + (tc == null ? 0 : protocol.certificateBytes(tc))
        + protocol.certificateBytes(ordered);
    sign(() -> protocol.broadcast(id, new Timeout(r, id, qc, tc, ordered, bytes)));
  }

  /** Signs one own message (a vote's certificate part), persists it, then runs {@code send}. */
  private void sign(Runnable send) {
    long sign = costs.precommitSignNanos();
    long sync = costs.signedMessageSyncNanos();
    signatureNanos += sign;
    walNanos += sync;
    process(sign, sync, send);
  }

  // ---- proposing and voting ----

  private void propose(long r) {
    QuorumCert qc = hqc;
    JBlock parent = qc.block();
    int height = parent.height() + 1;
    int inHeight = (int) (r - qc.round() - 1);
    Block payload = protocol.reports(height)
        ? protocol.context.blocks().blockFor(height, inHeight, id)
        : new Block(height, 0, Block.HEADER_BYTES);
    TimeoutCert tc = qc.round() == r - 1 ? null : htc;
    JBlock block = new JBlock(r, height, parent, id, payload, qc.signers());
    QuorumCert ordered = highestOrdered;
    long bytes = protocol.proposedBytes(payload) + costs.voteSignatureBytes()
        + protocol.certificateBytes(qc)
        + (tc == null ? 0 : protocol.certificateBytes(tc)) + protocol.certificateBytes(ordered);
    Proposal p = new Proposal(block, qc, tc, ordered, bytes);
    // An equivocating leader signs a second block of the round (same parent and payload, its
    // own id) and sends each to half of the validators.
    boolean equivocates = faulty
        && protocol.context.faults().equivocatesAsProposer(id, sim.nowNanos());
    // Building the block (a batched design's digest), then the proposal's signature(s).
    long signing = costs.voteSignNanos() * (equivocates ? 2 : 1);
    long cpu = payload.buildNanos() + signing;
    long sync = costs.signedMessageSyncNanos();
    validationNanos += payload.buildNanos();
    signatureNanos += signing;
    walNanos += sync;
    if (equivocates) {
      Proposal q = new Proposal(new JBlock(r, height, parent, id, payload, qc.signers()), qc, tc,
          ordered, bytes);
      process(cpu, sync, (Runnable) () -> protocol.broadcastForked(id, p, q));
    } else {
      process(cpu, sync, (Runnable) () -> protocol.broadcast(id, p));
    }
  }

  /**
   * The round's leader's proposal: after round sync it must be of this round, and pass the
   * 2-chain voting rule (Aptos' safe_to_vote): the round is above the last voted one, and the
   * block extends a QC of the round before, or a QC at least as high as the highest one in a TC
   * of the round before. The block is validated (the pipeline's ciphertext checks) before the
   * vote.
   */
  private void onProposal(Proposal p) {
    JBlock b = p.block();
    long r = b.round();
    if (r != round || protocol.leaderOf(r) != b.proposer() || r <= lastVotedRound
        || p.qc().block() != b.parent()) {
      return;
    }
    TimeoutCert tc = p.tc();
    boolean safe = p.qc().round() == r - 1 || (tc != null && tc.round() == r - 1
        && p.qc().round() >= tc.highestQc().round());
    if (!safe) {
      return;
    }
    boolean counted = protocol.reports(b.height());
    if (counted && !protocol.context.blocks().accepts(b.height(), b.roundInHeight(),
        b.proposer(), id)) {
      return;
    }
    // The block's ciphertext checks, and under Quorum Store its proofs not verified yet.
    long validation = b.proposer() == id || !counted ? 0
        : protocol.context.blocks().validationNanos(b.height(), id)
            + protocol.proofCheckNanos(b.height(), id);
    validationNanos += validation;
    process(validation, 0, (Runnable) () -> vote(b, p.qc()));
  }

  private void vote(JBlock b, QuorumCert parentQc) {
    if (round != b.round() || lastVotedRound >= b.round()) {
      return;
    }
    lastVotedRound = b.round();
    oneChainRound = Math.max(oneChainRound, parentQc.round());
    signVote(b, false);
    // An equivocating voter knows its leader's other block of a forked round: it votes for it
    // too, at once, to that block's side only (whose honest validators see both votes).
    JBlock twin = equivocatesAsVoter() ? protocol.twinOf(b) : null;
    if (twin != null && equivocatedFor.add(twin)) {
      signVote(twin, true);
    }
  }

  private boolean equivocatesAsVoter() {
    return faulty && protocol.context.faults().equivocatesAsVoter(id, sim.nowNanos());
  }

  /**
   * Signs and broadcasts a vote for {@code b} with this validator's sync info, or sends it only
   * to the validators that got {@code b} when its round was forked ({@code onlyItsSide}).
   */
  private void signVote(JBlock b, boolean onlyItsSide) {
    QuorumCert qc = hqc;
    TimeoutCert tc = htc;
    QuorumCert ordered = highestOrdered;
    long bytes = JolteonMessage.HEADER_BYTES + costs.precommitSignatureBytes()
        + protocol.certificateBytes(qc) + protocol.certificateBytes(ordered)
        // Aptos' SyncInfo carries the TC only when it is above the QC.
        + (tc != null && tc.round() > qc.round() ? protocol.certificateBytes(tc) : 0);
    signAndSend(b, new Vote(b, id, qc, tc, ordered, bytes), onlyItsSide);
  }

  /** Signs {@code m} (on {@code b}), then broadcasts it or sends it to {@code b}'s side only. */
  private void signAndSend(JBlock b, JolteonMessage m, boolean onlyItsSide) {
    sign(() -> {
      if (onlyItsSide) {
        protocol.sendToSideOf(id, b, m);
      } else {
        protocol.broadcast(id, m);
      }
    });
  }

  /**
   * A vote of this round: 2f+1 of the stake for one block form its QC here (aggregated). Two
   * votes of one voter for two blocks of the round are evidence against it (Aptos'
   * EquivocateVote); a voting equivocator that sees a vote for another block of the round than
   * its own votes for that one too.
   */
  private void onVote(Vote v) {
    long r = v.block().round();
    if (r != round) {
      return;
    }
    JBlock first = firstVotes.putIfAbsent(v.voter(), v.block());
    if (first != null && first != v.block()) {
      protocol.context.faults().onEvidence(id, v.voter(), v.block().height(),
          v.block().roundInHeight());
    }
    JBlock mine = firstVotes.get(id);
    if (faulty && mine != null && mine != v.block() && equivocatedFor.add(v.block())
        && equivocatesAsVoter()) {
      signVote(v.block(), false);
    }
    Tally t = votes.computeIfAbsent(v.block(), k -> new Tally());
    if (!t.add(v.voter(), stake[v.voter()]) || t.formed || t.stake < protocol.quorumStake) {
      return;
    }
    t.formed = true;
    QuorumCert qc = new QuorumCert(v.block(), t.signers);
    long combine = costs.certificate().combineNanos();
    signatureNanos += combine;
    process(combine, 0, (Runnable) () -> {
      // AIP-89: order vote on a QC this validator formed, unless it timed out that round.
      boolean orderVote = settings.orderVotes() && qc.round() > highestTimeoutRound;
      syncUp(qc, null);
      if (orderVote) {
        signOrderVote(qc);
      }
    });
  }

  /**
   * Signs and broadcasts an order vote on {@code qc}; an equivocating voter sends it only to the
   * validators that got its block, when its round was forked.
   */
  private void signOrderVote(QuorumCert qc) {
    boolean equivocates = equivocatesAsVoter();
    if (equivocates) {
      orderVoted.add(qc.block());
    }
    long bytes = JolteonMessage.HEADER_BYTES + costs.precommitSignatureBytes()
        + protocol.certificateBytes(qc);
    signAndSend(qc.block(), new OrderVote(id, qc, bytes), equivocates);
  }

  /**
   * An order vote: 2f+1 of the stake on one QC order its block. A voting equivocator
   * order-votes each QC of a forked round it sees too (each side sees it back its own block).
   */
  private void onOrderVote(OrderVote o) {
    long r = o.qc().round();
    if (faulty && protocol.twinOf(o.qc().block()) != null
        && !orderVoted.contains(o.qc().block()) && equivocatesAsVoter()) {
      signOrderVote(o.qc());
    }
    if (r <= lastOrdered.round()) {
      return;
    }
    Tally t = orderVotes.computeIfAbsent(o.qc().block(), k -> new Tally());
    if (!t.add(o.voter(), stake[o.voter()]) || t.formed || t.stake < protocol.quorumStake) {
      return;
    }
    t.formed = true;
    List<Integer> signers = List.copyOf(t.signers);
    long combine = costs.certificate().combineNanos();
    signatureNanos += combine;
    process(combine, 0, (Runnable) () -> order(o.qc().block(), signers));
  }

  /**
   * A timeout of this round: f+1 of the stake make this validator time out too (echo), 2f+1 form
   * a TC carrying the highest QC they reported, which moves it to the next round.
   */
  private void onTimeout(Timeout m) {
    long r = m.round();
    if (r != round) {
      return;
    }
    Tally t = timeouts.computeIfAbsent(r, k -> new Tally());
    if (!t.add(m.sender(), stake[m.sender()])) {
      return;
    }
    if (m.qc().round() > t.highestQc.round()) {
      t.highestQc = m.qc();
    }
    if (!timedOut && t.stake >= protocol.totalStake - protocol.quorumStake + 1) {
      timeOut();
    }
    if (t.formed || t.stake < protocol.quorumStake) {
      return;
    }
    t.formed = true;
    TimeoutCert tc = new TimeoutCert(r, t.highestQc);
    long combine = costs.certificate().combineNanos();
    signatureNanos += combine;
    process(combine, 0, (Runnable) () -> syncUp(hqc, tc));
  }

  // ---- ordering ----

  /**
   * Orders {@code b} and every ancestor not ordered yet, oldest first: each is the next height
   * this validator reports to the pipeline, with the CPU it spent on consensus since its last
   * ordered block (on the first of them).
   */
  private void order(JBlock b, List<Integer> signers) {
    if (b.round() <= lastOrdered.round()) {
      return;
    }
    List<JBlock> chain = new ArrayList<>();
    for (JBlock x = b; x != null && x.round() > lastOrdered.round(); x = x.parent()) {
      chain.add(x);
    }
    lastOrdered = b;
    highestOrdered = new QuorumCert(b, signers);
    orderVotes.keySet().removeIf(x -> x.round() <= b.round());
    orderVoted.removeIf(x -> x.round() < b.round());
    for (int i = chain.size() - 1; i >= 0; i--) {
      JBlock x = chain.get(i);
      ProcessingTime spent = new ProcessingTime(validationNanos, signatureNanos, walNanos);
      validationNanos = 0;
      signatureNanos = 0;
      walNanos = 0;
      protocol.ordered(id, x, signers, spent);
    }
  }
}
