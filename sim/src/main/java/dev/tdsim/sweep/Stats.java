package dev.tdsim.sweep;

import org.apache.commons.math3.distribution.TDistribution;

/** Mean and Student-t confidence interval of a few replicate values. */
public final class Stats {
  private Stats() {}

  /** Mean and the bounds of its two-sided confidence interval (NaN bounds for fewer than 2). */
  public record Interval(double mean, double low, double high, int n) {}

  public static double mean(double[] xs) {
    double s = 0;
    for (double x : xs) {
      s += x;
    }
    return xs.length == 0 ? Double.NaN : s / xs.length;
  }

  /** The 95% interval mean +- t(0.975, n-1) * sd / sqrt(n). */
  public static Interval ci95(double[] xs) {
    return ci(xs, 0.95);
  }

  public static Interval ci(double[] xs, double level) {
    int n = xs.length;
    double mean = mean(xs);
    if (n < 2) {
      return new Interval(mean, Double.NaN, Double.NaN, n);
    }
    double ss = 0;
    for (double x : xs) {
      ss += (x - mean) * (x - mean);
    }
    double sd = Math.sqrt(ss / (n - 1));
    double t = new TDistribution(n - 1).inverseCumulativeProbability(0.5 + level / 2);
    double half = t * sd / Math.sqrt(n);
    return new Interval(mean, mean - half, mean + half, n);
  }
}
