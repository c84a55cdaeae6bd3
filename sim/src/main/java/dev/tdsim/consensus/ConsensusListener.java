package dev.tdsim.consensus;

import java.util.List;

/** What the consensus model tells the rest of the simulation. */
public interface ConsensusListener {
  /**
   * Validator {@code validator} committed {@code height} at {@code atNanos}.
   *
   * @param commitSigners the validators whose precommits formed its quorum, in arrival order
   */
  void onCommit(int validator, int height, int round, long atNanos, List<Integer> commitSigners);
}
