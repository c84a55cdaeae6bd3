package dev.tdsim.consensus.jolteon;

import dev.tdsim.consensus.Block;
import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.ConsensusStats;
import dev.tdsim.consensus.Message;
import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.consensus.ProtocolContext;
import dev.tdsim.consensus.jolteon.JolteonMessage.Proposal;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.IntPredicate;

/**
 * Jolteon simulated message by message, as aptos-core's consensus runs it: one block per round,
 * proposed by the round's leader once it holds a QC (or TC) of the round before, carrying its
 * parent's QC; votes, order votes and timeouts broadcast to all; a block ordered by 2f+1 order
 * votes on its QC (AIP-89) or, without them, by the 2-chain rule; the exponential round timeout,
 * timeout certificates, the f+1 echo and round sync. Every validator is a {@link JolteonNode}
 * with its own serial CPU.
 *
 * <p>Heights: the k-th ordered block is height k, the one the pipeline made for height k (a
 * block that fails to be certified is proposed again at the same height in a later round, with
 * the same payload, as the pipeline gives one block per height). The round a height reports is
 * the number of rounds lost before its block (failed rounds between its parent's round and its
 * own). Blocks past the run's last height are empty fillers the pipeline never sees: without
 * order votes the last height needs its child certified.
 */
final class JolteonProtocol implements ConsensusProtocol {
  final ProtocolContext context;
  final JolteonSettings settings;
  final long totalStake;
  final long quorumStake;
  final int validators;
  private final JolteonNode[] nodes;
  /** The block each height was first ordered with. */
  private final List<JBlock> decided = new ArrayList<>();
  /** Heights at which some validator ordered another block than the first (each once). */
  private final BitSet conflicting = new BitSet();
  /** Stake of the validators that ordered the last height, to know when the run is done. */
  private long finishedStake;
  private final boolean[] wasDown;
  /** Leader reputation's election, or null under round-robin. */
  private final LeaderReputation reputation;
  /** Rounds some validator timed out. */
  private final TreeSet<Long> timedOutRounds = new TreeSet<>();
  /** The blocks of forked rounds. */
  private final Map<JBlock, Fork> forks = new IdentityHashMap<>();
  private long messages;
  /** Proposals the chain health backoff delayed. */
  private long backedOffProposals;
  /** Quorum Store, or null when blocks carry their transactions. */
  final QuorumStore quorumStore;

  JolteonProtocol(ProtocolContext context) {
    this(context, ConsensusProtocol.quorumStake(java.util.Arrays.stream(context.stake()).sum()));
  }

  /**
   * Tests only: a run whose certificates need {@code quorumStake} (a quorum below 2f+1 must let
   * the safety property find forks, which shows the property can fail).
   */
  JolteonProtocol(ProtocolContext context, long quorumStake) {
    this.context = context;
    this.settings = Jolteon.settingsOf(context);
    this.validators = context.stake().length;
    this.totalStake = java.util.Arrays.stream(context.stake()).sum();
    this.quorumStake = quorumStake;
    this.nodes = new JolteonNode[validators];
    for (int i = 0; i < validators; i++) {
      nodes[i] = new JolteonNode(this, i);
    }
    this.wasDown = new boolean[validators];
    this.quorumStore = settings.quorumStore().enabled()
        ? new QuorumStore(this, settings.quorumStore()) : null;
    if (settings.electsByReputation()) {
      reputation = new LeaderReputation(settings.reputation(), context.stake(),
          context.streams().stream("jolteon.leader_reputation", 0).nextLong(), decided);
      reputation.leadersFrom(this::leaderOf);
    } else {
      reputation = null;
    }
  }

  @Override
  public void start(long startNanos) {
    context.sim().schedule(startNanos, s -> {
      if (quorumStore != null) {
        quorumStore.start();
      }
      for (JolteonNode n : nodes) {
        n.start();
      }
      lookForRecoveries();
    });
    for (long t : context.faults().changeTimesNanos()) {
      if (t > startNanos) {
        context.sim().schedule(t, s -> lookForRecoveries());
      }
    }
  }

  /** Validators back from a crash run their round timer again (a message then syncs them). */
  private void lookForRecoveries() {
    if (!context.faults().any()) {
      return;
    }
    if (quorumStore != null) {
      quorumStore.onFaultsChanged();
    }
    long now = context.sim().nowNanos();
    for (int i = 0; i < validators; i++) {
      boolean down = context.faults().isCrashed(i, now);
      if (wasDown[i] && !down) {
        nodes[i].recover();
      }
      wasDown[i] = down;
    }
  }

  /** The leader of {@code round} by the scenario's proposer election. */
  int leaderOf(long round) {
    return reputation == null ? settings.leaderOf(round, validators)
        : reputation.leaderOf(round);
  }

  /**
   * How long the leader of {@code round} waits before proposing: Aptos' chain health backoff, by
   * the participation its leader election reports (always full under round-robin).
   */
  long proposalDelayNanos(long round) {
    if (reputation == null) {
      return 0;
    }
    long delay = ChainHealth.delayNanos(reputation.participation(round));
    if (delay > 0) {
      backedOffProposals++;
    }
    return delay;
  }

