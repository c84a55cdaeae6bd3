package dev.tdsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdsim.faults.FaultOutcome;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.pipeline.HeightStatus;
import dev.tdsim.pipeline.Schedule;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run says about its outcomes (issue 19): a height never decrypted keeps its row and its
 * place in the verdict; payloads opened correctly, correctly refused and opened wrong are three
 * counts; a wrong plaintext or a fork is the first line and a non-zero exit status; fault costs
 * compare like with like; a halt while quorum held is not "without quorum"; a validator whose
 * share did not come in time is missing, not faulty.
 */
class RunOutcomesTest {
  private static final long MS = 1_000_000L;
  /** 8 equal validators on a 20 ms network, model timing, heights one block behind. */
  static final String SMALL = String.join("\n",
      "name: outcomes",
      "seed: 7",
      "heights: 8",
      "validators: {count: 8, regions: [us-east, eu-west]}",
      "keys: {shares: 16}",
      "network: {model: uniform, latency: 20 ms, jitter: none}",
      "workload: {msgs_per_block: 2, msg_size: 100 B}",
      "consensus: {timeout_commit: 200 ms, halt_after: 5 s}",
      "crypto: {variant: fast, timing: model, schedule: pipelined}",
      "");

  private static ScenarioRunner.Result run(String yaml, List<HeightRecord> rows)
      throws Exception {
    return new ScenarioRunner(line -> { }).run(ScenarioLoader.parse(yaml, "test.yaml",
        List.of()), rows::add);
  }

  private static Verdict verdict(double budgetMs, boolean fits, double share) {
    return new Verdict(budgetMs, fits, 1, 2, 3, 4, share);
  }

  private static RunSummary summary() {
    return new RunSummary("x", 1, "h", "test", Map.of(), "fast", "model", "before-next",
        "exact", List.of(), Map.of("heights", 3L), Map.of(), List.of(verdict(1000, true, 1)),
        new CriticalPath(300, 10, 20, 1540, 130), new ChainTiming(0, 0, 0, 0, 0, 1000, 1400, 0),
        List.of());
  }

  private static FaultsReport.Cost cost() {
    return new FaultsReport.Cost(3, 3, 3, 400.0, 0, 0, null, 0, 0, List.of(), 2, null);
  }

  /**
   * Validators 3 to 6 (half the stake, 8 of 16 key shares, t = 10) crash just after height 3's
   * commit: no combiner can gather t shares, so height 3 can never be decrypted, and the chain
   * halts at 4. (Three crashed validators leave t shares: the failover decrypts height 3.) Before: heights.csv stopped at height 2 (the rows after
   * a never-decrypted height were never handed over) and height 3 was in no count.
   */
  @Test
  void aHeightNeverDecryptedKeepsItsRowWithItsStatusAndWhy() throws Exception {
    List<HeightRecord> rows = new ArrayList<>();
    ScenarioRunner.Result r = run(SMALL
        + "faults: [{kind: crash, validators: [3, 4, 5, 6], from: 1240 ms}]\n", rows);
    assertEquals(List.of(1, 2, 3), rows.stream().map(HeightRecord::height).toList());
    HeightRecord three = rows.get(2);
    assertEquals(HeightStatus.NOT_DECRYPTED, three.status());
    assertEquals(2, three.refused());
    assertEquals(0, three.opened());
    assertTrue(three.why().contains("halted"), three.why());
    assertEquals(List.of(three), r.notDecrypted());
    assertEquals(rows, r.rows(), "what a sweep point writes");
    RunSummary s = Summaries.of(r, "test");
    assertEquals(List.of(3), s.payloads().heightsNotDecrypted());
    assertEquals(2, s.payloads().refused());
    assertEquals(0, s.payloads().openedWrong());
    assertEquals(0, s.exitStatus(), "a height never decrypted is a result, not an error");
  }

