package dev.tdsim.network;

import java.util.Objects;

/**
 * Everything that picks and parametrises the network model, validated here so that a bad scenario
 * fails before the simulation starts, naming the field, the value and what is allowed. Model names
 * are normalised to lower case and checked against their registries. The scenario's {@code
 * network} section is read into it (docs/SCENARIOS.md names the YAML keys); the knobs the YAML does
 * not expose (Pareto shape, uplink sharing, gossip hop processing) keep the values of {@link
 * #defaults()}, which are a scenario's defaults.
 *
 * @param latencyModel a {@link LatencyModels} name: {@code uniform} or {@code regions}
 * @param uniformOneWayLatencyNanos the one-way latency of every link under {@code uniform}, >= 0
 * @param jitterModel a {@link JitterModels} name: {@code none}, {@code lognormal} or {@code pareto}
 * @param lognormalSigma sigma of ln(factor) under {@code lognormal}, >= 0
 * @param paretoShape tail index under {@code pareto}, > 0
 * @param uplinkBitsPerSecond every sender's uplink bandwidth, > 0
 * @param uplinkSharing how the copies of a broadcast share that uplink
 * @param dissemination a {@link Disseminations} name: {@code direct} or {@code gossip}
 * @param gossipFanout peers each node picks for the gossip overlay, >= 1
 * @param gossipHopProcessingNanos time a gossip relay spends (validation) before forwarding, >= 0
 * @param peerSendRateBitsPerSecond each peer connection's send-rate cap, > 0 (CometBFT's {@code
 *     p2p.send_rate}, 5,120,000 B/s = 40960 kbps)
 * @param flushThrottleNanos a connection flushes a small message this long after the first write
 *     since its last flush, >= 0 (CometBFT's {@code p2p.flush_throttle_timeout}: 10 ms since v1.0,
 *     100 ms before)
 */
