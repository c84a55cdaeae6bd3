package dev.tdsim.bench.mpc;

import dev.tdsim.signing.Links;

/**
 * The simulated network of the MPC table: every party has one full-duplex link of {@code
 * bitsPerSecond} (an uplink and a downlink, each serving one message at a time) and every message
 * takes {@code oneWayLatencyNanos} from its last bit leaving the sender to its last bit arriving,
 * unless the receiver's downlink is still busy. Issue 11's setting: 1 ms round trip (0.5 ms one
 * way), 1 Gbps.
 *
 * @param oneWayLatencyNanos propagation delay per message, nanoseconds, at least 0
 * @param bitsPerSecond link bandwidth, bits per second, at least 1
 */
public record MpcNetwork(long oneWayLatencyNanos, long bitsPerSecond) implements Links {
  /** Issue 11's network: 0.5 ms one way, 1 Gbps. */
  public static final MpcNetwork PAPER = new MpcNetwork(500_000, 1_000_000_000L);

  public MpcNetwork {
    if (oneWayLatencyNanos < 0) {
      throw new IllegalArgumentException("one-way latency must be >= 0 ns, got "
          + oneWayLatencyNanos);
    }
    if (bitsPerSecond < 1) {
      throw new IllegalArgumentException("bandwidth must be >= 1 bit/s, got " + bitsPerSecond);
    }
  }

  /** The same latency between every two parties. */
  @Override
  public long oneWayNanos(int from, int to) {
    return oneWayLatencyNanos;
  }

  /** Time to put {@code bytes} on the link, nanoseconds (rounded up). */
  @Override
  public long transmissionNanos(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes must be >= 0, got " + bytes);
    }
    long bitNanos = Math.multiplyExact(bytes, 8L * 1_000_000_000L);
    return bitNanos / bitsPerSecond + (bitNanos % bitsPerSecond == 0 ? 0 : 1);
  }
}
