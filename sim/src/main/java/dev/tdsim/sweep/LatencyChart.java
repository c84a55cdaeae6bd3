package dev.tdsim.sweep;

import static dev.tdsim.sweep.ChartStyle.PALETTE;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The sweep's p95 decryption latency and p95 judged time with the budgets drawn across, as bars
 * per point when nothing numeric varied; against a number they are {@link LatencyPanels}' small
 * multiples.
 */
final class LatencyChart {
  /** Largest / smallest positive x at or above which the x axis is logarithmic (2 decades). */
  static final double LOG_AXIS_SPAN = 100;

  private LatencyChart() {}

  /** Whether the latency chart is bars per point (nothing numeric varied) rather than lines. */
  static boolean isBars(SensitivityReport sens) {
    return sens.msgs() == null && sens.numeric().isEmpty();
  }

  /** The bars per point of a sweep that varies nothing numeric ({@link #isBars}). */
  static JFreeChart of(SweepPlan plan, Map<String, PointResult> results,
      SensitivityReport sens) {
    return bars(plan, results, sens);
  }

  /** Per point, the p95 decryption latency and the p95 judged time as two horizontal bars. */
  private static JFreeChart bars(SweepPlan plan, Map<String, PointResult> results,
      SensitivityReport sens) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (SweepPlan.Cell c : plan.cells()) {
      if (!hasResults(c, results)) {
        continue;
      }
      CellStats s = stats(c, results);
      data.addValue(s.p95Ms(), "p95 decryption", c.id());
      data.addValue(s.judgedP95Ms(), "p95 judged", c.id());
    }
    JFreeChart chart = ChartFactory.createBarChart("p95 latency per point (grey: budgets)",
        "", "milliseconds", data, PlotOrientation.HORIZONTAL, true, false, false);
    CategoryPlot plot = chart.getCategoryPlot();
    plot.setRangeAxisLocation(org.jfree.chart.axis.AxisLocation.BOTTOM_OR_RIGHT);
    // JFreeChart's default red and blue are not colour-blind safe: the sweep's palette, the
    // judged time darker than the decryption latency it contains
    plot.getRenderer().setSeriesPaint(0, PALETTE[5]);
    plot.getRenderer().setSeriesPaint(1, PALETTE[0]);
    if (plot.getRenderer() instanceof org.jfree.chart.renderer.category.BarRenderer bar) {
      bar.setBarPainter(new org.jfree.chart.renderer.category.StandardBarPainter());
      bar.setShadowVisible(false);
    }
    for (double b : sens.budgetsMs()) {
      // the budget lines are vertical here: their labels inside the plot, right of the line's
      // top (above the plot they were cut off)
      ValueMarker m = ChartStyle.budgetMarker(b);
      m.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
      m.setLabelTextAnchor(TextAnchor.TOP_LEFT);
      m.setLabelOffset(new org.jfree.chart.ui.RectangleInsets(2, 3, 2, 3));
      plot.addRangeMarker(m);
    }
    return chart;
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

  private static boolean hasResults(SweepPlan.Cell c, Map<String, PointResult> results) {
    return c.points().stream().anyMatch(p -> results.containsKey(p.id()));
  }

  /** The statistics of a point over the replicates that have finished. */
  private static CellStats stats(SweepPlan.Cell c, Map<String, PointResult> results) {
    List<PointResult> rs = new ArrayList<>();
    for (SweepPlan.Point p : c.points()) {
      PointResult r = results.get(p.id());
      if (r != null) {
        rs.add(r);
      }
    }
    return CellStats.of(rs);
  }
}
