package dev.tdsim.consensus.tendermint;

import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.ConsensusStats;
import dev.tdsim.consensus.Message;
import dev.tdsim.consensus.ProtocolContext;
import dev.tdsim.consensus.SplitVote;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Tendermint simulated message by message, as CometBFT's consensus state machine runs it: heights
 * and rounds, stake-weighted proposer rotation, a proposal followed by its block in parts,
 * prevotes and precommits with +2/3-of-stake quorums, per-step timeouts growing per round, a
 * commit on +2/3 precommits for the block of any round, round skipping on +2/3 votes of a higher
 * round, and the commit pause ({@code timeout_commit}) before the next height. Every validator is
 * a {@link TendermintNode} with its own serial CPU (signatures, validation, WAL). Every message is
 * delivered through the {@link dev.tdsim.consensus.Transport}; a broadcast is one immutable
 * message shared by all receivers.
 *
 * <p>Simplification: a height has one block (a later round's proposer re-proposes it, as a
 * CometBFT proposer re-proposes its valid block), so locking never changes which block wins; it
 * only costs rounds.
 */
final class TendermintProtocol implements ConsensusProtocol {
  final ProtocolContext context;
  final TendermintSettings settings;
  final long quorumStake;
  final long totalStake;
  final int validators;
  private final Rotation rotation;
  private final TendermintNode[] nodes;
  private final List<Integer> decidedRound = new ArrayList<>();
  /** The proposals (per fork) of recent heights, for peers that lack them ({@link #repair}). */
  private final java.util.Map<Long, Proposal[]> proposals = new java.util.HashMap<>();
  /** The block each height was first committed with (fork), to check safety. */
  private final List<Integer> decidedFork = new ArrayList<>();
  /** Heights at which a second, different block was committed (each reported once). */
  private final BitSet forked = new BitSet();
  /** Whether validators left behind at a height get its commit sent (split-vote runs). */
  private final boolean sendsCommitsToLaggards;
  /** The last height whose commit was offered to laggards. */
  private int offeredHeight;
  /** Whether crashed validators were down at the last look (faulty runs only). */
  private final boolean[] wasDown;
  private long messages;
  int maxRound;

  TendermintProtocol(ProtocolContext context) {
    this.context = context;
    this.settings = Tendermint.settingsOf(context);
    long total = 0;
    for (long s : context.stake()) {
      total += s;
    }
    this.totalStake = total;
    this.quorumStake = ConsensusProtocol.quorumStake(total);
    this.validators = context.stake().length;
    this.rotation = new Rotation(context.stake());
    this.nodes = new TendermintNode[validators];
    for (int i = 0; i < validators; i++) {
      nodes[i] = new TendermintNode(this, i);
    }
    this.wasDown = new boolean[validators];
    this.sendsCommitsToLaggards = context.faults().hasSplitVotes();
  }

  @Override
  public void start(long startNanos) {
    context.sim().schedule(startNanos, s -> {
      for (TendermintNode n : nodes) {
        n.enterHeight(1);
      }
      lookForRecoveries();
    });
    for (long t : context.faults().changeTimesNanos()) {
      if (t > startNanos) {
        context.sim().schedule(t, s -> lookForRecoveries());
      }
    }
  }

  /**
   * CometBFT's gossip routines send a peer that comes back what it lacks of its height and round:
   * here each live validator at that height sends it its own votes of the round, and one of them
   * the round's proposal and block.
   */
  private void catchUp(int to, int h, int r, long now) {
    boolean block = false;
    for (int j = 0; j < validators; j++) {
      if (j == to || nodes[j].height() != h || context.faults().isCrashed(j, now)) {
        continue;
      }
      for (Vote v : nodes[j].ownVotes(r)) {
        messages++;
        context.transport().send(j, to, v, this::deliver);
      }
      if (!block) {
        repair(j, to, h, r, 0);
        repair(j, to, h, r, 1);
        block = true;
      }
    }
  }

  /**
   * Where an equivocator splits the validators: those below half the count get one version, the
   * rest the other.
   */
  IntPredicate halves() {
    int split = validators / 2;
    return receiver -> receiver < split;
  }

