package dev.tdsim.bench.mpc;

import dev.tdsim.network.RegionLatency;
import dev.tdsim.signing.Links;
import java.util.List;

/**
 * The simulated network of the MPC table: every party has one full-duplex link of {@code
 * bitsPerSecond} (an uplink and a downlink, each serving one message at a time) and every message
 * takes {@code oneWayLatencyNanos} from its last bit leaving the sender to its last bit arriving,
 * unless the receiver's downlink is still busy. Issue 11's setting: 1 ms round trip (0.5 ms one
 * way), 1 Gbps.
 *
 * @param oneWayLatencyNanos propagation delay per message, nanoseconds, at least 0
 * @param bitsPerSecond link bandwidth, bits per second, at least 1
 * @param regions empty: every link {@code oneWayLatencyNanos}; else party i sits in region
 *     {@code regions[i mod size]} and a message takes the region matrix's median one-way
 *     latency between the two parties' regions ({@link RegionLatency}; 0 within a region's
 *     own entry as the matrix gives it), {@code oneWayLatencyNanos} unused
 */
public record MpcNetwork(long oneWayLatencyNanos, long bitsPerSecond, List<String> regions)
    implements Links {
  /** Issue 11's network: 0.5 ms one way, 1 Gbps. */
  public static final MpcNetwork PAPER = new MpcNetwork(500_000, 1_000_000_000L);

  /** Every link at the same latency. */
  public MpcNetwork(long oneWayLatencyNanos, long bitsPerSecond) {
    this(oneWayLatencyNanos, bitsPerSecond, List.of());
  }

  /** Parties on {@code regions} in turn, the region matrix's latencies between them. */
  public static MpcNetwork onRegions(List<String> regions, long bitsPerSecond) {
    return new MpcNetwork(0, bitsPerSecond, regions);
  }

  public MpcNetwork {
    regions = List.copyOf(regions);
    for (String r : regions) {
      RegionLatency.oneWayMillis(r, r); // an unknown region fails here, naming the known ones
    }
    if (oneWayLatencyNanos < 0) {
      throw new IllegalArgumentException("one-way latency must be >= 0 ns, got "
          + oneWayLatencyNanos);
    }
    if (bitsPerSecond < 1) {
      throw new IllegalArgumentException("bandwidth must be >= 1 bit/s, got " + bitsPerSecond);
    }
  }

  @Override
  public long oneWayNanos(int from, int to) {
    if (regions.isEmpty()) {
      return oneWayLatencyNanos;
    }
    if (from == to) {
      return 0;
    }
    return Math.round(RegionLatency.oneWayMillis(regions.get(from % regions.size()),
        regions.get(to % regions.size())) * 1e6);
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
