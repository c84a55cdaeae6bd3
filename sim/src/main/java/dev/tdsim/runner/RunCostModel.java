package dev.tdsim.runner;

import dev.tdsim.calibration.MachineFingerprint;
import dev.tdsim.scenario.InputException;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.TimingModels;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * The cost model of {@code timing: model} and of unsampled heights: the builtin one, or the
 * calibration file, which is read only when durations come from it. A file that cannot be read
 * or lacks the variant is bad input (one line, exit 2); a file measured on another machine, too
 * old or from another tdsim version gets a note and a warning (see {@link MachineFingerprint}).
 */
final class RunCostModel {
  private RunCostModel() {}

  /**
   * @param sampled whether some heights take their durations from the cost model
   * @param progress gets each warning about the file as it is read
   */
  static CostModel of(Scenario s, String variant, boolean sampled, List<String> notes,
      Consumer<String> progress) {
    java.util.Optional<Path> file = s.calibrationFile();
    if (file.isEmpty() || !(TimingModels.fromCostModel(s.crypto().timing()) || sampled)) {
      return CostModel.builtin();
    }
    CostModel costs;
    try {
      costs = CostModel.read(file.get());
    } catch (IOException e) {
      throw new InputException("crypto.calibration: cannot read " + file.get() + ": "
          + e.getClass().getSimpleName() + " " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new InputException("crypto.calibration: malformed cost model " + e.getMessage(), e);
    }
    if (!costs.coefficients().containsKey(variant)) {
      throw new InputException("crypto.calibration: " + file.get() + " has no variant '"
          + variant + "' (it has " + costs.coefficients().keySet() + "); run 'tdsim calibrate"
          + " --variant " + variant + "'");
    }
    for (String warning : MachineFingerprint.warnings(file.get().toString(), costs.machine(),
        MachineFingerprint.current(), java.time.Instant.now())) {
      notes.add(warning);
      progress.accept("warning: " + warning);
    }
    return costs;
  }
}