  /**
   * Calls {@code propose} once {@code leader} may propose {@code height}: when the pipeline lets
   * it and, under Quorum Store, it holds the proofs of the height's batches.
   */
  void whenMayPropose(int leader, int height, Runnable propose) {
    context.blocks().whenMayPropose(leader, height, quorumStore == null ? propose
        : () -> quorumStore.whenProofsHeld(leader, height, propose));
  }

  /**
   * What {@code payload} weighs in a proposal: itself, or under Quorum Store with the proofs of
   * its height's batches in place of its transactions.
   */
  long proposedBytes(Block payload) {
    int h = payload.height();
    return quorumStore == null || !reports(h) ? payload.bytes()
        : payload.bytes() - quorumStore.transactionBytes(h) + quorumStore.proofsBytes(h);
  }

  /** CPU {@code validator} spends on the proofs of a proposed {@code height} (none without). */
  long proofCheckNanos(int height, int validator) {
    return quorumStore == null ? 0 : quorumStore.proofCheckNanos(height, validator);
  }

  /** Whether {@code height} is one of the run's (else its block is an empty filler). */
  boolean reports(int height) {
    return height <= context.heights();
  }

  /** Whether a quorum ordered the run's last height: round timers stop re-arming. */
  boolean finished() {
    return finishedStake >= quorumStake;
  }

  /** A QC's bytes on the wire: the run's certificate (none for genesis). */
  long certificateBytes(QuorumCert qc) {
    return qc.round() == 0 ? 0 : context.costs().certificate().wireBytes();
  }

  /** A TC's bytes: its aggregate signature with the signers' rounds, and its highest QC. */
  long certificateBytes(TimeoutCert tc) {
    return context.costs().certificate().wireBytes() + 8L * validators
        + certificateBytes(tc.highestQc());
  }

  void timedOut(long round) {
    timedOutRounds.add(round);
  }

  void broadcast(int sender, JolteonMessage m) {
    messages += validators;
    context.transport().broadcast(sender, m, this::deliver);
  }

  /**
   * An equivocating leader's two proposals of one round, as one broadcast of the block's bytes:
   * {@code a} to the validators that do not equivocate as voters, by index, until half of their
   * stake, {@code b} to the others. Each equivocating voter gets the version of the side with
   * less stake so far ({@code b} on a tie): it votes for that one first, to all, then for the
   * other to that side only, so each side sees as few votes for the other block as can be.
   */
  void broadcastForked(int sender, JolteonMessage a, JolteonMessage b) {
    long now = context.sim().nowNanos();
    long[] stake = context.stake();
    boolean[] equivocator = new boolean[validators];
    long honest = 0;
    for (int v = 0; v < validators; v++) {
      equivocator[v] = context.faults().equivocatesAsVoter(v, now);
      honest += equivocator[v] ? 0 : stake[v];
    }
    boolean[] getsA = new boolean[validators];
    long sideA = 0;
    for (int v = 0; v < validators && 2 * sideA < honest; v++) {
      getsA[v] = !equivocator[v];
      sideA += getsA[v] ? stake[v] : 0;
    }
    long sideB = honest - sideA;
    for (int v = 0; v < validators; v++) {
      if (equivocator[v]) {
        getsA[v] = sideA < sideB;
        sideA += getsA[v] ? stake[v] : 0;
        sideB += getsA[v] ? 0 : stake[v];
      }
    }
    boolean[] getsB = new boolean[validators];
    for (int v = 0; v < validators; v++) {
      getsB[v] = !getsA[v];
    }
    JBlock blockA = ((Proposal) a).block();
    JBlock blockB = ((Proposal) b).block();
    forks.put(blockA, new Fork(getsA, blockB));
    forks.put(blockB, new Fork(getsB, blockA));
    messages += validators;
    context.transport().broadcast(sender, new Forked(a, b, getsA), this::deliver);
  }

  /**
   * An equivocating voter's vote or order vote for {@code block}: to the validators that got
   * {@code block}'s proposal when the leader forked its round (the other side must not see it),
   * one message each (its own copy at once), else to all.
   */
  void sendToSideOf(int sender, JBlock block, JolteonMessage m) {
    Fork fork = forks.get(block);
    if (fork == null) {
      broadcast(sender, m);
      return;
    }
    for (int v = 0; v < validators; v++) {
      if (fork.receivers()[v]) {
        messages++;
        if (v == sender) {
          nodes[v].receive(m);
        } else {
          context.transport().send(sender, v, m, this::deliver);
        }
      }
    }
  }

  /** The other block of {@code block}'s forked round (known to the equivocators), or null. */
  JBlock twinOf(JBlock block) {
    Fork fork = forks.get(block);
    return fork == null ? null : fork.twin();
  }

  /** One block of a forked round: the validators it was proposed to, and the other block. */
  private record Fork(boolean[] receivers, JBlock twin) {}