  /**
   * Validators that were crashed and are not any more rejoin at the chain's height (the first
   * height nobody has committed yet) and the highest round a live validator is in there.
   */
  private void lookForRecoveries() {
    if (!context.faults().any()) {
      return;
    }
    long now = context.sim().nowNanos();
    int chain = decidedRound.size() + 1;
    for (int i = 0; i < validators; i++) {
      boolean down = context.faults().isCrashed(i, now);
      if (wasDown[i] && !down && chain <= context.heights()) {
        int round = 0;
        for (int j = 0; j < validators; j++) {
          TendermintNode n = nodes[j];
          if (n.height() == chain && !n.committed() && !context.faults().isCrashed(j, now)) {
            round = Math.max(round, n.round());
          }
        }
        nodes[i].rejoin(chain, round);
        catchUp(i, chain, round, now);
      }
      wasDown[i] = down;
    }
  }


  @Override
  public int proposer(int height, int round) {
    return rotation.proposer(height, round);
  }

  @Override
  public int combinerOf(int height, java.util.function.IntPredicate unavailable) {
    return rotation.combinerOf(height, unavailable, validators);
  }

  @Override
  public int decisionLag() {
    return 1;
  }

  @Override
  public ConsensusStats stats() {
    long extra = decidedRound.stream().mapToLong(r -> r).sum();
    return new ConsensusStats(Tendermint.NAME, "exact", maxRound, extra, messages, List.of());
  }

  void broadcast(int sender, TendermintMessage message) {
    messages += validators;
    if (message instanceof Proposal p) {
      remember(p);
    } else if (message instanceof Forked f && f.first() instanceof Proposal p) {
      remember(p);
      remember((Proposal) f.second());
    }
    context.transport().broadcast(sender, message, this::deliver);
  }

  private void remember(Proposal p) {
    proposals.computeIfAbsent(Rotation.key(p.height(), p.round()), k -> new Proposal[2])
        [p.fork()] = p;
  }

  /**
   * CometBFT's peers send a peer the proposal and block parts it lacks (gossipDataRoutine), so a
   * lost or slow part does not stall a validator whose peers hold the block. Modelled as: once
   * +2/3 of the stake voted for a round's block validator {@code id} lacks, one validator that
   * voted for it sends the proposal and every part point to point.
   */
  void maybeRepair(int id, int h, int r, RoundState rs) {
    if (rs.repairAsked || rs.maxBlockVotes() < quorumStake) {
      return;
    }
    int f = Math.max(rs.prevoteFor[0], rs.precommitFor[0]) >= quorumStake ? 0 : 1;
    int holder = rs.blockHolder[f];
    if (rs.hasBlock(f) || holder < 0 || holder == id) {
      return;
    }
    rs.repairAsked = true;
    // Prefer a peer other than the proposer, whose link to us may be the one that failed.
    int other = rs.otherBlockHolder[f];
    int from = rs.proposal != null && holder == rs.proposal.proposer()
        && other >= 0 && other != id ? other : holder;
    repair(from, id, h, r, f);
  }

  /** {@code from} sends {@code to} the proposal of block {@code fork} of (h, r) and its parts. */
  void repair(int from, int to, int h, int r, int fork) {
    Proposal[] known = proposals.get(Rotation.key(h, r));
    Proposal p = known == null ? null : known[fork];
    if (p == null) {
      return;
    }
    List<TendermintMessage> out = new ArrayList<>();
    out.add(p);
    out.addAll(partsOf(p, fork));
    for (TendermintMessage m : out) {
      messages++;
      context.transport().send(from, to, m, this::deliver);
    }
  }

  /** The parts of proposal {@code p}'s block, as block {@code fork}. */
  private List<BlockPart> partsOf(Proposal p, int fork) {
    List<BlockPart> out = new ArrayList<>(p.parts());
    long left = p.block().bytes();
    long partBytes = settings.blockPartSizeBytes();
    for (int i = 0; i < p.parts(); i++) {
      long bytes = Math.min(partBytes, left);
      left -= bytes;
      out.add(new BlockPart(p.height(), p.round(), i, bytes, fork));
    }
    return out;
  }

