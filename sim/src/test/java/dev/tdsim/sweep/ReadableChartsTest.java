package dev.tdsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.chart.ChartLayout;
import dev.tdsim.chart.ChartLayout.Scale;
import dev.tdsim.chart.ChartLayout.Series;
import dev.tdsim.chart.ChartLegibility;
import dev.tdsim.chart.Layouts;
import dev.tdsim.chart.Palette;
import dev.tdsim.sweep.SensitivityReport.Bound;
import dev.tdsim.sweep.SensitivityReport.BudgetFit;
import dev.tdsim.sweep.SensitivityReport.Direction;
import dev.tdsim.sweep.SensitivityReport.NumericGroup;
import dev.tdsim.sweep.SensitivityReport.NumericParam;
import dev.tdsim.sweep.SensitivityReport.Sample;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The sweep report's charts on the designs sweep's shape (issue 23): 6 variants x 2 committees,
 * 16 .. 4096 messages, p95 from 100 ms to 55 s, budgets 100 ms .. 2 s.
 */
class ReadableChartsTest {
  static final List<Double> BUDGETS = List.of(100.0, 250.0, 500.0, 1000.0, 2000.0);
  static final List<String> VARIANTS = List.of("fast", "folded", "batched", "block-key",
      "batched-points", "block-key-points");
  static final List<Double> MSGS = List.of(16.0, 64.0, 256.0, 1024.0, 4096.0);

  /** The designs sweep's report: p95 grows from 100 ms to 55 s with the block's messages. */
  static SensitivityReport designs() {
    List<NumericGroup> groups = new ArrayList<>();
    int d = 0;
    for (String committee : List.of("150", "1000")) {
      for (String variant : VARIANTS) {
        Map<String, String> fixed = new LinkedHashMap<>();
        fixed.put("crypto.variant", variant);
        fixed.put("validators.count", committee);
        List<Sample> samples = new ArrayList<>();
        for (double m : MSGS) {
          // 100 ms at 16 messages for the fastest design, 55 s at 4096 for the slowest
          double p95 = 100 * Math.pow(m / 16, 1.137) * (1 + 0.05 * d);
          samples.add(new Sample(m, Long.toString(Math.round(m)), p95 * 0.8, p95, p95 * 1.1,
              p95 + 400, false, List.of(), List.of(p95)));
        }
        samples.add(new Sample(100, "100", 1, 900, 1, 1300, true, List.of(), List.of(900.0)));
        List<BudgetFit> fits = new ArrayList<>();
        for (double b : BUDGETS) {
          // the slowest designs fit nothing at 100 ms: shown as "none fits", not left out
          boolean none = b == 100 && d >= 10;
          fits.add(new BudgetFit(b, none ? 0.0 : 16 * b / 100 * (12 - d), none ? "0"
              : "x", none ? Bound.NONE_FITS : Bound.EXACT, null, null, 3, null, null));
        }
        groups.add(new NumericGroup(fixed, Direction.INCREASING, true, samples, null, null,
            null, null, null, fits, List.of()));
        d++;
      }
    }
    NumericParam msgs = new NumericParam(SweepPlan.MSGS, ParamKind.INTEGER, "", false, groups);
    return new SensitivityReport(Map.of(), null, 1000, BUDGETS, msgs, List.of(), List.of(),
        List.of(), 120, 8, List.of(), List.of());
  }

  @Test
  void theDesignsSweepGetsOneLegibleLogPanelPerDesignOnSharedAxes() {
    List<LatencyPanels.Panel> panels = LatencyPanels.of(designs());
    assertEquals(12, panels.size());
    assertEquals("variant=fast, count=150", panels.get(0).title());
    ChartLayout first = panels.get(0).chart();
    for (LatencyPanels.Panel p : panels) {
      ChartLayout c = p.chart();
      assertEquals(List.of(), ChartLegibility.problems(c), p.title());
      assertEquals(Scale.LOG, c.y().scale(), "p95 spans 100 ms .. 55 s");
      assertEquals(Scale.LOG, c.x().scale(), "16 .. 4096 messages");
      assertEquals(first.y(), c.y(), "small multiples share their axes");
      assertEquals(first.x(), c.x());
      assertEquals(List.of(LatencyPanels.DECRYPTION, LatencyPanels.JUDGED),
          c.series().stream().map(Series::name).toList());
      assertEquals(5, c.budgets().size());
      // every budget labelled, and the 100 ms .. 2 s lines spread over the plot, not squashed
      assertEquals(List.of("100 ms", "250 ms", "500 ms", "1 s", "2 s"),
          c.budgets().stream().map(ChartLayout.Budget::label).toList());
      double spread = c.budgets().get(0).linePx() - c.budgets().get(4).linePx();
      assertTrue(spread > c.plot().h() / 5, "budgets span " + spread + " px of "
          + c.plot().h());
      assertEquals(6, c.series().get(0).points().size(), "5 grid values and the probe");
    }
  }

