package dev.tdsim.consensus.tendermint;

import java.util.Arrays;
import java.util.List;

/**
 * What one validator has seen of one (height, round): the proposal, how many of its block parts,
 * and the stake of the votes by kind. Owned by one {@link TendermintNode}.
 */
final class RoundState {
  Proposal proposal;
  int partsReceived;
  private final java.util.BitSet parts = new java.util.BitSet();
  /** Two validators known to hold this round's block (they voted for it), or -1. */
  int blockHolder = -1;
  int otherBlockHolder = -1;
  boolean repairAsked;
  /** When this validator first held +2/3 precommits for the block of this round, or -1. */
  long precommitQuorumNanos = -1;
  long prevoteBlock;
  long prevoteAny;
  long precommitBlock;
  long precommitAny;
  int precommitVoters;
  boolean prevoteTimerSet;
  boolean precommitTimerSet;
  private int[] precommitBlockSigners = new int[8];
  private int signers;

  /** Whether the whole block of this round's proposal has arrived. */
  boolean blockComplete() {
    return proposal != null && partsReceived >= proposal.parts();
  }

  /** Counts a part once, however many peers sent it; true if it was new. */
  boolean addPart(int index) {
    if (parts.get(index)) {
      return false;
    }
    parts.set(index);
    partsReceived++;
    return true;
  }

  void add(Vote v, long weight) {
    if (v.forBlock() && blockHolder < 0) {
      blockHolder = v.voter();
    } else if (v.forBlock() && otherBlockHolder < 0 && v.voter() != blockHolder) {
      otherBlockHolder = v.voter();
    }
    if (v.type() == Vote.Type.PREVOTE) {
      prevoteAny += weight;
      if (v.forBlock()) {
        prevoteBlock += weight;
      }
    } else {
      precommitAny += weight;
      precommitVoters++;
      if (v.forBlock()) {
        precommitBlock += weight;
        if (signers == precommitBlockSigners.length) {
          precommitBlockSigners = Arrays.copyOf(signers == 0 ? new int[8] : precommitBlockSigners,
              2 * signers);
        }
        precommitBlockSigners[signers++] = v.voter();
      }
    }
  }

  /** The validators whose precommits for the block arrived, in arrival order. */
  List<Integer> precommitBlockSigners() {
    return Arrays.stream(precommitBlockSigners, 0, signers).boxed().toList();
  }
}