  /** Two conflicting messages: {@code a} for the validators {@code getsA} marks, {@code b} else. */
  private record Forked(JolteonMessage a, JolteonMessage b, boolean[] getsA) implements Message {
    @Override
    public long wireBytes() {
      return a.wireBytes();
    }

    @Override
    public boolean resentWhenLost() {
      return false;
    }
  }

  private void deliver(int receiver, Message m) {
    if (m instanceof Forked f) {
      nodes[receiver].receive(f.getsA()[receiver] ? f.a() : f.b());
    } else {
      nodes[receiver].receive((JolteonMessage) m);
    }
  }

  /**
   * {@code validator} ordered {@code block}: reported as its height's commit; the first order of
   * a height fixes its block, another block later at that height is a safety violation.
   */
  void ordered(int validator, JBlock block, List<Integer> signers, ProcessingTime spent) {
    int h = block.height();
    if (!reports(h)) {
      return;
    }
    if (decided.size() < h) {
      decided.add(block);
      if (quorumStore != null) {
        quorumStore.onOrdered(h);
      }
      if (context.faults().any()) {
        context.sim().scheduleAfter(0, s -> lookForRecoveries());
      }
    } else if (decided.get(h - 1) != block && !conflicting.get(h)) {
      conflicting.set(h);
      context.faults().onConflictingCommit(h);
    }
    if (h == context.heights()) {
      finishedStake += context.stake()[validator];
    }
    context.listener().onCommit(validator, h, block.roundInHeight(), context.sim().nowNanos(),
        signers, spent);
  }

  /** Heights at which two validators ordered different blocks (must stay empty). */
  BitSet conflictingHeights() {
    return (BitSet) conflicting.clone();
  }

  /** The round of the block first ordered at {@code height}, or -1. */
  long decidedRound(int height) {
    return height <= decided.size() ? decided.get(height - 1).round() : -1;
  }

  /** Rounds some validator timed out, ascending. */
  List<Long> timedOutRounds() {
    return List.copyOf(timedOutRounds);
  }

  /**
   * The proposer of {@code height}'s ordered block; before it is ordered, the leader of Jolteon
   * round {@code round}.
   */
  @Override
  public int proposer(int height, int round) {
    return height >= 1 && height <= decided.size() ? decided.get(height - 1).proposer()
        : leaderOf(round);
  }

  /**
   * The leader of the round after {@code height}'s block's round, skipping the unavailable ones
   * round by round: the next leader, which needs the height's plaintexts first.
   */
  @Override
  public int combinerOf(int height, IntPredicate unavailable) {
    long r = height >= 1 && height <= decided.size() ? decided.get(height - 1).round()
        : highestEnteredRound();
    long span = (long) validators * settings.contiguousRounds();
    for (long k = 1; k <= span; k++) {
      int leader = leaderOf(r + k);
      if (!unavailable.test(leader)) {
        return leader;
      }
    }
    return leaderOf(r + 1);
  }

  private long highestEnteredRound() {
    long r = 0;
    for (JolteonNode n : nodes) {
      r = Math.max(r, n.round());
    }
    return r;
  }

  /**
   * 2: the proposal of round r + 1 is made once QC(r) exists, before block r is ordered (one
   * order-vote hop later, or with QC(r + 1) by the 2-chain rule); the first proposal made after
   * r is ordered is r + 2's, made with QC(r + 1). So the proposal of height h + 2 is the first
   * that can wait for h's plaintexts (with lag 1, h + 1's would wait for h, whose 2-chain order
   * needs h + 1 certified: a deadlock).
   */
  @Override
  public int decisionLag() {
    return 2;
  }

  @Override
  public ConsensusStats stats() {
    long extra = decided.stream().mapToLong(JBlock::roundInHeight).sum();
    int maxRound = decided.stream().mapToInt(JBlock::roundInHeight).max().orElse(0);
    long lastRound = decided.isEmpty() ? 0 : decided.get(decided.size() - 1).round();
    String note = String.format(Locale.ROOT, "jolteon: %d heights ordered in %d rounds"
        + " (%s), %d rounds timed out; round timeout %d ms x %s^min(idx, %d), %s",
        decided.size(), lastRound, settings.orderVotes() ? "order votes, 3 hops"
            : "2-chain rule, 4 hops", timedOutRounds.size(),
        settings.roundInitialTimeoutNanos() / JolteonSettings.MS,
        settings.roundTimeoutBackoffBase(), settings.roundTimeoutBackoffMaxExponent(),
        settings.proposerElection())
        + (backedOffProposals == 0 ? "" : String.format(Locale.ROOT, "; chain health backoff"
            + " (under 81%% of the stake taking part in the last %d blocks) delayed %d proposals",
            ChainHealth.WINDOW, backedOffProposals));
    if (quorumStore == null) {
      return new ConsensusStats(Jolteon.NAME, "exact", maxRound, extra, messages,
          List.of(note));
    }
    return new ConsensusStats(Jolteon.NAME, "exact", maxRound, extra,
        messages + quorumStore.messages(), List.of(note, quorumStore.describe()));
  }
}
