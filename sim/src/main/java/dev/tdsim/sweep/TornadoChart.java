package dev.tdsim.sweep;

import static dev.tdsim.sweep.ChartStyle.PALETTE;

import java.awt.Color;
import java.util.Locale;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The sensitivity at a glance: per varied parameter, the p95 at its low and high end as bars from
 * the base point's p95.
 */
final class TornadoChart {
  /** The legend of the bars toward each end of a parameter's range. */
  private static final String LOW_END =
      "low end: smallest value (number) / fastest value (category)";
  private static final String HIGH_END =
      "high end: largest value (number) / slowest value (category)";

  private TornadoChart() {}

  static JFreeChart of(SensitivityReport sens) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (SensitivityReport.TornadoBar t : sens.tornado()) {
      String cat = t.path() + " (" + t.lowLabel() + " .. " + t.highLabel() + ")";
      data.addValue(t.lowP95Ms() - t.baseP95Ms(), LOW_END, cat);
      data.addValue(t.highP95Ms() - t.baseP95Ms(), HIGH_END, cat);
    }
    JFreeChart chart = ChartFactory.createStackedBarChart(String.format(Locale.ROOT,
        "p95 decryption latency change from the base point (%.1f ms)", sens.baseP95Ms()), "",
        "milliseconds vs base", data, PlotOrientation.HORIZONTAL, true, false, false);
    ValueMarker zero = new ValueMarker(0);
    zero.setPaint(Color.BLACK);
    chart.getCategoryPlot().addRangeMarker(zero);
    chart.getCategoryPlot().getRenderer().setSeriesPaint(0, PALETTE[0]);
    chart.getCategoryPlot().getRenderer().setSeriesPaint(1, PALETTE[1]);
    return chart;
  }
}
