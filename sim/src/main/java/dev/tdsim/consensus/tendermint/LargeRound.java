package dev.tdsim.consensus.tendermint;

import dev.tdsim.consensus.Block;
import dev.tdsim.consensus.CertificateCosts;
import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.network.QuorumArrival;
import dev.tdsim.network.StakeThreshold;
import java.util.Arrays;

/**
 * One round of one height of {@link LargeCommitteeTendermint}, computed in one go from each
 * validator's round start: the proposal and its parts, every validator's prevote (the block if it
 * holds and has validated it before its propose timeout, else nil at the timeout), the prevote
 * quorums each receiver verifies, every precommit (the block on a block quorum that comes before
 * the prevote timeout, once the validator holds the block: {@link #precommitChoice}; nil at once
 * on +2/3 nil prevotes), and the precommit quorums. The
 * rules and costs are {@link TendermintNode}'s; only the message events are replaced by
 * {@link QuorumArrival#forAllReceiversServed} per voting step.
 */
final class LargeRound {
  private static final long NEVER = QuorumArrival.NEVER;
  private static final StakeThreshold QUORUM = StakeThreshold.TENDERMINT_QUORUM;
  private static final StakeThreshold ALL = StakeThreshold.atLeast(1, 1);

  private final LargeCommitteeTendermint model;
  private final TendermintSettings settings;
  private final NodeCosts costs;
  private final int v;
  final int height;
  final int round;
  /** By validator: when it enters this round ({@link #NEVER}: it does not). */
  final long[] startNanos;

  /** By validator: the precommit send time and whether it is for the block. */
  long[] precommitNanos;
  boolean[] precommitForBlock;
  /** By validator: +2/3 block precommits, +2/3 any precommits, all precommits, verified. */
  long[] blockQuorumNanos;
  long[] anyQuorumNanos;
  long[] allPrecommitsNanos;
  /** By validator: precommits verified when the block quorum stood. */
  int[] precommitsHandled;
  boolean proposed;

  LargeRound(LargeCommitteeTendermint model, int height, int round, long[] startNanos) {
    this.model = model;
    this.settings = Tendermint.settingsOf(model.context);
    this.costs = model.context.costs();
    this.v = startNanos.length;
    this.height = height;
    this.round = round;
    this.startNanos = startNanos;
  }

  /** Whether +2/3 of the stake precommitted the block, so every receiver gets its quorum. */
  boolean decided() {
    for (long t : blockQuorumNanos) {
      if (t != NEVER) {
        return true;
      }
    }
    return false;
  }

  /** When validator i, not decided, starts the next round: +2/3 any precommits + timeout. */
  long nextRoundNanos(int i) {
    long any = anyQuorumNanos[i];
    return any == NEVER ? NEVER : any + settings.precommitNanos(round);
  }

