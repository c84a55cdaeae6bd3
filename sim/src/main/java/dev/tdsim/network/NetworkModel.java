package dev.tdsim.network;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * The time a message takes from one validator to another:
 *
 * <pre>delivery = round(base latency(region(from), region(to)) x jitter) + serialization
 * serialization = ceil(bytes x 8 x 1e9 / uplink bits per second)  [ns]</pre>
 *
 * <p>Propagation and serialization are the two per-hop delay terms of the standard model
 * (Kurose and Ross, "Computer Networking", 8th ed., section 1.4.1; queueing and processing delay
 * are folded into the jitter). Bandwidth is the sender's uplink: in a consensus round one node
 * sends the same message to many, so the sender's uplink, not the receiver's downlink, is the
 * bottleneck. A validator sends to itself in zero time and without drawing (its own vote counts at
 * once).
 *
 * <p>Every method that draws takes the stream to draw from, so the caller controls which random
 * stream a message's jitter comes from and a run is reproducible from its seed.
 */
public final class NetworkModel {

  private static final BigInteger NANOS_PER_SECOND_TIMES_8 = BigInteger.valueOf(8_000_000_000L);

  private final LatencyModel latency;
  private final JitterModel jitter;
  private final long uplinkBitsPerSecond;
  private final UplinkSharing uplinkSharing;
  private final int[] regionOf;
  /** Each peer connection's own send-rate cap, or 0 for none. */
  private final long connectionBitsPerSecond;

  /**
   * @param validatorRegions region name of each validator, resolved once by {@code latency}
   */
  public NetworkModel(LatencyModel latency, JitterModel jitter, long uplinkBitsPerSecond,
      UplinkSharing uplinkSharing, List<String> validatorRegions) {
    this(latency, jitter, uplinkBitsPerSecond, uplinkSharing, validatorRegions, 0);
  }

  /**
   * @param connectionBitsPerSecond each peer connection's own send-rate cap (CometBFT's
   *     {@code p2p.send_rate}, 5,120,000 B/s per connection), or 0 for none: a copy of a message
   *     takes the longer of its share of the uplink and its connection's rate
   */
  public NetworkModel(LatencyModel latency, JitterModel jitter, long uplinkBitsPerSecond,
      UplinkSharing uplinkSharing, List<String> validatorRegions, long connectionBitsPerSecond) {
    if (connectionBitsPerSecond < 0) {
      throw new IllegalArgumentException("connectionBitsPerSecond must be >= 0");
    }
    this.connectionBitsPerSecond = connectionBitsPerSecond;
    this.latency = Objects.requireNonNull(latency, "latency");
    this.jitter = Objects.requireNonNull(jitter, "jitter");
    this.uplinkSharing = Objects.requireNonNull(uplinkSharing, "uplinkSharing");
    if (uplinkBitsPerSecond <= 0) {
      throw new IllegalArgumentException(
          "uplinkBitsPerSecond must be > 0, got " + uplinkBitsPerSecond);
    }
    this.uplinkBitsPerSecond = uplinkBitsPerSecond;
    if (validatorRegions == null || validatorRegions.isEmpty()) {
      throw new IllegalArgumentException("give the region of at least one validator");
    }
    regionOf = new int[validatorRegions.size()];
    for (int v = 0; v < regionOf.length; v++) {
      regionOf[v] = latency.regionIndex(validatorRegions.get(v));
    }
  }

  /** The models named in {@code config}, with validator v placed in {@code validatorRegions[v]}. */
  public static NetworkModel create(NetworkConfig config, List<String> validatorRegions) {
    return create(config, validatorRegions, 0);
  }

  /** The same, with a send-rate cap per peer connection (0 for none). */
  public static NetworkModel create(NetworkConfig config, List<String> validatorRegions,
      long connectionBitsPerSecond) {
    return new NetworkModel(LatencyModels.create(config), JitterModels.create(config),
        config.uplinkBitsPerSecond(), config.uplinkSharing(), validatorRegions,
        connectionBitsPerSecond);
  }

