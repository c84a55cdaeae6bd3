package dev.tdsim.consensus.tendermint;

import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.ConsensusStats;
import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.consensus.PointQuorum;
import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.consensus.ProtocolContext;
import dev.tdsim.engine.Simulation;
import dev.tdsim.network.QuorumArrival;
import dev.tdsim.network.QuorumMethod;
import dev.tdsim.network.QuorumSettings;
import dev.tdsim.network.StakeThreshold;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Tendermint for committees too large to simulate message by message (2 V^2 vote messages a
 * round): the rules of {@link TendermintNode} — per-round proposer rotation, propose, prevote and
 * precommit timeouts growing per round, nil votes on timeouts, a commit on +2/3 block precommits
 * of any round once the block is here, {@code timeout_commit} and {@code skip_timeout_commit},
 * the same CPU costs — with each voting step computed as quorum arrival times per receiver
 * ({@link QuorumArrival#forAllReceiversServed}: every receiver verifies the votes it gets one at a
 * time, in arrival order) instead of V^2 message events. A round is computed in one go
 * ({@link LargeRound}) once its proposer has proposed or can no longer propose in time; the
 * simulation then sees one event per commit and per round start.
 *
 * <p>Each receiver's queue carries over, as on a validator's one consensus thread: its check of
 * the proposal comes before the prevotes that arrive meanwhile, and the prevotes it had not
 * verified when it precommitted are verified among the precommits, in arrival order. A
 * validator signs and sends its own vote when its quorum (or timeout) comes, as in the exact
 * model and CometBFT. What it simplifies, reported in {@link #stats()}: that own work takes its
 * place in the validator's CPU queue in arrival order, behind the messages waiting (the exact
 * model does it first; the same work either way, in another order); round skipping on +2/3
 * votes of a higher round is not modelled (a validator moves on by its own timeouts); votes
 * wait for the senders' send loops in their stateless form; lost block parts are not repaired.
 * A block-prevote quorum seen before the validator's own prevote counts from that prevote on,
 * as in the exact model and CometBFT.
 */
final class LargeCommitteeTendermint implements ConsensusProtocol {
  private static final long NEVER = QuorumArrival.NEVER;

  final ProtocolContext context;
  final long[] stake;
  final QuorumArrival quorum;
  final SplittableRandom rng;
  final long voteBytes;
  /** A precommit's size: it carries the commit certificate's part. */
  final long precommitBytes;
  private final Simulation sim;
  private final TendermintSettings settings;
  private final NodeCosts costs;
  private final Rotation rotation;
  private final int v;
  QuorumMethod method = QuorumMethod.EXACT;
  private int maxRound;
  private long extraRounds;
  private long messages;
  private long mutedRounds;

  // The height being decided: its current round, and each validator's costs and block.
  private LargeRound current;
  private boolean resolved;
  private long[] blockAtNanos;
  private long[] validationNanos;
  private long[] signatureNanos;
  private long[] walNanos;
  /**
   * The next height's round-0 proposer ({@link #certifiedBy}) may propose only once the previous
   * height's precommits it received hold the points its commit certificate needs, at
   * {@link #certifiedAtNanos} ({@link #NEVER}: they never do); for height {@link #certifiedHeight}.
   */
  private int certifiedHeight;
  private int certifiedBy = -1;
  private long certifiedAtNanos = NEVER;

  LargeCommitteeTendermint(ProtocolContext c) {
    this.context = c;
    this.sim = c.sim();
    this.stake = c.stake().clone();
    this.settings = Tendermint.settingsOf(c);
    this.costs = c.costs();
    this.v = stake.length;
    this.quorum = new QuorumArrival(c.dissemination(), QuorumSettings.DEFAULT);
    this.rng = c.streams().stream("quorum", 0);
    this.voteBytes = Vote.BODY_BYTES + c.costs().voteSignatureBytes();
    this.precommitBytes = Vote.BODY_BYTES + c.costs().precommitSignatureBytes();
    this.rotation = new Rotation(stake);
  }

  @Override
  public ConsensusStats stats() {
    List<String> notes = new ArrayList<>();
    notes.add(v + " validators: consensus votes computed in aggregate (quorum arrival times per"
        + " voting step and receiver, " + method.name().toLowerCase()
        + ", with the exact model's timeouts, rounds and costs) instead of " + (2L * v * v)
        + " vote messages per round");
    notes.add("large-committee model: a validator's own vote leaves when its quorum or timeout"
        + " comes, but its work is queued on its CPU behind the messages waiting (the exact model"
        + " does it first), no round skipping on +2/3 votes of a higher round, votes wait for the"
        + " senders' send loops without per-link state, lost block parts are not repaired");
    if (mutedRounds > 0) {
      notes.add(mutedRounds + " round(s) had no proposal before the proposer's propose timeout");
    }
    return new ConsensusStats(Tendermint.NAME, "large-committee", maxRound, extraRounds,
        messages, notes);
  }

  @Override
  public void start(long startNanos) {
    long[] starts = new long[v];
    Arrays.fill(starts, startNanos);
    sim.schedule(startNanos, s -> beginHeight(1, starts));
  }

  @Override
  public int proposer(int height, int round) {
    return rotation.proposer(height, round);
  }

  @Override
  public int combinerOf(int height, java.util.function.IntPredicate unavailable) {
    return rotation.combinerOf(height, unavailable, v);
  }

  @Override
  public int decisionLag() {
    return 1;
  }

  // ---- accounting, called by LargeRound ----

  void charge(int validator, long validation, long signatures, long wal) {
    validationNanos[validator] += validation;
    signatureNanos[validator] += signatures;
    walNanos[validator] += wal;
  }

  void countBroadcasts(int senders) {
    messages += (long) senders * v;
  }

  void countMessages(long n) {
    messages += n;
  }

  // ---- heights and rounds ----

  private void beginHeight(int height, long[] starts) {
    blockAtNanos = new long[v];
    Arrays.fill(blockAtNanos, NEVER);
    validationNanos = new long[v];
    signatureNanos = new long[v];
    walNanos = new long[v];
    beginRound(height, 0, starts);
  }

  /**
   * Round r starts at each validator's own time. Its proposer asks the block source when it may
   * propose; the round is computed when it proposes or at its propose timeout, whichever first
   * (a proposer that may propose only after its timeout has already prevoted nil, as in
   * {@link TendermintNode}).
   */
  private void beginRound(int height, int round, long[] starts) {
    LargeRound r = new LargeRound(this, height, round, starts);
    current = r;
    resolved = false;
    maxRound = Math.max(maxRound, round);
    int p = rotation.proposer(height, round);
    long first = Arrays.stream(starts).min().orElse(NEVER);
    if (first == NEVER) {
      return;
    }
    long proposerStart = starts[p];
    long deadline = (proposerStart == NEVER ? first : proposerStart)
        + settings.proposeNanos(round);
    if (height == certifiedHeight && p == certifiedBy && proposerStart != NEVER) {
      proposerStart = certifiedAtNanos == NEVER ? NEVER
          : Math.max(proposerStart, certifiedAtNanos);
    }
    long now = sim.nowNanos();
    if (proposerStart != NEVER && proposerStart < deadline) {
      sim.schedule(Math.max(now, proposerStart), s -> context.blocks().whenMayPropose(p, height,
          () -> {
            if (current == r && !resolved && sim.nowNanos() < deadline) {
              resolve(r, p, sim.nowNanos());
            }
          }));
    }
    sim.schedule(Math.max(now, deadline), s -> {
      if (current == r && !resolved) {
        mutedRounds++;
        resolve(r, p, NEVER);
      }
    });
  }

  private void resolve(LargeRound r, int proposer, long proposedAtNanos) {
    resolved = true;
    r.compute(proposer, proposedAtNanos, blockAtNanos);
    long now = sim.nowNanos();
    if (!r.decided()) {
      long[] next = new long[v];
      for (int i = 0; i < v; i++) {
        next[i] = r.startNanos[i] == NEVER ? NEVER : r.nextRoundNanos(i);
      }
      long first = Arrays.stream(next).min().orElse(NEVER);
      if (first != NEVER) {
        sim.schedule(Math.max(now, first), s -> beginRound(r.height, r.round + 1, next));
      }
      return;
    }
    commit(r, now);
  }

  /** Every validator commits the round's block at +2/3 block precommits, once it holds it. */
  private void commit(LargeRound r, long now) {
    int h = r.height;
    extraRounds += r.round;
    int combiner = rotation.proposer(h + 1, 0);
    List<Integer> signers = commitSigners(combiner, r);
    long[] next = new long[v];
    Arrays.fill(next, NEVER);
    long straggler = NEVER;
    for (int i = 0; i < v; i++) {
      long quorumAt = r.blockQuorumNanos[i];
      if (quorumAt == NEVER || blockAtNanos[i] == NEVER) {
        continue;
      }
      long at = Math.max(quorumAt, blockAtNanos[i]);
      long roundEnd = r.nextRoundNanos(i);
      if (r.startNanos[i] != NEVER && roundEnd != NEVER && roundEnd < at) {
        straggler = Math.min(straggler, roundEnd); // it moved on before the block came
      }
      int validator = i;
      ProcessingTime costsSoFar =
          new ProcessingTime(validationNanos[i], signatureNanos[i], walNanos[i]);
      List<Integer> own = i == combiner ? signers : List.of();
      sim.schedule(Math.max(now, at), s -> context.listener().onCommit(validator, h, r.round, at,
          own, costsSoFar));
      // finalizeCommit (ValidateBlock, EndHeight fsync, execution), then the next height at
      // CommitTime + timeout_commit, or as soon as every precommit is in (skip_timeout_commit).
      long finalized = at + costs.commitVerifyNanos() + costs.endHeightSyncNanos()
          + costs.blockExecutionNanos();
      long pause = quorumAt + settings.timeoutCommitNanos();
      if (settings.skipTimeoutCommit()) {
        pause = Math.min(pause, r.allPrecommitsNanos[i]);
      }
      next[i] = Math.max(finalized, pause);
    }
    if (straggler != NEVER) {
      maxRound = Math.max(maxRound, r.round + 1);
    }
    long first = Arrays.stream(next).min().orElse(NEVER);
    if (h < context.heights() && first != NEVER) {
      sim.schedule(Math.max(now, first), s -> beginHeight(h + 1, next));
    }
  }

  /**
   * The block precommits that reach the combiner first, until they hold +2/3 of the stake and
   * the points the commit certificate needs; sets when the combiner holds them
   * ({@link #certifiedAtNanos}).
   */
  private List<Integer> commitSigners(int combiner, LargeRound r) {
    long[] send = new long[v];
    for (int j = 0; j < v; j++) {
      send[j] = r.precommitForBlock[j] ? r.precommitNanos[j] : NEVER;
    }
    long[] arrival = context.dissemination().receiveNanos(combiner, precommitBytes, send, rng);
    Integer[] order = new Integer[v];
    for (int j = 0; j < v; j++) {
      order[j] = j;
    }
    Arrays.sort(order, (a, b) -> arrival[a] != arrival[b]
        ? Long.compare(arrival[a], arrival[b]) : Integer.compare(a, b));
    long total = Arrays.stream(stake).sum();
    long held = 0;
    PointQuorum points = costs.certificate().points();
    long pointsHeld = 0;
    List<Integer> out = new ArrayList<>();
    long lastArrival = NEVER;
    for (int j : order) {
      if (arrival[j] == NEVER || (StakeThreshold.TENDERMINT_QUORUM.reachedBy(held, total)
          && pointsHeld >= points.needed())) {
        break;
      }
      held += stake[j];
      pointsHeld += points.required() ? points.pointsOf(j) : 0;
      out.add(j);
      lastArrival = arrival[j];
    }
    if (points.required()) {
      certifiedHeight = r.height + 1;
      certifiedBy = combiner;
      certifiedAtNanos = pointsHeld >= points.needed() ? lastArrival : NEVER;
    }
    return out;
  }
}