  /**
   * A proposer broadcasts proposal {@code p} and then its block's parts. With {@code getsFirst}
   * (an equivocator or a split-vote coalition's proposer), it signs a second, conflicting block
   * (fork 1 - p's) for the round: the validators for which {@code getsFirst} holds get p's, the
   * others the other.
   */
  void broadcastBlock(Proposal p, IntPredicate getsFirst) {
    if (getsFirst == null) {
      broadcast(p.proposer(), p);
      partsOf(p, p.fork()).forEach(part -> broadcast(p.proposer(), part));
      return;
    }
    int other = 1 - p.fork();
    Proposal q = new Proposal(p.height(), p.round(), p.proposer(), p.block(), p.parts(), other);
    broadcast(p.proposer(), new Forked(p, q, getsFirst));
    List<BlockPart> theirs = partsOf(p, other);
    List<BlockPart> ours = partsOf(p, p.fork());
    for (int i = 0; i < ours.size(); i++) {
      broadcast(p.proposer(), new Forked(ours.get(i), theirs.get(i), getsFirst));
    }
  }

  /**
   * An equivocator's vote {@code v} and its conflicting twin for another block (block 1 - v's,
   * or block 0 for a nil vote): each half of the validators gets one first, then the other.
   */
  void equivocate(Vote v) {
    Vote w = new Vote(v.type(), v.height(), v.round(), v.voter(), true, v.signatureBytes(),
        v.forBlock() ? 1 - v.fork() : 0);
    broadcast(v.voter(), new Forked(v, w, halves()));
    broadcast(v.voter(), new Forked(w, v, halves()));
  }

  /**
   * A split-vote coalition member's vote in a round the coalition proposes, whatever its own
   * state machine would vote: {@code forA} (signed for side A's block, block 0) to side A and
   * the same vote signed for side B's block (block 1) to side B, so that each side may see +2/3
   * for its own block.
   */
  void splitVote(Vote forA, SplitVote attack) {
    Vote forB = new Vote(forA.type(), forA.height(), forA.round(), forA.voter(), true,
        forA.signatureBytes(), 1);
    broadcast(forA.voter(), new Forked(forA, forB, attack::getsSideA));
  }

  private void deliver(int receiver, Message message) {
    nodes[receiver].receive(message instanceof Forked f ? f.to(receiver)
        : (TendermintMessage) message);
  }

  /**
   * Every commit: the first of each height fixes the round (and block) that decided it; a later
   * commit of another block at the same height is a safety violation, reported to the faults.
   */
  void decided(int height, int round, int fork) {
    while (decidedRound.size() < height) {
      decidedRound.add(-1);
      decidedFork.add(-1);
    }
    if (decidedRound.get(height - 1) < 0) {
      decidedRound.set(height - 1, round);
      decidedFork.set(height - 1, fork);
      proposals.keySet().removeIf(k -> (int) (k >>> 32) < height - 1);
      if (context.faults().any()) {
        context.sim().scheduleAfter(0, s -> lookForRecoveries());
      }
    } else if (decidedFork.get(height - 1) != fork && !forked.get(height)) {
      forked.set(height);
      context.faults().onConflictingCommit(height);
    }
  }

  /**
   * {@code committer} committed {@code fork} of (h, r) with the precommits of {@code signers}.
   * In split-vote runs, the first commit of a height is sent, a propose timeout later (CometBFT's
   * catch-up gossip to a peer seen at a lower height), to every live validator still deciding
   * that height: the coalition's conflicting votes can leave one side without any quorum (below
   * a third of the stake), and this is how it learns the block the others committed. Above a
   * third both sides committed before, and the fork stands.
   */
  void offerCommit(int committer, int h, int r, int fork, List<Integer> signers) {
    if (!sendsCommitsToLaggards || h <= offeredHeight) {
      return;
    }
    offeredHeight = h;
    context.sim().scheduleAfter(settings.proposeNanos(0), s -> {
      long now = s.nowNanos();
      SeenCommit commit = new SeenCommit(h, r, fork, signers,
          context.costs().precommitSignatureBytes());
      for (int j = 0; j < validators; j++) {
        if (nodes[j].height() == h && !nodes[j].committed()
            && !context.faults().isCrashed(j, now)) {
          repair(committer, j, h, r, fork);
          messages++;
          context.transport().send(committer, j, commit, this::deliver);
        }
      }
    });
  }
}
