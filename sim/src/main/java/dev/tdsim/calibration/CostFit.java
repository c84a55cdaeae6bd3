package dev.tdsim.calibration;

import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.OpSize;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.exception.MathIllegalArgumentException;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;

/**
 * Fits the measurements of one (variant, operation) to the cost model's linear terms with Commons
 * Math OLS, on relative errors, with coefficients that are never negative.
 *
 * <ul>
 *   <li>Each grid point's row (its term values and its time) is divided by its time (at least
 *       {@link #FLOOR_NANOS}), so the least squares minimise relative errors: a 10 ms prepare
 *       counts as much as a 10 s combine, and small and large scenarios are predicted equally
 *       well.
 *   <li>No intercept is added: {@code const} is a term like the others, a column of ones.
 *   <li>A coefficient that comes out negative is not physical (a call does not get cheaper with
 *       more work); the term with the most negative contribution is dropped and the rest refitted,
 *       until none is negative. Terms the grid cannot tell apart (too few points, or collinear,
 *       e.g. {@code shares} on a grid with one key set) are dropped too: of the subsets, the one
 *       with the smallest relative error wins.
 * </ul>
 *
 * Quality is reported on the raw times: R^2 = 1 - SS_res / SS_tot, and the largest relative error
 * |predicted - measured| / max(measured, {@link #FLOOR_NANOS}) over the grid points.
 */
public final class CostFit {
  /**
   * Calls shorter than this (1 ms, below the network delays and block times the simulator
   * compares against) are weighted, and their error reported, as if they took this long: their
   * absolute error is what matters, and a few microseconds of timer and scheduling noise on a
   * 20 us decode would otherwise weigh as much as a 20% error on a 2 s combine.
   */
  public static final double FLOOR_NANOS = 1_000_000;

  private CostFit() {}

  /**
   * @param coefficients in the order of {@link CostModel#TERMS}, 0 for terms not used
   * @param terms the terms that were kept
   * @param quality R^2, max relative error and number of points
   */
  public record Result(CostModel.Coefficients coefficients, List<String> terms,
      CostModel.Fit quality) {}

  /**
   * @param sizes the grid points
   * @param nanos measured single-core CPU nanoseconds, one per grid point
   * @param candidates the terms that may be used (names of {@link CostModel#TERMS})
   */
  public static Result fit(List<OpSize> sizes, double[] nanos, List<String> candidates) {
    if (sizes.size() != nanos.length || nanos.length == 0) {
      throw new IllegalArgumentException(
          "need one time per grid point and at least one point, got " + sizes.size() + " sizes and "
              + nanos.length + " times");
    }
    for (String t : candidates) {
      OpTerms.value(t, sizes.get(0)); // rejects unknown names
    }
    Attempt best = solve(sizes, nanos, List.copyOf(candidates));
    double[] full = new double[CostModel.TERMS.size()];
    for (int j = 0; j < best.terms.size(); j++) {
      full[CostModel.TERMS.indexOf(best.terms.get(j))] = best.coefficients[j];
    }
    CostModel.Coefficients c = CostModel.Coefficients.ofArray(full);
    return new Result(c, best.terms, quality(sizes, nanos, c));
  }

  /** R^2 and max relative error of a model on the points. */
  public static CostModel.Fit quality(
      List<OpSize> sizes, double[] nanos, CostModel.Coefficients c) {
    double mean = 0;
    for (double y : nanos) {
      mean += y / nanos.length;
    }
    double ssRes = 0;
    double ssTot = 0;
    double maxRel = 0;
    for (int i = 0; i < nanos.length; i++) {
      double p = c.predict(sizes.get(i));
      ssRes += (p - nanos[i]) * (p - nanos[i]);
      ssTot += (nanos[i] - mean) * (nanos[i] - mean);
      maxRel = Math.max(maxRel, Math.abs(p - nanos[i]) / Math.max(nanos[i], FLOOR_NANOS));
    }
    double r2 = ssTot > 0 ? 1 - ssRes / ssTot : Double.NaN;
    return new CostModel.Fit(r2, maxRel, nanos.length);
  }