public record NetworkConfig(
    String latencyModel,
    long uniformOneWayLatencyNanos,
    String jitterModel,
    double lognormalSigma,
    double paretoShape,
    long uplinkBitsPerSecond,
    UplinkSharing uplinkSharing,
    String dissemination,
    int gossipFanout,
    long gossipHopProcessingNanos,
    long peerSendRateBitsPerSecond,
    long flushThrottleNanos) {

  /** 50 ms one-way under {@code uniform}. */
  public static final long DEFAULT_UNIFORM_LATENCY_NANOS = 50_000_000L;
  /** A ~20% log-normal spread of every link's latency. */
  public static final double DEFAULT_LOGNORMAL_SIGMA = 0.2;
  /** 1 Gbit/s, a common cloud validator uplink. */
  public static final long DEFAULT_UPLINK_BITS_PER_SECOND = 1_000_000_000L;
  public static final int DEFAULT_GOSSIP_FANOUT = 8;
  /** CometBFT's {@code p2p.send_rate}: 5,120,000 B/s. */
  public static final long DEFAULT_PEER_SEND_RATE_BITS_PER_SECOND = 5_120_000L * 8;
  /** CometBFT v1.0's {@code p2p.flush_throttle_timeout}. */
  public static final long DEFAULT_FLUSH_THROTTLE_NANOS = 10_000_000L;

  public NetworkConfig {
    latencyModel = LatencyModels.canonicalName(latencyModel);
    jitterModel = JitterModels.canonicalName(jitterModel);
    dissemination = Disseminations.canonicalName(dissemination);
    Objects.requireNonNull(uplinkSharing, "uplinkSharing");
    if (uniformOneWayLatencyNanos < 0) {
      throw new IllegalArgumentException(
          "uniformOneWayLatencyNanos must be >= 0, got " + uniformOneWayLatencyNanos);
    }
    if (!(lognormalSigma >= 0) || Double.isInfinite(lognormalSigma)) {
      throw new IllegalArgumentException(
          "lognormalSigma must be finite and >= 0, got " + lognormalSigma);
    }
    if (!(paretoShape > 0) || Double.isInfinite(paretoShape)) {
      throw new IllegalArgumentException("paretoShape must be finite and > 0, got " + paretoShape);
    }
    if (uplinkBitsPerSecond <= 0) {
      throw new IllegalArgumentException(
          "uplinkBitsPerSecond must be > 0, got " + uplinkBitsPerSecond);
    }
    if (gossipFanout < 1) {
      throw new IllegalArgumentException("gossipFanout must be >= 1, got " + gossipFanout);
    }
    if (gossipHopProcessingNanos < 0) {
      throw new IllegalArgumentException(
          "gossipHopProcessingNanos must be >= 0, got " + gossipHopProcessingNanos);
    }
    if (peerSendRateBitsPerSecond <= 0) {
      throw new IllegalArgumentException(
          "peerSendRateBitsPerSecond must be > 0, got " + peerSendRateBitsPerSecond);
    }
    if (flushThrottleNanos < 0) {
      throw new IllegalArgumentException(
          "flushThrottleNanos must be >= 0, got " + flushThrottleNanos);
    }
  }

  /**
   * A scenario's network: measured AWS latencies with a 20% log-normal jitter, 1 Gbit/s uplinks
   * shared fairly by a broadcast's copies, direct sends, CometBFT v1.0's connections (5.12 MB/s
   * each, 10 ms flush throttle); uniform latency 50 ms, Pareto shape {@link
   * ParetoJitter#DEFAULT_SHAPE} and gossip fanout 8 when those are chosen.
   */
  public static NetworkConfig defaults() {
    return new NetworkConfig(RegionLatency.NAME, DEFAULT_UNIFORM_LATENCY_NANOS,
        LognormalJitter.NAME, DEFAULT_LOGNORMAL_SIGMA, ParetoJitter.DEFAULT_SHAPE,
        DEFAULT_UPLINK_BITS_PER_SECOND, UplinkSharing.FAIR_SHARE, Disseminations.DIRECT,
        DEFAULT_GOSSIP_FANOUT, 0L, DEFAULT_PEER_SEND_RATE_BITS_PER_SECOND,
        DEFAULT_FLUSH_THROTTLE_NANOS);
  }

  public NetworkConfig withLatencyModel(String name) {
    return new NetworkConfig(name, uniformOneWayLatencyNanos, jitterModel, lognormalSigma,
        paretoShape, uplinkBitsPerSecond, uplinkSharing, dissemination, gossipFanout,
        gossipHopProcessingNanos, peerSendRateBitsPerSecond, flushThrottleNanos);
  }

  /** Chooses {@code uniform} with this one-way latency. */
  public NetworkConfig withUniformLatency(long oneWayLatencyNanos) {
    return new NetworkConfig(UniformLatency.NAME, oneWayLatencyNanos, jitterModel, lognormalSigma,
        paretoShape, uplinkBitsPerSecond, uplinkSharing, dissemination, gossipFanout,
        gossipHopProcessingNanos, peerSendRateBitsPerSecond, flushThrottleNanos);
  }

  public NetworkConfig withJitterModel(String name) {
    return new NetworkConfig(latencyModel, uniformOneWayLatencyNanos, name, lognormalSigma,
        paretoShape, uplinkBitsPerSecond, uplinkSharing, dissemination, gossipFanout,
        gossipHopProcessingNanos, peerSendRateBitsPerSecond, flushThrottleNanos);
  }

  /** Chooses {@code lognormal} with this sigma. */
  public NetworkConfig withLognormalJitter(double sigma) {
    return new NetworkConfig(latencyModel, uniformOneWayLatencyNanos, LognormalJitter.NAME, sigma,
        paretoShape, uplinkBitsPerSecond, uplinkSharing, dissemination, gossipFanout,
        gossipHopProcessingNanos, peerSendRateBitsPerSecond, flushThrottleNanos);
  }

  /** Chooses {@code pareto} with this shape. */
  public NetworkConfig withParetoJitter(double shape) {
    return new NetworkConfig(latencyModel, uniformOneWayLatencyNanos, ParetoJitter.NAME,
        lognormalSigma, shape, uplinkBitsPerSecond, uplinkSharing, dissemination, gossipFanout,
        gossipHopProcessingNanos, peerSendRateBitsPerSecond, flushThrottleNanos);
  }

  public NetworkConfig withUplink(long bitsPerSecond, UplinkSharing sharing) {
    return new NetworkConfig(latencyModel, uniformOneWayLatencyNanos, jitterModel, lognormalSigma,
        paretoShape, bitsPerSecond, sharing, dissemination, gossipFanout,
        gossipHopProcessingNanos, peerSendRateBitsPerSecond, flushThrottleNanos);
  }

  public NetworkConfig withDirect() {
    return new NetworkConfig(latencyModel, uniformOneWayLatencyNanos, jitterModel, lognormalSigma,
        paretoShape, uplinkBitsPerSecond, uplinkSharing, Disseminations.DIRECT, gossipFanout,
        gossipHopProcessingNanos, peerSendRateBitsPerSecond, flushThrottleNanos);
  }

  /** Chooses {@code gossip} with this fanout and per-relay processing time. */
  public NetworkConfig withGossip(int fanout, long hopProcessingNanos) {
    return new NetworkConfig(latencyModel, uniformOneWayLatencyNanos, jitterModel, lognormalSigma,
        paretoShape, uplinkBitsPerSecond, uplinkSharing, Disseminations.GOSSIP, fanout,
        hopProcessingNanos, peerSendRateBitsPerSecond, flushThrottleNanos);
  }
}
