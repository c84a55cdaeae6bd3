package dev.tdsim.consensus.tendermint;

import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.ConsensusStats;
import dev.tdsim.consensus.Message;
import dev.tdsim.consensus.ProtocolContext;
import java.util.ArrayList;
import java.util.List;

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
  final long quorumStake;
  final long totalStake;
  final int validators;
  private final Rotation rotation;
  private final TendermintNode[] nodes;
  private final List<Integer> decidedRound = new ArrayList<>();
  /** The proposals of recent heights, for peers that lack them (see {@link #repair}). */
  private final java.util.Map<Long, Proposal> proposals = new java.util.HashMap<>();
  private long messages;
  int maxRound;

  TendermintProtocol(ProtocolContext context) {
    this.context = context;
    long total = 0;
    for (long s : context.stake()) {
      total += s;
    }
    this.totalStake = total;
    this.quorumStake = total * 2 / 3 + 1;
    this.validators = context.stake().length;
    this.rotation = new Rotation(context.stake());
    this.nodes = new TendermintNode[validators];
    for (int i = 0; i < validators; i++) {
      nodes[i] = new TendermintNode(this, i);
    }
  }

  @Override
  public void start(long startNanos) {
    context.sim().schedule(startNanos, s -> {
      for (TendermintNode n : nodes) {
        n.enterHeight(1);
      }
    });
  }

  @Override
  public int proposer(int height, int round) {
    return rotation.proposer(height, round);
  }

  @Override
  public ConsensusStats stats() {
    long extra = decidedRound.stream().mapToLong(r -> r).sum();
    return new ConsensusStats(Tendermint.NAME, "exact", maxRound, extra, messages, List.of());
  }

  void broadcast(int sender, TendermintMessage message) {
    messages += validators;
    if (message instanceof Proposal p) {
      proposals.put(Rotation.key(p.height(), p.round()), p);
    }
    context.transport().broadcast(sender, message, this::deliver);
  }

  /** {@code from} sends {@code to} the proposal of (h, r) and all its block parts. */
  void repair(int from, int to, int h, int r) {
    Proposal p = proposals.get(Rotation.key(h, r));
    if (p == null) {
      return;
    }
    List<TendermintMessage> out = new ArrayList<>();
    out.add(p);
    long left = p.block().bytes();
    long partBytes = context.settings().blockPartSizeBytes();
    for (int i = 0; i < p.parts(); i++) {
      long bytes = Math.min(partBytes, left);
      left -= bytes;
      out.add(new BlockPart(h, r, i, bytes));
    }
    for (TendermintMessage m : out) {
      messages++;
      context.transport().send(from, to, m, this::deliver);
    }
  }

  private void deliver(int receiver, Message message) {
    nodes[receiver].receive((TendermintMessage) message);
  }

  /** The first commit of each height fixes the round that decided it. */
  void decided(int height, int round) {
    while (decidedRound.size() < height) {
      decidedRound.add(-1);
    }
    if (decidedRound.get(height - 1) < 0) {
      decidedRound.set(height - 1, round);
      proposals.keySet().removeIf(k -> (int) (k >>> 32) < height - 1);
    }
  }
}
