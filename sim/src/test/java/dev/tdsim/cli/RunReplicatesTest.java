package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tdsim.runner.ReplicatePlan;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import dev.tdsim.random.Seeds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tdsim run} with replicates, and the interval and borderline verdicts of its report. */
class RunReplicatesTest {
  private static final String TINY = String.join("\n",
      "name: tiny",
      "heights: 8",
      "validators: {count: 4}",
      "keys: {shares: 8}",
      "workload: {msgs_per_block: 3, msg_size: 100 B}",
      "crypto: {variant: folded, timing: model}",
      "");

  private static JsonNode summary(Path out) throws Exception {
    return new ObjectMapper().readTree(out.resolve("summary.json").toFile());
  }

  @Test
  void replicatesDeriveTheirSeedsAsSweepsDoAndPoolTheirHeights(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY);
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("run", file.toString(), "--out", out.toString(), "--quiet",
        "--replicates", "2");
    assertEquals(0, r.exitCode(), r.err());
    JsonNode judged = summary(out).get("judged_time");
    assertEquals(2, judged.get("replicates").asInt());
    assertEquals(1, judged.get("replicate_seeds").get(0).asLong());
    assertEquals(Seeds.derive(1, 1), judged.get("replicate_seeds").get(1).asLong());
    assertEquals(16, judged.get("pooled_heights").asInt());
    assertEquals("replicates: 2 set", judged.get("replicates_why").asText());
    assertTrue(r.out().contains("replicates: 2 (replicates: 2 set), seeds [1, "
        + Seeds.derive(1, 1) + "]"), r.out());
    // heights.csv stays the scenario's own seed's
    assertEquals(9, Files.readAllLines(out.resolve("heights.csv")).size());
    Scenario s = ScenarioLoader.load(file, List.of());
    assertEquals(Seeds.derive(1, 2), ReplicatePlan.replicate(s, 2).seed());
    assertEquals(s, ReplicatePlan.replicate(s, 0));
  }

  @Test
  void aBudgetInsideTheFirstRunsIntervalIsReportedBorderline(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY);
    Path first = dir.resolve("first");
    CliRun r = CliRun.of("run", file.toString(), "--out", first.toString(), "--quiet",
        "--replicates", "1");
    assertEquals(0, r.exitCode(), r.err());
    JsonNode judged = summary(first).get("judged_time");
    double low = judged.get("interval_low_ms").asDouble();
    double high = judged.get("interval_high_ms").asDouble();
    assertTrue(low <= judged.get("p95_ms").asDouble() + 1e-9 && low < high, judged.toString());
    assertEquals(judged.get("p95_ms").asDouble(), judged.get("without_decryption_p95_ms")
        .asDouble() + judged.get("decryption_adds_ms").asDouble(), 1e-6);
    long inside = Math.round((low + high) / 2 * 1000); // microseconds: a budget within it
    Path second = dir.resolve("second");
    r = CliRun.of("run", file.toString(), "--out", second.toString(), "--quiet",
        "--replicates", "1", "--set", String.format(Locale.ROOT, "budgets=[%d us, 1 ms, 60 s]",
            inside));
    assertEquals(0, r.exitCode(), r.err());
    JsonNode again = summary(second).get("judged_time");
    // the budgets change no simulated time, and the bootstrap is seeded: the same interval
    assertEquals(low, again.get("interval_low_ms").asDouble(), 1e-9);
    assertEquals(high, again.get("interval_high_ms").asDouble(), 1e-9);
    JsonNode verdicts = summary(second).get("verdicts");
    assertFalse(verdicts.get(0).get("borderline").asBoolean(), "1 ms: far below");
    assertTrue(verdicts.get(1).get("borderline").asBoolean(), verdicts.toString());
    assertFalse(verdicts.get(2).get("borderline").asBoolean(), "60 s: far above");
    assertFalse(verdicts.get(0).get("fits").asBoolean());
    assertTrue(verdicts.get(0).get("headroom_ms").asDouble() < 0);
    assertTrue(verdicts.get(2).get("fits").asBoolean());
    assertTrue(verdicts.get(2).get("headroom_ms").asDouble() > 0);
    String answer = r.out().lines().findFirst().orElseThrow();
    assertTrue(answer.contains("borderline "), answer);
    assertTrue(r.out().contains("(borderline)"), r.out());
  }

  @Test
  void automaticReplicatesOnlyNearABudgetAndOnlyUnderModelTiming(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY);
    Scenario model = ScenarioLoader.load(file, List.of());
    ReplicatePlan near = ReplicatePlan.after(model, 960);
    assertEquals(ReplicatePlan.AUTOMATIC, near.count());
    assertEquals("2 more replicates because 960 ms is within 10% of 1 s", near.why());
    assertEquals(1, ReplicatePlan.after(model, 700).count(), "700 ms: 30% below 1 s");
    Scenario close = ScenarioLoader.load(file, List.of("budgets=[950 ms, 1 s]"));
    assertEquals("2 more replicates because 955 ms is within 10% of 950 ms",
        ReplicatePlan.after(close, 955).why(), "the nearest budget is named");
    Scenario measured = ScenarioLoader.load(file, List.of("crypto.timing=measured"));
    ReplicatePlan hinted = ReplicatePlan.after(measured, 960);
    assertEquals(1, hinted.count());
    assertTrue(hinted.hint().orElseThrow().contains("--replicates 3"), hinted.toString());
    Scenario set = ScenarioLoader.load(file, List.of("replicates=5"));
    assertEquals(5, ReplicatePlan.after(set, 700).count());
    assertEquals(1, ScenarioLoader.load(file, List.of("replicates=1")).replicates());
  }

  @Test
  void badReplicatesAreALocatedErrorWithExitTwo(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY + "replicates: 0\n");
    CliRun r = CliRun.of("run", file.toString(), "--out", dir.resolve("o").toString());
    assertEquals(2, r.exitCode(), r.err());
    assertTrue(r.err().contains("tiny.yaml:7") && r.err().contains("replicates"), r.err());
    assertFalse(r.err().contains("Exception"), r.err());
    CliRun flag = CliRun.of("run", dir.resolve("tiny.yaml").toString(), "--replicates", "-1");
    assertEquals(2, flag.exitCode(), flag.err());
    assertTrue(flag.err().contains("replicates"), flag.err());
  }
}
