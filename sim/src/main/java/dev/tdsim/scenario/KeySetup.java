package dev.tdsim.scenario;

/** Where a run's first key set comes from (YAML {@code keys.setup}). */
public enum KeySetup {
  /** A trusted dealer, at setup, in no simulated time. */
  DEALER,
  /** The weighted PVSS DKG over the simulated network, from time 0. */
  DKG;

  /** Its YAML spelling (as every enum of a scenario: its name in lower case). */
  public String yamlName() {
    return ValueTypes.yamlName(this);
  }
}
