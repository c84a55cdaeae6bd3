package dev.tdsim.network;

/**
 * Each node's uplink as one queue of bulk data: a block part a relay forwards to its peers and
 * the batches of mempool transactions it flushes to them go out one after another, so each
 * delays the other (CometBFT's connections share the machine's network interface). Single-packet
 * messages (votes) are interleaved with the bulk and do not queue here.
 */
public final class Uplinks {
  /** By node: until when its uplink is busy (absolute ns). */
  private final long[] freeAtNanos;

  public Uplinks(int nodes) {
    freeAtNanos = new long[nodes];
  }

  /**
   * Queues {@code busyNanos} of sending on {@code node}'s uplink for data ready at {@code
   * readyNanos}; returns when it starts (after what was queued before).
   */
  public long reserve(int node, long readyNanos, long busyNanos) {
    long start = Math.max(readyNanos, freeAtNanos[node]);
    freeAtNanos[node] = start + busyNanos;
    return start;
  }
}
