package dev.tdsim.sweep;

import static dev.tdsim.sweep.ChartStyle.PALETTE;

import java.awt.BasicStroke;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The sweep's p95 decryption latency and p95 judged time with the budgets drawn across: lines
 * against the message count (or the first numeric parameter), one pair per group, or bars per
 * point when nothing numeric varied.
 */
final class LatencyChart {
  /** Largest / smallest positive x at or above which the x axis is logarithmic (2 decades). */
  static final double LOG_AXIS_SPAN = 100;

  private LatencyChart() {}

  /** Whether the latency chart is bars per point (nothing numeric varied) rather than lines. */
  static boolean isBars(SensitivityReport sens) {
    return sens.msgs() == null && sens.numeric().isEmpty();
  }

  static JFreeChart of(SweepPlan plan, Map<String, PointResult> results,
      SensitivityReport sens) {
    SensitivityReport.NumericParam x = sens.msgs() != null ? sens.msgs()
        : sens.numeric().isEmpty() ? null : sens.numeric().get(0);
    if (x == null) {
      return bars(plan, results, sens);
    }
    return lines(x, sens);
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
   * The p95 decryption latency (solid) and judged time (dashed) against {@code x}, one colour per
   * group of the other values, over the grid points and the search's probes.
   */
  private static JFreeChart lines(SensitivityReport.NumericParam x, SensitivityReport sens) {
    XYSeriesCollection data = new XYSeriesCollection();
    int n = 0;
    for (SensitivityReport.NumericGroup g : x.groups()) {
      String label = g.fixed().isEmpty() ? "" : SweepText.fixed(g.fixed()) + " ";
      if (label.isEmpty() && x.groups().size() > 1) {
        label = "group " + (++n) + " ";
      }
      XYSeries p95 = new XYSeries(label + "p95 decryption", true, true);
      XYSeries judged = new XYSeries(label + "p95 judged", true, true);
      for (SensitivityReport.Sample s : g.samples()) {
        p95.addOrUpdate(s.value(), s.p95Ms());
        judged.addOrUpdate(s.value(), s.judgedP95Ms());
      }
      data.addSeries(p95);
      data.addSeries(judged);
    }
    String unit = x.unit().isEmpty() ? "" : " (" + x.unit() + ")";
    JFreeChart chart = ChartFactory.createXYLineChart(
        "p95 latency vs " + x.path() + " (grid points and search probes)", x.path() + unit,
        "milliseconds", data, PlotOrientation.VERTICAL, true, false, false);
    XYPlot plot = chart.getXYPlot();
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    for (int i = 0; i < data.getSeriesCount(); i++) {
      renderer.setSeriesPaint(i, PALETTE[(i / 2) % PALETTE.length]);
      if (i % 2 == 1) {
        renderer.setSeriesStroke(i, new BasicStroke(1.5f, BasicStroke.CAP_BUTT,
            BasicStroke.JOIN_MITER, 1f, new float[] {6f, 4f}, 0f));
      } else {
        renderer.setSeriesStroke(i, new BasicStroke(2f));
      }
    }
    plot.setRenderer(renderer);
    List<Double> xs = new ArrayList<>();
    for (SensitivityReport.NumericGroup g : x.groups()) {
      for (SensitivityReport.Sample s : g.samples()) {
        xs.add(s.value());
      }
    }
    if (logScale(xs)) {
      plot.setDomainAxis(logAxis(x.path() + unit, xs));
    } else if (x.kind() == ParamKind.INTEGER) {
      plot.getDomainAxis().setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    }
    for (double b : sens.budgetsMs()) {
      plot.addRangeMarker(ChartStyle.budgetMarker(b));
    }
    ((NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(true);
    return chart;
  }

  /** A base-10 axis with one labelled tick per decade and nine minor ticks between. */
  private static LogAxis logAxis(String label, List<Double> xs) {
    LogAxis log = new LogAxis(label + ", log scale");
    log.setBase(10);
    log.setSmallestValue(xs.stream().mapToDouble(Double::doubleValue).min().orElse(1) / 2);
    log.setNumberFormatOverride(new java.text.DecimalFormat("0.###"));
    // one labelled tick per decade (10, 100, 1000), not at 15.849, 25.119, ...
    log.setAutoTickUnitSelection(false);
    log.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1.0), false, false);
    log.setMinorTickMarksVisible(true);
    log.setMinorTickCount(9);
    return log;
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
