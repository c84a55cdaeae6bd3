package dev.tdsim.consensus;

import java.util.List;

/** What the consensus protocol tells the rest of the simulation. */
public interface ConsensusListener {
  /**
   * Validator {@code validator} committed {@code height} at {@code atNanos}.
   *
   * @param round the round whose precommits decided it
   * @param commitSigners the validators whose precommits formed its quorum, in arrival order
   * @param costs the CPU time this validator spent on consensus processing during the height
   */
  void onCommit(int validator, int height, int round, long atNanos, List<Integer> commitSigners,
      ProcessingTime costs);
}
