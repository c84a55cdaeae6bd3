package dev.tdsim.calibration;

import java.util.List;

/**
 * Fits Amdahl's serial fraction f to wall times measured at 1 and at p threads: the model is
 * W(p) / W(1) = f + (1 - f) / p, i.e. with y = W(p)/W(1) - 1/p and x = 1 - 1/p, y = f x, a line
 * through the origin. Closed-form weighted least squares: f = sum(w x y) / sum(w x^2), clamped
 * to [0, 1], with its standard error from the weighted residuals.
 *
 * <p>Weights: each observation counts with sqrt(max(W(1), 1 ms) / 1 ms), so long calls (the ones
 * that decide a simulated critical path, and whose ratios are the least noisy) count more,
 * without one giant call deciding everything; sub-millisecond calls, where thread hand-off and
 * timer noise dominate, count as 1 ms ones. Observations at p = 1 carry no information and are
 * skipped.
 */
public final class AmdahlFit {
  private static final double FLOOR_NANOS = CostFit.FLOOR_NANOS;

  private AmdahlFit() {}

  /**
   * One observation: the same call's median wall time on one thread and on {@code threads}
   * usable threads.
   */
  public record Observation(double wall1Nanos, double wallNanos, int threads) {}

  /**
   * @param serialFraction f in [0, 1]
   * @param stdErr its standard error (NaN with fewer than 2 observations)
   * @param points observations used (p >= 2)
   * @param minPointFraction smallest per-observation estimate of f (unclamped), NaN if none
   * @param maxPointFraction largest per-observation estimate of f (unclamped), NaN if none
   */
  public record Result(double serialFraction, double stdErr, int points, double minPointFraction,
      double maxPointFraction) {}

  public static Result fit(List<Observation> observations) {
    double sxx = 0;
    double sxy = 0;
    int n = 0;
    double lo = Double.NaN;
    double hi = Double.NaN;
    for (Observation o : observations) {
      if (o.threads() < 2 || !(o.wall1Nanos() > 0) || !(o.wallNanos() > 0)) {
        continue;
      }
      double w = weight(o);
      double x = 1 - 1.0 / o.threads();
      double y = o.wallNanos() / o.wall1Nanos() - 1.0 / o.threads();
      sxx += w * x * x;
      sxy += w * x * y;
      n++;
      double single = y / x;
      lo = Double.isNaN(lo) ? single : Math.min(lo, single);
      hi = Double.isNaN(hi) ? single : Math.max(hi, single);
    }
    if (n == 0) {
      return new Result(Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN);
    }
    double f = sxy / sxx;
    double se = Double.NaN;
    if (n >= 2) {
      double sse = 0;
      for (Observation o : observations) {
        if (o.threads() < 2 || !(o.wall1Nanos() > 0) || !(o.wallNanos() > 0)) {
          continue;
        }
        double w = weight(o);
        double x = 1 - 1.0 / o.threads();
        double e = o.wallNanos() / o.wall1Nanos() - 1.0 / o.threads() - f * x;
        sse += w * e * e;
      }
      // Var(f) = sigma^2 / sum(w x^2), sigma^2 (of a unit-weight observation) = sum(w e^2)/(n-1).
      se = Math.sqrt(sse / (n - 1) / sxx);
    }
    return new Result(Math.max(0, Math.min(1, f)), se, n, lo, hi);
  }

  private static double weight(Observation o) {
    return Math.sqrt(Math.max(o.wall1Nanos(), FLOOR_NANOS) / FLOOR_NANOS);
  }
}
