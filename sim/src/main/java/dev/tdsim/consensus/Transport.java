package dev.tdsim.consensus;

/**
 * How a protocol's messages travel between validators. The simulation's network implements it
 * (direct sends or gossip, latency, bandwidth, the peers' send loops); fault models wrap it
 * (drop, delay, partition) without the protocol knowing.
 */
public interface Transport {
  /** What happens when a message reaches one validator. */
  @FunctionalInterface
  interface Receiver {
    void receive(int validator, Message message);
  }

  /**
   * Sends {@code message} from {@code sender} to every validator: the sender's own copy is
   * delivered at once (inside this call), the others when they arrive.
   */
  void broadcast(int sender, Message message, Receiver receiver);

  /** Sends {@code message} from {@code sender} to {@code to} alone. */
  void send(int sender, int to, Message message, Receiver receiver);
}
