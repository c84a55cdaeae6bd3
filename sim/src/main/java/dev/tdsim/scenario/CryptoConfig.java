package dev.tdsim.scenario;

import dev.tdsim.crypto.design.Designs;
import dev.tdsim.pipeline.CombinerRule;
import dev.tdsim.pipeline.Schedule;
import java.util.List;

/**
 * How decryption is done and timed: YAML section {@code crypto}.
 *
 * @param design the decryption design (YAML {@code design}, formerly {@code variant}: a Ferveo
 *     combine variant or a one-share-per-block design), one of {@link Designs#names()}
 * @param timing {@code measured} (run the real cryptography and time it) or {@code model} (charge
 *     times from a cost model calibrated beforehand)
 * @param calibration the cost model of {@code timing: model}: {@code builtin} or the path of a
 *     calibration file (relative paths are relative to the scenario file's directory; see {@link
 *     Scenario#calibrationFile()})
 * @param sampleHeights with measured timing, measure only this many heights (spread over the run)
 *     and reuse their times for the others; 0 = measure every height. At most heights
 * @param schedule when decryption runs: {@code before-next} (a height's decryption finishes before
 *     the next height starts), {@code pipelined} (it overlaps the next height) or {@code
 *     streamed} (ordering goes on, blocks executed once decrypted); null (the key absent) until
 *     the scenario resolves it to its protocol's ({@code ProtocolSettings.defaultSchedule()})
 * @param threads worker threads of the machine running tdsim on which the real crypto calls run,
 *     in [0, 4096]; 0 = every core of that machine. Not the simulated validators' cores ({@link
 *     ValidatorsConfig#cores()}): a measured call is converted to single-core time and charged
 *     on those
 * @param shareTimeoutNanos how long the combiner of a variant that folds the signer set into its
 *     shares waits for the shares of the set it announced before it reshares without the
 *     missing signers (YAML {@code share_timeout}, > 0; docs/SCENARIOS.md says why 1 s)
 * @param combiner who combines each height's decryption shares (YAML {@code combiner}), one of
 *     {@link CombinerRule#names()}: {@code failover} or {@code every-validator}
 * @param combinerTimeoutNanos with {@code failover}, how long a validator waits for a height's
 *     plaintexts after it sent its shares before it sends them to the next candidate combiner
 *     (YAML {@code combiner_timeout}, > 0, at most 1 h; docs/SCENARIOS.md says why 3 s)
 */
public record CryptoConfig(
    String design,
    String timing,
    String calibration,
    int sampleHeights,
    String schedule,
    int threads,
    long shareTimeoutNanos,
    String combiner,
    long combinerTimeoutNanos) {

  public static final List<String> TIMINGS = dev.tdsim.timing.TimingModels.names();
  public static final List<String> SCHEDULES = Schedule.names();
  public static final String BUILTIN = "builtin";
  public static final int MAX_THREADS = 4096;

  public static final String DEFAULT_DESIGN = "fast";
  public static final String DEFAULT_TIMING = "measured";
  public static final String DEFAULT_CALIBRATION = BUILTIN;
  public static final int DEFAULT_SAMPLE_HEIGHTS = 0;
  public static final String DEFAULT_SCHEDULE = Schedule.BEFORE_NEXT.scenarioName();
  public static final int DEFAULT_THREADS = 0;
  public static final long DEFAULT_SHARE_TIMEOUT_NANOS =
      dev.tdsim.pipeline.DecryptionPipeline.DEFAULT_SHARE_TIMEOUT_NANOS;
  public static final String DEFAULT_COMBINER = CombinerRule.FAILOVER.scenarioName();
  public static final long DEFAULT_COMBINER_TIMEOUT_NANOS =
      dev.tdsim.pipeline.DecryptionPipeline.DEFAULT_COMBINER_TIMEOUT_NANOS;
  /** The longest combiner timeout (as the fault durations: a longer wait is a halt). */
  public static final long MAX_COMBINER_TIMEOUT_NANOS = 3_600_000_000_000L;

  public CryptoConfig {
    Checks.oneOf("crypto.design", design, Designs.names());
    Checks.oneOf("crypto.timing", timing, TIMINGS);
    Checks.nonBlank("crypto.calibration", calibration);
    Checks.atLeast("crypto.sample_heights", sampleHeights, 0);
    if (schedule != null) { // null: the protocol's, which the scenario resolves
      Checks.oneOf("crypto.schedule", schedule, SCHEDULES);
    }
    Checks.inRange("crypto.threads", threads, 0, MAX_THREADS);
    Checks.positiveDuration("crypto.share_timeout", shareTimeoutNanos);
    Checks.oneOf("crypto.combiner", combiner, CombinerRule.names());
    Checks.positiveDuration("crypto.combiner_timeout", combinerTimeoutNanos);
    if (combinerTimeoutNanos > MAX_COMBINER_TIMEOUT_NANOS) {
      throw new ScenarioException("crypto.combiner_timeout", "must be at most 1 h, got "
          + Units.formatDuration(combinerTimeoutNanos));
    }
    CombinerRule rule = CombinerRule.byName(combiner);
    if (!rule.supportsFoldedSignerSets() && Designs.byName(design).sharesDependOnSigners()) {
      throw new ScenarioException("crypto.combiner", "'" + combiner + "' does not work with"
          + " crypto.design '" + design + "': its shares fold the signer set one combiner"
          + " announces, and with every validator combining each validator would make n sets of"
          + " shares; use combiner: failover, or a design whose shares do not depend on the"
          + " signers (" + String.join(", ", Designs.names().stream()
              .filter(d -> !Designs.byName(d).sharesDependOnSigners()).toList()) + ")");
    }
  }

  /** The same with {@code schedule}. */
  public CryptoConfig withSchedule(String other) {
    return new CryptoConfig(design, timing, calibration, sampleHeights, other, threads,
        shareTimeoutNanos, combiner, combinerTimeoutNanos);
  }

  /** The same with {@code sample_heights}. */
  public CryptoConfig withSampleHeights(int heights) {
    return new CryptoConfig(design, timing, calibration, heights, schedule, threads,
        shareTimeoutNanos, combiner, combinerTimeoutNanos);
  }

  /** The combiner rule of {@link #combiner()}. */
  public CombinerRule combinerRule() {
    return CombinerRule.byName(combiner);
  }

  /** With the default share timeout. */
  public CryptoConfig(String design, String timing, String calibration, int sampleHeights,
      String schedule, int threads) {
    this(design, timing, calibration, sampleHeights, schedule, threads,
        DEFAULT_SHARE_TIMEOUT_NANOS, DEFAULT_COMBINER, DEFAULT_COMBINER_TIMEOUT_NANOS);
  }

  /** fast, measured, builtin calibration, every height, before-next, all cores. */
  public static CryptoConfig defaults() {
    return new CryptoConfig(DEFAULT_DESIGN, DEFAULT_TIMING, DEFAULT_CALIBRATION,
        DEFAULT_SAMPLE_HEIGHTS, DEFAULT_SCHEDULE, DEFAULT_THREADS, DEFAULT_SHARE_TIMEOUT_NANOS,
        DEFAULT_COMBINER, DEFAULT_COMBINER_TIMEOUT_NANOS);
  }

  /** Whether the builtin cost model is used (calibration: builtin). */
  public boolean builtinCalibration() {
    return BUILTIN.equals(calibration);
  }

  /** The number of worker threads to use: threads, or all available cores when 0. */
  public int effectiveThreads() {
    return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
  }
}
