package dev.tdsim.consensus;

/**
 * A consensus message on the wire. Each protocol has its own sealed family of message records
 * (Tendermint's: proposal, block part, vote); the network only needs their size. A broadcast
 * message is one immutable object shared by all its receivers.
 */
public interface Message {
  /** Encoded size on the wire, in bytes (> 0). */
  long wireBytes();

  /**
   * Whether a message a fault loses or cuts off is sent again later: true for a gossiping
   * protocol, whose peers send each other what they lack (CometBFT); false for one that sends
   * each message once, directly, and recovers by its own timers (Jolteon).
   */
  default boolean resentWhenLost() {
    return true;
  }
}