  /** The chart, rebuilt from the same numbers: all 24 lines in one chart fails. */
  @Test
  void theDesignsSweepInOneChartFailsTheCheck() {
    ChartLayout panel = LatencyPanels.of(designs()).get(0).chart();
    List<Series> all = new ArrayList<>();
    for (LatencyPanels.Panel p : LatencyPanels.of(designs())) {
      for (Series s : p.chart().series()) {
        all.add(new Series(p.title() + " " + s.name(), Palette.colour(all.size() / 2),
            Palette.marker(all.size() / 2), s.line(), s.points()));
      }
    }
    ChartLayout one = Layouts.layout(1000, 460, panel.x(), panel.y(), all, BUDGETS,
        panel.budgets().stream().map(ChartLayout.Budget::label).toList(), null);
    String problems = String.join("\n", ChartLegibility.problems(one));
    assertTrue(problems.contains("24 series, more than the 8 distinguishable colours"),
        problems);
  }

  /** 12 designs outnumber the palette: one summary chart per committee, a series per variant. */
  @Test
  void theSummaryOfTwelveDesignsSplitsByCommitteeAndShowsNoneFits() {
    List<FitSummaryChart.Panel> panels = FitSummaryChart.of(designs(), 494, 300);
    assertEquals(List.of("count=150", "count=1000"),
        panels.stream().map(FitSummaryChart.Panel::title).toList());
    for (FitSummaryChart.Panel p : panels) {
      ChartLayout c = p.chart();
      assertEquals(List.of(), ChartLegibility.problems(c), p.title());
      assertEquals(6, c.series().size());
      assertEquals(VARIANTS.stream().map(v -> "variant=" + v).toList(),
          c.series().stream().map(Series::name).toList());
      assertEquals(6, new HashSet<>(c.series().stream().map(Series::colour).toList()).size());
      assertEquals(Scale.LOG, c.x().scale(), "budgets 100 ms .. 2 s");
      assertEquals(BUDGETS, c.x().ticks().stream().map(ChartLayout.Tick::value).toList());
      assertNotNull(c.absentBand(), "some design fits nothing at 100 ms");
    }
    // the 1000-validator block-key-points (design 11) fits nothing at 100 ms: drawn as absent
    Series slowest = panels.get(1).chart().series().get(5);
    assertNull(slowest.points().get(0).y());
    assertTrue(slowest.points().get(0).text().contains("none fits"), slowest.toString());
  }

  /** Every chart layout a report.html embeds ({@code data-chart} of its svgs), as written. */
  static List<ChartLayout> chartsIn(String html) {
    List<ChartLayout> out = new ArrayList<>();
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("data-chart=\"([^\"]*)\"")
        .matcher(html);
    while (m.find()) {
      out.add(dev.tdsim.chart.ChartJson.read(m.group(1).replace("&quot;", "\"")
          .replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">")
          .replace("&amp;", "&")));
    }
    return out;
  }

  /** Asserts that a report embeds {@code expected} charts and that each is legible. */
  static void assertLegibleCharts(String html, int expected) {
    List<ChartLayout> charts = chartsIn(html);
    assertEquals(expected, charts.size(), "charts with their layout in report.html");
    for (ChartLayout c : charts) {
      assertEquals(List.of(), ChartLegibility.problems(c), c.toString());
    }
  }

  @Test
  void designsAreSplitByTheValueGivingFewestChartsWithinThePalette() {
    List<Map<String, String>> designs = new ArrayList<>();
    for (String v : VARIANTS) {
      for (String c : List.of("150", "1000")) {
        designs.add(Map.of("crypto.variant", v, "validators.count", c));
      }
    }
    assertEquals("validators.count", FitSummaryChart.splitKey(designs));
    assertNull(FitSummaryChart.splitKey(designs.subList(0, 8)), "eight fit one chart");
  }

  /** Twelve values of one path: no value splits them, so they are cut into charts of eight. */
  @Test
  void designsNoValueSplitsAreCutIntoChartsOfAPalette() {
    SensitivityReport d = designs();
    NumericParam msgs = d.msgs();
    List<NumericGroup> oneKey = new ArrayList<>();
    int i = 0;
    for (NumericGroup g : msgs.groups()) {
      oneKey.add(new NumericGroup(Map.of("crypto.variant", "v" + i++), g.direction(),
          g.monotone(), g.samples(), null, null, null, null, null, g.budgets(), g.notes()));
    }
    SensitivityReport twelve = new SensitivityReport(Map.of(), null, 1000, BUDGETS,
        new NumericParam(msgs.path(), msgs.kind(), "", false, oneKey), List.of(), List.of(),
        List.of(), 0, 8, List.of(), List.of());
    List<FitSummaryChart.Panel> panels = FitSummaryChart.of(twelve, 494, 300);
    assertEquals(List.of("designs 1-8", "designs 9-12"),
        panels.stream().map(FitSummaryChart.Panel::title).toList());
    assertEquals(List.of(8, 4), panels.stream().map(p -> p.chart().series().size()).toList());
    panels.forEach(p -> assertEquals(List.of(), ChartLegibility.problems(p.chart())));
  }
}
