package dev.tdsim.engine;

/**
 * Tested by {@link Simulation#runUntil(StopCondition)} after every event: once it holds, the run
 * returns and the remaining events stay queued (a later run resumes them).
 */
@FunctionalInterface
public interface StopCondition {
  boolean shouldStop(Simulation sim);
}
