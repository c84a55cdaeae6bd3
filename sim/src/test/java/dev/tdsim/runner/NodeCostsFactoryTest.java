package dev.tdsim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.scenario.ConsensusConfig;
import dev.tdsim.scenario.ScenarioLoader;
import dev.tdsim.timing.CostModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Consensus costs: reproducible from the cost model under model timing, measured otherwise. */
class NodeCostsFactoryTest {
  private static ConsensusConfig consensus(String... sets) {
    return ScenarioLoader.defaults(List.of(sets)).consensus();
  }

  @Test
  void modelTimingChargesTheCalibratedSignatureCostsAndTheScenariosDiskAndExecution() {
    CostModel costs = CostModel.builtin().withVotes(
        Map.of("ed25519", new CostModel.VoteCost(40_000, 70_000)));
    List<String> notes = new ArrayList<>();
    NodeCosts c = NodeCostsFactory.of(consensus("consensus.wal_fsync=3 ms",
        "consensus.execution_per_block=5 ms"), 100, costs, true, notes);
    assertEquals(40_000, c.voteSignNanos());
    assertEquals(70_000, c.voteVerifyNanos());
    assertEquals(100 * 70_000, c.commitVerifyNanos(), "a LastCommit of 100 signatures");
    assertEquals(3 * 3_000_000, c.signedMessageSyncNanos(), "WAL, signer state, own message");
    assertEquals(3_000_000, c.blockPartSyncNanos());
    assertEquals(3_000_000, c.endHeightSyncNanos());
    assertEquals(5_000_000, c.blockExecutionNanos());
    assertEquals(64, c.voteSignatureBytes());
    assertTrue(notes.isEmpty(), notes.toString());
  }

  @Test
  void theBuiltinModelHasEverySchemeAndNoneMeansFree() {
    assertTrue(CostModel.builtin().voteCost("ed25519").isPresent());
    assertTrue(CostModel.builtin().voteCost("bls").isPresent());
    NodeCosts free = NodeCostsFactory.of(consensus("consensus.vote_signature=none",
        "consensus.wal_fsync=0 s"), 10, CostModel.builtin(), true, new ArrayList<>());
    assertEquals(0, free.voteVerifyNanos() + free.voteSignNanos() + free.signedMessageSyncNanos());
  }

  @Test
  void aCostModelWithoutTheSchemeFallsBackToAMeasurementWithANote() {
    List<String> notes = new ArrayList<>();
    CostModel none = CostModel.builtin().withVotes(Map.of());
    NodeCosts c = NodeCostsFactory.of(consensus("consensus.vote_signature=bls"), 4, none, true,
        notes);
    assertTrue(c.voteVerifyNanos() > 0);
    assertEquals(96, c.voteSignatureBytes());
    assertTrue(notes.get(0).contains("not reproducible"), notes.toString());
  }

  @Test
  void voteCostsSurviveTheCostModelFile() {
    CostModel with = CostModel.builtin().withVotes(
        Map.of("bls", new CostModel.VoteCost(1, 2)));
    String yaml = with.toYaml();
    assertTrue(yaml.contains("bls: {sign: 1, verify: 2}"), yaml);
  }
}
