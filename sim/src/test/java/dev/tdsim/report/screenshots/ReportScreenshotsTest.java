package dev.tdsim.report.screenshots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tdsim.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
        "<script>console.error('boom')</script></body></html>"));
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
    assertEquals(4, bad.size(), bad.toString());
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
