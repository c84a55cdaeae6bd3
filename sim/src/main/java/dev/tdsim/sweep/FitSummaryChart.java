package dev.tdsim.sweep;

import dev.tdsim.chart.ChartLayout;
import dev.tdsim.chart.ChartLayout.Axis;
import dev.tdsim.chart.ChartLayout.Line;
import dev.tdsim.chart.ChartLayout.Point;
import dev.tdsim.chart.ChartLayout.Series;
import dev.tdsim.chart.Layouts;
import dev.tdsim.chart.Palette;
import dev.tdsim.sweep.SensitivityReport.Bound;
import dev.tdsim.sweep.SensitivityReport.HeadlineRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The headline as a chart: the largest block that fits (or value of the searched parameter)
 * against the budget, one series per design. Designs with nothing fitting are drawn in a "none
 * fits" band under the plot, not left out. More designs than the palette has colours are split
 * into small multiples by one varied value (e.g. one chart per committee size, a series per
 * variant), all on the same axes.
 */
final class FitSummaryChart {
  static final String NONE_FITS = "none fits";

  /** One chart and what its designs share (empty when there is one chart). */
  record Panel(String title, ChartLayout chart) {}

  private FitSummaryChart() {}

  static List<Panel> of(SensitivityReport sens, double widthPx, double heightPx) {
    SensitivityReport.NumericParam p = sens.headlineParam();
    List<HeadlineRow> rows = sens.headline();
    if (p == null || rows.isEmpty() || sens.budgetsMs().isEmpty()) {
      return List.of();
    }
    boolean msgs = p.path().equals(SweepPlan.MSGS);
    Map<Map<String, String>, List<HeadlineRow>> byDesign = new LinkedHashMap<>();
    List<Double> values = new ArrayList<>();
    boolean anyAbsent = false;
    for (HeadlineRow r : rows) {
      byDesign.computeIfAbsent(r.design(), k -> new ArrayList<>()).add(r);
      if (absent(r)) {
        anyAbsent = true;
      } else {
        values.add(r.value());
      }
    }
    String splitKey = splitKey(new ArrayList<>(byDesign.keySet()));
    Map<String, Map<Map<String, String>, List<HeadlineRow>>> panels = new LinkedHashMap<>();
    // no varied value splits them within the palette (e.g. one path of 12 values): charts of
    // at most a palette's worth of designs each, in their order
    boolean chunks = splitKey == null && byDesign.size() > Palette.SIZE;
    int index = 0;
    for (Map.Entry<Map<String, String>, List<HeadlineRow>> e : byDesign.entrySet()) {
      int first = index / Palette.SIZE * Palette.SIZE;
      String panel = chunks ? "designs " + (first + 1) + "-" + Math.min(first + Palette.SIZE,
          byDesign.size()) : splitKey == null ? ""
          : SweepText.fixed(Map.of(splitKey, e.getKey().get(splitKey)));
      index++;
      panels.computeIfAbsent(panel, k -> new LinkedHashMap<>()).put(e.getKey(), e.getValue());
    }
    Axis x = Layouts.categoryLikeAxis("block-time budget", sens.budgetsMs(),
        Layouts.spansMoreThanADecade(sens.budgetsMs()), LatencyPanels::msLabel);
    Axis y = Layouts.valueAxis(msgs ? "largest messages per block fitting"
        : p.path() + " fitting", values.isEmpty() ? List.of(1.0) : values, SweepText::num);
    List<Panel> out = new ArrayList<>();
    for (Map.Entry<String, Map<Map<String, String>, List<HeadlineRow>>> panel
        : panels.entrySet()) {
      List<Series> series = new ArrayList<>();
      int i = 0;
      for (Map.Entry<Map<String, String>, List<HeadlineRow>> d : panel.getValue().entrySet()) {
        Map<String, String> rest = new LinkedHashMap<>(d.getKey());
        rest.remove(splitKey);
        String name = rest.isEmpty() ? (d.getKey().isEmpty() ? "the scenario"
            : SweepText.fixed(d.getKey())) : SweepText.fixed(rest);
        List<Point> points = new ArrayList<>();
        for (HeadlineRow r : d.getValue()) {
          points.add(new Point(r.blockTimeMs(), absent(r) ? null : r.value(),
              SweepText.budget(r.blockTimeMs()) + ": " + r.valueText(msgs)));
        }
        series.add(new Series(name, Palette.colour(i), Palette.marker(i), Line.SOLID, points));
        i++;
      }
      out.add(new Panel(panel.getKey(), Layouts.layout(widthPx, heightPx, x, y, series,
          List.of(), List.of(), anyAbsent ? NONE_FITS : null)));
    }
    return out;
  }

  /** Nothing fits (not even the smallest value) or nothing is known to: no point to plot. */
  static boolean absent(HeadlineRow r) {
    return r.value() == null || r.bound() == Bound.NONE_FITS;
  }

  /**
   * The varied value to split the designs by when they outnumber the palette: the one giving the
   * fewest charts with at most {@link Palette#SIZE} designs each; null when one chart holds them
   * all, or when no value splits them so (then {@link #of} cuts them into charts of {@link
   * Palette#SIZE}).
   */
  static String splitKey(List<Map<String, String>> designs) {
    if (designs.size() <= Palette.SIZE) {
      return null;
    }
    String best = null;
    int bestPanels = Integer.MAX_VALUE;
    for (String key : designs.get(0).keySet()) {
      Map<String, Integer> perValue = new LinkedHashMap<>();
      for (Map<String, String> d : designs) {
        perValue.merge(d.get(key), 1, Integer::sum);
      }
      boolean fits = perValue.values().stream().allMatch(c -> c <= Palette.SIZE);
      // a value every design has its own of (the only varied path) would draw a chart per
      // design: no comparison left, cutting into charts of a palette is better
      if (fits && perValue.size() < designs.size() && perValue.size() < bestPanels) {
        best = key;
        bestPanels = perValue.size();
      }
    }
    return best;
  }
}
