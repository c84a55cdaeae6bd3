package dev.tdsim.transport;

import java.util.function.IntConsumer;

/** Point-to-point and broadcast delivery over the network model, as simulation events. */
public interface Messenger {
  /** {@code onArrival} runs when the message has fully reached {@code to}. */
  void send(int from, int to, long bytes, Runnable onArrival);

  /** {@code onArrival} runs once per receiver (the sender itself at once). */
  void broadcast(int from, long bytes, IntConsumer onArrival);
}
