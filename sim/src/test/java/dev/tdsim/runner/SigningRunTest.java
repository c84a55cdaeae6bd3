package dev.tdsim.runner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.pipeline.Schedule;
import dev.tdsim.report.ReportWriter;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Summaries;
import dev.tdsim.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A signing committee end to end: its signature joins each height's judged time, it starts where
 * the scenario says, and the outputs say what it did.
 */
class SigningRunTest {
  /** 200 ms one way everywhere, no jitter: every message of the committee takes exactly that. */
  private static final String SLOW = String.join("\n",
      "name: committee",
      "seed: 3",
      "heights: 3",
      "validators: {count: 8}",
      "keys: {shares: 8}",
      "network: {model: uniform, latency: 200 ms, jitter: none}",
      "workload: {msgs_per_block: 2, msg_size: 100 B}",
      "crypto: {timing: measured}",
      "signing: {scheme: threshold-bls, threshold: 3, parties: 4}",
      "");

  private static ScenarioRunner.Result run(String... overrides) throws Exception {
    return new ScenarioRunner(line -> { }).run(
        ScenarioLoader.parse(SLOW, "committee.yaml", List.of(overrides)));
  }

  @Test
  void theSignatureJoinsTheJudgedTime() throws Exception {
    ScenarioRunner.Result r = run();
    assertEquals(3, r.heights().size());
    for (HeightRecord h : r.heights()) {
      // partials travel to the coordinator after the commit: at least one 200 ms trip
      assertTrue(h.committeeSignNanos() >= 200_000_000L, h.toString());
      assertEquals(h.consensusNanos() + Math.max(h.decryptionLatencyNanos()
          + h.executionNanos(), h.committeeSignNanos()), Schedule.BEFORE_NEXT.judgedNanos(h));
    }
    RunSummary s = Summaries.of(r, "test");
    assertEquals(3, s.signing().heights());
    assertEquals("threshold-bls", s.signing().scheme());
    assertTrue(s.signing().afterCommitMs().p50() >= 200, s.signing().toString());
    assertTrue(Summaries.table(s).contains("signing committee: threshold-bls, 3 of 4"),
        Summaries.table(s));
    assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("signing committee: ")), 
        r.notes().toString());
  }

  @Test
  void aPipelinedCommitteeOverlapsConsensus() throws Exception {
    // started at the proposal, one 200 ms trip and the combine end long before the commit,
    // which takes three trips
    for (HeightRecord h : run("signing.start=pipelined").heights()) {
      assertEquals(0, h.committeeSignNanos(), h.toString());
    }
  }

  @Test
  void heightsCsvHasTheColumnOnlyWithACommittee(@TempDir Path dir) throws Exception {
    ScenarioRunner.Result with = run();
    ReportWriter.writeHeights(dir.resolve("with"), with.rows(), true);
    String header = Files.readAllLines(dir.resolve("with/heights.csv")).get(0);
    assertTrue(header.endsWith(",why,committee_sign_ms"), header);
    ReportWriter.writeHeights(dir.resolve("without"), with.rows(), false);
    assertTrue(Files.readAllLines(dir.resolve("without/heights.csv")).get(0).endsWith(",why"));
  }

  /** Validators take the regions in turn: the first n are the committee spread over them. */
  @Test
  void membersAreTheFirstValidatorsOneRegionAfterTheOther() {
    assertArrayEquals(new int[] {0, 1, 2, 3, 4}, RunSigning.members(5, 150));
    assertArrayEquals(new int[] {0}, RunSigning.members(1, 7));
  }
}
