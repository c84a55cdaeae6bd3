package dev.tdsim.chart;

import dev.tdsim.chart.ChartLayout.Axis;
import dev.tdsim.chart.ChartLayout.Box;
import dev.tdsim.chart.ChartLayout.Budget;
import dev.tdsim.chart.ChartLayout.Point;
import dev.tdsim.chart.ChartLayout.Scale;
import dev.tdsim.chart.ChartLayout.Series;
import dev.tdsim.chart.ChartLayout.Tick;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a reader can read a chart, judged from its {@link ChartLayout} (the pixels the renderer
 * draws), not by eye: the rules the designs sweep's unreadable chart broke. Used by the report
 * writers' tests and by {@code make screenshots} on the charts a real report embeds.
 */
public final class ChartLegibility {
  private ChartLegibility() {}

  /** Every rule the chart breaks, one sentence each; empty when it is legible. */
  public static List<String> problems(ChartLayout c) {
    List<String> out = new ArrayList<>();
    if (!c.canvas().contains(c.plot())) {
      out.add("the plot area sticks out of the chart");
    }
    axisProblems("x", c.x(), out);
    axisProblems("y", c.y(), out);
    seriesProblems(c, out);
    budgetProblems(c, out);
    tickProblems(c, out);
    return out;
  }

  private static void axisProblems(String name, Axis a, List<String> out) {
    if (!(a.max() > a.min()) || a.scale() == Scale.LOG && !(a.min() > 0)) {
      out.add(String.format(Locale.ROOT, "%s axis: empty or invalid range %s..%s (%s)", name,
          a.min(), a.max(), a.scale()));
    }
  }

  private static void seriesProblems(ChartLayout c, List<String> out) {
    if (c.series().size() > Palette.SIZE) {
      out.add(c.series().size() + " series, more than the " + Palette.SIZE
          + " distinguishable colours: split the chart into small multiples");
    }
    Set<String> colours = new HashSet<>();
    Set<ChartLayout.Marker> markers = new HashSet<>();
    List<Double> ys = new ArrayList<>();
    for (Series s : c.series()) {
      if (!Palette.COLOURS.contains(s.colour())) {
        out.add("series '" + s.name() + "': colour " + s.colour() + " is not in the palette");
      }
      if (!colours.add(s.colour())) {
        out.add("series '" + s.name() + "': colour " + s.colour() + " used twice");
      }
      if (!markers.add(s.marker())) {
        out.add("series '" + s.name() + "': marker " + s.marker() + " used twice");
      }
      for (Point p : s.points()) {
        if (!c.x().inRange(p.x())) {
          out.add("series '" + s.name() + "': x " + p.x() + " is off the plot");
        }
        if (p.y() == null) {
          if (c.absentBand() == null) {
            out.add("series '" + s.name() + "': a point without a value but no band for them");
          }
        } else if (!c.y().inRange(p.y())) {
          out.add("series '" + s.name() + "': y " + p.y() + " is off the plot");
        } else {
          ys.add(p.y());
        }
      }
    }
    for (Budget b : c.budgets()) {
      ys.add(b.ms());
    }
    if (c.y().scale() == Scale.LINEAR && Layouts.spansMoreThanADecade(ys)) {
      out.add(String.format(Locale.ROOT, "y axis is linear but its values span more than a"
          + " decade (%.4g .. %.4g): the small ones are squashed, use a log axis",
          Layouts.min(ys), Layouts.max(ys)));
    }
    if (c.absentBand() != null && c.absentBand().overlaps(c.plot())) {
      out.add("the band of points without a value overlaps the plot");
    }
  }

  private static void budgetProblems(ChartLayout c, List<String> out) {
    List<Budget> bs = c.budgets();
    for (Budget b : bs) {
      if (!c.y().inRange(b.ms())) {
        out.add("budget " + b.label() + " is off the plot (y axis " + c.y().min() + ".."
            + c.y().max() + ")");
      } else if (Math.abs(c.yPx(b.ms()) - b.linePx()) > 0.5
          || b.linePx() < c.plot().y() - 0.5 || b.linePx() > c.plot().bottom() + 0.5) {
        out.add("budget " + b.label() + ": its line is not drawn at its value inside the plot");
      }
      if (!c.canvas().contains(b.labelBox())) {
        out.add("budget " + b.label() + ": its label is off the chart");
      }
      if (b.labelBox().overlaps(c.plot())) {
        out.add("budget " + b.label() + ": its label covers the plot");
      }
    }
    for (int i = 0; i < bs.size(); i++) {
      for (int j = i + 1; j < bs.size(); j++) {
        if (bs.get(i).labelBox().overlaps(bs.get(j).labelBox())) {
          out.add("budget labels " + bs.get(i).label() + " and " + bs.get(j).label()
              + " overlap");
        }
      }
    }
  }

  private static void tickProblems(ChartLayout c, List<String> out) {
    List<Box> xs = new ArrayList<>();
    for (Tick t : c.x().ticks()) {
      xs.add(c.xTickBox(t));
    }
    List<Box> ys = new ArrayList<>();
    for (Tick t : c.y().ticks()) {
      ys.add(c.yTickBox(t));
    }
    overlapping("x", c.x().ticks(), xs, c, out);
    overlapping("y", c.y().ticks(), ys, c, out);
    // a budget label pushed down past the plot's corner must not cover the last x tick
    for (Budget b : c.budgets()) {
      for (int i = 0; i < xs.size(); i++) {
        if (b.labelBox().overlaps(xs.get(i))) {
          out.add("budget " + b.label() + ": its label covers the x tick "
              + c.x().ticks().get(i).label());
        }
      }
    }
  }

  private static void overlapping(String axis, List<Tick> ticks, List<Box> boxes, ChartLayout c,
      List<String> out) {
    for (int i = 0; i < boxes.size(); i++) {
      if (!c.canvas().contains(boxes.get(i))) {
        out.add(axis + " tick " + ticks.get(i).label() + " is off the chart");
      }
      for (int j = i + 1; j < boxes.size(); j++) {
        if (boxes.get(i).overlaps(boxes.get(j))) {
          out.add(axis + " ticks " + ticks.get(i).label() + " and " + ticks.get(j).label()
              + " overlap");
        }
      }
    }
  }
}
