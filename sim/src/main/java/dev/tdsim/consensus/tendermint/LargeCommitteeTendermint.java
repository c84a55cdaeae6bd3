package dev.tdsim.consensus.tendermint;

import dev.tdsim.consensus.Block;
import dev.tdsim.consensus.BlockSource;
import dev.tdsim.consensus.ConsensusListener;
import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.ConsensusSettings;
import dev.tdsim.consensus.ConsensusStats;
import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.consensus.ProtocolContext;
import dev.tdsim.network.QuorumSettings;

import dev.tdsim.engine.Simulation;
import dev.tdsim.network.Dissemination;
import dev.tdsim.network.QuorumArrival;
import dev.tdsim.network.StakeThreshold;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Tendermint for committees too large to simulate message by message (V^2 vote messages a step):
 * each voting step is one {@link QuorumArrival} computation. Per height: the proposal reaches
 * every validator over the dissemination; each prevotes on arrival; each precommits when it holds
 * prevotes of more than 2/3 of the stake; each commits when it holds such precommits. Only round
 * 0 is modelled: a proposal that arrives after a validator's propose timeout is counted (see
 * {@link #lateProposals()}) but still voted for, so report such runs as optimistic.
 */
final class LargeCommitteeTendermint implements ConsensusProtocol {
  private final Simulation sim;
  private final long[] stake;
  private final int heights;
  private final BlockSource host;
  private final ConsensusListener listener;
  private final Dissemination dissemination;
  private final QuorumArrival quorum;
  private final SplittableRandom rng;
  private final ConsensusSettings timeouts;
  private final long voteBytes;
  private final ProposerSelection selection;
  private final List<Integer> proposers = new ArrayList<>();
  private final long[] enteredNanos;
  private long lateProposals;
  private String method = "";

  LargeCommitteeTendermint(ProtocolContext c) {
    this.sim = c.sim();
    this.stake = c.stake().clone();
    this.timeouts = c.settings();
    this.heights = c.heights();
    this.host = c.blocks();
    this.listener = c.listener();
    this.quorum = new QuorumArrival(c.dissemination(), QuorumSettings.DEFAULT);
    this.dissemination = c.dissemination();
    this.rng = c.streams().stream("quorum", 0);
    this.voteBytes = Vote.BODY_BYTES + c.costs().voteSignatureBytes();
    this.selection = new ProposerSelection(stake);
    this.enteredNanos = new long[stake.length];
  }

  @Override
  public ConsensusStats stats() {
    List<String> notes = new ArrayList<>();
    notes.add(stake.length + " validators: consensus votes computed in aggregate (quorum"
        + " arrival times per voting step, round 0 only) instead of " + (2L * stake.length
        * stake.length) + " vote messages per height");
    if (lateProposals > 0) {
      notes.add(lateProposals + " proposal deliveries arrived after the propose timeout; the"
          + " large-committee model let those validators vote anyway (optimistic)");
    }
    return new ConsensusStats(Tendermint.NAME, "large-committee", 0, 0, 0, notes);
  }

  /** How quorum times were computed in the last step ("EXACT" or "AGGREGATE"). */
  public String quorumMethod() {
    return method;
  }

  @Override
  public void start(long startNanos) {
    sim.schedule(startNanos, s -> beginHeight(1));
  }

  @Override
  public int proposer(int height, int round) {
    while (proposers.size() < height) {
      proposers.add(selection.next());
    }
    return proposers.get(height - 1);
  }


  /** Validators whose proposal arrived after their propose timeout (voted for anyway). */
  public long lateProposals() {
    return lateProposals;
  }

  private void beginHeight(int height) {
    int p = proposer(height, 0);
    host.whenMayPropose(p, height, () -> runHeight(height, p));
  }

  private void runHeight(int height, int p) {
    long now = sim.nowNanos();
    Block proposal = host.blockFor(height, 0, p);
    int v = stake.length;
    long[] arrival = dissemination.delaysFromNanos(p, proposal.bytes(), rng);
    long[] prevote = new long[v];
    for (int i = 0; i < v; i++) {
      arrival[i] = arrival[i] == QuorumArrival.NEVER ? QuorumArrival.NEVER : now + arrival[i];
      prevote[i] = Math.max(arrival[i], enteredNanos[i]);
      if (arrival[i] != QuorumArrival.NEVER
          && arrival[i] > enteredNanos[i] + timeouts.proposeNanos(0)) {
        lateProposals++;
      }
    }
    var prevoteQuorum = quorum.forAllReceivers(prevote, stake, voteBytes,
        StakeThreshold.TENDERMINT_QUORUM, rng);
    long[] precommit = new long[v];
    for (int i = 0; i < v; i++) {
      precommit[i] = Math.max(prevoteQuorum.timeNanos(i), arrival[i]);
    }
    var commitQuorum = quorum.forAllReceivers(precommit, stake, voteBytes,
        StakeThreshold.TENDERMINT_QUORUM, rng);
    method = commitQuorum.method().name();
    int combiner = proposer(height + 1, 0);
    List<Integer> signers = commitSigners(combiner, precommit);
    for (int i = 0; i < v; i++) {
      long at = commitQuorum.timeNanos(i);
      if (at == QuorumArrival.NEVER) {
        continue;
      }
      enteredNanos[i] = at;
      int validator = i;
      sim.schedule(at, s -> listener.onCommit(validator, height, 0, at,
          validator == combiner ? signers : List.of(), ProcessingTime.NONE));
    }
    if (height < heights) {
      long next = commitQuorum.timeNanos(combiner);
      if (next != QuorumArrival.NEVER) {
        sim.schedule(next + timeouts.timeoutCommitNanos(), s -> beginHeight(height + 1));
      }
    }
  }

  /** The precommits that reach the combiner first, until they hold more than 2/3 of the stake. */
  private List<Integer> commitSigners(int combiner, long[] precommit) {
    long[] delays = dissemination.delaysToNanos(combiner, voteBytes, rng);
    Integer[] order = new Integer[stake.length];
    long[] arrival = new long[stake.length];
    for (int j = 0; j < order.length; j++) {
      order[j] = j;
      arrival[j] = precommit[j] == QuorumArrival.NEVER || delays[j] == QuorumArrival.NEVER
          ? QuorumArrival.NEVER : precommit[j] + delays[j];
    }
    Arrays.sort(order, (a, b) -> arrival[a] != arrival[b]
        ? Long.compare(arrival[a], arrival[b]) : Integer.compare(a, b));
    long total = Arrays.stream(stake).sum();
    long held = 0;
    List<Integer> out = new ArrayList<>();
    for (int j : order) {
      if (StakeThreshold.TENDERMINT_QUORUM.reachedBy(held, total)) {
        break;
      }
      held += stake[j];
      out.add(j);
    }
    return out;
  }
}
