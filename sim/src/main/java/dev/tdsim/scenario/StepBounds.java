package dev.tdsim.scenario;

import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import dev.tdsim.timing.TimingModels;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks of a whole scenario that need more than one section, done when it is loaded so that
 * {@code validate} catches them and a run never starts with them: no single step of the run may
 * take {@link Units#MAX_STEP_NANOS} of simulated time or more (a whole block over one link, one
 * crypto operation on one core), and the calibration file a run reads must be complete and
 * plausible for the scenario. Errors are unlocated {@link ScenarioException}s the reader
 * locates.
 */
final class StepBounds {
  private StepBounds() {}

  /** Checks {@code s}; returns it. */
  static Scenario check(Scenario s) {
    checkLink(s, "network.bandwidth", s.network().uplinkBitsPerSecond());
    checkLink(s, "network.peer_send_rate", s.network().peerSendRateBitsPerSecond());
    checkCostModel(s);
    return s;
  }

  /** A block of max_block_bytes must cross one link in less than the step bound. */
  private static void checkLink(Scenario s, String field, long bitsPerSecond) {
    long blockBytes = s.consensus().maxBlockBytes();
    double nanos = blockBytes * 8.0 / bitsPerSecond * 1e9;
    if (nanos >= Units.MAX_STEP_NANOS) {
      long minimum = (long) Math.ceil(blockBytes * 8.0 / (Units.MAX_STEP_NANOS / 1e9));
      throw new ScenarioException(field, Units.formatBandwidth(bitsPerSecond) + " is too"
          + " slow: a block of consensus.max_block_bytes (" + Units.formatSize(blockBytes)
          + ") would take " + Units.formatApprox(nanos) + " on one link, and a single"
          + " transfer must take less than " + Units.formatDuration(Units.MAX_STEP_NANOS)
          + " of simulated time; give at least " + Units.formatBandwidth(minimum) + " (or"
          + " lower consensus.max_block_bytes)", "consensus.max_block_bytes");
    }
  }

