package dev.tdsim.sweep;

import java.util.List;

/**
 * Which latency chart a sweep gets: {@link LatencyPanels}' small multiples against the message
 * count (or the first numeric parameter), or {@link PointsChart} per point when nothing numeric
 * varied; and when their x axis is logarithmic.
 */
final class LatencyChart {
  /** Largest / smallest positive x at or above which the x axis is logarithmic (2 decades). */
  static final double LOG_AXIS_SPAN = 100;

  private LatencyChart() {}

  /** Whether the latency chart is per point (nothing numeric varied) rather than lines. */
  static boolean isBars(SensitivityReport sens) {
    return sens.msgs() == null && sens.numeric().isEmpty();
  }

  /**
   * Whether x values are drawn on a log axis: all positive and the largest at least {@link
   * #LOG_AXIS_SPAN} times the smallest (two decades), where a linear axis squashes the small ones.
   */
  static boolean logScale(List<Double> xs) {
    if (xs.isEmpty()) {
      return false;
    }
    double min = Double.POSITIVE_INFINITY;
    double max = 0;
    for (double x : xs) {
      if (!(x > 0)) {
        return false;
      }
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
    return max / min >= LOG_AXIS_SPAN;
  }
}