  /** Before: 7 of 7 decrypted heights fitting made the budget fit; the 8th never came. */
  @Test
  void aHeightNeverDecryptedStaysInTheVerdictsDenominatorAndFitsNoBudget() {
    HeightRecord fast = new HeightRecord(1, 0, 1, 1, 1, 0, 10 * MS, 10 * MS, 10 * MS, 0, 0, 0, 0,
        0, 0, 0, 5 * MS, 0, 0, 1, 1, true);
    List<HeightRecord> seven = java.util.Collections.nCopies(7, fast);
    Verdict v = Verdicts.judge(seven, List.of(1000 * MS), Schedule.BEFORE_NEXT, 8, false, 1)
        .get(0);
    assertEquals(7 / 8.0, v.shareOfHeightsFitting(), 1e-9);
    assertFalse(v.fits());
  }

  /**
   * simple with 4 of 8 validators sending bad shares (above f; the other 4 hold 8 points, t =
   * 10): no block can open. Before: counted as "payloads did not decrypt to what was sent"
   * mismatches (exit 1, "a bug"). (With 3 bad the 5 honest hold t points: every block opens.)
   */
  @Test
  void aCorrectRefusalIsCountedApartFromAWrongPlaintextAndIsNoError() throws Exception {
    ScenarioRunner.Result r = run(SMALL.replace("variant: fast", "design: simple")
        + "faults: [{kind: bad-share, validators: [0, 1, 2, 3]}]\n", new ArrayList<>());
    assertEquals(0, r.mismatches());
    RunSummary s = Summaries.of(r, "test");
    PayloadOutcomes p = s.payloads();
    assertTrue(p.refused() > 0, p.toString());
    assertEquals(0, p.openedWrong());
    assertEquals(16, p.openedCorrectly() + p.refused());
    assertFalse(p.refusedWhy().isEmpty());
    assertEquals(0, s.exitStatus());
    assertTrue(s.alarms().isEmpty());
    String console = Summaries.table(s);
    assertTrue(console.startsWith("answer:"), console);
    assertTrue(console.contains("correctly refused"), console);
    assertTrue(r.heights().stream().anyMatch(h -> h.status() == HeightStatus.REFUSED));
  }

  @Test
  void aWrongPlaintextIsTheFirstLineEverywhereAndExitsThree(@TempDir Path dir) throws Exception {
    RunSummary s = summary().withPayloads(new PayloadOutcomes(5, 0, 1, Map.of(), List.of()));
    assertEquals(RunSummary.EXIT_OPENED_WRONG, s.exitStatus());
    assertTrue(Summaries.table(s).startsWith("WRONG PLAINTEXTS: 1 payloads"),
        Summaries.table(s));
    JsonNode json = ReportWriter.json().readTree(ReportWriter.json().writeValueAsString(s));
    assertEquals("alarms", json.fieldNames().next());
    HtmlReport.write(dir, s, List.of(), "");
    String html = Files.readString(dir.resolve(ReportWriter.HTML));
    assertTrue(html.indexOf("WRONG PLAINTEXTS") < html.indexOf("<h1>"), html);
  }

  @Test
  void aForkIsTheFirstLineExitsFourAndIsNeverCalledSafe(@TempDir Path dir) throws Exception {
    FaultsReport forked = new FaultsReport(List.of(), null, List.of(), cost(), List.of(),
        List.of(), 0, 4, 2, List.of(1, 2, 3), List.of(3), true);
    RunSummary s = summary().withFaults(forked);
    assertEquals(RunSummary.EXIT_FORK, s.exitStatus());
    String console = Summaries.table(s);
    assertTrue(console.startsWith("FORK: validators committed different blocks at heights [3]"),
        console);
    assertFalse(console.contains("safety held"), console);
    HtmlReport.write(dir, s, List.of(), "");
    String html = Files.readString(dir.resolve(ReportWriter.HTML));
    assertTrue(html.indexOf("FORK:") < html.indexOf("<h1>"), html);
    // both: the wrong plaintext's status wins, both lines come first
    RunSummary both = s.withPayloads(new PayloadOutcomes(5, 0, 2, Map.of(), List.of()));
    assertEquals(RunSummary.EXIT_OPENED_WRONG, both.exitStatus());
    assertEquals(2, both.alarms().size());
  }

