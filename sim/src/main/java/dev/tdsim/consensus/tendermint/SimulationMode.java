package dev.tdsim.consensus.tendermint;

/** How consensus is simulated (YAML {@code consensus.simulation}: its name in lower case). */
public enum SimulationMode {
  /** Exact up to {@code exact_max_validators} validators, large above. */
  AUTO,
  /** Every message an event. */
  EXACT,
  /** Quorum arrival times per voting step. */
  LARGE
}
