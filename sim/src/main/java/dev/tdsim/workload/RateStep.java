package dev.tdsim.workload;

/**
 * One step of a rate schedule: from {@code atNanos} on (until the next step), clients submit at
 * {@code ratePerSecond} (YAML {@code {at: 60 s, rate: 800 tx/s}}).
 *
 * @param atNanos when the step starts, >= 0, from the start of the run
 * @param ratePerSecond the arrival rate from then on, >= 0 (0: a pause, nobody submits)
 */
public record RateStep(long atNanos, double ratePerSecond) {
  public RateStep {
    if (atNanos < 0) {
      throw new IllegalArgumentException("a rate step starts at a negative time: " + atNanos);
    }
    if (!(ratePerSecond >= 0) || !Double.isFinite(ratePerSecond)) {
      throw new IllegalArgumentException("a rate step's rate must be finite and >= 0, got "
          + ratePerSecond);
    }
  }
}
