package dev.tdsim.engine;

/**
 * The receiving end of a broadcast scheduled with {@link Simulation#scheduleFanout}: called once
 * per receiver that the broadcast reaches, at that receiver's arrival time, with the clock set to
 * it. One target object stands for the whole broadcast (typically the immutable message, shared by
 * all receivers), so a broadcast to V validators allocates one object, not V lambdas.
 */
@FunctionalInterface
public interface FanoutTarget {

  /**
   * @param receiver the index of the receiver in the delay array given to {@link
   *     Simulation#scheduleFanout}, 0-based
   */
  void deliver(int receiver);
}