  private record Attempt(List<String> terms, double[] coefficients, double relSse) {}

  private static Attempt solve(List<OpSize> sizes, double[] nanos, List<String> terms) {
    if (terms.isEmpty()) {
      return new Attempt(terms, new double[0], relSse(sizes, nanos, terms, new double[0]));
    }
    double[] beta = ols(sizes, nanos, terms);
    if (beta == null) {
      // Too few points or terms the grid cannot separate: the best of the smaller term sets.
      Attempt best = null;
      for (String drop : terms) {
        Attempt a = solve(sizes, nanos, without(terms, drop));
        if (best == null || a.relSse < best.relSse) {
          best = a;
        }
      }
      return best;
    }
    int worst = -1;
    double worstContribution = 0;
    for (int j = 0; j < terms.size(); j++) {
      if (beta[j] < 0) {
        double contribution = beta[j] * meanValue(sizes, terms.get(j));
        if (worst < 0 || contribution < worstContribution) {
          worst = j;
          worstContribution = contribution;
        }
      }
    }
    if (worst >= 0) {
      return solve(sizes, nanos, without(terms, terms.get(worst)));
    }
    return new Attempt(terms, beta, relSse(sizes, nanos, terms, beta));
  }

  /** Least squares on relative errors; null when the system is underdetermined or singular. */
  private static double[] ols(List<OpSize> sizes, double[] nanos, List<String> terms) {
    int n = nanos.length;
    int p = terms.size();
    if (n == 1 && p == 1) {
      // One point, one term: the exact solution (OLS needs more points than terms).
      double x = OpTerms.value(terms.get(0), sizes.get(0));
      return x == 0 ? null : new double[] {nanos[0] / x};
    }
    if (n <= p) {
      return null;
    }
    double[][] x = new double[n][p];
    double[] y = new double[n];
    double[] scale = new double[p];
    for (int i = 0; i < n; i++) {
      double w = 1 / Math.max(nanos[i], FLOOR_NANOS);
      y[i] = nanos[i] * w;
      for (int j = 0; j < p; j++) {
        x[i][j] = OpTerms.value(terms.get(j), sizes.get(i)) * w;
        scale[j] += x[i][j] * x[i][j];
      }
    }
    for (int j = 0; j < p; j++) {
      scale[j] = Math.sqrt(scale[j]);
      if (scale[j] == 0) {
        return null; // the term is 0 on every point: nothing to fit
      }
      for (int i = 0; i < n; i++) {
        x[i][j] /= scale[j];
      }
    }
    OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression(1e-10);
    ols.setNoIntercept(true);
    try {
      ols.newSampleData(y, x);
      double[] beta = ols.estimateRegressionParameters();
      for (int j = 0; j < p; j++) {
        beta[j] /= scale[j];
        if (!Double.isFinite(beta[j])) {
          return null;
        }
      }
      return beta;
    } catch (MathIllegalArgumentException e) { // includes SingularMatrixException
      return null;
    }
  }

  private static double relSse(
      List<OpSize> sizes, double[] nanos, List<String> terms, double[] beta) {
    double sse = 0;
    for (int i = 0; i < nanos.length; i++) {
      double p = 0;
      for (int j = 0; j < terms.size(); j++) {
        p += beta[j] * OpTerms.value(terms.get(j), sizes.get(i));
      }
      double r = (p - nanos[i]) / Math.max(nanos[i], FLOOR_NANOS);
      sse += r * r;
    }
    return sse;
  }

  private static double meanValue(List<OpSize> sizes, String term) {
    double sum = 0;
    for (OpSize s : sizes) {
      sum += OpTerms.value(term, s);
    }
    return sum / sizes.size();
  }

  private static List<String> without(List<String> terms, String drop) {
    List<String> out = new ArrayList<>(terms);
    out.remove(drop);
    return List.copyOf(out);
  }
}
