package dev.tdsim.engine;

/**
 * Something that happens at one instant of simulated time. The loop calls {@link #fire} with the
 * clock already set to the event's time; the event reads {@link Simulation#nowNanos()} and may
 * schedule further events. Events are plain objects or lambdas: the loop never reflects on them.
 */
@FunctionalInterface
public interface Event {
  void fire(Simulation sim);
}
