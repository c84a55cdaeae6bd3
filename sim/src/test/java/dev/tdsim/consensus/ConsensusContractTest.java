package dev.tdsim.consensus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The protocol-neutral contract's values: settings and their per-round timeouts, the bounds every
 * record enforces (0 is allowed exactly where CometBFT allows it), block parts, the registry.
 */
class ConsensusContractTest {
  private static final long MS = ConsensusSettings.MS;

  private static ConsensusSettings settings(long propose, long proposeDelta, long prevote,
      long prevoteDelta, long precommit, long precommitDelta, long commit, long part,
      long gossipSleep, SimulationMode simulation, int exactMax) {
    return new ConsensusSettings(propose, proposeDelta, prevote, prevoteDelta, precommit,
        precommitDelta, commit, false, part, gossipSleep, simulation, exactMax);
  }

  private static ConsensusSettings valid() {
    return settings(1, 0, 1, 0, 1, 0, 0, 1, 0, SimulationMode.AUTO, 1);
  }

  @Test
  void cometBftDefaults() {
    ConsensusSettings d = ConsensusSettings.cometBftDefaults();
    assertEquals(3000 * MS, d.timeoutProposeNanos());
    assertEquals(500 * MS, d.timeoutProposeDeltaNanos());
    assertEquals(1000 * MS, d.timeoutPrevoteNanos());
    assertEquals(500 * MS, d.timeoutPrevoteDeltaNanos());
    assertEquals(1000 * MS, d.timeoutPrecommitNanos());
    assertEquals(500 * MS, d.timeoutPrecommitDeltaNanos());
    assertEquals(1000 * MS, d.timeoutCommitNanos());
    assertFalse(d.skipTimeoutCommit());
    assertEquals(65536, d.blockPartSizeBytes());
    assertEquals(100 * MS, d.peerGossipSleepNanos());
    assertEquals(SimulationMode.AUTO, d.simulation());
    assertEquals(ConsensusSettings.DEFAULT_EXACT_MAX_VALIDATORS, d.exactMaxValidators());
  }

  @Test
  void eachStepsTimeoutIsItsBasePlusRoundTimesItsOwnDelta() {
    ConsensusSettings s = settings(100, 11, 200, 13, 300, 17, 0, 1, 0, SimulationMode.EXACT, 1);
    for (int r = 0; r < 4; r++) {
      assertEquals(100 + 11L * r, s.proposeNanos(r), "propose round " + r);
      assertEquals(200 + 13L * r, s.prevoteNanos(r), "prevote round " + r);
      assertEquals(300 + 17L * r, s.precommitNanos(r), "precommit round " + r);
    }
  }

  @Test
  void zeroIsRejectedForTimeoutsAndPartSizeButAllowedForDeltasPauseAndSleep() {
    // every field at its smallest allowed value is accepted
    ConsensusSettings min = valid();
    assertEquals(0, min.timeoutCommitNanos());
    String[] messages = {
        assertThrows(IllegalArgumentException.class,
            () -> settings(0, 0, 1, 0, 1, 0, 0, 1, 0, SimulationMode.AUTO, 1)).getMessage(),
        assertThrows(IllegalArgumentException.class,
            () -> settings(1, 0, 0, 0, 1, 0, 0, 1, 0, SimulationMode.AUTO, 1)).getMessage(),
        assertThrows(IllegalArgumentException.class,
            () -> settings(1, 0, 1, 0, 0, 0, 0, 1, 0, SimulationMode.AUTO, 1)).getMessage(),
        assertThrows(IllegalArgumentException.class,
            () -> settings(1, -1, 1, 0, 1, 0, 0, 1, 0, SimulationMode.AUTO, 1)).getMessage(),
        assertThrows(IllegalArgumentException.class,
            () -> settings(1, 0, 1, -1, 1, 0, 0, 1, 0, SimulationMode.AUTO, 1)).getMessage(),
        assertThrows(IllegalArgumentException.class,
            () -> settings(1, 0, 1, 0, 1, -1, 0, 1, 0, SimulationMode.AUTO, 1)).getMessage(),
        assertThrows(IllegalArgumentException.class,
            () -> settings(1, 0, 1, 0, 1, 0, -1, 1, 0, SimulationMode.AUTO, 1)).getMessage(),
        assertThrows(IllegalArgumentException.class,
            () -> settings(1, 0, 1, 0, 1, 0, 0, 0, 0, SimulationMode.AUTO, 1)).getMessage(),
        assertThrows(IllegalArgumentException.class,
            () -> settings(1, 0, 1, 0, 1, 0, 0, 1, -1, SimulationMode.AUTO, 1)).getMessage(),
        assertThrows(IllegalArgumentException.class,
            () -> settings(1, 0, 1, 0, 1, 0, 0, 1, 0, SimulationMode.AUTO, 0)).getMessage()};
    String[] expected = {"timeout_propose must be > 0", "timeout_prevote must be > 0",
        "timeout_precommit must be > 0", "timeout_propose_delta must be >= 0",
        "timeout_prevote_delta must be >= 0", "timeout_precommit_delta must be >= 0",
        "timeout_commit must be >= 0", "block_part_size must be > 0",
        "peer_gossip_sleep_duration must be >= 0",
        "exact_max_validators must be >= 1"};
    assertEquals(List.of(expected), List.of(messages));
  }

