package dev.tdsim.sweep;

import dev.tdsim.chart.ChartLayout;
import dev.tdsim.chart.ChartLayout.Axis;
import dev.tdsim.chart.ChartLayout.Line;
import dev.tdsim.chart.ChartLayout.Point;
import dev.tdsim.chart.ChartLayout.Series;
import dev.tdsim.chart.Layouts;
import dev.tdsim.chart.Palette;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A sweep that varies nothing numeric: per grid point (numbered along x, named in the caption)
 * its p95 decryption latency and p95 judged time as two markers, not joined (the points are
 * separate designs, not a quantity growing), the budgets across, on the same rules as every other
 * sweep chart ({@link dev.tdsim.chart.ChartLegibility}).
 */
final class PointsChart {
  static final double WIDTH_PX = 1000;

  static final double HEIGHT_PX = 320;

  /** The band's label for points without a latency. */
  static final String NO_LATENCY = "no height decrypted";

  /** The chart and, in x order, the point each number stands for. */
  record Drawn(ChartLayout chart, List<String> points) {}

  private PointsChart() {}

  /** Null when no point has finished. */
  static Drawn of(SweepPlan plan, Map<String, PointResult> results, SensitivityReport sens) {
    List<Point> dec = new ArrayList<>();
    List<Point> judged = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>(sens.budgetsMs());
    boolean anyAbsent = false;
    for (SweepPlan.Cell c : plan.cells()) {
      List<PointResult> rs = new ArrayList<>();
      for (SweepPlan.Point p : c.points()) {
        PointResult r = results.get(p.id());
        if (r != null) {
          rs.add(r);
        }
      }
      if (rs.isEmpty()) {
        continue;
      }
      CellStats s = CellStats.of(rs);
      double x = names.size() + 1;
      names.add(c.id());
      xs.add(x);
      dec.add(point(x, s.p95Ms(), c.id(), ys));
      judged.add(point(x, s.judgedP95Ms(), c.id(), ys));
      anyAbsent |= Double.isNaN(s.p95Ms()) || Double.isNaN(s.judgedP95Ms());
    }
    if (names.isEmpty()) {
      return null;
    }
    Axis x = Layouts.categoryLikeAxis("point (numbered below the chart)", xs, false,
        v -> Long.toString(Math.round(v)));
    Axis y = Layouts.valueAxis("p95 latency", ys, LatencyPanels::msLabel);
    List<Series> series = List.of(
        new Series(LatencyPanels.DECRYPTION, Palette.colour(0), Palette.marker(0), Line.NONE,
            dec),
        new Series(LatencyPanels.JUDGED, Palette.colour(1), Palette.marker(1), Line.NONE,
            judged));
    return new Drawn(Layouts.layout(WIDTH_PX, HEIGHT_PX, x, y, series, sens.budgetsMs(),
        sens.budgetsMs().stream().map(SweepText::budget).toList(), anyAbsent ? NO_LATENCY : null),
        names);
  }

  /**
   * A point's marker: in the band under the plot when it has no latency (no height decrypted:
   * the chain halted or the run stopped), else at its value, which then counts for the y axis.
   */
  private static Point point(double x, double ms, String id, List<Double> ys) {
    if (Double.isNaN(ms)) {
      return new Point(x, null, id + ": " + NO_LATENCY);
    }
    ys.add(ms);
    return new Point(x, ms, id + ": " + SweepText.ms(ms));
  }
}
