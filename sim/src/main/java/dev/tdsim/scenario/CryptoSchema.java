package dev.tdsim.scenario;

import static dev.tdsim.scenario.ValueTypes.INT;
import static dev.tdsim.scenario.ValueTypes.STRING;

import dev.tdsim.crypto.design.Designs;
import dev.tdsim.pipeline.CombinerRule;
import dev.tdsim.pipeline.Schedule;
import dev.tdsim.timing.TimingModels;
import java.util.List;
import org.snakeyaml.engine.v2.nodes.Node;

/** The keys of the {@code crypto} section. */
final class CryptoSchema {
  private CryptoSchema() {}

  /** {@code design}'s name before the one-share-per-block designs joined Ferveo's variants. */
  static final String OLD_DESIGN_KEY = "variant";

  static final Setting<CryptoConfig, String> DESIGN = Setting.of("design", STRING,
      CryptoConfig.DEFAULT_DESIGN, Setting.names(Designs.names(), "Designs.names()")
          + "; the old key `" + OLD_DESIGN_KEY + "` is read too", "design", CryptoConfig::design)
      .formerly(OLD_DESIGN_KEY);
  static final Setting<CryptoConfig, String> TIMING = Setting.of("timing", STRING,
      CryptoConfig.DEFAULT_TIMING, Setting.names(TimingModels.names(), null), "timing",
      CryptoConfig::timing);
  static final Setting<CryptoConfig, String> CALIBRATION = Setting.of("calibration", STRING,
      CryptoConfig.DEFAULT_CALIBRATION, "`builtin` or the path of a calibration file",
      "calibration", CryptoConfig::calibration);
  static final Setting<CryptoConfig, Integer> SAMPLE_HEIGHTS = Setting.of("sample_heights", INT,
      CryptoConfig.DEFAULT_SAMPLE_HEIGHTS, "0 .. `heights`", "sampleHeights",
      CryptoConfig::sampleHeights);
  /** Absent: null, which the scenario resolves to its protocol's schedule. */
  static final Setting<CryptoConfig, String> SCHEDULE = Setting.of("schedule", STRING,
      (String) null, Setting.names(Schedule.names(), null), "schedule", CryptoConfig::schedule)
      .defaultShown("the protocol's own: `before-next` for `tendermint`, `streamed` for"
          + " `jolteon`");
  static final Setting<CryptoConfig, Integer> THREADS = Setting.of("threads", INT,
      CryptoConfig.DEFAULT_THREADS, "0 .. 4096", "threads", CryptoConfig::threads);
  static final Setting<CryptoConfig, Long> SHARE_TIMEOUT = Setting.of("share_timeout",
      ValueTypes.DURATION, CryptoConfig.DEFAULT_SHARE_TIMEOUT_NANOS, "> 0", "shareTimeoutNanos",
      CryptoConfig::shareTimeoutNanos);
  static final Setting<CryptoConfig, String> COMBINER = Setting.of("combiner", STRING,
      CryptoConfig.DEFAULT_COMBINER, Setting.names(CombinerRule.names(), "CombinerRule.names()")
          + "; `every-validator` not with a design whose shares fold the signer set",
      "combiner", CryptoConfig::combiner);
  static final Setting<CryptoConfig, Long> COMBINER_TIMEOUT = Setting.of("combiner_timeout",
      ValueTypes.DURATION, CryptoConfig.DEFAULT_COMBINER_TIMEOUT_NANOS, "> 0, at most 1 h",
      "combinerTimeoutNanos", CryptoConfig::combinerTimeoutNanos);

  /**
   * Whether the written {@code key: value} is left out of the scenario's hash: keys added after
   * scenarios were first hashed ({@code combiner}, {@code combiner_timeout}), at their default,
   * so that adding them changed no scenario's hash (nor its result folders).
   */
  static boolean unhashedAtDefault(String key, Node value) {
    return (key.equals(COMBINER.key()) && isDefault(COMBINER, value))
        || (key.equals(COMBINER_TIMEOUT.key()) && isDefault(COMBINER_TIMEOUT, value));
  }

  private static <T> boolean isDefault(Setting<CryptoConfig, T> s,
      Node value) {
    T def = s.defaultOf().apply(null);
    return YamlNodes.flow(s.type().node(def)).equals(YamlNodes.flow(value));
  }

  static final Section<CryptoConfig> SECTION = new Section<>("crypto",
      List.of(DESIGN, TIMING, CALIBRATION, SAMPLE_HEIGHTS, SCHEDULE, THREADS, SHARE_TIMEOUT,
          COMBINER, COMBINER_TIMEOUT),
      v -> new CryptoConfig(v.get(DESIGN), v.get(TIMING), v.get(CALIBRATION),
          v.get(SAMPLE_HEIGHTS), v.get(SCHEDULE), v.get(THREADS), v.get(SHARE_TIMEOUT),
          v.get(COMBINER), v.get(COMBINER_TIMEOUT)),
      CryptoConfig::defaults);
}
