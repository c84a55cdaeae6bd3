package dev.tdsim.consensus.tendermint;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * The proposer of each (height, round), as CometBFT chooses it: the committed state advances the
 * stake rotation one step per height ({@code IncrementProposerPriority(1)} in the block
 * executor's {@code updateState}), and round r of a height takes r more steps on a copy of that
 * height's validator set ({@code enterNewRound}), so extra rounds at one height do not shift the
 * proposers of the next: the round-0 proposer of h + 1 is the round-1 proposer of h. Heights
 * start at 1, so (h, r) is step h - 1 + r of the rotation.
 */
final class Rotation {
  private final ProposerSelection selection;
  private final List<Integer> proposers = new ArrayList<>();

  Rotation(long[] stake) {
    this.selection = new ProposerSelection(stake);
  }

  int proposer(int height, int round) {
    int step = Math.addExact(height - 1, round);
    while (proposers.size() <= step) {
      proposers.add(selection.next());
    }
    return proposers.get(step);
  }

  /**
   * The proposer of {@code height + 1} in the first round whose proposer is not {@code
   * unavailable}, the round-0 proposer when none is: the validator that will propose the next
   * height, so the one that needs {@code height}'s plaintexts first.
   */
  int combinerOf(int height, IntPredicate unavailable, int validators) {
    for (int r = 0; r < validators; r++) {
      int p = proposer(height + 1, r);
      if (!unavailable.test(p)) {
        return p;
      }
    }
    return proposer(height + 1, 0);
  }

  /** One key per (height, round); rounds are below 2^32, so keys of different heights differ. */
  static long key(int height, int round) {
    return ((long) height << 32) | (round & 0xffffffffL);
  }
}