  /**
   * Computes the round. {@code proposedAtNanos} is when the proposer's proposal was allowed
   * ({@link #NEVER}: it made none in time); {@code blockAtNanos} (by validator, when it first held
   * a complete block of this height) is updated.
   */
  void compute(int proposer, long proposedAtNanos, long[] blockAtNanos) {
    long sign = costs.voteSignNanos();
    long sync = costs.signedMessageSyncNanos();
    long verify = costs.voteVerifyNanos();
    // Precommits carry the commit certificate's part (consensus.certificate).
    long pcSign = costs.precommitSignNanos();
    long pcVerify = costs.precommitVerifyNanos();
    long[] complete = new long[v];
    Arrays.fill(complete, NEVER);
    // By validator: its check of the proposal, ahead of the prevotes on its CPU.
    QuorumArrival.Backlog[] proposalChecks = new QuorumArrival.Backlog[v];
    Arrays.fill(proposalChecks, QuorumArrival.Backlog.NONE);
    proposed = proposedAtNanos != NEVER;
    if (proposed) {
      proposal(proposer, proposedAtNanos, complete, proposalChecks);
      for (int i = 0; i < v; i++) {
        blockAtNanos[i] = Math.min(blockAtNanos[i], complete[i]);
      }
    }

    // Prevotes: the block once complete and validated before the propose timeout, else nil.
    long[] ready = new long[v];
    long[] cost = new long[v];
    long[] send = new long[v];
    long[] entry = new long[v];
    long[][] weights = new long[3][v];
    for (int i = 0; i < v; i++) {
      if (startNanos[i] == NEVER) {
        ready[i] = entry[i] = send[i] = NEVER;
        continue;
      }
      long timeout = startNanos[i] + settings.proposeNanos(round);
      long at = Math.max(startNanos[i], complete[i]);
      boolean forBlock = complete[i] != NEVER && at < timeout;
      long validation = 0;
      if (forBlock) {
        // ValidateBlock with its LastCommit, then ProcessProposal (not for one's own block).
        validation = costs.commitVerifyNanos()
            + (i == proposer ? 0 : model.context.blocks().validationNanos(height, i));
      } else {
        at = timeout;
      }
      model.charge(i, validation, sign + verify * (v - 1), sync);
      ready[i] = at;
      entry[i] = at;
      cost[i] = validation + sign + sync;
      send[i] = at + cost[i];
      weights[0][i] = forBlock ? model.stake[i] : 0;
      weights[1][i] = model.stake[i];
      weights[2][i] = forBlock ? 0 : model.stake[i];
    }
    QuorumArrival.ServedQuorums prevotes = model.quorum.forAllReceiversServed(send, model.stake,
        weights, new StakeThreshold[] {QUORUM, QUORUM, QUORUM}, model.voteBytes, verify, ready,
        cost, proposalChecks, model.rng);
    model.countBroadcasts(senders(send));

    // Precommits: the block on +2/3 block prevotes before the prevote timeout (counted from +2/3
    // any prevotes once in the prevote step) if the block is here, else nil.
    precommitNanos = new long[v];
    precommitForBlock = new boolean[v];
    long[][] pcWeights = new long[3][v];
    for (int i = 0; i < v; i++) {
      if (startNanos[i] == NEVER) {
        ready[i] = cost[i] = precommitNanos[i] = NEVER;
        continue;
      }
      long block = prevotes.timesNanos()[0][i];
      long any = prevotes.timesNanos()[1][i];
      long timeout = any == NEVER ? NEVER
          : Math.max(any, entry[i]) + settings.prevoteNanos(round);
      // A nil polka (+2/3 nil prevotes, once in the prevote step) precommits nil at once.
      long nil = prevotes.timesNanos()[2][i];
      long nilPolka = nil == NEVER ? NEVER : Math.max(nil, entry[i]);
      // A block polka seen while still in the propose step counts once the validator prevotes
      // (CometBFT's addVote precommits on it only from the prevote step on).
      long polka = block == NEVER ? NEVER : Math.max(block, entry[i]);
      PrecommitChoice choice = precommitChoice(polka, nilPolka, timeout, blockAtNanos[i],
          prevotes.queues()[i]);
      boolean forBlock = choice.forBlock();
      long at = choice.atNanos();
      if (at == NEVER) {
        ready[i] = cost[i] = precommitNanos[i] = NEVER;
        continue;
      }
      long validation = forBlock ? costs.commitVerifyNanos() : 0;
      model.charge(i, validation, pcSign, sync);
      ready[i] = at;
      cost[i] = validation + pcSign + sync;
      precommitNanos[i] = at + cost[i];
      precommitForBlock[i] = forBlock;
      pcWeights[0][i] = forBlock ? model.stake[i] : 0;
      pcWeights[1][i] = model.stake[i];
      pcWeights[2][i] = model.stake[i];
    }
    QuorumArrival.ServedQuorums precommits = model.quorum.forAllReceiversServed(precommitNanos,
        model.stake, pcWeights, new StakeThreshold[] {QUORUM, QUORUM, ALL},
        model.precommitBytes, pcVerify, ready, cost, prevotes.queues(), model.rng);
    model.countBroadcasts(senders(precommitNanos));
    blockQuorumNanos = precommits.timesNanos()[0];
    anyQuorumNanos = precommits.timesNanos()[1];
    allPrecommitsNanos = precommits.timesNanos()[2];
    precommitsHandled = precommits.handled()[0];
    model.method = precommits.method();
    boolean decided = decided();
    for (int i = 0; i < v; i++) {
      if (startNanos[i] != NEVER) {
        // Received precommits verified before the commit (all of them in a round that fails).
        int others = decided ? Math.max(0, precommitsHandled[i] - 1) : v - 1;
        model.charge(i, 0, pcVerify * others, 0);
      }
    }
  }

