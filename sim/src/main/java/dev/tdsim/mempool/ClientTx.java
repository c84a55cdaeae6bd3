package dev.tdsim.mempool;

/**
 * A transaction a client submits.
 *
 * @param atNanos when (simulated)
 * @param entryValidator the validator it is submitted to
 * @param payloadBytes its plaintext payload, >= 1 (sealed, it carries the design's overhead too)
 */
public record ClientTx(long atNanos, int entryValidator, int payloadBytes) {
  public ClientTx {
    if (atNanos < 0 || entryValidator < 0 || payloadBytes < 1) {
      throw new IllegalArgumentException("atNanos and entryValidator must be >= 0, payloadBytes"
          + " >= 1");
    }
  }
}
