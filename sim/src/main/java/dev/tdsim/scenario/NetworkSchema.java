package dev.tdsim.scenario;

import static dev.tdsim.scenario.ValueTypes.BANDWIDTH;
import static dev.tdsim.scenario.ValueTypes.DURATION_OR_ZERO;

import dev.tdsim.network.Disseminations;
import dev.tdsim.network.JitterModels;
import dev.tdsim.network.LatencyModels;
import dev.tdsim.network.NetworkConfig;
import java.util.List;

/**
 * The keys of the {@code network} section, read into the network layer's {@link NetworkConfig}
 * (the knobs the YAML does not expose keep {@link NetworkConfig#defaults()}' values). The model
 * names are those of the network's registries.
 */
final class NetworkSchema {
  private NetworkSchema() {}

  private static final NetworkConfig DEFAULTS = NetworkConfig.defaults();

  static final Setting<NetworkConfig, String> MODEL = Setting.of("model",
      ValueTypes.oneOf(LatencyModels::names), DEFAULTS.latencyModel(),
      Setting.names(LatencyModels.names(), "LatencyModels.names()"), "latencyModel",
      NetworkConfig::latencyModel);
  /** The largest log-normal jitter sigma a scenario takes. */
  static final double MAX_SIGMA = 2;
  static final Setting<NetworkConfig, Long> LATENCY = Setting.of("latency", DURATION_OR_ZERO,
      DEFAULTS.uniformOneWayLatencyNanos(), ">= 0, below 1 h", "uniformOneWayLatencyNanos", NetworkConfig::uniformOneWayLatencyNanos);
  static final Setting<NetworkConfig, String> JITTER = Setting.of("jitter",
      ValueTypes.oneOf(JitterModels::names), DEFAULTS.jitterModel(),
      Setting.names(JitterModels.names(), "JitterModels.names()"), "jitterModel",
      NetworkConfig::jitterModel);
  static final Setting<NetworkConfig, Double> JITTER_SIGMA = Setting.of("jitter_sigma",
      ValueTypes.NUMBER, DEFAULTS.lognormalSigma(), "0 .. " + (int) MAX_SIGMA, "lognormalSigma",
      NetworkConfig::lognormalSigma);
  static final Setting<NetworkConfig, Long> BANDWIDTH_SETTING = Setting.of("bandwidth",
      BANDWIDTH, DEFAULTS.uplinkBitsPerSecond(), "positive; a block of"
          + " `consensus.max_block_bytes` crosses one link in under 1 h (at least 9321 bps for 4"
          + " MiB)", "uplinkBitsPerSecond", NetworkConfig::uplinkBitsPerSecond);
  static final Setting<NetworkConfig, String> DISSEMINATION = Setting.of("dissemination",
      ValueTypes.oneOf(Disseminations::names), DEFAULTS.dissemination(),
      Setting.names(Disseminations.names(), "Disseminations.names()"), "dissemination",
      NetworkConfig::dissemination);
  static final Setting<NetworkConfig, Integer> GOSSIP_FANOUT = Setting.of("gossip_fanout",
      ValueTypes.INT, DEFAULTS.gossipFanout(), ">= 1; with `gossip`, below `validators.count`",
      "gossipFanout", NetworkConfig::gossipFanout);
  static final Setting<NetworkConfig, Long> PEER_SEND_RATE = Setting.of("peer_send_rate",
      BANDWIDTH, DEFAULTS.peerSendRateBitsPerSecond(),
      "positive; as `bandwidth`, a block crosses it in under 1 h", "peerSendRateBitsPerSecond",
      NetworkConfig::peerSendRateBitsPerSecond).defaultShown("`40960 kbps` (5,120,000 B/s)");
  static final Setting<NetworkConfig, Long> FLUSH_THROTTLE = Setting.of("flush_throttle_timeout",
      DURATION_OR_ZERO, DEFAULTS.flushThrottleNanos(), ">= 0, below 1 h", "flushThrottleNanos",
      NetworkConfig::flushThrottleNanos);

  static final Section<NetworkConfig> SECTION = new Section<>("network",
      List.of(MODEL, LATENCY, JITTER, JITTER_SIGMA, BANDWIDTH_SETTING, DISSEMINATION,
          GOSSIP_FANOUT, PEER_SEND_RATE, FLUSH_THROTTLE),
      NetworkSchema::build, () -> DEFAULTS);

  /** The checks of the scenario layer (located errors), then the network's record. */
  private static NetworkConfig build(Section.Values v) {
    double sigma = v.get(JITTER_SIGMA);
    if (!(sigma >= 0) || !Double.isFinite(sigma)) {
      throw new ScenarioException(
          "network.jitter_sigma", "must be a finite number >= 0, got " + sigma);
    }
    if (sigma > MAX_SIGMA) {
      throw new ScenarioException("network.jitter_sigma", "must be at most " + (int) MAX_SIGMA
          + " (exp(sigma Z) with the normal draws tdsim makes, |Z| up to 8.3, already spans 10^-7"
          + " to 10^7 there; heavier tails: jitter: pareto), got " + sigma);
    }
    Checks.nonNegativeDuration("network.latency", v.get(LATENCY));
    Checks.belowOneStep("network.latency", v.get(LATENCY));
    Checks.belowOneStep("network.flush_throttle_timeout", v.get(FLUSH_THROTTLE));
    positiveBandwidth("network.bandwidth", v.get(BANDWIDTH_SETTING));
    Checks.atLeast("network.gossip_fanout", v.get(GOSSIP_FANOUT), 1);
    positiveBandwidth("network.peer_send_rate", v.get(PEER_SEND_RATE));
    Checks.nonNegativeDuration("network.flush_throttle_timeout", v.get(FLUSH_THROTTLE));
    return new NetworkConfig(v.get(MODEL), v.get(LATENCY), v.get(JITTER), sigma,
        DEFAULTS.paretoShape(), v.get(BANDWIDTH_SETTING), DEFAULTS.uplinkSharing(),
        v.get(DISSEMINATION), v.get(GOSSIP_FANOUT), DEFAULTS.gossipHopProcessingNanos(),
        v.get(PEER_SEND_RATE), v.get(FLUSH_THROTTLE));
  }

  private static void positiveBandwidth(String field, long bitsPerSecond) {
    if (bitsPerSecond <= 0) {
      throw new ScenarioException(
          field, "must be positive, got " + Units.formatBandwidth(bitsPerSecond));
    }
  }
}