  @Test
  void aRunWithoutAlarmsWritesNoAlarmsKeyAndExitsZero() throws Exception {
    RunSummary s = summary().withPayloads(new PayloadOutcomes(5, 0, 0, Map.of(), List.of()));
    assertEquals(0, s.exitStatus());
    JsonNode json = ReportWriter.json().readTree(ReportWriter.json().writeValueAsString(s));
    assertNull(json.get("alarms"));
    assertEquals("headline", json.fieldNames().next());
  }

  /**
   * A 1 ms delay from height 2 on: before, height 1 (no commit pause before it) was the only
   * height "without faults" and read ~270 ms against ~470 ms with.
   */
  @Test
  void faultCostsCompareHeightsFromTheSecondOnOnly() {
    long pause = 200 * MS;
    List<FaultOutcome.HeightFaults> heights = List.of(
        new FaultOutcome.HeightFaults(1, 0, 0, 270 * MS, List.of()),
        new FaultOutcome.HeightFaults(2, 0, 270 * MS, 270 * MS + pause + 271 * MS, List.of(0)),
        new FaultOutcome.HeightFaults(3, 0, 741 * MS, 741 * MS + pause + 270 * MS, List.of()));
    FaultOutcome o = new FaultOutcome(List.of(), heights, null, List.of(), 0, 0, 0, List.of(),
        List.of(), false, List.of());
    FaultsReport.Cost c = FaultSummary.cost(o, 3);
    assertEquals(1, c.heightsWithFaults());
    assertEquals(1, c.heightsWithoutFaults());
    assertEquals(470.0, c.meanIntervalMsWithoutFaults(), 1e-9);
    assertEquals(471.0, c.meanIntervalMsWithFaults(), 1e-9);
    assertEquals(2, c.comparedFromHeight());
  }

  /**
   * The chain halts while quorum holds (one combiner stalled): before, the halt was reported as
   * time "without quorum".
   */
  @Test
  void aHaltWhileQuorumHeldIsNotTimeWithoutQuorum() {
    FaultOutcome o = new FaultOutcome(List.of(), List.of(), new FaultOutcome.Halt(4,
        1_000 * MS, 21_000 * MS), List.of(), 0, 0, 0, List.of(), List.of(), false, List.of());
    assertEquals(0.0, FaultSummary.stalledMs(o));
    FaultsReport.Cost c = FaultSummary.cost(o, 8);
    assertEquals(20_000.0, c.haltedWithQuorumMs(), 1e-9);
    FaultOutcome lost = new FaultOutcome(List.of(), List.of(), new FaultOutcome.Halt(4,
        1_000 * MS, 21_000 * MS), List.of(new FaultOutcome.Stall(4, 5_000 * MS,
        dev.tdsim.faults.FaultWindow.FOREVER_NANOS, -1)), 0, 0, 0, List.of(), List.of(), false,
        List.of());
    assertEquals(16_000.0, FaultSummary.stalledMs(lost), 1e-9);
    assertEquals(4_000.0, FaultSummary.cost(lost, 8).haltedWithQuorumMs(), 1e-9);
  }

  /**
   * folded: validator 0 crashes just after the combiner of height 3 announced its signer set,
   * so its share never comes. Before: named faulty; now missing, and nobody is named.
   */
  @Test
  void aValidatorWhoseShareDidNotComeInTimeIsMissingNotFaulty() throws Exception {
    ScenarioRunner.Result r = run(SMALL.replace("variant: fast", "design: folded")
        + "faults: [{kind: crash, validators: [0], from: 1303 ms, until: 3 s}]\n",
        new ArrayList<>());
    assertTrue(r.heights().stream().allMatch(h -> h.faulty().isEmpty()),
        r.heights().stream().map(HeightRecord::faulty).toList().toString());
    assertTrue(r.heights().stream().anyMatch(h -> h.missing().equals(List.of(0))));
    FaultsReport f = Summaries.of(r, "test").faults();
    assertEquals(List.of(0), f.missing());
    assertTrue(FaultSummary.lines(f).stream().anyMatch(l -> l.startsWith("missing")),
        FaultSummary.lines(f).toString());
  }
}
