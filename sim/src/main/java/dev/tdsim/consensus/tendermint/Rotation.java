package dev.tdsim.consensus.tendermint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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

  /** One key per (height, round); rounds are below 2^32, so keys of different heights differ. */
  static long key(int height, int round) {
    return ((long) height << 32) | (round & 0xffffffffL);
  }
}