  /**
   * The cost model a run reads (the calibration file when durations come from it or heights
   * are sampled; the builtin one otherwise) must have the variant and every operation the
   * variant uses, and no operation may take the step bound or more on one core at this
   * scenario's sizes.
   */
  private static void checkCostModel(Scenario s) {
    CryptoConfig c = s.crypto();
    boolean readsModel = TimingModels.fromCostModel(c.timing()) || c.sampleHeights() > 0;
    if (!readsModel) {
      return;
    }
    CostModel model = c.builtinCalibration() ? CostModel.builtin() : read(s);
    String variant = c.design();
    Map<CryptoOp, CostModel.Coefficients> ops = model.coefficients().get(variant);
    if (ops == null && c.builtinCalibration()) {
      // A design tdsim has code for but whose costs were not calibrated into the builtin model.
      throw new ScenarioException("crypto.timing", "the builtin cost model has no costs for"
          + " design '" + variant + "' yet, so 'timing: " + c.timing() + "'"
          + (c.sampleHeights() > 0 ? " with crypto.sample_heights" : "") + " cannot price it;"
          + " run 'tdsim calibrate --variant " + variant + "' and set crypto.calibration to the"
          + " file it writes, or use 'timing: measured' (every height's real crypto, timed)",
          "crypto.design", "crypto.sample_heights");
    }
    if (ops == null) {
      throw new ScenarioException("crypto.calibration", "calibration file '" + c.calibration()
          + "' has no variant '" + variant + "' (it has " + String.join(", ",
              model.coefficients().keySet()) + "); run 'tdsim calibrate --variant " + variant
          + "'", "crypto.design");
    }
    List<String> missing = new ArrayList<>();
    for (CryptoOp op : model.missingOps(variant)) {
      missing.add(op.name());
    }
    if (!missing.isEmpty()) {
      throw new ScenarioException("crypto.calibration", "calibration file '" + c.calibration()
          + "' has no cost for " + String.join(", ", missing) + " of variant '" + variant
          + "', which the variant uses (it would be charged 0 ms); run 'tdsim calibrate"
          + " --variant " + variant + "'");
    }
    boolean pricesDkg = s.keys().usesDkg() && TimingModels.fromCostModel(c.timing());
    List<String> missingDkg = pricesDkg
        ? model.missingKeySetupOps().stream().map(Enum::name).toList() : List.of();
    if (!missingDkg.isEmpty()) {
      throw new ScenarioException("crypto.calibration", "calibration file '" + c.calibration()
          + "' has no cost for " + String.join(", ", missingDkg) + " (the key setup's DKG,"
          + " which 'timing: " + c.timing() + "' charges when keys come from a DKG, keys.setup:"
          + " dkg or keys.epoch_length); run 'tdsim calibrate --variant none --dkg' and merge its key_setup section,"
          + " recalibrate with --dkg, or use 'timing: measured'", "keys.setup",
          "keys.epoch_length");
    }
    int msgs = s.workload().msgsPerBlock() != null ? s.workload().msgsPerBlock()
        : s.consensus().maxBlockTxs();
    long msgBytes = Math.min(s.consensus().maxBlockBytes(),
        (long) Math.min(Long.MAX_VALUE / 2, (double) msgs * s.workload().msgSizeBytes()));
    OpSize largest = new OpSize(msgs, s.validators().count(), s.keys().shares(), msgBytes);
    for (Map.Entry<CryptoOp, CostModel.Coefficients> e : ops.entrySet()) {
      double nanos = e.getValue().predict(largest) / s.validators().speed();
      if (!(nanos < Units.MAX_STEP_NANOS)) {
        throw new ScenarioException("crypto.calibration", (c.builtinCalibration()
            ? "the builtin cost model" : "calibration file '" + c.calibration() + "'")
            + " makes " + e.getKey() + " of variant '" + variant + "' take "
            + Units.formatApprox(nanos) + " on one core for a block of " + msgs
            + " messages at " + s.validators().count() + " validators and " + s.keys().shares()
            + " shares (at validators.speed " + Units.formatNumber(s.validators().speed())
            + "); a single operation must take less than "
            + Units.formatDuration(Units.MAX_STEP_NANOS) + " of simulated time, so these"
            + " coefficients or sizes are not plausible", "crypto.design",
            "workload.msgs_per_block", "validators.count");
      }
    }
    if (pricesDkg) {
      // A DKG of every validator dealing: D = V transcripts aggregated.
      int v = s.validators().count();
      OpSize dkg = new OpSize(v, v, s.keys().shares(), 0);
      model.keySetup().coefficients().forEach((op, coefficients) -> {
        double nanos = coefficients.predict(dkg) / s.validators().speed();
        if (!(nanos < Units.MAX_STEP_NANOS)) {
          throw new ScenarioException("crypto.calibration", (c.builtinCalibration()
              ? "the builtin cost model" : "calibration file '" + c.calibration() + "'")
              + " makes " + op + " take " + Units.formatApprox(nanos) + " on one core at "
              + v + " validators and " + s.keys().shares() + " shares; a single operation must"
              + " take less than " + Units.formatDuration(Units.MAX_STEP_NANOS) + " of simulated"
              + " time, so these coefficients or sizes are not plausible", "keys.shares",
              "validators.count");
        }
      });
    }
  }

  private static CostModel read(Scenario s) {
    CryptoConfig c = s.crypto();
    Path file = s.calibrationFile().orElseThrow();
    if (!Files.exists(file)) {
      throw new ScenarioException("crypto.calibration", "calibration file '"
          + c.calibration() + "' not found (looked for " + file.toAbsolutePath()
          + "); relative paths are relative to the scenario file, or use 'builtin'");
    }
    try {
      return CostModel.read(file);
    } catch (IOException e) {
      throw new ScenarioException("crypto.calibration", "cannot read calibration file '"
          + c.calibration() + "': " + dev.tdsim.input.InputFiles.describe(e));
    } catch (IllegalArgumentException e) {
      throw new ScenarioException("crypto.calibration", "calibration file '" + c.calibration()
          + "' is not a valid cost model: " + e.getMessage());
    }
  }
}
