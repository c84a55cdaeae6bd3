package dev.tdsim.consensus.tendermint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * What one validator has seen of one (height, round): the proposal, how many of its block parts,
 * and the stake of the votes by kind. Owned by one {@link TendermintNode}.
 *
 * <p>A round normally has one block (fork 0). An equivocating proposer signs a second, different
 * block (fork 1) for the same round, so parts and votes for a block are counted per fork; a vote
 * for one fork never counts for the other.
 */
final class RoundState {
  /** The proposal this validator accepted (the first it received, as CometBFT does). */
  Proposal proposal;
  /** The block parts received per fork (index = fork); fork 1 only with an equivocator. */
  private final BitSet[] parts = {new BitSet(), null};
  private final int[] partsOf = new int[2];
  /** The proposals known per fork (a repair may bring the one this validator did not accept). */
  private final Proposal[] proposals = new Proposal[2];
  /** Two validators known to hold this round's block (they voted for it), or -1, per fork. */
  final int[] blockHolder = {-1, -1};
  final int[] otherBlockHolder = {-1, -1};
  boolean repairAsked;
  /** When this validator first held +2/3 precommits for a block of this round, or -1. */
  long precommitQuorumNanos = -1;
  final long[] prevoteFor = new long[2];
  final long[] precommitFor = new long[2];
  long prevoteAny;
  long precommitAny;
  int precommitVoters;
  boolean prevoteTimerSet;
  boolean precommitTimerSet;
  /**
   * Whether this validator saw the block polka in the prevote step without the block (CometBFT's
   * prevote wait): it then precommits only when a prevote is added once the block is here, or at
   * timeout_prevote, not when the block completes.
   */
  boolean polkaAwaitsPrevote;
  private int[] precommitBlockSigners = new int[8];
  private byte[] signerFork = new byte[8];
  private int signers;
  /**
   * What each voter voted, when conflicting votes are possible (else null): per voter and step,
   * 0 = nothing yet, 1 = nil, 2 + fork = that fork's block.
   */
  private byte[] prevoted;
  private byte[] precommitted;

  /** Keep every voter's vote, to detect conflicting ones (only needed with equivocators). */
  void trackVoters(int validators) {
    if (prevoted == null) {
      prevoted = new byte[validators];
      precommitted = new byte[validators];
    }
  }

  /** The fork of the accepted proposal (0 without one). */
  int fork() {
    return proposal == null ? 0 : proposal.fork();
  }

  /** Whether the whole block of this round's accepted proposal has arrived. */
  boolean blockComplete() {
    return proposal != null && partsOf[proposal.fork()] >= proposal.parts();
  }

  /** Whether the whole block of {@code fork} (accepted or not) has arrived. */
  boolean hasBlock(int fork) {
    Proposal p = proposals[fork];
    return p != null && partsOf[fork] >= p.parts();
  }

  /** Records a proposal; true if it is the first (the accepted one). */
  boolean addProposal(Proposal p) {
    if (proposals[p.fork()] == null) {
      proposals[p.fork()] = p;
    }
    if (proposal == null) {
      proposal = p;
      return true;
    }
    return false;
  }

  /** Counts a part once, however many peers sent it; true if it was new. */
  boolean addPart(int fork, int index) {
    if (parts[fork] == null) {
      parts[fork] = new BitSet();
    }
    if (parts[fork].get(index)) {
      return false;
    }
    parts[fork].set(index);
    partsOf[fork]++;
    return true;
  }

  /** Whether the last part of {@code fork}'s block just arrived (its proposal known). */
  boolean completes(int fork) {
    Proposal p = proposals[fork];
    return p != null && partsOf[fork] == p.parts();
  }

  /** Parts received of {@code fork}. */
  int partsReceived(int fork) {
    return partsOf[fork];
  }

  /** The fork whose prevotes reach {@code quorum}, or -1. */
  int prevoteQuorumFork(long quorum) {
    return prevoteFor[0] >= quorum ? 0 : prevoteFor[1] >= quorum ? 1 : -1;
  }

