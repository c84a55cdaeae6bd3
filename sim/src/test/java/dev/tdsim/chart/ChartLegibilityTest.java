package dev.tdsim.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.chart.ChartLayout.Axis;
import dev.tdsim.chart.ChartLayout.Box;
import dev.tdsim.chart.ChartLayout.Budget;
import dev.tdsim.chart.ChartLayout.Line;
import dev.tdsim.chart.ChartLayout.Point;
import dev.tdsim.chart.ChartLayout.Scale;
import dev.tdsim.chart.ChartLayout.Series;
import dev.tdsim.chart.ChartLayout.Tick;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The legibility rules on chart layouts: they pass a good layout and catch a bad one. */
class ChartLegibilityTest {
  static final List<Double> BUDGETS = List.of(100.0, 250.0, 500.0, 1000.0, 2000.0);
  static final List<String> BUDGET_LABELS = List.of("100 ms", "250 ms", "500 ms", "1 s", "2 s");

  @Test
  void aDecadeIsTheLineBetweenLinearAndLog() {
    assertFalse(Layouts.spansMoreThanADecade(List.of(1.0, 10.0)));
    assertTrue(Layouts.spansMoreThanADecade(List.of(1.0, 10.5)));
    assertTrue(Layouts.spansMoreThanADecade(List.of(100.0, 55_000.0)));
    assertFalse(Layouts.spansMoreThanADecade(List.of(0.0, 1000.0)), "zero has no logarithm");
    assertFalse(Layouts.spansMoreThanADecade(List.of()));
  }

  @Test
  void theDesignsSweepsLatenciesGetALogAxisFromTheDecadeBelowToTheDecadeAbove() {
    List<Double> ys = new ArrayList<>(BUDGETS);
    ys.addAll(List.of(100.0, 3_000.0, 55_000.0));
    Axis a = Layouts.valueAxis("p95", ys, v -> Double.toString(v));
    assertEquals(Scale.LOG, a.scale());
    assertEquals(100, a.min(), 1e-9);
    assertEquals(100_000, a.max(), 1e-9);
    assertEquals(List.of(100.0, 1000.0, 10_000.0, 100_000.0),
        a.ticks().stream().map(Tick::value).toList());
    Axis linear = Layouts.valueAxis("p95", List.of(120.0, 480.0), v -> Double.toString(v));
    assertEquals(Scale.LINEAR, linear.scale());
    assertEquals(0, linear.min());
    assertTrue(linear.max() >= 480, linear.toString());
  }

  /** Budget lines a few pixels apart get labels pushed apart just enough, all inside. */
  @Test
  void budgetLabelsThatWouldOverlapAreNudgedApart() {
    List<Box> boxes = Layouts.budgetLabelBoxes(List.of(104.0, 100.0, 108.0, 200.0),
        List.of("250 ms", "100 ms", "500 ms", "2 s"), 300, 0, 240);
    for (int i = 0; i < boxes.size(); i++) {
      for (int j = i + 1; j < boxes.size(); j++) {
        assertFalse(boxes.get(i).overlaps(boxes.get(j)), boxes.get(i) + " " + boxes.get(j));
      }
    }
    // in the order of their lines (100 above 104 above 108), the lone one left on its line
    assertTrue(boxes.get(1).y() < boxes.get(0).y() && boxes.get(0).y() < boxes.get(2).y());
    assertEquals(200 - boxes.get(3).h() / 2, boxes.get(3).y(), 1e-9);
    // crowded at the bottom: the stack moves up rather than off the chart
    List<Box> low = Layouts.budgetLabelBoxes(List.of(238.0, 239.0, 240.0), List.of("a", "b",
        "c"), 0, 0, 240);
    assertTrue(low.stream().allMatch(b -> b.bottom() <= 240), low.toString());
    assertFalse(low.get(0).overlaps(low.get(1)) || low.get(1).overlaps(low.get(2)));
  }

  /** The designs sweep's numbers in one well-made panel: nothing to complain about. */
  @Test
  void aLogPanelWithFiveBudgetsAndTwoSeriesIsLegible() {
    ChartLayout c = panel(Layouts.valueAxis("p95", List.of(100.0, 55_000.0, 2000.0),
        v -> Long.toString(Math.round(v))), 2);
    assertEquals(List.of(), ChartLegibility.problems(c));
  }

