package dev.tdsim.sweep;

import dev.tdsim.chart.ChartLayout;
import dev.tdsim.chart.ChartLayout.Axis;
import dev.tdsim.chart.ChartLayout.Line;
import dev.tdsim.chart.ChartLayout.Point;
import dev.tdsim.chart.ChartLayout.Series;
import dev.tdsim.chart.Layouts;
import dev.tdsim.chart.Palette;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The sweep's p95 latency against the message count (or the first numeric parameter) as small
 * multiples: one small chart per design (each combination of the other varied values), all on the
 * same axes so they compare at a glance, each with two series (decryption latency and judged
 * time) and the budgets labelled. One chart of 12 designs x 2 lines had more series than any
 * palette tells apart and squashed the budgets under its slowest points (issue 23).
 */
final class LatencyPanels {
  /** Panels per row: three fit the report's 1000 px. */
  static final int COLUMNS = 3;

  static final double PANEL_WIDTH_PX = 326;

  static final double PANEL_HEIGHT_PX = 240;

  static final String DECRYPTION = "p95 decryption";

  static final String JUDGED = "p95 judged";

  /** One small chart and the design it shows. */
  record Panel(String title, ChartLayout chart) {}

  private LatencyPanels() {}

  /** The panels, or none when nothing numeric varied (the report draws bars per point then). */
  static List<Panel> of(SensitivityReport sens) {
    SensitivityReport.NumericParam x = sens.headlineParam();
    if (x == null) {
      return List.of();
    }
    List<Double> xs = new ArrayList<>();
    List<Double> gridXs = new ArrayList<>();
    List<Double> ys = new ArrayList<>(sens.budgetsMs());
    for (SensitivityReport.NumericGroup g : x.groups()) {
      for (SensitivityReport.Sample s : g.samples()) {
        xs.add(s.value());
        if (!s.probe()) {
          gridXs.add(s.value());
        }
        ys.add(s.p95Ms());
        ys.add(s.judgedP95Ms());
      }
    }
    if (xs.isEmpty()) {
      return List.of();
    }
    String unit = x.unit().isEmpty() ? "" : " (" + x.unit() + ")";
    List<Double> tickXs = gridXs.isEmpty() ? xs : gridXs;
    boolean logX = LatencyChart.logScale(xs);
    Axis xAxis = Layouts.categoryLikeAxis(x.path() + unit, withRange(tickXs, xs), logX,
        SweepText::num);
    // the range over every sample, the ticks at the grid values only (probes fall between)
    xAxis = new Axis(xAxis.title(), xAxis.scale(), xAxis.min(), xAxis.max(),
        xAxis.ticks().stream().filter(t -> tickXs.contains(t.value())).toList());
    Axis yAxis = Layouts.valueAxis("p95 latency", ys, LatencyPanels::msLabel);
    List<String> budgetLabels = sens.budgetsMs().stream().map(SweepText::budget).toList();
    List<Panel> panels = new ArrayList<>();
    int n = 0;
    for (SensitivityReport.NumericGroup g : x.groups()) {
      n++;
      List<SensitivityReport.Sample> samples = g.samples().stream()
          .sorted(Comparator.comparingDouble(SensitivityReport.Sample::value)).toList();
      List<Point> dec = new ArrayList<>();
      List<Point> judged = new ArrayList<>();
      for (SensitivityReport.Sample s : samples) {
        String at = s.label() + (s.probe() ? " (probe)" : "");
        dec.add(new Point(s.value(), s.p95Ms(), at + ": " + SweepText.ms(s.p95Ms())));
        judged.add(new Point(s.value(), s.judgedP95Ms(), at + ": "
            + SweepText.ms(s.judgedP95Ms())));
      }
      List<Series> series = List.of(
          new Series(DECRYPTION, Palette.colour(0), Palette.marker(0), Line.SOLID, dec),
          new Series(JUDGED, Palette.colour(1), Palette.marker(1), Line.DASHED,
              judged));
      String title = g.fixed().isEmpty()
          ? (x.groups().size() > 1 ? "group " + n : "the scenario") : SweepText.fixed(g.fixed());
      panels.add(new Panel(title, Layouts.layout(PANEL_WIDTH_PX, PANEL_HEIGHT_PX, xAxis, yAxis,
          series, sens.budgetsMs(), budgetLabels, null)));
    }
    return panels;
  }

  /** The tick values, with the extremes of all values added so the axis range covers them. */
  private static List<Double> withRange(List<Double> ticks, List<Double> all) {
    List<Double> out = new ArrayList<>(ticks);
    out.add(all.stream().mapToDouble(Double::doubleValue).min().orElseThrow());
    out.add(all.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
    return out;
  }

  /** A latency tick: {@code 0.1 ms}, {@code 250 ms}, {@code 1 s}, {@code 10 s}. */
  static String msLabel(double ms) {
    return ms >= 1000 ? SweepText.num(round(ms / 1000)) + " s"
        : SweepText.num(round(ms)) + " ms";
  }

  private static double round(double v) {
    return Double.parseDouble(String.format(Locale.ROOT, "%.3g", v));
  }
}
