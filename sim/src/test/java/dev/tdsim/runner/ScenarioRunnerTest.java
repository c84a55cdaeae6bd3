package dev.tdsim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Summaries;
import dev.tdsim.report.Verdict;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Whole runs on small committees with the real crypto. */
class ScenarioRunnerTest {
  private static final String SMALL = String.join("\n",
      "name: tiny",
      "seed: 7",
      "heights: 3",
      "validators: {count: 8}",
      "keys: {shares: 16}",
      "workload: {msgs_per_block: 4, msg_size: 200 B}",
      "crypto: {variant: fast, timing: model}",
      "");

  /** {@code yaml} with the {@code --set} overrides, run quietly. */
  static ScenarioRunner.Result run(String yaml, String... overrides) throws Exception {
    Scenario s = ScenarioLoader.parse(yaml, "test.yaml", List.of(overrides));
    return new ScenarioRunner(line -> { }).run(s);
  }

  @Test
  void everyVariantDecryptsEveryPayloadOfEveryHeight() throws Exception {
    for (String variant : List.of("simple", "batch", "fast", "precomputed", "folded")) {
      ScenarioRunner.Result r = run(SMALL, "crypto.variant=" + variant);
      assertEquals(3, r.heights().size(), variant);
      assertEquals(0, r.mismatches(), variant);
      for (HeightRecord h : r.heights()) {
        assertEquals(4, h.txCount(), variant);
        assertEquals(4, h.opened(), variant);
        assertTrue(h.realCrypto());
        assertTrue(h.decryptionLatencyNanos() > 0 && h.consensusNanos() > 0, variant);
      }
      assertTrue(r.realCryptoCalls() > 0);
      assertEquals("exact", r.consensusMode());
    }
  }

  @Test
  void sameScenarioAndSeedGiveTheSameResultsWithModelTiming() throws Exception {
    assertEquals(run(SMALL).heights(), run(SMALL).heights());
    List<HeightRecord> other = run(SMALL, "seed=8").heights();
    assertTrue(!other.equals(run(SMALL).heights()), "another seed should change the network draws");
  }

  /**
   * Under model timing the real calls' times feed only the cost check, so the crypto code is
   * warmed once per process and design (a run with one real height would otherwise check the
   * JIT's first calls): a second run does not warm again, and warming changes no result. Runs
   * whose durations are measured warm every time.
   */
  @Test
  void modelTimingWarmsTheCryptoOncePerProcess() throws Exception {
    Scenario s = ScenarioLoader.parse(SMALL, "test.yaml", List.of());
    List<String> first = new ArrayList<>();
    List<HeightRecord> a = new ScenarioRunner(first::add).run(s).heights();
    List<String> second = new ArrayList<>();
    List<HeightRecord> b = new ScenarioRunner(second::add).run(s).heights();
    assertTrue(second.stream().noneMatch(l -> l.contains("warming up")), second.toString());
    assertEquals(a, b);
    Scenario measured = ScenarioLoader.parse(SMALL, "test.yaml", List.of("crypto.timing=measured"));
    List<String> lines = new ArrayList<>();
    new ScenarioRunner(lines::add).run(measured);
    assertTrue(lines.stream().anyMatch(l -> l.contains("warming up")), lines.toString());
  }

  /**
   * A measured run warms the crypto on a throw-away block of two transactions, which batched's
   * setup for blocks of one message has no room for: the run failed before its first height
   * ("slot 1 outside [0, 1)"). Now the warm-up fits the design's block.
   */
  @Test
  void aBlockOfOneMessageWarmsUpInEveryDesign() throws Exception {
    for (String design : List.of("batched", "block-key", "fast")) {
      ScenarioRunner.Result r = run(SMALL, "crypto.design=" + design,
          "workload.msgs_per_block=1", "crypto.timing=measured");
      assertEquals(3, r.heights().size(), design);
      assertTrue(r.heights().stream().allMatch(h -> h.opened() == 1), design);
    }
  }

  @Test
  void pipelinedDecryptionIsJudgedByTheSlowerStage() throws Exception {
    // Without a commit pause, so that the next proposal waits for decryption (before-next).
    ScenarioRunner.Result before = run(SMALL, "consensus.timeout_commit=0 s");
    ScenarioRunner.Result pipelined =
        run(SMALL, "consensus.timeout_commit=0 s", "crypto.schedule=pipelined");
    RunSummary a = Summaries.of(before, "test");
    RunSummary b = Summaries.of(pipelined, "test");
    for (int i = 0; i < a.verdicts().size(); i++) {
      Verdict va = a.verdicts().get(i);
      Verdict vb = b.verdicts().get(i);
      assertTrue(vb.judgedP95Ms() <= va.judgedP95Ms() + 1e-9, va + " vs " + vb);
    }
    // Before-next: the next proposal waits for decryption, so heights are further apart.
    long spanBefore = before.heights().get(2).proposeNanos();
    long spanPipelined = pipelined.heights().get(2).proposeNanos();
    assertTrue(spanPipelined < spanBefore, spanPipelined + " vs " + spanBefore);
  }

