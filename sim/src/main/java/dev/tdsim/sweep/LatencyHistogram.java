package dev.tdsim.sweep;

import static dev.tdsim.sweep.ChartStyle.PALETTE;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.statistics.HistogramDataset;

/**
 * The distribution of the per-height decryption latency over all points, with the base point's
 * heights drawn over it on the same bins.
 */
final class LatencyHistogram {
  private LatencyHistogram() {}

  static JFreeChart of(Map<String, PointResult> results, SensitivityReport sens) {
    HistogramDataset data = new HistogramDataset();
    List<Double> all = new ArrayList<>();
    for (PointResult r : results.values()) {
      for (double v : r.latenciesMs()) {
        all.add(v);
      }
    }
    double[] pooled = all.stream().mapToDouble(Double::doubleValue).toArray();
    if (pooled.length > 0) {
      data.addSeries("all points (" + pooled.length + " heights)", pooled, 30);
    }
    if (sens.baseCell() != null) {
      List<Double> base = new ArrayList<>();
      for (PointResult r : results.values()) {
        if (r.cellId().equals(sens.baseCell())) {
          for (double v : r.latenciesMs()) {
            base.add(v);
          }
        }
      }
      if (!base.isEmpty() && pooled.length > 0) {
        double min = all.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max = all.stream().mapToDouble(Double::doubleValue).max().orElse(1);
        data.addSeries("base point " + sens.baseCell(),
            base.stream().mapToDouble(Double::doubleValue).toArray(), 30, min,
            max > min ? max : min + 1);
      }
    }
    JFreeChart chart = ChartFactory.createHistogram("Decryption latency per height",
        "milliseconds", "heights", data, PlotOrientation.VERTICAL, true, false, false);
    // Opaque bars, the base point's drawn over all points' (it is a part of them): with the
    // default reverse order and transparency the overlap took a colour the legend did not show.
    chart.getXYPlot().setSeriesRenderingOrder(org.jfree.chart.plot.SeriesRenderingOrder.FORWARD);
    chart.getXYPlot().getRenderer().setSeriesPaint(0, PALETTE[5]);
    chart.getXYPlot().getRenderer().setSeriesPaint(1, PALETTE[1]);
    chart.getXYPlot().getRangeAxis().setStandardTickUnits(
        org.jfree.chart.axis.NumberAxis.createIntegerTickUnits());
    return chart;
  }
}
