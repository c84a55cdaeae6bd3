package dev.tdsim.report;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A percentile bootstrap interval of a quantile (Efron and Tibshirani, "An Introduction to the
 * Bootstrap", 1993, ch. 13): the values resampled with replacement {@code resamples} times, the
 * quantile of each resample, and the middle {@code confidence} of those quantiles.
 *
 * <p>The resampling draws from the stream it is given (a seeded {@code RandomStreams} stream), so
 * the same values and stream give the same interval on every machine.
 */
final class Bootstrap {
  /** Resamples of the report's interval: enough for stable 2.5% and 97.5% points. */
  static final int RESAMPLES = 1000;
  /** The coverage the report's interval aims at. */
  static final double CONFIDENCE = 0.95;

  /** The interval's ends, in the values' unit. */
  record Interval(double low, double high) {
    boolean contains(double x) {
      return low <= x && x <= high;
    }
  }

  private Bootstrap() {}

  /**
   * The {@code confidence} interval of the {@code quantile}-th percentile (0..100, as {@link
   * Verdicts#percentile}) of {@code values}; NaN ends without values.
   */
  static Interval of(double[] values, double quantile, int resamples, double confidence,
      SplittableRandom random) {
    if (values.length == 0 || resamples < 1) {
      return new Interval(Double.NaN, Double.NaN);
    }
    double[] estimates = new double[resamples];
    double[] sample = new double[values.length];
    for (int r = 0; r < resamples; r++) {
      for (int i = 0; i < sample.length; i++) {
        sample[i] = values[random.nextInt(values.length)];
      }
      estimates[r] = Verdicts.percentile(sample, quantile);
    }
    Arrays.sort(estimates);
    double tail = 100 * (1 - confidence) / 2;
    return new Interval(Verdicts.percentile(estimates, tail),
        Verdicts.percentile(estimates, 100 - tail));
  }
}
