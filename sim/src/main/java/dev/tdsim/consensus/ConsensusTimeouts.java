package dev.tdsim.consensus;

/**
 * Round timeouts that grow linearly per round, as CometBFT's: timeout(r) = base + r * delta
 * (defaults propose 3 s, prevote 1 s, precommit 1 s, delta 0.5 s).
 */
public record ConsensusTimeouts(
    long timeoutProposeNanos,
    long timeoutPrevoteNanos,
    long timeoutPrecommitNanos,
    long timeoutDeltaNanos) {
  public ConsensusTimeouts {
    if (timeoutProposeNanos <= 0 || timeoutPrevoteNanos <= 0 || timeoutPrecommitNanos <= 0
        || timeoutDeltaNanos < 0) {
      throw new IllegalArgumentException("timeouts must be positive (delta >= 0)");
    }
  }

  long proposeNanos(int round) {
    return timeoutProposeNanos + round * timeoutDeltaNanos;
  }

  long prevoteNanos(int round) {
    return timeoutPrevoteNanos + round * timeoutDeltaNanos;
  }

  long precommitNanos(int round) {
    return timeoutPrecommitNanos + round * timeoutDeltaNanos;
  }
}
