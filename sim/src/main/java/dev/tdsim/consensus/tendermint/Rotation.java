package dev.tdsim.consensus.tendermint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * The proposer of each (height, round): each (height, round) takes the next step of the stake
 * rotation the first time any validator reaches it, so heights that need extra rounds shift the
 * rotation as in CometBFT (which advances proposer priority once per round).
 */
final class Rotation {
  private final ProposerSelection selection;
  private final List<Integer> proposers = new ArrayList<>();
  private final Map<Long, Integer> index = new HashMap<>();

  Rotation(long[] stake) {
    this.selection = new ProposerSelection(stake);
  }

  int proposer(int height, int round) {
    int i = index.computeIfAbsent(key(height, round), k -> index.size());
    while (proposers.size() <= i) {
      proposers.add(selection.next());
    }
    return proposers.get(i);
  }

  /**
   * The proposer of {@code height + 1} in the first round whose proposer is not {@code
   * unavailable}, the round-0 proposer when none is: the validator that will propose the next
   * height, so the one that needs {@code height}'s plaintexts first. Asks later rounds only when
   * an earlier proposer is unavailable (asking a round ahead of time takes its rotation step).
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
