package dev.tdsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.pipeline.Schedule;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

class PerHeightChartTest {
  private static final long MS = 1_000_000;

  /** A height with consensus C ms, decryption latency D ms and execution E ms. */
  private static HeightRecord h(int height, long c, long d, long e) {
    return new HeightRecord(height, 0, 3, 100, 2, 0, c * MS, c * MS, c * MS, 0, 0, 0, 0, 0, 0, 0,
        d * MS, e * MS, 0, 3, 3, true);
  }

  private static final List<HeightRecord> HEIGHTS = List.of(h(1, 300, 1500, 10),
      h(2, 400, 1700, 10), h(3, 300, 900, 10));
  private static final List<Verdict> BUDGETS = List.of(new Verdict(1000, false, 0, 0, 0, 0, 0),
      new Verdict(2000, false, 0, 0, 0, 0, 1 / 3.0));

  @Test
  void beforeNextPlotsTheSumItJudgesAndMarksTheHeightsThatMiss() {
    JFreeChart chart = Charts.perHeight(HEIGHTS, BUDGETS, Schedule.BEFORE_NEXT, 2000.0);
    XYSeriesCollection data = (XYSeriesCollection) chart.getXYPlot().getDataset();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < data.getSeriesCount(); i++) {
      names.add(data.getSeriesKey(i).toString());
    }
    assertEquals(List.of("judged time", "consensus", "decryption + execution", "misses 2 s"),
        names);
    assertEquals(1810.0, data.getSeries(0).getY(0).doubleValue(), 1e-9);
    assertEquals(2110.0, data.getSeries(0).getY(1).doubleValue(), 1e-9);
    assertEquals(1510.0, data.getSeries(2).getY(0).doubleValue(), 1e-9);
    // judged 1810, 2110, 1210 ms: only height 2 misses 2 s
    assertEquals(1, data.getSeries(3).getItemCount());
    assertEquals(2, data.getSeries(3).getX(0).intValue());
    XYPlot plot = chart.getXYPlot();
    assertEquals(2, plot.getRangeMarkers(org.jfree.chart.ui.Layer.FOREGROUND).size());
    assertEquals(PhaseColours.colour("consensus"), plot.getRenderer().getSeriesPaint(1));
    assertEquals(2110 * 1.08, plot.getRangeAxis().getUpperBound(), 1e-9);
  }

  @Test
  void pipelinedPlotsTheSlowerStage() {
    XYSeriesCollection data = (XYSeriesCollection) Charts.perHeight(HEIGHTS, BUDGETS,
        Schedule.PIPELINED, 1000.0).getXYPlot().getDataset();
    assertEquals(1510.0, data.getSeries(0).getY(0).doubleValue(), 1e-9);
    // judged max(300, 1510), max(400, 1710), max(300, 910): heights 1 and 2 miss 1 s
    assertEquals(2, data.getSeries(3).getItemCount());
  }

  @Test
  void withoutAClosestBudgetNothingIsMarked() {
    XYSeriesCollection data = (XYSeriesCollection) Charts.perHeight(HEIGHTS, List.of(),
        Schedule.BEFORE_NEXT, null).getXYPlot().getDataset();
    assertEquals(3, data.getSeriesCount());
  }

  @Test
  void theBudgetAboveEveryHeightIsInViewAndAnEmptyMarkSaysNone() {
    List<HeightRecord> low = List.of(h(1, 100, 200, 0), h(2, 100, 300, 0));
    JFreeChart chart = Charts.perHeight(low, BUDGETS, Schedule.BEFORE_NEXT, 1000.0);
    assertEquals(1000 * 1.08, chart.getXYPlot().getRangeAxis().getUpperBound(), 1e-9);
    XYSeriesCollection data = (XYSeriesCollection) chart.getXYPlot().getDataset();
    assertEquals("misses 1 s (none)", data.getSeriesKey(3));
  }
}
