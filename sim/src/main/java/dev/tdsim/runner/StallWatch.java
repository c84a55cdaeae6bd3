package dev.tdsim.runner;

import dev.tdsim.engine.Simulation;
import dev.tdsim.engine.StopCondition;

/**
 * Ends a run whose chain decrypts no height for {@link #STALL_NANOS} of simulated time while its
 * events go on: a protocol that cannot make progress (rounds that time out before a proposal too
 * large for them arrives, each with a larger one) would otherwise keep the engine busy for ever.
 * The run then reports the heights it has, and the rest as not decrypted, with why.
 * Tested after every event ({@link Simulation#runUntil(StopCondition)}); it adds no event.
 */
final class StallWatch implements StopCondition {
  /**
   * Five minutes of simulated time: longer than any height of the shipped scenarios takes (the
   * slowest, 4096 messages at 1000 validators, about 47 s) and than a DKG at 150 validators (34
   * s).
   */
  static final long STALL_NANOS = 300_000_000_000L;

  private long lastProgressNanos;
  private boolean stalled;

  /** A height was decrypted now. */
  void progressed(long nowNanos) {
    lastProgressNanos = nowNanos;
  }

  @Override
  public boolean shouldStop(Simulation sim) {
    if (sim.nowNanos() - lastProgressNanos > STALL_NANOS) {
      stalled = true;
    }
    return stalled;
  }

  /** Whether the run was ended for making no progress. */
  boolean stalled() {
    return stalled;
  }

  /** Why the heights left were not decrypted. */
  static String reason() {
    return "the chain decrypted no height for " + STALL_NANOS / 1_000_000_000L + " s of"
        + " simulated time while its events went on (a stalled protocol), so the run was ended";
  }
}