  /**
   * When a validator in the prevote step precommits, given when it holds a block polka and a nil
   * polka (from its prevote on), its timeout_prevote (from +2/3 of any prevotes), when it first
   * holds the block and its prevote step's CPU queue (time {@link #NEVER}: it does not
   * precommit in this round). On a block polka with the block here it precommits the block at once; without the
   * block, CometBFT's addVote enters prevote wait, and the validator precommits the block on the
   * first prevote it handles once the block is complete (the block's completion alone moves
   * nothing), else at timeout_prevote (the block if it is here by then, else nil).
   */
  static PrecommitChoice precommitChoice(long polka, long nilPolka, long timeout, long blockAt,
      QuorumArrival.Backlog prevoteQueue) {
    if (polka == NEVER || polka >= timeout || polka > nilPolka) {
      return new PrecommitChoice(Math.min(timeout, nilPolka), false);
    }
    if (blockAt <= polka) {
      return new PrecommitChoice(polka, true);
    }
    long next = blockAt == NEVER ? NEVER : prevoteQueue.firstDoneAfter(blockAt);
    if (next < timeout) {
      return new PrecommitChoice(next, true);
    }
    return new PrecommitChoice(timeout, blockAt <= timeout);
  }

  /** When a validator's precommit is ready to sign, and whether it is for the block. */
  record PrecommitChoice(long atNanos, boolean forBlock) {}

  /**
   * The proposer signs and syncs its proposal and parts, then hands them to the network through
   * its send loops, as {@link TendermintNode} does; sets when each validator holds them all and
   * its check of the proposal's signature (on its CPU from the proposal's arrival, ahead of the
   * prevotes that arrive meanwhile).
   */
  private void proposal(int proposer, long atNanos, long[] complete,
      QuorumArrival.Backlog[] checks) {
    Block block = model.context.blocks().blockFor(height, round, proposer);
    CertificateCosts cert = costs.certificate();
    long blockBytes = block.bytes() + (height > 1 ? cert.blockExtraBytes() : 0);
    int parts = settings.partsOf(blockBytes);
    long fsyncs = costs.signedMessageSyncNanos() + parts * costs.blockPartSyncNanos();
    // The proposer first combines the previous height's precommits into its LastCommit
    // certificate (aggregating schemes; charged in each round it proposes, as a simplification);
    // building the block (a batched design's digest) delays the proposal, as in TendermintNode.
    long combine = height > 1 ? cert.combineNanos() : 0;
    model.charge(proposer, block.buildNanos(), combine + costs.voteSignNanos(), fsyncs);
    long sent = atNanos + block.buildNanos() + combine + costs.voteSignNanos() + fsyncs;
    var dissemination = model.context.dissemination();
    long[] proposal = dissemination.sendNanos(proposer, Proposal.WIRE_BYTES, sent, model.rng);
    long[] last = new long[v];
    long left = blockBytes;
    for (int k = 0; k < parts; k++) {
      long bytes = Math.min(settings.blockPartSizeBytes(), left);
      left -= bytes;
      long[] d = dissemination.sendNanos(proposer, bytes + BlockPart.OVERHEAD_BYTES, sent,
          model.rng);
      for (int i = 0; i < v; i++) {
        last[i] = last[i] == NEVER || d[i] == NEVER ? NEVER : Math.max(last[i], d[i]);
      }
    }
    model.countMessages((1L + parts) * v);
    for (int i = 0; i < v; i++) {
      if (proposal[i] == NEVER || last[i] == NEVER) {
        continue;
      }
      // A received proposal's signature is verified before the block counts as complete.
      long verify = i == proposer ? 0 : costs.voteVerifyNanos();
      model.charge(i, 0, verify, 0);
      complete[i] = sent + Math.max(proposal[i] + verify, last[i]);
      if (verify > 0) {
        checks[i] = new QuorumArrival.Backlog(Long.MIN_VALUE, new long[] {sent + proposal[i]},
            new long[] {verify}, new int[] {proposer});
      }
    }
  }

  private static int senders(long[] send) {
    int n = 0;
    for (long t : send) {
      if (t != NEVER) {
        n++;
      }
    }
    return n;
  }
}