  public int validators() {
    return regionOf.length;
  }

  /** The latency model's index of the validator's region. */
  public int regionOf(int validator) {
    return regionOf[validator];
  }

  public LatencyModel latency() {
    return latency;
  }

  public JitterModel jitter() {
    return jitter;
  }

  public long uplinkBitsPerSecond() {
    return uplinkBitsPerSecond;
  }

  public UplinkSharing uplinkSharing() {
    return uplinkSharing;
  }

  /** The median one-way latency between two validators, no jitter, no serialization. */
  public long baseLatencyNanos(int from, int to) {
    return from == to ? 0 : latency.oneWayLatencyNanos(regionOf[from], regionOf[to]);
  }

  /** ceil(bytes x 8 / uplink) in ns, exact (no floating point, no overflow). */
  public long serializationNanos(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes must be >= 0, got " + bytes);
    }
    if (bytes <= Long.MAX_VALUE / 8_000_000_000L) {
      long bitNanos = bytes * 8_000_000_000L;
      return bitNanos / uplinkBitsPerSecond + (bitNanos % uplinkBitsPerSecond == 0 ? 0 : 1);
    }
    BigInteger[] qr = BigInteger.valueOf(bytes).multiply(NANOS_PER_SECOND_TIMES_8)
        .divideAndRemainder(BigInteger.valueOf(uplinkBitsPerSecond));
    return qr[0].add(qr[1].signum() == 0 ? BigInteger.ZERO : BigInteger.ONE).longValueExact();
  }

  /** One jittered propagation delay from {@code from} to {@code to}; 0 to itself. */
  public long propagationNanos(int from, int to, SplittableRandom rng) {
    if (from == to) {
      return 0;
    }
    long base = latency.oneWayLatencyNanos(regionOf[from], regionOf[to]);
    return Math.round(base * jitter.factor(rng));
  }

  /**
   * One message of {@code bytes} from {@code from} to {@code to}: jittered propagation plus the
   * serialization of one copy on the sender's uplink. 0 to itself.
   */
  public long deliveryNanos(int from, int to, long bytes, SplittableRandom rng) {
    if (from == to) {
      return 0;
    }
    return propagationNanos(from, to, rng) + serializationNanos(bytes, 1);
  }

  /**
   * The delay to every validator of one message that {@code from} sends to all others directly,
   * indexed by receiver ({@code [from] = 0}). Under {@link UplinkSharing#FAIR_SHARE} the V-1 copies
   * share the uplink, so each pays V-1 serializations; under {@link UplinkSharing#PER_LINK} each
   * pays one. Jitter is drawn in receiver order, one draw per receiver.
   */
  public long[] broadcastNanos(int from, long bytes, SplittableRandom rng) {
    int v = regionOf.length;
    long serialization = serializationNanos(bytes, v - 1);
    long[] delays = new long[v];
    for (int to = 0; to < v; to++) {
      if (to != from) {
        delays[to] = propagationNanos(from, to, rng) + serialization;
      }
    }
    return delays;
  }

  /**
   * Serialization of one copy when a node sends {@code copies} copies of {@code bytes} at once:
   * one copy's time under {@link UplinkSharing#PER_LINK}, {@code copies} times it under {@link
   * UplinkSharing#FAIR_SHARE}.
   */
  public long serializationNanos(long bytes, int copies) {
    long one = serializationNanos(bytes);
    long shared = uplinkSharing == UplinkSharing.FAIR_SHARE
        ? Math.multiplyExact(one, (long) Math.max(1, copies)) : one;
    if (connectionBitsPerSecond == 0) {
      return shared;
    }
    long bits = Math.multiplyExact(bytes, 8_000_000_000L);
    return Math.max(shared, (bits + connectionBitsPerSecond - 1) / connectionBitsPerSecond);
  }

  @Override
  public String toString() {
    return "NetworkModel[" + latency.name() + ", jitter=" + jitter + ", uplinkBitsPerSecond="
        + uplinkBitsPerSecond + ", " + uplinkSharing + ", validators=" + regionOf.length + "]";
  }
}
