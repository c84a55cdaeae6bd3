package dev.tdsim.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.report.HtmlReport;
import dev.tdsim.report.ReportWriter;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Summaries;
import dev.tdsim.report.Verdict;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole runs with faults: 8 equal validators on a 20 ms network, model timing, 8 heights (a few
 * hundred milliseconds of CPU each).
 */
class FaultRunsTest {
  private static final long S = 1_000_000_000L;
  static final String SMALL = String.join("\n",
      "name: faulty",
      "seed: 7",
      "heights: 8",
      "validators: {count: 8, regions: [us-east, eu-west]}",
      "keys: {shares: 16}",
      "network: {model: uniform, latency: 20 ms, jitter: none}",
      "workload: {msgs_per_block: 2, msg_size: 100 B}",
      "consensus: {timeout_commit: 200 ms, halt_after: 20 s}",
      "crypto: {variant: fast, timing: model}",
      "");

  static ScenarioRunner.Result run(String faults, String... overrides) throws Exception {
    Scenario s = ScenarioLoader.parse(SMALL + faults, "test.yaml", List.of(overrides));
    return new ScenarioRunner(line -> { }).run(s);
  }

  private static double meanInterval(ScenarioRunner.Result r) {
    return r.faults().heights().stream().mapToLong(FaultOutcome.HeightFaults::intervalNanos)
        .average().orElseThrow();
  }

  private static double meanConsensus(ScenarioRunner.Result r) {
    return r.heights().stream().mapToLong(HeightRecord::consensusNanos).average().orElseThrow();
  }

  /** The same scenario with a fault that hits nobody: the fault-free baseline, tracked. */
  private static ScenarioRunner.Result baseline() throws Exception {
    return run("faults: [{kind: crash, validators: []}]\n");
  }

  @Test
  void aCrashBelowAThirdStillCommitsEveryHeightButSlower() throws Exception {
    ScenarioRunner.Result base = baseline();
    ScenarioRunner.Result r = run("faults: [{kind: crash, validators: [6]}]\n");
    assertEquals(8, r.heights().size());
    assertNull(r.faults().halted());
    assertTrue(r.faults().stalls().isEmpty());
    assertEquals(0, r.mismatches());
    // the heights validator 6 was to propose wait for the propose timeout and a second round
    assertTrue(r.faults().heights().stream().anyMatch(h -> h.round() == 1));
    assertTrue(meanInterval(r) > meanInterval(base) + 0.2 * S,
        meanInterval(r) + " vs " + meanInterval(base));
    assertTrue(r.faults().heights().stream().allMatch(h -> h.activeFaults().equals(List.of(0))));
  }

  @Test
  void theRoundsLostToASilentProposerAreJudgedAsConsensusTime() throws Exception {
    ScenarioRunner.Result base = baseline();
    ScenarioRunner.Result r = run("faults: [{kind: silent-proposer, validators: [3]}]\n");
    long proposeTimeout = ((dev.tdsim.consensus.tendermint.TendermintSettings)
        r.scenario().consensus().settings()).proposeNanos(0);
    List<HeightRecord> lateRounds =
        r.heights().stream().filter(h -> h.round() > 0).toList();
    assertFalse(lateRounds.isEmpty(), "validator 3 proposes round 0 of some height");
    for (HeightRecord h : lateRounds) {
      // from round 0's start: the propose timeout passed before round 1's proposal
      assertTrue(h.consensusNanos() >= proposeTimeout,
          "height " + h.height() + ": " + h.consensusNanos() + " < " + proposeTimeout);
    }
    assertTrue(meanConsensus(r) > meanConsensus(base) + proposeTimeout / 8.0 * 0.9,
        meanConsensus(r) + " vs " + meanConsensus(base));
  }

