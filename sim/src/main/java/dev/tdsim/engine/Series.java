package dev.tdsim.engine;

/**
 * A sequence of steps that one owner runs one after another at known times (a validator's CPU
 * working through its queue of messages): one queue entry for the whole sequence, re-keyed to the
 * next step's time after each step instead of a new entry per step (the trick of {@link Fanout},
 * for steps that are added while the sequence runs).
 */
public interface Series extends Event {
  /** Returned by {@link #advance()} when no step is left. */
  long DONE = Long.MIN_VALUE;

  /**
   * Takes the step due now off the sequence and returns the time of the one after it (>= now), or
   * {@link #DONE}. Called by the loop just before {@link #fire} runs the step taken.
   */
  long advance();
}
