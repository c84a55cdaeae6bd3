package dev.tdsim.report.screenshots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tdsim.chart.ChartLayout;
import dev.tdsim.chart.ChartLayout.Axis;
import dev.tdsim.chart.ChartLayout.Box;
import dev.tdsim.chart.ChartLayout.Budget;
import dev.tdsim.chart.ChartLayout.Line;
import dev.tdsim.chart.ChartLayout.Point;
import dev.tdsim.chart.ChartLayout.Scale;
import dev.tdsim.chart.ChartLayout.Series;
import dev.tdsim.chart.ChartLayout.Tick;
import dev.tdsim.chart.Palette;
import dev.tdsim.chart.SvgChart;
import dev.tdsim.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The screenshot check in real headless Chromium, when it is installed ({@code apt-get install
 * chromium}); skipped otherwise (a fresh clone and CI have none; {@code make screenshots} is the
 * full check on the larger reports of sim/src/test/resources/screenshots/).
 */
class ReportScreenshotsTest {
  private static final String TINY = String.join("\n",
      "name: tiny",
      "heights: 3",
      "validators: {count: 4}",
      "keys: {shares: 8}",
      "network: {model: uniform, latency: 5 ms}",
      "workload: {msgs_per_block: 3, msg_size: 100 B}",
      "crypto: {variant: folded, timing: model}",
      "");

  private static void tdsim(String... args) {
    StringWriter err = new StringWriter();
    var cl = Main.commandLine();
    cl.setOut(new PrintWriter(new StringWriter()));
    cl.setErr(new PrintWriter(err, true));
    assertEquals(0, cl.execute(args), err.toString());
  }

  /**
   * The designs sweep's chart as the issue found it: 12 series on a linear axis to 60 s, the five
   * budgets' labels left at their lines' heights (100 ms and 250 ms a pixel apart).
   */
  static ChartLayout unreadable() {
    Axis linear = new Axis("p95", Scale.LINEAR, 0, 60_000, List.of(new Tick(0, "0"),
        new Tick(30_000, "30 s"), new Tick(60_000, "60 s")));
    Axis msgs = new Axis("msgs", Scale.LOG, 10, 10_000, List.of(new Tick(10, "10"),
        new Tick(10_000, "10000")));
    Box plot = new Box(60, 20, 600, 300);
    List<Series> series = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      series.add(new Series("design " + i, Palette.colour(i), Palette.marker(i), Line.SOLID,
          List.of(new Point(16, 100.0 + i, ""), new Point(4096, 55_000.0 - i, ""))));
    }
    ChartLayout draft = new ChartLayout(new Box(0, 0, 760, 360), plot, msgs, linear, series,
        List.of(), null, null);
    List<Budget> budgets = new ArrayList<>();
    for (double b : new double[] {100, 250, 500, 1000, 2000}) {
      String label = b < 1000 ? Math.round(b) + " ms" : Math.round(b / 1000) + " s";
      budgets.add(new Budget(b, label, draft.yPx(b), new Box(plot.right() + 4,
          draft.yPx(b) - 6, 40, 12)));
    }
    return new ChartLayout(draft.canvas(), plot, msgs, linear, series, budgets, null, null);
  }

  @Test
  void bothReportsPassInChromiumAndABrokenPageFailsEveryCheck(@TempDir Path dir)
      throws Exception {
    assumeTrue(Files.isExecutable(ReportScreenshots.DEFAULT_CHROMIUM),
        "Chromium is not installed (apt-get install chromium)");
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY);
    Path run = dir.resolve("run");
    Path sweep = dir.resolve("sweep");
    tdsim("run", file.toString(), "--out", run.toString(), "--quiet");
    tdsim("sweep", file.toString(), "--vary", "workload.msgs_per_block=1,10,100", "--vary",
        "crypto.variant=fast,folded", "--no-search", "--out", sweep.toString(), "--quiet");
    Path broken = dir.resolve("broken");
    Files.createDirectories(broken);
    Files.writeString(broken.resolve("report.html"), String.join("\n",
        "<!DOCTYPE html><html><body><h1>tdsim</h1>",
        "<div style=\"width:2000px\">a wide table</div>",
        "<img alt=\"chart\" src=\"data:image/png;base64,AAAA\">",
        "<script>console.error('boom')</script>",
        SvgChart.svg(unreadable(), "bad"), "</body></html>"));
    Path shots = dir.resolve("shots");
    List<ReportScreenshots.Result> results = ReportScreenshots.check(
        ReportScreenshots.DEFAULT_CHROMIUM, List.of(run.resolve("report.html"),
            sweep.resolve("report.html"), broken.resolve("report.html")), shots);
    assertEquals(List.of(), results.get(0).failures(), results.get(0).summary());
    assertEquals(List.of(), results.get(1).failures(), results.get(1).summary());
    assertTrue(results.get(0).summary().startsWith("2 charts, page 1280x"),
        results.get(0).summary());
    assertTrue(results.get(1).summary().contains("headline 'design "), results.get(1).summary());
    List<String> bad = results.get(2).failures();
    // the four page checks, then the bad chart's legibility (from its layout and as drawn)
    List<String> badChart = bad.subList(4, bad.size());
    assertTrue(bad.size() > 4 && badChart.stream().allMatch(f -> f.startsWith("chart 'bad': ")),
        bad.toString());
    assertTrue(badChart.contains("chart 'bad': 12 series, more than the 8 distinguishable"
        + " colours: split the chart into small multiples"), badChart.toString());
    assertTrue(badChart.stream().anyMatch(f -> f.contains("y axis is linear")), badChart.toString());
    assertTrue(badChart.contains("chart 'bad': budget labels 100 ms and 250 ms overlap"),
        badChart.toString());
    assertTrue(badChart.contains("chart 'bad': budget labels 100 ms and 250 ms are drawn"
        + " overlapping"), badChart.toString());
    assertTrue(bad.get(0).startsWith("horizontal overflow: the page is 20"), bad.get(0));
    assertTrue(bad.get(0).contains("div"), bad.get(0));
    assertTrue(bad.get(1).startsWith("chart 'img[chart]' not drawn"), bad.get(1));
    assertEquals("no headline (an element of class 'headline')", bad.get(2));
    assertTrue(bad.get(3).startsWith("console: console.error: boom"), bad.get(3));
    for (String name : List.of("run", "sweep", "broken")) {
      byte[] png = Files.readAllBytes(shots.resolve(name + ".png"));
      assertTrue(png.length > 1000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', name);
      assertTrue(Files.size(shots.resolve(name + "-top.png")) > 1000, name);
    }
  }
}
