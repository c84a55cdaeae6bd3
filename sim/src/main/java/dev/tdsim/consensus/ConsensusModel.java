package dev.tdsim.consensus;

/** A consensus model the simulation can run: message by message, or in aggregate. */
public interface ConsensusModel {
  /** Starts height 1 at every validator at {@code startNanos}. */
  void start(long startNanos);

  /** The proposer of (height, round). */
  int proposer(int height, int round);

  /** The highest round any height needed. */
  int maxRound();

  /** "exact" (every message an event) or "aggregate" (quorum arrival times per voting step). */
  String mode();
}
