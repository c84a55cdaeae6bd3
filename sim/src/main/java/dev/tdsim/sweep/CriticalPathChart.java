package dev.tdsim.sweep;

import dev.tdsim.report.CriticalPath;
import dev.tdsim.report.PhaseColours;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The mean critical path of each point (its replicate 0) as one stacked bar, in the phase colours
 * every tdsim report uses.
 */
final class CriticalPathChart {
  private CriticalPathChart() {}

  static JFreeChart of(SweepPlan plan, Map<String, PointResult> results) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    List<CriticalPath> paths = new ArrayList<>();
    List<String> ids = new ArrayList<>();
    for (SweepPlan.Cell c : plan.cells()) {
      PointResult r = results.get(c.points().get(0).id());
      if (r != null) {
        paths.add(r.criticalPath());
        ids.add(c.id());
      }
    }
    // check, blame and reshare only when some point spent time in them (as in a run's chart):
    // with them the bars add up to each point's decryption latency.
    boolean check = paths.stream().anyMatch(p -> p.checkMs() > 0);
    boolean blame = paths.stream().anyMatch(p -> p.blameMs() > 0);
    boolean reshare = paths.stream().anyMatch(p -> p.reshareMs() > 0);
    for (int i = 0; i < paths.size(); i++) {
      CriticalPath p = paths.get(i);
      String id = ids.get(i);
      data.addValue(p.consensusMs(), "consensus", id);
      data.addValue(p.shareCreationMs(), "share creation", id);
      data.addValue(p.shareGossipMs(), "share gossip", id);
      data.addValue(p.combineMs(), "combine", id);
      if (check) {
        data.addValue(p.checkMs(), "check", id);
      }
      if (blame) {
        data.addValue(p.blameMs(), "blame", id);
      }
      data.addValue(p.decryptMs(), "decrypt", id);
      if (reshare) {
        data.addValue(p.reshareMs(), "reshare", id);
      }
    }
    JFreeChart chart = ChartFactory.createStackedBarChart("Critical path, mean height", "",
        "milliseconds", data, PlotOrientation.HORIZONTAL, true, false, false);
    chart.getCategoryPlot().setRangeAxisLocation(
        org.jfree.chart.axis.AxisLocation.BOTTOM_OR_RIGHT);
    var renderer = chart.getCategoryPlot().getRenderer();
    for (int i = 0; i < data.getRowCount(); i++) {
      renderer.setSeriesPaint(i, PhaseColours.colour(data.getRowKey(i).toString()));
    }
    return chart;
  }
}
