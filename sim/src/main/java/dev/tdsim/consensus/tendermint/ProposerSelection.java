package dev.tdsim.consensus.tendermint;

/**
 * Proposer rotation by stake, as CometBFT's proposer-priority algorithm: every step each
 * validator's priority grows by its stake, the highest priority proposes (ties to the lower
 * index) and pays the total stake. Over time each validator proposes in proportion to its stake.
 * Deterministic; {@link Rotation} takes one step per height and r more for round r.
 */
public final class ProposerSelection {
  private final long[] stake;
  private final long[] priority;
  private final long total;

  public ProposerSelection(long[] stake) {
    this.stake = stake.clone();
    this.priority = new long[stake.length];
    long sum = 0;
    for (long s : stake) {
      sum += s;
    }
    this.total = sum;
  }

  /** Advances one step and returns the proposer. */
  public int next() {
    int best = 0;
    for (int i = 0; i < stake.length; i++) {
      priority[i] += stake[i];
      if (priority[i] > priority[best]) {
        best = i;
      }
    }
    priority[best] -= total;
    return best;
  }
}
