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

  /**
   * Validator {@code validator} entered {@code round} of {@code height} at {@code atNanos}. A
   * height whose round-0 proposer is down or silent has no proposal until a later round: its
   * consensus time must start when round 0 began, not at that later proposal.
   */
  default void onRoundStart(int validator, int height, int round, long atNanos) {}
}