  /**
   * The chart: 12 series on a linear axis to 55 s, budget labels at their lines' heights
   * (overlapping: 100 ms and 250 ms are a pixel apart at that scale), a budget above the axis.
   * Every rule it breaks is named.
   */
  @Test
  void theUnreadableDesignsChartFailsEveryRuleItBreaks() {
    Axis linear = new Axis("p95", Scale.LINEAR, 0, 60_000, List.of(new Tick(0, "0"),
        new Tick(20_000, "20000"), new Tick(40_000, "40000"), new Tick(60_000, "60000")));
    Box canvas = new Box(0, 0, 1000, 460);
    Box plot = new Box(60, 20, 860, 400);
    List<Series> series = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      series.add(new Series("design " + i, Palette.colour(i), Palette.marker(i), Line.SOLID,
          List.of(new Point(16, 100.0 + i, ""), new Point(4096, 55_000.0 - i, ""))));
    }
    ChartLayout draft = new ChartLayout(canvas, plot, axis16to4096(), linear, series, List.of(),
        null, null);
    List<Budget> budgets = new ArrayList<>();
    List<Double> ms = new ArrayList<>(BUDGETS);
    ms.add(90_000.0);
    for (double b : ms) {
      double y = draft.yPx(b);
      // labels left where the line is, as JFreeChart drew them
      budgets.add(new Budget(b, b + " ms", y, new Box(plot.right() + 4, y - 6, 40, 12)));
    }
    ChartLayout bad = new ChartLayout(canvas, plot, draft.x(), linear, series, budgets, null,
        null);
    String all = String.join("\n", ChartLegibility.problems(bad));
    assertTrue(all.contains("12 series, more than the 8 distinguishable colours"), all);
    assertTrue(all.contains("colour #0072B2 used twice"), all);
    assertTrue(all.contains("marker CIRCLE used twice"), all);
    assertTrue(all.contains("y axis is linear but its values span more than a decade"), all);
    assertTrue(all.contains("budget labels 100.0 ms and 250.0 ms overlap"), all);
    assertTrue(all.contains("budget 90000.0 ms is off the plot"), all);
    assertTrue(all.contains("budget 90000.0 ms: its label is off the chart"), all);
  }

  @Test
  void labelsTicksAndPointsOffTheChartAreCaught() {
    ChartLayout good = panel(Layouts.valueAxis("p95", List.of(100.0, 55_000.0, 2000.0),
        v -> Long.toString(Math.round(v))), 2);
    Budget b = good.budgets().get(0);
    List<Budget> moved = new ArrayList<>(good.budgets());
    moved.set(0, new Budget(b.ms(), b.label(), b.linePx() + 30, new Box(good.plot().x() + 10,
        b.labelBox().y(), b.labelBox().w(), b.labelBox().h())));
    Series s = good.series().get(0);
    List<Series> off = List.of(new Series(s.name(), s.colour(), s.marker(), Line.SOLID,
        List.of(new Point(16, 1e6, ""), new Point(16, null, ""))), good.series().get(1));
    Axis crowded = new Axis(good.x().title(), good.x().scale(), good.x().min(), good.x().max(),
        List.of(new Tick(1000, "1000"), new Tick(1024, "1024")));
    ChartLayout bad = new ChartLayout(good.canvas(), good.plot(), crowded, good.y(), off, moved,
        null, null);
    String all = String.join("\n", ChartLegibility.problems(bad));
    assertTrue(all.contains("budget 100 ms: its line is not drawn at its value"), all);
    assertTrue(all.contains("budget 100 ms: its label covers the plot"), all);
    assertTrue(all.contains("y 1000000.0 is off the plot"), all);
    assertTrue(all.contains("a point without a value but no band for them"), all);
    assertTrue(all.contains("x ticks 1000 and 1024 overlap"), all);
    // a label moved onto the x ticks under the plot's right corner
    Box tick = good.xTickBox(good.x().ticks().get(good.x().ticks().size() - 1));
    List<Budget> low = new ArrayList<>(good.budgets());
    low.set(0, new Budget(b.ms(), b.label(), b.linePx(), new Box(tick.x(), tick.y(),
        b.labelBox().w(), b.labelBox().h())));
    String covering = String.join("\n", ChartLegibility.problems(new ChartLayout(good.canvas(),
        good.plot(), good.x(), good.y(), good.series(), low, null, null)));
    assertTrue(covering.contains("budget 100 ms: its label covers the x tick 4096"), covering);
  }

  /** What the report embeds is what the screenshot check reads back: the same layout. */
  @Test
  void theLayoutSurvivesItsJsonAndTheSvgCarriesIt() {
    ChartLayout c = panel(Layouts.valueAxis("p95", List.of(100.0, 55_000.0, 2000.0),
        v -> Long.toString(Math.round(v))), 2);
    assertEquals(c, ChartJson.read(ChartJson.write(c)));
    String svg = SvgChart.svg(c, "a \"quoted\" title");
    String attr = svg.replaceAll("(?s).*data-chart=\"([^\"]*)\".*", "$1");
    String json = attr.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<")
        .replace("&gt;", ">").replace("&amp;", "&");
    assertEquals(c, ChartJson.read(json));
    assertEquals(5, svg.split("class=\"budget\"", -1).length - 1, "one label per budget");
  }

  static Axis axis16to4096() {
    return Layouts.categoryLikeAxis("msgs", List.of(16.0, 64.0, 256.0, 1024.0, 4096.0), true,
        v -> Long.toString(Math.round(v)));
  }

  static ChartLayout panel(Axis y, int nSeries) {
    List<Series> series = new ArrayList<>();
    for (int i = 0; i < nSeries; i++) {
      series.add(new Series("s" + i, Palette.colour(i), Palette.marker(i), i % 2 == 1 ? Line.DASHED : Line.SOLID,
          List.of(new Point(16, 100.0 + i, "a"), new Point(4096, 55_000.0 - i, "b"))));
    }
    return Layouts.layout(326, 240, axis16to4096(), y, series, BUDGETS, BUDGET_LABELS, null);
  }
}
