package dev.tdsim.consensus.tendermint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.ProtocolSettings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Tendermint's settings: CometBFT's defaults, the per-round timeouts, the bounds (0 is allowed
 * exactly where CometBFT allows it), block parts, and what they tell the rest of the simulator.
 */
class TendermintSettingsTest {
  private static final long MS = TendermintSettings.MS;

  private static TendermintSettings settings(long propose, long proposeDelta, long prevote,
      long prevoteDelta, long precommit, long precommitDelta, long commit, long part,
      long gossipSleep, SimulationMode simulation, int exactMax) {
    return new TendermintSettings(propose, proposeDelta, prevote, prevoteDelta, precommit,
        precommitDelta, commit, false, part, gossipSleep, simulation, exactMax);
  }

  private static TendermintSettings valid() {
    return settings(1, 0, 1, 0, 1, 0, 0, 1, 0, SimulationMode.AUTO, 1);
  }

  @Test
  void cometBftDefaults() {
    TendermintSettings d = TendermintSettings.cometBftDefaults();
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
    assertEquals(TendermintSettings.DEFAULT_EXACT_MAX_VALIDATORS, d.exactMaxValidators());
  }

  @Test
  void eachStepsTimeoutIsItsBasePlusRoundTimesItsOwnDelta() {
    TendermintSettings s = settings(100, 11, 200, 13, 300, 17, 0, 1, 0, SimulationMode.EXACT, 1);
    for (int r = 0; r < 4; r++) {
      assertEquals(100 + 11L * r, s.proposeNanos(r), "propose round " + r);
      assertEquals(200 + 13L * r, s.prevoteNanos(r), "prevote round " + r);
      assertEquals(300 + 17L * r, s.precommitNanos(r), "precommit round " + r);
    }
  }

  @Test
  void zeroIsRejectedForTimeoutsAndPartSizeButAllowedForDeltasPauseAndSleep() {
    // every field at its smallest allowed value is accepted
    TendermintSettings min = valid();
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
    TendermintSettings auto = settings(1, 0, 1, 0, 1, 0, 0, 1, 0, SimulationMode.AUTO, 100);
    assertTrue(auto.exactFor(99));
    assertTrue(auto.exactFor(100));
    assertFalse(auto.exactFor(101));
    assertTrue(settings(1, 0, 1, 0, 1, 0, 0, 1, 0, SimulationMode.EXACT, 100).exactFor(5000));
    assertFalse(settings(1, 0, 1, 0, 1, 0, 0, 1, 0, SimulationMode.LARGE, 100).exactFor(4));
  }

  @Test
  void aBlockTravelsInCeilingOfBytesOverPartSizeParts() {
    TendermintSettings s = settings(1, 0, 1, 0, 1, 0, 0, 1000, 0, SimulationMode.AUTO, 1);
    assertEquals(1, s.partsOf(1));
    assertEquals(1, s.partsOf(999));
    assertEquals(1, s.partsOf(1000));
    assertEquals(2, s.partsOf(1001));
    assertEquals(3, s.partsOf(3000));
    assertEquals(1, s.partsOf(0), "at least one part");
  }

  @Test
  void messageFaultsAreRefusedWhereTheLargeModelRunsNamingTheKeysThatDecideIt() {
    assertEquals(java.util.Optional.empty(),
        settings(1, 0, 1, 0, 1, 0, 0, 1, 0, SimulationMode.AUTO, 100).refusesMessageFaults(100));
    ProtocolSettings.Refusal large = settings(1, 0, 1, 0, 1, 0, 0, 1, 0, SimulationMode.LARGE,
        100).refusesMessageFaults(4).orElseThrow();
    assertEquals(List.of("consensus.simulation"), large.keys());
    assertTrue(large.problem().contains("'large'"), large.problem());
    ProtocolSettings.Refusal above = settings(1, 0, 1, 0, 1, 0, 0, 1, 0, SimulationMode.AUTO,
        100).refusesMessageFaults(101).orElseThrow();
    assertEquals(List.of("consensus.exact_max_validators", "validators.count"), above.keys());
    assertTrue(above.problem().contains("101 validators") && above.problem().contains("(100)"),
        above.problem());
  }

  @Test
  void theCommitPauseIsTimeoutCommitAndTheGossipSleepThePeersLoops() {
    TendermintSettings s = settings(1, 0, 1, 0, 1, 0, 777, 1, 55, SimulationMode.AUTO, 1);
    assertEquals(777, s.commitPauseNanos());
    assertEquals(55, s.gossipSleepNanos());
  }

  @Test
  void theRegistryEntryBuildsSettingsFromItsKeysAndCreatesTheModelTheCommitteeSizeAsksFor() {
    Map<String, Object> v = new java.util.HashMap<>();
    Tendermint.KIND.fields().forEach(f -> v.put(f.key(), f.defaultValue()));
    v.put("timeout_propose", 123L);
    v.put("simulation", "large");
    v.put("exact_max_validators", 7);
    TendermintSettings s = (TendermintSettings) Tendermint.KIND.settings(v::get);
    assertEquals(123L, s.timeoutProposeNanos());
    assertEquals(SimulationMode.LARGE, s.simulation());
    assertEquals(7, s.exactMaxValidators());
    v.put("timeout_prevote", 0L);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Tendermint.KIND.settings(v::get));
    assertEquals("timeout_prevote must be > 0", e.getMessage());
    assertFalse(Tendermint.KIND.fields().isEmpty());
  }
}
