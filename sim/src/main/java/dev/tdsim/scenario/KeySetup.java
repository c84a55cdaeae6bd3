package dev.tdsim.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Where a run's first key set comes from (YAML {@code keys.setup}). */
public enum KeySetup {
  /** A trusted dealer, at setup, in no simulated time. */
  DEALER,
  /** The weighted PVSS DKG over the simulated network, from time 0. */
  DKG;

  /** Its YAML spelling. */
  public String yamlName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Every YAML spelling, in declaration order. */
  public static List<String> names() {
    return Arrays.stream(values()).map(KeySetup::yamlName).toList();
  }
}
