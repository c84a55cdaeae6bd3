package dev.tdsim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.mempool.MempoolStats;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.report.MempoolReport;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Summaries;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Whole runs whose blocks come from the validators' mempools. */
class MempoolRunTest {
  private static final String SMALL = String.join("\n",
      "name: tiny-mempool",
      "seed: 7",
      "heights: 4",
      "validators: {count: 8}",
      "keys: {shares: 16}",
      "network: {dissemination: gossip, gossip_fanout: 3}",
      "workload: {rate: 40 tx/s, msg_size: 200 B}",
      "mempool: {}",
      "crypto: {variant: fast, timing: model}",
      "");

  private static ScenarioRunner.Result run(String yaml, String... overrides) throws Exception {
    return ScenarioRunnerTest.run(yaml, overrides);
  }

  @Test
  void blocksCarryWhatTheProposersMempoolsHeldAndEveryPayloadOpens() throws Exception {
    ScenarioRunner.Result r = run(SMALL);
    MempoolStats m = r.mempool();
    assertNotNull(m);
    assertEquals(4, r.heights().size());
    assertEquals(0, r.mismatches());
    long inBlocks = r.heights().stream().mapToLong(HeightRecord::txCount).sum();
    assertTrue(inBlocks > 0);
    assertEquals(inBlocks, r.heights().stream().mapToLong(HeightRecord::opened).sum());
    assertTrue(m.included() >= inBlocks, m.included() + " vs " + inBlocks);
    assertTrue(m.submitted() >= m.included());
    for (MempoolStats.Validator v : m.validators()) {
      // every validator checked the ciphertexts it admitted, on its own cores
      assertTrue(v.admissionCpuNanos() > 0, v.toString());
      assertTrue(v.gossipTxsSent() > 0, v.toString());
    }
  }

  @Test
  void aValidatorChecksAtValidationOnlyWhatItDidNotAdmit() throws Exception {
    ScenarioRunner.Result with = run(SMALL);
    ScenarioRunner.Result without = run(SMALL.replace("mempool: {}\n", "")
        .replace("rate: 40 tx/s", "msgs_per_block: 8"));
    double perTxWith = perTransaction(with.heights());
    double perTxWithout = perTransaction(without.heights());
    assertTrue(perTxWith < perTxWithout / 4, perTxWith + " vs " + perTxWithout);
  }

  /** Validation time per transaction of the first committer, ns. */
  private static double perTransaction(List<HeightRecord> heights) {
    return (double) heights.stream().mapToLong(HeightRecord::validationNanos).sum()
        / heights.stream().mapToLong(HeightRecord::txCount).sum();
  }

  @Test
  void theSameScenarioAndSeedGiveTheSameMempoolsAndBlocks() throws Exception {
    ScenarioRunner.Result a = run(SMALL);
    ScenarioRunner.Result b = run(SMALL);
    assertEquals(a.heights(), b.heights());
    assertEquals(a.mempool().validators(), b.mempool().validators());
    assertEquals(a.mempool().submitted(), b.mempool().submitted());
    ScenarioRunner.Result c = run(SMALL, "seed=8");
    assertTrue(!c.mempool().validators().equals(a.mempool().validators()));
  }

  @Test
  void aScenarioWithoutAMempoolHasNoMempoolSection() throws Exception {
    ScenarioRunner.Result r = run(SMALL.replace("mempool: {}\n", "")
        .replace("rate: 40 tx/s", "msgs_per_block: 8"));
    assertNull(r.mempool());
    assertNull(Summaries.of(r, "test").mempool());
  }

  @Test
  void aDesignThatSealsToAHeightMakesClientsSealAgainWhatTheBlockLeftOut() throws Exception {
    // blocks of at most 3 transactions at 40 tx/s: most of what is sealed for a height is left
    ScenarioRunner.Result r = run(SMALL, "crypto.variant=block-key",
        "consensus.max_block_txs=3");
    MempoolStats m = r.mempool();
    assertTrue(m.resealed() > 0, "sealed again: " + m.resealed());
    assertEquals(0, r.mismatches());
    RunSummary s = Summaries.of(r, "test");
    MempoolReport report = s.mempool();
    assertTrue(!report.sustained(), "40 tx/s into blocks of 3 cannot keep up");
    assertNotNull(report.notSustained());
  }

  @Test
  void aRateTheChainTakesIsSustained() throws Exception {
    MempoolReport report = Summaries.of(run(SMALL, "workload.rate=5 tx/s"), "test").mempool();
    assertTrue(report.sustained(), report.notSustained());
    assertEquals(0, report.refusedAtEntry());
  }

  /**
   * Jolteon without Quorum Store on 2 Mbit/s links at 200 tx/s: each proposal, carrying what
   * piled up while the last rounds timed out, needs longer than the longest round timeout to
   * leave its leader, so no round completes again. The run must end (it ran for ever before
   * StallWatch) and say why.
   */
  @Test
  @org.junit.jupiter.api.Timeout(120)
  void aChainThatStallsUnderItsLoadEndsTheRunAndSaysWhy() throws Exception {
    ScenarioRunner.Result r = run(String.join("\n",
        "name: stall", "seed: 1", "heights: 6", "validators: {count: 8}", "keys: {shares: 16}",
        "network: {bandwidth: 2 Mbps}", "workload: {rate: 200 tx/s, msg_size: 1 KiB}",
        "mempool: {}", "consensus: {protocol: jolteon}", "crypto: {design: fast, timing: model}",
        ""));
    assertTrue(r.heights().size() < 6, "heights decrypted: " + r.heights().size());
    assertTrue(r.notes().stream().anyMatch(n -> n.contains("decrypted no height for 300 s")),
        r.notes().toString());
    assertTrue(!r.notDecrypted().isEmpty());
    assertTrue(r.notDecrypted().get(0).why().contains("stalled protocol"),
        r.notDecrypted().get(0).why());
  }

