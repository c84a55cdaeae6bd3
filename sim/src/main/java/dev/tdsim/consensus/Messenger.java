package dev.tdsim.consensus;

import java.util.function.IntConsumer;

/**
 * Point-to-point and broadcast delivery of bytes over the network model, as simulation events:
 * the seam for traffic that is not a consensus {@link Message} (decryption shares and signer-set
 * announcements, DKG transcripts). Like {@link Transport}, the simulation's network implements
 * it and fault models wrap it.
 */
public interface Messenger {
  /** {@code onArrival} runs when the message has fully reached {@code to}. */
  void send(int from, int to, long bytes, Runnable onArrival);

  /** {@code onArrival} runs once per receiver (the sender itself at once). */
  void broadcast(int from, long bytes, IntConsumer onArrival);
}
