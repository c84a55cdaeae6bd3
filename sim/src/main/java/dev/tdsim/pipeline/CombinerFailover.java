package dev.tdsim.pipeline;

import dev.tdsim.engine.Simulation;
import java.util.Arrays;
import java.util.List;

/**
 * One height's failover ({@code crypto.combiner: failover}): which candidate combiner each
 * validator sends its shares to, and when it gives up on one. A validator that does not learn
 * the height's plaintexts within {@code crypto.combiner_timeout} after it sent its shares (or,
 * for designs that fold the signer set, after it moved to a candidate whose announcement it
 * waits for) moves to the next candidate. After the last candidate it starts again at the
 * first, but only at the next fault change (a crash ends, a partition heals): before that
 * nothing could go differently. Armed only in runs with faults: without them the designated
 * combiner always finishes, so a fault-free run is the same with and without failover.
 */
final class CombinerFailover {
  /** Moves a validator to the candidate at an index (absolute: index mod candidates). */
  interface Enter {
    void enter(int validator, int index);
  }

  private final Simulation sim;
  private final long timeoutNanos;
  private final long[] faultChangesNanos;
  private final List<Integer> candidates;
  private final Enter enter;
  /** Each validator's candidate index (-1: not committed yet). */
  private final int[] index;
  /** Each validator's current timer; a newer one cancels the older. */
  private final int[] timer;
  /** Validators that learned the plaintexts (the combiner's announcement, or the next commit). */
  private final boolean[] knows;
  private int frontier;

  CombinerFailover(Simulation sim, long timeoutNanos, long[] faultChangesNanos,
      List<Integer> candidates, int validators, Enter enter) {
    this.sim = sim;
    this.timeoutNanos = timeoutNanos;
    this.faultChangesNanos = faultChangesNanos;
    this.candidates = candidates;
    this.enter = enter;
    this.index = new int[validators];
    this.timer = new int[validators];
    this.knows = new boolean[validators];
    Arrays.fill(index, -1);
  }

  /** The candidate combiner at an absolute index. */
  int candidate(int i) {
    return candidates.get(i % candidates.size());
  }

  /** How many candidates there are (an index at or past it is a later pass). */
  int candidates() {
    return candidates.size();
  }

  /** The candidate index {@code validator} sends to (-1: it has not committed). */
  int index(int validator) {
    return index[validator];
  }

  /**
   * Where a validator that just committed starts: the candidate the others have reached (it
   * learns of the failover from them as it catches up), the designated combiner at first.
   */
  int joinIndex() {
    return frontier;
  }

  /** {@code validator} now sends to the candidate at {@code i}. */
  void entered(int validator, int i) {
    index[validator] = i;
    frontier = Math.max(frontier, i);
  }

  /** {@code validator} learned the plaintexts: it stops failing over. */
  void learned(int validator) {
    knows[validator] = true;
  }

  /**
   * Starts (or restarts) {@code validator}'s wait for the plaintexts at its current candidate:
   * when its shares left, or when it moved to a candidate it must wait for.
   */
  void arm(int validator) {
    int i = index[validator];
    int token = ++timer[validator];
    sim.scheduleAfter(timeoutNanos, s -> {
      if (timer[validator] == token && !knows[validator] && index[validator] == i) {
        next(validator, i + 1);
      }
    });
  }

  private void next(int validator, int i) {
    if (i % candidates.size() != 0) {
      enter.enter(validator, i);
      return;
    }
    // Every candidate was tried: again from the first once the faults change.
    long now = sim.nowNanos();
    for (long change : faultChangesNanos) {
      if (change > now) {
        sim.schedule(change, s -> {
          if (!knows[validator]) {
            enter.enter(validator, i);
          }
        });
        return;
      }
    }
  }
}