  @Test
  void aThirdOrMoreCrashedHaltsTheChainAndNoBudgetFits(@TempDir Path dir) throws Exception {
    ScenarioRunner.Result r = run("faults: [{kind: crash, stake: 37.5%}]\n");
    assertEquals(List.of(5, 6, 7), r.faults().timeline().get(0).validators());
    FaultOutcome.Halt halt = r.faults().halted();
    assertNotNull(halt);
    assertEquals(1, halt.height());
    assertEquals(20 * S, halt.stoppedNanos()); // halt_after after the start
    assertTrue(r.heights().isEmpty());
    RunSummary s = Summaries.of(r, "test");
    assertTrue(s.halted());
    for (Verdict v : s.verdicts()) {
      assertFalse(v.fits(), v.toString());
      assertEquals(0, v.shareOfHeightsFitting());
    }
    String table = Summaries.table(s);
    assertTrue(table.contains("chain halted at height 1"), table);
    assertTrue(table.contains("halt "), table);
    ReportWriter.writeSummary(dir, s);
    JsonNode json = ReportWriter.json().readTree(dir.resolve(ReportWriter.SUMMARY).toFile());
    assertEquals(1, json.at("/faults/halted/height").asInt());
    assertEquals("crash", json.at("/faults/timeline/0/kind").asText());
    assertEquals(0.375, json.at("/faults/timeline/0/stake_share").asDouble(), 1e-12);
    HtmlReport.write(dir, s, r.heights(), "faults: ...");
    String html = Files.readString(dir.resolve(ReportWriter.HTML));
    assertTrue(html.contains("Fault timeline") && html.contains("chain halted at height 1"));
    // a fault on from the start says so (not "0.0 ms"); it never ends and covers every height
    assertTrue(html.contains("<td>start</td><td>never</td><td>1 to end</td>"), html);
    // no height decided: no empty charts, no NaN, no "closest" budget of no height
    assertTrue(html.contains("<p class=\"nochart\">No height was decided"), html);
    assertFalse(html.contains("<img"), "empty charts");
    assertFalse(html.contains("NaN") || table.contains("NaN"), table);
    assertTrue(s.headline().text().startsWith("answer: the chain halted at height 1 (faults)"
        + " before any height was decided, so no budget fits"), s.headline().text());
    assertFalse(s.headline().text().contains("closest"), s.headline().text());
  }

  @Test
  void aChainThatLostItsQuorumResumesWhenTheCrashedRecover() throws Exception {
    ScenarioRunner.Result r =
        run("faults: [{kind: crash, validators: [5, 6, 7], from: 1 s, until: 6 s}]\n");
    assertEquals(8, r.heights().size());
    assertNull(r.faults().halted());
    assertEquals(1, r.faults().stalls().size());
    FaultOutcome.Stall stall = r.faults().stalls().get(0);
    assertEquals(1 * S, stall.fromNanos());
    assertEquals(6 * S, stall.untilNanos());
    assertTrue(stall.resumedNanos() >= 6 * S, "resumed at " + stall.resumedNanos());
    String table = Summaries.table(Summaries.of(r, "test"));
    assertTrue(table.contains("chain halted at height " + stall.height() + ": quorum lost at"
        + " 1.00 s, back at 6.00 s, resumed"), table);
    // every validator, the recovered ones too, commits the last height
    assertTrue(r.faults().heights().get(7).decidedNanos() > 6 * S);
  }

  @Test
  void aPartitionWithoutAQuorumSideStallsUntilItHeals() throws Exception {
    // the regions split the committee in halves: 0, 2, 4, 6 and 1, 3, 5, 7
    ScenarioRunner.Result r = run("faults: [{kind: partition, groups: [[us-east], [eu-west]],"
        + " from: 1 s, until: 5 s}]\n");
    assertEquals(8, r.heights().size());
    assertEquals(1, r.faults().stalls().size());
    assertTrue(r.faults().stalls().get(0).resumedNanos() >= 5 * S);
    assertTrue(meanInterval(r) > meanInterval(baseline()));
  }

  @Test
  void lossAndDelaySlowConsensus() throws Exception {
    ScenarioRunner.Result base = baseline();
    ScenarioRunner.Result lossy = run("faults: [{kind: loss, probability: 20%}]\n");
    assertEquals(8, lossy.heights().size());
    assertTrue(meanInterval(lossy) > meanInterval(base),
        meanInterval(lossy) + " vs " + meanInterval(base));
    ScenarioRunner.Result delayed = run("faults: [{kind: delay, extra: 100 ms}]\n");
    // proposal, prevotes and precommits each travel 100 ms longer
    assertTrue(meanConsensus(delayed) >= meanConsensus(base) + 0.25 * S,
        meanConsensus(delayed) + " vs " + meanConsensus(base));
  }

  @Test
  void slowValidatorsPayTheirCpuCostsSeveralTimes() throws Exception {
    ScenarioRunner.Result base = baseline();
    ScenarioRunner.Result slow =
        run("faults: [{kind: slow, validators: [0, 1, 2, 3], cpu_factor: 40}]\n");
    assertEquals(8, slow.heights().size());
    // half the validators (more than a third) are needed for every quorum
    assertTrue(meanConsensus(slow) > meanConsensus(base) * 1.2,
        meanConsensus(slow) + " vs " + meanConsensus(base));
  }

  @Test
  void sameSeedSameRunAnotherSeedAnotherRun() throws Exception {
    String lossy = "faults: [{kind: loss, probability: 30%}]\n";
    ScenarioRunner.Result a = run(lossy);
    ScenarioRunner.Result b = run(lossy);
    assertEquals(a.heights(), b.heights());
    assertEquals(a.faults(), b.faults());
    assertNotEquals(a.heights(), run(lossy, "seed=8").heights());
  }

  @Test
  void aRunWithoutFaultsHasNoFaultSection() throws Exception {
    ScenarioRunner.Result r = run("");
    assertNull(r.faults());
    assertNull(Summaries.of(r, "test").faults());
  }
}