  @Test
  void autoSimulatesExactlyUpToItsLimit() {
    ConsensusSettings auto = settings(1, 0, 1, 0, 1, 0, 0, 1, 0, SimulationMode.AUTO, 100);
    assertTrue(auto.exactFor(99));
    assertTrue(auto.exactFor(100));
    assertFalse(auto.exactFor(101));
    assertTrue(settings(1, 0, 1, 0, 1, 0, 0, 1, 0, SimulationMode.EXACT, 100).exactFor(5000));
    assertFalse(settings(1, 0, 1, 0, 1, 0, 0, 1, 0, SimulationMode.LARGE, 100).exactFor(4));
  }

  @Test
  void aBlockTravelsInCeilingOfBytesOverPartSizeParts() {
    ConsensusSettings s = settings(1, 0, 1, 0, 1, 0, 0, 1000, 0, SimulationMode.AUTO, 1);
    assertEquals(1, s.partsOf(1));
    assertEquals(1, s.partsOf(999));
    assertEquals(1, s.partsOf(1000));
    assertEquals(2, s.partsOf(1001));
    assertEquals(3, s.partsOf(3000));
    assertEquals(1, s.partsOf(0), "at least one part");
  }

  @Test
  void recordsRejectNegativeValuesAndAcceptZero() {
    assertEquals(0, new Block(1, 0, 1).txCount());
    assertThrows(IllegalArgumentException.class, () -> new Block(1, -1, 10));
    assertThrows(IllegalArgumentException.class, () -> new Block(1, 1, 0));
    assertEquals(NodeCosts.FREE, new NodeCosts(0, 0, 0, 0, 0, 0, 0, 64));
    for (int i = 0; i < 8; i++) {
      long[] c = new long[8];
      c[i] = -1;
      assertThrows(IllegalArgumentException.class,
          () -> new NodeCosts(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]), "field " + i);
    }
    assertEquals(0, NodeCosts.FREE.voteSignNanos() + NodeCosts.FREE.voteVerifyNanos());
    assertEquals(64, NodeCosts.FREE.voteSignatureBytes());
  }

  @Test
  void processingTimeSumsItsKinds() {
    assertEquals(1 + 20 + 300, new ProcessingTime(1, 20, 300).totalNanos());
    assertEquals(0, ProcessingTime.NONE.totalNanos());
  }

  @Test
  void statsKeepACopyOfTheirNotes() {
    List<String> notes = new ArrayList<>(List.of("a"));
    ConsensusStats s = new ConsensusStats("p", "m", 1, 2, 3, notes);
    notes.add("b");
    assertEquals(List.of("a"), s.notes());
  }

  @Test
  void theRegistryKnowsTendermintAndNamesTheKnownOnesForAnUnknownName() {
    assertEquals(List.of("tendermint"), Protocols.names());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Protocols.create("hotstuff", null));
    assertEquals("unknown consensus protocol 'hotstuff'; known: tendermint", e.getMessage());
  }
}
