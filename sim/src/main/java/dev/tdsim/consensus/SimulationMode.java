package dev.tdsim.consensus;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** How consensus is simulated (YAML {@code consensus.simulation}). */
public enum SimulationMode {
  /** Exact up to {@code exact_max_validators} validators, large above. */
  AUTO,
  /** Every message an event. */
  EXACT,
  /** Quorum arrival times per voting step. */
  LARGE;

  /** Its YAML spelling. */
  public String yamlName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Every YAML spelling, in declaration order. */
  public static List<String> names() {
    return Arrays.stream(values()).map(SimulationMode::yamlName).toList();
  }
}
