package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandTest {
  private static final String TINY = String.join("\n",
      "name: tiny",
      "heights: 2",
      "validators: {count: 4}",
      "keys: {shares: 8}",
      "workload: {msgs_per_block: 3, msg_size: 100 B}",
      "crypto: {variant: folded, timing: model}",
      "");

  @Test
  void validateAcceptsAGoodFileAndNamesLineAndFieldOfABadOne(@TempDir Path dir)
      throws Exception {
    Path good = dir.resolve("good.yaml");
    Files.writeString(good, TINY);
    CliRun ok = CliRun.of("validate", good.toString());
    assertEquals(0, ok.exitCode(), ok.err());
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(bad, TINY.replace("shares: 8", "shares: 8, threshold: 9"));
    CliRun no = CliRun.of("validate", bad.toString());
    assertEquals(2, no.exitCode());
    assertEquals(1, no.errLines().size(), no.err());
    assertTrue(no.err().contains("bad.yaml:4"), no.err());
    assertTrue(no.err().contains("keys.threshold"), no.err());
    CliRun override = CliRun.of("validate", good.toString(), "--set", "heights=0");
    assertEquals(2, override.exitCode());
    assertTrue(override.err().contains("--set") && override.err().contains("heights"),
        override.err());
  }

  @Test
  void aRerunReplacesTheResultFolderWholeAndLeavesNoPartialFolder(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY);
    Path out = dir.resolve("out");
    Files.createDirectories(out);
    Files.writeString(out.resolve("report.html"), "from an older run");
    CliRun r = CliRun.of("run", file.toString(), "--out", out.toString(), "--quiet");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(!Files.readString(out.resolve("report.html")).equals("from an older run"),
        "the old folder was replaced whole");
    assertTrue(!Files.exists(dir.resolve("out.partial")));
    assertTrue(!Files.exists(dir.resolve("out.old")));
    java.util.List<String> rows = Files.readAllLines(out.resolve("heights.csv"));
    assertEquals(3, rows.size(), "header and one row per height: " + rows);
    assertTrue(rows.get(0).contains("decided_ms") && rows.get(0).contains("proposal_wait_ms"));
    assertTrue(rows.get(1).startsWith("1,") && rows.get(2).startsWith("2,"));
  }

  @Test
  void runWritesSummaryHeightsAndReport(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY);
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("run", file.toString(), "--out", out.toString(), "--quiet");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("block time"), r.out());
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertEquals(5, summary.get("verdicts").size());
    JsonNode v = summary.get("verdicts").get(0);
    for (String field : new String[] {"block_time_ms", "fits", "p50_ms", "p95_ms", "p99_ms",
        "share_of_heights_fitting"}) {
      assertTrue(v.has(field), field);
    }
    assertEquals(6, summary.get("counts").get("transactions").asLong());
    assertEquals(6, summary.get("counts").get("payloads_decrypted").asLong());
    assertEquals(64, summary.get("scenario_hash").asText().length());
    assertTrue(summary.has("critical_path") && summary.get("critical_path").has("combine_ms"));
    assertEquals(3, Files.readAllLines(out.resolve("heights.csv")).size()); // header + 2 heights
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("data:image/png;base64,") && html.contains("Verdict"));
  }

  @Test
  void dumpConfigPrintsTheResolvedScenario(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY);
    CliRun r = CliRun.of("run", file.toString(), "--dump-config", "--set", "seed=42");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("seed: 42"), r.out());
    assertTrue(r.out().contains("timeout_propose"), r.out());
  }

  @Test
  void missingFileIsOneLineAndExitTwo() {
    CliRun r = CliRun.of("run", "/no/such/file.yaml");
    assertEquals(2, r.exitCode());
    assertEquals(1, r.errLines().size(), r.err());
  }

  @Test
  void overridesGiveTheDefaultFolderASuffixSoTheyNeverReplaceTheRunWithout() {
    dev.tdsim.scenario.Scenario s =
        dev.tdsim.scenario.ScenarioLoader.parse(TINY, "tiny.yaml", java.util.List.of());
    java.util.function.Function<java.util.List<String>, String> out =
        o -> RunCommand.defaultOut(s, o).toString().replace('\\', '/');
    assertEquals("reports/tiny", out.apply(java.util.List.of()));
    assertEquals("reports/tiny--design-folded",
        out.apply(java.util.List.of("crypto.variant=folded")));
    assertEquals("reports/tiny--msgs100--timing-model", out.apply(java.util.List.of(
        "workload.msgs_per_block=100", "crypto.timing=model")));
    assertEquals("reports/tiny--latency50ms--heights20",
        out.apply(java.util.List.of("network.latency=50 ms", "heights=20")));
    // a key whose first word other keys share is written whole, so it still names one key
    assertEquals("reports/tiny--timeout_propose3s",
        out.apply(java.util.List.of("consensus.timeout_propose=3 s")));
    // characters made '_' (never a path separator) could make two values alike: hashed too
    String unsafe = out.apply(java.util.List.of("crypto.calibration=../../c.yaml"));
    assertTrue(unsafe.matches("reports/tiny--calibration-.._.._c.yaml-[0-9a-f]{8}"), unsafe);
    assertTrue(!unsafe.equals(out.apply(java.util.List.of("crypto.calibration=.._.._c.yaml"))));
    // a name override names the folder itself
    assertEquals("reports/tiny", out.apply(java.util.List.of("name=tiny")));
    assertEquals("reports/tiny--heights3", out.apply(java.util.List.of("name=x", "heights=3")));
    // long ones are cut and hashed: bounded, stable, and different for different overrides
    java.util.List<String> many = java.util.List.of("workload.msgs_per_block=1000",
        "crypto.variant=folded", "consensus.timeout_commit=500 ms", "heights=50",
        "network.bandwidth=100 Mbps");
    String hashed = out.apply(many);
    assertTrue(hashed.startsWith("reports/tiny--msgs1000--design-folded--timeout_commit500ms-")
        && hashed.matches(".*-[0-9a-f]{8}")
        && hashed.length() == "reports/tiny--".length() + FolderNames.MAX_CHARS, hashed);
    assertEquals(hashed, out.apply(many));
    java.util.List<String> other = new java.util.ArrayList<>(many);
    other.set(4, "network.bandwidth=101 Mbps");
    assertTrue(!hashed.equals(out.apply(other)));
    assertEquals(java.nio.file.Path.of("reports"), RunCommand.defaultOut(s, many).getParent());
  }

  /**
   * simple with 4 of 8 validators sending bad shares (the other 4 hold 8 points, t = 10) leaves
   * every block closed: a correct refusal, reported plainly with exit 0 (before: exit 1, "this is a bug, please report it").
   * The exit codes are in --help.
   */
  @Test
  void aCorrectRefusalExitsZeroAndHelpListsTheExitCodes(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("refuse.yaml");
    Files.writeString(file, String.join("\n",
        "name: refuse",
        "seed: 7",
        "heights: 8",
        "validators: {count: 8, regions: [us-east, eu-west]}",
        "keys: {shares: 16}",
        "network: {model: uniform, latency: 20 ms, jitter: none}",
        "workload: {msgs_per_block: 2, msg_size: 100 B}",
        "consensus: {timeout_commit: 200 ms}",
        "crypto: {design: simple, timing: model, schedule: pipelined}",
        "faults: [{kind: bad-share, validators: [0, 1, 2, 3]}]",
        ""));
    CliRun r = CliRun.of("run", file.toString(), "--out", dir.resolve("out").toString(),
        "--quiet");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().startsWith("answer:"), r.out());
    assertTrue(r.out().contains("correctly refused, 0 opened wrongly"), r.out());
    assertTrue(!r.err().contains("bug"), r.err());
    JsonNode payloads = new ObjectMapper().readTree(dir.resolve("out/summary.json").toFile())
        .get("payloads");
    assertTrue(payloads.get("refused").asLong() > 0, payloads.toString());
    CliRun help = CliRun.of("run", "--help");
    for (String code : new String[] {"0", "1", "2", "3", "4"}) {
      assertTrue(help.out().contains("  " + code + "   "), help.out());
    }
    assertTrue(help.out().contains("Exit codes:") && help.out().contains("consensus forked"),
        help.out());
  }
}