  private static final String QUORUM_STORE = SMALL
      .replace("network: {dissemination: gossip, gossip_fanout: 3}", "network: {}")
      .replace("mempool: {}", "mempool: {}\nconsensus: {protocol: jolteon, quorum_store: true}")
      .replace("heights: 4", "heights: 8");

  @Test
  void underQuorumStoreEachBlockCarriesBatchesPulledFromTheValidatorsOwnMempools()
      throws Exception {
    ScenarioRunner.Result r = run(QUORUM_STORE);
    MempoolStats m = r.mempool();
    assertEquals(8, r.heights().size());
    assertEquals(0, r.mismatches());
    long inBlocks = r.heights().stream().mapToLong(HeightRecord::txCount).sum();
    assertTrue(inBlocks > 0);
    assertEquals(m.included(), inBlocks, "each transaction in one block");
    assertEquals(inBlocks, r.heights().stream().mapToLong(HeightRecord::opened).sum());
    assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("quorum store pulling from the"
        + " mempools: ")), r.notes().toString());
    for (MempoolStats.Validator v : m.validators()) {
      // Aptos' validators do not gossip their mempools under Quorum Store ...
      assertEquals(0, v.gossipTxsSent(), v.toString());
      // ... and each checks the batches of the others when they come
      assertTrue(v.admissionCpuNanos() > 0, v.toString());
    }
    // nobody checks them again when a block comes
    assertEquals(0, r.heights().stream().mapToLong(HeightRecord::validationNanos).sum());
  }

  @Test
  void underQuorumStoreTheSameSeedGivesTheSameBlocks() throws Exception {
    ScenarioRunner.Result a = run(QUORUM_STORE);
    ScenarioRunner.Result b = run(QUORUM_STORE);
    assertEquals(a.heights(), b.heights());
    assertEquals(a.mempool().validators(), b.mempool().validators());
  }

  @Test
  void underQuorumStoreTooFewHeightsAheadLeaveEverySealedTransactionOutAndTheReportSaysSo()
      throws Exception {
    // one height ahead: the batch's proof forms after that height's block was proposed
    ScenarioRunner.Result tight = run(QUORUM_STORE, "crypto.variant=block-key",
        "workload.seal_ahead=1");
    MempoolReport report = Summaries.of(tight, "test").mempool();
    assertEquals(0, tight.mempool().included());
    assertTrue(tight.mempool().resealed() > 0);
    assertTrue(report.notSustained().contains("raise it"), report.notSustained());
    ScenarioRunner.Result room = run(QUORUM_STORE, "crypto.variant=block-key",
        "workload.seal_ahead=6");
    assertTrue(room.mempool().included() > 0);
    assertEquals(0, room.mismatches());
    // the earlier half of the heights carried nothing (sealed 6 ahead): what is in flight is
    // judged by the later half's wait, and 40 tx/s is kept up with
    assertTrue(room.heights().stream().filter(h -> h.height() <= 4)
        .allMatch(h -> h.txCount() == 0));
    MempoolReport kept = Summaries.of(room, "test").mempool();
    assertTrue(kept.sustained(), kept.notSustained());
  }

  @Test
  void blocksThatCarryLessThanTheClientsSendAreNotSustainedWhateverTheFewCarriedWaited()
      throws Exception {
    // clients sealing 6 heights ahead (the earlier half carries nothing, so no latency to
    // compare) into blocks of at most 2 transactions at 200 tx/s: the few carried wait no
    // longer than with room, but the backlog grows, and the report says why
    ScenarioRunner.Result r = run(QUORUM_STORE, "crypto.variant=block-key",
        "workload.seal_ahead=6", "consensus.max_block_txs=2", "workload.rate=200 tx/s");
    MempoolReport report = Summaries.of(r, "test").mempool();
    assertTrue(!report.sustained());
    assertTrue(report.notSustained().startsWith("the blocks of heights 5-8 carried "),
        report.notSustained());
  }

  /**
   * Validator 3 is height 2's combiner (the leader after its block's round) and crashes at
   * 500 ms, after height 2's first commit chose it. Under Jolteon the commit of height 3 says
   * nothing of height 2's plaintexts (a streamed schedule, a decision lag of 2), so the
   * validators must still fail over to the next candidate: before the fix they took that commit
   * for the plaintexts and height 2 was never decrypted.
   */
  @Test
  void onJolteonACrashedCombinerIsReplacedWithOrWithoutQuorumStore() throws Exception {
    for (String quorumStore : List.of("true", "false")) {
      ScenarioRunner.Result r = run(QUORUM_STORE,
          "faults=[{kind: crash, validators: [3], from: 500 ms, until: 1500 ms}]",
          "consensus.quorum_store=" + quorumStore);
      assertEquals(List.of(), r.notDecrypted(), quorumStore + " " + r.notes());
      assertEquals(8, r.heights().size());
      assertEquals(0, r.mismatches());
      assertTrue(r.mempool().included() > 0);
      assertTrue(r.heights().get(1).combiner() != 3, "the crashed combiner cannot combine");
    }
  }

}
