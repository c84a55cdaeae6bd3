package dev.tdsim.chart;

import dev.tdsim.chart.ChartLayout.Axis;
import dev.tdsim.chart.ChartLayout.Box;
import dev.tdsim.chart.ChartLayout.Scale;
import dev.tdsim.chart.ChartLayout.Tick;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.DoubleFunction;

/** The arithmetic charts are laid out with: axis ranges and ticks, budget labels kept apart. */
public final class Layouts {
  /** Largest / smallest above which a value axis is logarithmic: more than a decade. */
  public static final double LOG_SPAN = 10;

  /** Vertical space between two budget labels, so they read as two. */
  static final double LABEL_GAP_PX = 1;

  private Layouts() {}

  /**
   * Whether values belong on a log axis: all positive and the largest more than {@link
   * #LOG_SPAN} times the smallest, where a linear axis squashes the small ones into its bottom
   * pixels (the designs sweep's 100 ms budgets under its 55 s points).
   */
  public static boolean spansMoreThanADecade(List<Double> values) {
    double min = Double.POSITIVE_INFINITY;
    double max = 0;
    for (double v : values) {
      if (!(v > 0) || !Double.isFinite(v)) {
        return false;
      }
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    return !values.isEmpty() && max / min > LOG_SPAN;
  }

  /**
   * An axis holding every value: logarithmic from the decade below the smallest to the decade
   * above the largest when they span more than a decade (ticks at the decades, and at 2 and 5
   * times them when that makes under four ticks), else linear from zero to a round number above
   * the largest.
   */
  public static Axis valueAxis(String title, List<Double> given, DoubleFunction<String> format) {
    // a value that is not a number (a halted run's latency) has no place on an axis
    List<Double> values = given.stream().filter(Double::isFinite).toList();
    if (spansMoreThanADecade(values)) {
      double lo = Math.pow(10, Math.floor(Math.log10(min(values))));
      double hi = Math.pow(10, Math.ceil(Math.log10(max(values))));
      List<Tick> ticks = new ArrayList<>();
      boolean fine = Math.log10(hi / lo) < 3;
      for (double d = lo; d <= hi * 1.0001; d *= 10) {
        ticks.add(new Tick(d, format.apply(d)));
        if (fine && d * 2 < hi) {
          ticks.add(new Tick(d * 2, format.apply(d * 2)));
          ticks.add(new Tick(d * 5, format.apply(d * 5)));
        }
      }
      return new Axis(title + " (log scale)", Scale.LOG, lo, hi, ticks);
    }
    // from zero (or below it, for negative values) so bar-like comparisons stay honest
    double top = values.isEmpty() ? 1 : Math.max(max(values), 1e-9);
    double bottom = values.isEmpty() ? 0 : Math.min(min(values), 0);
    double step = niceStep((top - bottom) / 5);
    double lo = Math.floor(bottom / step) * step;
    double hi = Math.ceil(top / step) * step;
    List<Tick> ticks = new ArrayList<>();
    for (double v = lo; v <= hi + step * 1e-3; v += step) {
      double clean = Math.abs(v) < step * 1e-6 ? 0 : v;
      ticks.add(new Tick(clean, format.apply(clean)));
    }
    return new Axis(title, Scale.LINEAR, lo, hi, ticks);
  }

  /**
   * An axis over given values with a tick at each (a sweep's grid values, the budgets): log with
   * a margin of a quarter of the smallest step either side when {@code log}, else linear.
   */
  public static Axis categoryLikeAxis(String title, List<Double> tickValues, boolean log,
      DoubleFunction<String> format) {
    double lo = min(tickValues);
    double hi = max(tickValues);
    List<Tick> ticks = tickValues.stream().distinct().sorted()
        .map(v -> new Tick(v, format.apply(v))).toList();
    if (log) {
      double pad = lo == hi ? 2 : Math.pow(hi / lo, 0.08);
      return new Axis(title + " (log scale)", Scale.LOG, lo / pad, hi * pad, ticks);
    }
    double pad = lo == hi ? Math.max(1, Math.abs(lo)) : (hi - lo) * 0.08;
    return new Axis(title, Scale.LINEAR, lo - pad, hi + pad, ticks);
  }

  /** 1, 2 or 5 times a power of ten, at least {@code raw}. */
  static double niceStep(double raw) {
    double p = Math.pow(10, Math.floor(Math.log10(raw)));
    for (double m : new double[] {1, 2, 5, 10}) {
      if (m * p >= raw) {
        return m * p;
      }
    }
    return 10 * p;
  }

  /**
   * The axis with only as many of its ticks as can be labelled apart along {@code lengthPx}
   * (every second, third, ... kept, the first always).
   */
  public static Axis thinTicks(Axis a, double lengthPx, boolean horizontal) {
    List<Tick> ticks = a.ticks();
    for (int every = 1; every <= ticks.size(); every++) {
      List<Tick> kept = new ArrayList<>();
      for (int i = 0; i < ticks.size(); i += every) {
        kept.add(ticks.get(i));
      }
      if (labelsApart(a, kept, lengthPx, horizontal)) {
        return new Axis(a.title(), a.scale(), a.min(), a.max(), kept);
      }
    }
    return new Axis(a.title(), a.scale(), a.min(), a.max(), ticks.subList(0,
        Math.min(1, ticks.size())));
  }

  private static boolean labelsApart(Axis a, List<Tick> ticks, double lengthPx,
      boolean horizontal) {
    for (int i = 1; i < ticks.size(); i++) {
      double gap = a.toPx(ticks.get(i).value(), 0, lengthPx)
          - a.toPx(ticks.get(i - 1).value(), 0, lengthPx);
      double need = horizontal ? (ChartLayout.textWidthPx(ticks.get(i).label(),
          ChartLayout.TICK_FONT_PX) + ChartLayout.textWidthPx(ticks.get(i - 1).label(),
          ChartLayout.TICK_FONT_PX)) / 2 + 4 : ChartLayout.TICK_FONT_PX + 3;
      if (gap < need) {
        return false;
      }
    }
    return true;
  }

  /**
   * Label boxes for budget lines at {@code linePx} (any order), right of the plot at {@code x},
   * each centred on its line unless that overlaps a neighbour: then pushed apart just enough
   * (downwards first, then the whole stack up if it runs past {@code bottom}), never above
   * {@code top}. When they cannot all fit between top and bottom some still overlap, and
   * {@link ChartLegibility} says so.
   */
  public static List<Box> budgetLabelBoxes(List<Double> linePx, List<String> labels, double x,
      double top, double bottom) {
    double h = ChartLayout.BUDGET_FONT_PX + 2;
    int n = linePx.size();
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      order.add(i);
    }
    order.sort(Comparator.comparingDouble(linePx::get));
    double[] y = new double[n];
    for (int k = 0; k < n; k++) {
      int i = order.get(k);
      y[i] = Math.max(linePx.get(i) - h / 2, top);
      if (k > 0) {
        y[i] = Math.max(y[i], y[order.get(k - 1)] + h + LABEL_GAP_PX);
      }
    }
    for (int k = n - 1; k >= 0; k--) {
      int i = order.get(k);
      double limit = k == n - 1 ? bottom - h : y[order.get(k + 1)] - h - LABEL_GAP_PX;
      y[i] = Math.max(Math.min(y[i], limit), top);
    }
    List<Box> boxes = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      boxes.add(new Box(x, y[i], ChartLayout.textWidthPx(labels.get(i),
          ChartLayout.BUDGET_FONT_PX), h));
    }
    return boxes;
  }

  /**
   * A chart of {@code width} x {@code height} px: the plot takes what the tick labels (left and
   * below), the axis titles and the budget labels (right, in a gutter as wide as the widest) leave;
   * ticks are thinned until their labels stand apart and budget labels are placed by {@link
   * #budgetLabelBoxes}. The axes must already hold the budgets and values (the caller builds them
   * over everything drawn, so that small multiples can share them).
   *
   * @param budgetLabels one per budget, in the order of {@code budgetsMs}
   * @param absentLabel non-null to reserve a band below the plot for points without a value
   */
  public static ChartLayout layout(double width, double height, Axis x, Axis y,
      List<ChartLayout.Series> series, List<Double> budgetsMs, List<String> budgetLabels,
      String absentLabel) {
    double left = 8 + y.ticks().stream().mapToDouble(t -> ChartLayout.textWidthPx(t.label(),
        ChartLayout.TICK_FONT_PX)).max().orElse(20);
    if (absentLabel != null) {
      left = Math.max(left, 8 + ChartLayout.textWidthPx(absentLabel, ChartLayout.TICK_FONT_PX));
    }
    double gutter = 8 + budgetLabels.stream().mapToDouble(l -> ChartLayout.textWidthPx(l,
        ChartLayout.BUDGET_FONT_PX)).max().orElse(0);
    double top = 18;
    double band = absentLabel == null ? 0 : 20;
    double bottom = 36 + band;
    Box plot = new Box(left, top, width - left - gutter, height - top - bottom);
    Axis xs = thinTicks(x, plot.w(), true);
    Axis ys = thinTicks(y, plot.h(), false);
    Box absent = absentLabel == null ? null : new Box(plot.x(), plot.bottom() + 4, plot.w(), 16);
    ChartLayout draft = new ChartLayout(new Box(0, 0, width, height), plot, xs, ys, series,
        List.of(), absent, absentLabel);
    List<Double> linePx = budgetsMs.stream().map(draft::yPx).toList();
    List<Box> boxes = budgetLabelBoxes(linePx, budgetLabels, plot.right() + 4, 0, height);
    List<ChartLayout.Budget> budgets = new ArrayList<>();
    for (int i = 0; i < budgetsMs.size(); i++) {
      budgets.add(new ChartLayout.Budget(budgetsMs.get(i), budgetLabels.get(i), linePx.get(i),
          boxes.get(i)));
    }
    return new ChartLayout(draft.canvas(), plot, xs, ys, series, budgets, absent, absentLabel);
  }

  static double min(List<Double> vs) {
    return vs.stream().mapToDouble(Double::doubleValue).min().orElse(1);
  }

  static double max(List<Double> vs) {
    return vs.stream().mapToDouble(Double::doubleValue).max().orElse(1);
  }
}
