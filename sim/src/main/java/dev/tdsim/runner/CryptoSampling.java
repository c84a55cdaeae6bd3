package dev.tdsim.runner;

import dev.tdsim.scenario.Scenario;

/**
 * When one height of real crypto tells as much as every height: with {@code crypto.timing:
 * model} every latency comes from the cost model whether or not the real calls run at a height,
 * so a run with the real crypto at one sampled height has the verdicts and percentiles of a run
 * at every height (ParallelSearchTest checks it), and the real crypto still runs, checked, at
 * that height. Sweep points and probes, and a run's extra replicates, use it.
 */
public final class CryptoSampling {
  private CryptoSampling() {}

  /**
   * Whether {@code s} may run the real crypto at one sampled height only: model timing, no
   * sampling set already (to keep every height real, set {@code crypto.sample_heights} to the
   * heights), more than one height, and no faults (share faults need the real crypto at every
   * height). Never with measured timing, whose latencies are the calls' own times.
   */
  public static boolean oneHeightSuffices(Scenario s) {
    return dev.tdsim.timing.TimingModels.fromCostModel(s.crypto().timing())
        && s.crypto().sampleHeights() == 0 && s.heights() > 1 && s.faults().isEmpty();
  }

  /** The heights at which a run of {@code s} calls the real crypto (share faults aside). */
  public static java.util.List<Integer> sampledHeights(Scenario s) {
    return RealCryptoHeights.sampledHeights(s.heights(), s.crypto().sampleHeights());
  }

  /** {@code s} with the real crypto at one sampled height when {@link #oneHeightSuffices}. */
  public static Scenario atOneHeightWherePossible(Scenario s) {
    return oneHeightSuffices(s) ? s.withCrypto(s.crypto().withSampleHeights(1)) : s;
  }
}
