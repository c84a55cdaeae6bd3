package dev.tdsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run with a bad share (scenarios/faults/bad-share.yaml, validator 14 from height 2, shortened
 * to 3 heights): the critical path of summary.json, the console and report.html adds up to the
 * decryption latency with blame, check and reshare as phases, and the faults section names the
 * faulty validator with the time its fault added.
 */
class ShareFaultReportTest {
  @TempDir Path out;

  private static Path scenario() {
    for (Path p : List.of(Path.of("../scenarios/faults"), Path.of("scenarios/faults"))) {
      if (Files.isDirectory(p)) {
        return p.resolve("bad-share.yaml");
      }
    }
    throw new AssertionError("scenarios/faults not found from " + Path.of("").toAbsolutePath());
  }

  @ParameterizedTest
  @ValueSource(strings = {"fast", "folded"})
  void theCriticalPathAddsUpAndTheSummaryNamesTheFaultyValidator(String variant)
      throws Exception {
    Scenario s = ScenarioLoader.load(scenario(),
        List.of("heights=3", "crypto.variant=" + variant));
    ScenarioRunner.Result r = new ScenarioRunner(line -> { }).run(s);
    RunSummary summary = Summaries.of(r, "test");

    CriticalPath c = summary.criticalPath();
    double meanLatencyMs = r.heights().stream()
        .mapToDouble(h -> h.decryptionLatencyNanos() / 1e6).average().orElseThrow();
    assertEquals(meanLatencyMs, c.decryptionLatencyMs(), 1e-9);
    assertEquals(meanLatencyMs, c.decryptionPhasesMs(), 1e-6,
        variant + ": the phases add up to the mean decryption latency: " + c);
    assertTrue(c.blameMs() > 0 && c.reshareMs() > 0, c.toString());
    if (variant.equals("folded")) {
      assertTrue(c.checkMs() > 0, "folded checks the combined result: " + c);
    }
    // Without the fault-time phases the path would fall short of the latency.
    assertTrue(c.shareCreationMs() + c.shareGossipMs() + c.combineMs() + c.decryptMs()
        < meanLatencyMs - 1e-3, c.toString());

    List<FaultsReport.ShareFaultCost> shares = summary.faults().shareFaults();
    assertEquals(1, shares.size());
    FaultsReport.ShareFaultCost bad = shares.get(0);
    assertEquals("bad-share", bad.kind());
    assertEquals(List.of(2, 3), bad.heightsActive());
    assertEquals(List.of(14), bad.namedFaulty());
    assertEquals(2, bad.heightsItsValidatorsNamed());
    double blame = r.heights().subList(1, 3).stream()
        .mapToDouble(h -> h.blameNanos() / 1e6).average().orElseThrow();
    assertEquals(blame, bad.meanBlameMs(), 1e-9);
    assertTrue(bad.meanReshareMs() > 0);
    assertEquals(r.heights().get(0).decryptionLatencyNanos() / 1e6,
        bad.meanDecryptionLatencyMsWithoutShareFaults(), 1e-9);

    String table = Summaries.table(summary);
    assertTrue(table.contains("| blame ") && table.contains("| reshare ")
        && table.contains(String.format(java.util.Locale.ROOT, "= decryption latency %.1f",
            meanLatencyMs)), table);
    assertTrue(table.contains("share fault #0 bad-share of validators [14]: active at heights"
        + " 2-3, named faulty [14]"), table);

    ReportWriter.writeSummary(out, summary);
    JsonNode json = ReportWriter.json().readTree(out.resolve(ReportWriter.SUMMARY).toFile());
    assertTrue(json.get("critical_path").has("blame_ms")
        && json.get("critical_path").has("reshare_ms"), json.get("critical_path").toString());
    assertEquals(14, json.get("faults").get("share_faults").get(0).get("named_faulty").get(0)
        .asInt());
    HtmlReport.write(out, summary, r.heights(), "name: bad-share\n");
    String html = Files.readString(out.resolve(ReportWriter.HTML));
    assertTrue(html.contains("What each share fault did to decryption")
        && html.contains("<th>blame</th>") && html.contains("[14]"));
  }

  @org.junit.jupiter.api.Test
  void withoutShareFaultsTheNewPhasesAreZeroAndThePathStillAddsUp() {
    HeightRecord h = new HeightRecord(1, 0, 3, 100, 2, 0, 300, 300, 300, 1, 2, 3, 4, 50, 6, 7,
        67, 5, 0, 3, 3, true);
    CriticalPath c = Verdicts.criticalPath(List.of(h, h));
    assertEquals(0, c.checkMs() + c.blameMs() + c.reshareMs());
    assertEquals(c.decryptionLatencyMs(), c.decryptionPhasesMs(), 1e-12);
  }
}
