package dev.tdsim.scenario;

import java.util.List;

/**
 * The network model: YAML section {@code network}.
 *
 * @param model {@code regions} (one-way latencies from the region matrix of the network helper,
 *     validators placed by validators.regions) or {@code uniform} (every link has latency)
 * @param latencyNanos one-way latency of every link in the uniform model, >= 0 (YAML key {@code
 *     latency}); ignored by the regions model
 * @param jitter distribution of the random extra delay per message: {@code none}, {@code lognormal}
 *     or {@code pareto}
 * @param jitterSigma the sigma of ln(jitter factor) under {@code lognormal} (0.1 is a ~10% spread),
 *     finite and >= 0; unused by {@code none} and {@code pareto} (whose tail index is the network
 *     model's own)
 * @param bandwidthBitsPerSecond upload bandwidth of each validator, > 0 (YAML key {@code
 *     bandwidth})
 * @param dissemination how proposals and shares spread: {@code direct} (to everyone) or {@code
 *     gossip} (to gossipFanout random peers, which forward)
 * @param gossipFanout peers per gossip step, >= 1, and below validators.count when gossiping
 * @param peerSendRateBitsPerSecond each peer connection's send-rate cap, > 0 (YAML {@code
 *     peer_send_rate}; CometBFT's {@code p2p.send_rate}, 5,120,000 B/s = 40960 kbps)
 * @param flushThrottleNanos a connection flushes a small message this long after the first write
 *     since its last flush, >= 0 (YAML {@code flush_throttle_timeout}; CometBFT's {@code
 *     p2p.flush_throttle_timeout}: 10 ms since v1.0, 100 ms before)
 */
public record NetworkConfig(
    String model,
    long latencyNanos,
    String jitter,
    double jitterSigma,
    long bandwidthBitsPerSecond,
    String dissemination,
    int gossipFanout,
    long peerSendRateBitsPerSecond,
    long flushThrottleNanos) {

  public static final List<String> MODELS = List.of("regions", "uniform");
  public static final List<String> JITTERS = List.of("none", "lognormal", "pareto");
  public static final List<String> DISSEMINATIONS = List.of("direct", "gossip");

  public static final String DEFAULT_MODEL = "regions";
  public static final long DEFAULT_LATENCY_NANOS = 50_000_000L;
  public static final String DEFAULT_JITTER = "lognormal";
  public static final double DEFAULT_JITTER_SIGMA = 0.2;
  public static final long DEFAULT_BANDWIDTH_BITS_PER_SECOND = 1_000_000_000L;
  public static final String DEFAULT_DISSEMINATION = "direct";
  public static final int DEFAULT_GOSSIP_FANOUT = 8;
  public static final long DEFAULT_PEER_SEND_RATE_BITS_PER_SECOND = 5_120_000L * 8;
  public static final long DEFAULT_FLUSH_THROTTLE_NANOS = 10_000_000L;

  public NetworkConfig {
    Checks.oneOf("network.model", model, MODELS);
    Checks.nonNegativeDuration("network.latency", latencyNanos);
    Checks.oneOf("network.jitter", jitter, JITTERS);
    if (!(jitterSigma >= 0) || !Double.isFinite(jitterSigma)) {
      throw new ScenarioException(
          "network.jitter_sigma", "must be a finite number >= 0, got " + jitterSigma);
    }
    if (bandwidthBitsPerSecond <= 0) {
      throw new ScenarioException("network.bandwidth", "must be positive, got "
          + Units.formatBandwidth(bandwidthBitsPerSecond));
    }
    Checks.oneOf("network.dissemination", dissemination, DISSEMINATIONS);
    Checks.atLeast("network.gossip_fanout", gossipFanout, 1);
    if (peerSendRateBitsPerSecond <= 0) {
      throw new ScenarioException("network.peer_send_rate", "must be positive, got "
          + Units.formatBandwidth(peerSendRateBitsPerSecond));
    }
    Checks.nonNegativeDuration("network.flush_throttle_timeout", flushThrottleNanos);
  }

  /**
   * Regions model, 50 ms, lognormal jitter with sigma 0.2, 1 Gbps, direct, fanout 8, CometBFT
   * v1.0's connections (5.12 MB/s each, 10 ms flush throttle).
   */
  public static NetworkConfig defaults() {
    return new NetworkConfig(DEFAULT_MODEL, DEFAULT_LATENCY_NANOS, DEFAULT_JITTER,
        DEFAULT_JITTER_SIGMA, DEFAULT_BANDWIDTH_BITS_PER_SECOND, DEFAULT_DISSEMINATION,
        DEFAULT_GOSSIP_FANOUT, DEFAULT_PEER_SEND_RATE_BITS_PER_SECOND,
        DEFAULT_FLUSH_THROTTLE_NANOS);
  }
}
