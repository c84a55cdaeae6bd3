package dev.tdsim.consensus;

/**
 * What a protocol asks about faulty validators, and tells about misbehaviour it detects. The
 * fault models ({@code dev.tdsim.faults}) implement it; {@link #NONE} is a fault-free run. Every
 * query is about the simulated time {@code atNanos} (the chain's height is the implementation's
 * business) and must be cheap: protocols ask it per action.
 */
public interface NodeFaults {
  /** Whether {@code validator} is down: it sends, receives and does nothing. */
  boolean isCrashed(int validator, long atNanos);

  /** Whether {@code validator}, as proposer, does not propose. */
  boolean isSilentProposer(int validator, long atNanos);

  /** Whether {@code validator}, as proposer, signs two conflicting proposals. */
  boolean equivocatesAsProposer(int validator, long atNanos);

  /** Whether {@code validator} signs conflicting votes (for two blocks). */
  boolean equivocatesAsVoter(int validator, long atNanos);

  /**
   * The split-vote attack {@code validator} takes part in now, as one of its coalition, or null
   * (it acts alone or honestly).
   */
  default SplitVote splitVote(int validator, long atNanos) {
    return null;
  }

  /**
   * Whether some validator mounts a split-vote attack at some time: honest validators left
   * behind at a height are then sent the commit they missed (CometBFT's catch-up gossip).
   */
  default boolean hasSplitVotes() {
    return false;
  }

  /** What {@code validator}'s CPU costs are multiplied by (1: normal). */
  /**
   * The precommitters of {@code height} whose commit certificate parts are right, as the combiner
   * finds when it combines them (all of them unless some validators send bad threshold-BLS
   * partials): only their key points count towards the certificate's t.
   */
  default java.util.List<Integer> goodCertificateParts(int height,
      java.util.List<Integer> precommitters, long atNanos) {
    return precommitters;
  }

  /**
   * What combining {@code height}'s certificate from these precommits costs beyond a clean
   * combine ({@code certificate.combineNanos()}): when a bad part spoils the combination, the
   * part-by-part check that names it and the second combination; 0 without bad parts.
   */
  default long extraCombineNanos(int height, java.util.List<Integer> precommitters,
      long atNanos, CertificateCosts certificate) {
    return 0;
  }

  double cpuFactor(int validator, long atNanos);

  /**
   * Simulated times at which a crash may begin or end (ascending): a protocol looks for
   * validators that recovered at each (crashes bounded by heights end at a commit instead).
   */
  long[] changeTimesNanos();

  /** Whether any fault changes what validators do (else the protocol may skip every check). */
  boolean any();

  /**
   * {@code detector} holds two conflicting signed votes of {@code culprit} for the same height,
   * round and step: evidence of equivocation (CometBFT's DuplicateVoteEvidence).
   */
  void onEvidence(int detector, int culprit, int height, int round);

  /**
   * Two validators committed different blocks at {@code height}: a safety violation (a fork).
   * Called once per height, at the first commit that differs from the height's first commit.
   */
  void onConflictingCommit(int height);

  /** A fault-free run. */
  NodeFaults NONE = new NodeFaults() {
    @Override
    public boolean isCrashed(int validator, long atNanos) {
      return false;
    }

    @Override
    public boolean isSilentProposer(int validator, long atNanos) {
      return false;
    }

    @Override
    public boolean equivocatesAsProposer(int validator, long atNanos) {
      return false;
    }

    @Override
    public boolean equivocatesAsVoter(int validator, long atNanos) {
      return false;
    }

    @Override
    public double cpuFactor(int validator, long atNanos) {
      return 1;
    }

    @Override
    public long[] changeTimesNanos() {
      return new long[0];
    }

    @Override
    public boolean any() {
      return false;
    }

    @Override
    public void onEvidence(int detector, int culprit, int height, int round) {}

    @Override
    public void onConflictingCommit(int height) {}
  };
}