  @Test
  void largeCommitteesUseTheAggregateConsensusAndSampledCrypto() throws Exception {
    ScenarioRunner.Result r = run(String.join("\n",
        "name: wide", "heights: 3", "validators: {count: 600}", "keys: {shares: 1024}",
        "workload: {msgs_per_block: 2, msg_size: 100 B}",
        "consensus: {simulation: large}",
        "crypto: {variant: folded, timing: model, sample_heights: 1}", ""));
    assertEquals("large-committee", r.consensusMode());
    assertEquals(3, r.heights().size());
    assertEquals(List.of(2), r.realCryptoHeights());
    assertEquals(0, r.mismatches());
    assertEquals(2, r.heights().get(1).opened());
    assertTrue(r.notes().stream().anyMatch(n -> n.contains("aggregate")), r.notes().toString());
    assertTrue(r.notes().stream().anyMatch(n -> n.contains("real crypto ran at 1 of 3")));
  }

  @Test
  void aRunOfAVariantThatCannotBeDeployedAsRunSaysWhy() throws Exception {
    String small = String.join("\n", "heights: 1", "validators: {count: 4}",
        "keys: {shares: 16}", "workload: {msgs_per_block: 1, msg_size: 100 B}",
        "crypto: {variant: %s, timing: model}", "");
    ScenarioRunner.Result simple = run(String.format(small, "simple"));
    assertTrue(simple.notes().stream().anyMatch(n -> n.startsWith("variant simple: ")
        && n.contains("Y2")), simple.notes().toString());
    ScenarioRunner.Result folded = run(String.format(small, "folded"));
    assertTrue(folded.notes().stream().noneMatch(n -> n.contains("Y2")),
        folded.notes().toString());
  }

  @Test
  void gossipRelaysVotesAndSharesAndStillDecryptsEverything() throws Exception {
    ScenarioRunner.Result direct = run(SMALL);
    ScenarioRunner.Result gossip = run(SMALL, "network.dissemination=gossip",
        "network.gossip_fanout=3");
    assertEquals(0, gossip.mismatches());
    assertEquals(3, gossip.heights().size());
    assertTrue(gossip.heights().stream().allMatch(h -> h.opened() == 4));
    assertTrue(!gossip.heights().equals(direct.heights()), "gossip should change the timings");
  }

  /**
   * A rate workload's first block holds what arrived before the first proposal (nothing here):
   * the one sampled height is a later one, whose block the real crypto really opens.
   */
  @Test
  void theSampledHeightOfARateWorkloadHasABlockToOpen() throws Exception {
    ScenarioRunner.Result r = new ScenarioRunner(l -> { }).run(ScenarioLoader.parse(String.join(
        "\n", "name: rate", "heights: 6", "validators: {count: 4}", "keys: {shares: 8}",
        "network: {model: uniform, latency: 10 ms}", "workload: {rate: 100 tx/s, msg_size: 1 KiB}",
        "mempool: {size: 200}", "crypto: {design: fast, timing: model, sample_heights: 1}", ""),
        "t.yaml", List.of()));
    assertEquals(0, r.rows().get(0).txCount(), "the first block is empty");
    List<HeightRecord> real = r.rows().stream().filter(HeightRecord::realCrypto).toList();
    assertEquals(1, real.size());
    assertTrue(real.get(0).txCount() > 0, "height " + real.get(0).height());
    assertEquals(real.get(0).txCount(), real.get(0).opened());
  }

  @Test
  void sampledHeightsAreSpreadOverTheRun() {
    assertEquals(List.of(1, 2, 3), RealCryptoHeights.sampledHeights(3, 0));
    assertEquals(List.of(6), RealCryptoHeights.sampledHeights(10, 1));
    assertEquals(List.of(3, 8), RealCryptoHeights.sampledHeights(10, 2));
    assertEquals(List.of(2, 6, 9), RealCryptoHeights.sampledHeights(10, 3));
    assertEquals(List.of(2), RealCryptoHeights.sampledHeights(2, 1));
    assertEquals(List.of(2, 4), RealCryptoHeights.sampledHeights(4, 2));
  }
}