  /** The stake of the prevotes for nil (every prevote not for a block). */
  long nilPrevotes() {
    return prevoteAny - prevoteFor[0] - prevoteFor[1];
  }

  /** The fork whose precommits reach {@code quorum}, or -1. */
  int precommitQuorumFork(long quorum) {
    return precommitFor[0] >= quorum ? 0 : precommitFor[1] >= quorum ? 1 : -1;
  }

  /** The largest stake of prevotes or precommits for one block. */
  long maxBlockVotes() {
    return Math.max(Math.max(prevoteFor[0], prevoteFor[1]),
        Math.max(precommitFor[0], precommitFor[1]));
  }

  /** {@link #add}: the vote counted. */
  static final int COUNTED = 1;
  /** {@link #add}: the same vote again, ignored. */
  static final int DUPLICATE = 0;
  /** {@link #add}: a vote conflicting with the voter's earlier one (evidence), ignored. */
  static final int CONFLICTING = -1;

  /**
   * Adds a vote. When voters are tracked, a voter's second vote in a step is not counted: the
   * same vote again is a {@link #DUPLICATE}, a different one is {@link #CONFLICTING} (two signed
   * votes for different blocks: evidence of equivocation, as CometBFT's VoteSet reports it).
   */
  int add(Vote v, long weight) {
    if (prevoted != null) {
      byte[] seen = v.type() == Vote.Type.PREVOTE ? prevoted : precommitted;
      byte mark = (byte) (v.forBlock() ? 2 + v.fork() : 1);
      if (seen[v.voter()] != 0) {
        return seen[v.voter()] == mark ? DUPLICATE : CONFLICTING;
      }
      seen[v.voter()] = mark;
    }
    int f = v.fork();
    if (v.forBlock() && blockHolder[f] < 0) {
      blockHolder[f] = v.voter();
    } else if (v.forBlock() && otherBlockHolder[f] < 0 && v.voter() != blockHolder[f]) {
      otherBlockHolder[f] = v.voter();
    }
    if (v.type() == Vote.Type.PREVOTE) {
      prevoteAny += weight;
      if (v.forBlock()) {
        prevoteFor[f] += weight;
      }
    } else {
      precommitAny += weight;
      precommitVoters++;
      if (v.forBlock()) {
        precommitFor[f] += weight;
        addSigner(v.voter(), f);
      }
    }
    return COUNTED;
  }

  /**
   * Counts a peer's verified commit of {@code fork}: each signer's precommit for it that is not
   * counted yet, even if the signer's conflicting precommit was counted here (a commit carries
   * +2/3 signed precommits; only a coalition above a third signs two, and then the fork is
   * already made).
   *
   * @return the signers whose other precommit of this round was counted here (evidence)
   */
  List<Integer> adoptCommit(int fork, List<Integer> commitSigners, long[] stake) {
    byte mark = (byte) (2 + fork);
    List<Integer> conflicting = new ArrayList<>();
    for (int voter : commitSigners) {
      if (precommitted != null) {
        if (precommitted[voter] == mark) {
          continue;
        }
        if (precommitted[voter] != 0) {
          conflicting.add(voter);
        }
        precommitted[voter] = mark;
      }
      precommitFor[fork] += stake[voter];
      addSigner(voter, fork);
    }
    return conflicting;
  }

  private void addSigner(int voter, int fork) {
    if (signers == precommitBlockSigners.length) {
      precommitBlockSigners = Arrays.copyOf(precommitBlockSigners, 2 * signers);
      signerFork = Arrays.copyOf(signerFork, 2 * signers);
    }
    signerFork[signers] = (byte) fork;
    precommitBlockSigners[signers++] = voter;
  }

  /** The validators whose precommits for {@code fork}'s block arrived, in arrival order. */
  List<Integer> precommitBlockSigners(int fork) {
    int[] out = new int[signers];
    int n = 0;
    for (int i = 0; i < signers; i++) {
      if (signerFork[i] == fork) {
        out[n++] = precommitBlockSigners[i];
      }
    }
    return Arrays.stream(out, 0, n).boxed().toList();
  }
}
