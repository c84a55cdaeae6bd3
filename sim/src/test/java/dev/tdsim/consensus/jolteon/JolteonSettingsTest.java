package dev.tdsim.consensus.jolteon;

import static dev.tdsim.consensus.jolteon.JolteonWorld.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Aptos' round timeout formula, round-robin leaders and what the settings accept. */
class JolteonSettingsTest {
  private static final JolteonSettings.Reputation REP =
      JolteonSettings.Reputation.aptosDefaults();

  private static final JolteonSettings APTOS = JolteonSettings.aptosDefaults();

  @Test
  void theRoundTimeoutIsAptosExponentialIntervalByDistanceToTheHighestOrderedRound() {
    // Nothing ordered: idx = round - 1.
    assertEquals(1000 * MS, APTOS.roundTimeoutNanos(1, 0));
    assertEquals(1200 * MS, APTOS.roundTimeoutNanos(2, 0));
    assertEquals(1440 * MS, APTOS.roundTimeoutNanos(3, 0));
    // 1000 x 1.2^6 = 2985.98..., ceiled; the exponent stops at 6.
    assertEquals(2986 * MS, APTOS.roundTimeoutNanos(7, 0));
    assertEquals(2986 * MS, APTOS.roundTimeoutNanos(100, 0));
    // Within 3 rounds of the highest ordered one: idx 0; beyond: round - ordered - 3.
    assertEquals(1000 * MS, APTOS.roundTimeoutNanos(12, 10));
    assertEquals(1000 * MS, APTOS.roundTimeoutNanos(13, 10));
    assertEquals(1200 * MS, APTOS.roundTimeoutNanos(14, 10));
    assertEquals(1728 * MS, APTOS.roundTimeoutNanos(16, 10));
  }

  @Test
  void roundRobinGivesEachLeaderItsContiguousRounds() {
    assertEquals(List.of(0, 1, 2, 0, 1), java.util.stream.LongStream.range(0, 5)
        .mapToObj(r -> APTOS.leaderOf(r, 3)).toList());
    JolteonSettings two = new JolteonSettings(1000 * MS, 1.2, 6, true, "round-robin", 2, REP);
    assertEquals(List.of(0, 0, 1, 1, 2, 2, 0), java.util.stream.LongStream.range(0, 7)
        .mapToObj(r -> two.leaderOf(r, 3)).toList());
  }

  @Test
  void badValuesAreRefusedNamingTheirKey() {
    assertMessageStarts("round_initial_timeout",
        () -> new JolteonSettings(0, 1.2, 6, true, "round-robin", 1, REP));
    assertMessageStarts("round_timeout_backoff_base",
        () -> new JolteonSettings(MS, 0, 6, true, "round-robin", 1, REP));
    assertMessageStarts("round_timeout_backoff_max_exponent",
        () -> new JolteonSettings(MS, 1.2, 32, true, "round-robin", 1, REP));
    assertMessageStarts("proposer_election",
        () -> new JolteonSettings(MS, 1.2, 6, true, "reputation", 1, REP));
    assertMessageStarts("contiguous_rounds",
        () -> new JolteonSettings(MS, 1.2, 6, true, "round-robin", 0, REP));
    assertMessageStarts("sender_max_batch_txns",
        () -> new JolteonSettings.QuorumStoreConfig(true, 0, 1024, 36_000));
    assertMessageStarts("sender_max_batch_bytes",
        () -> new JolteonSettings.QuorumStoreConfig(true, 100, 0, 36_000));
    assertMessageStarts("backlog_txn_limit_count",
        () -> new JolteonSettings.QuorumStoreConfig(true, 100, 1024, 0));
    assertMessageStarts("batch_generation_poll_interval",
        () -> new JolteonSettings.BatchGeneration(0, 50 * MS, 250 * MS, 1500, 20, 160, 12_000));
    assertMessageStarts("batch_generation_max_interval",
        () -> new JolteonSettings.BatchGeneration(25 * MS, 50 * MS, 40 * MS, 1500, 20, 160,
            12_000));
    assertMessageStarts("sender_max_total_txns",
        () -> new JolteonSettings.BatchGeneration(25 * MS, 50 * MS, 250 * MS, 0, 20, 160,
            12_000));
    assertMessageStarts("dynamic_max_txn_per_s",
        () -> new JolteonSettings.BatchGeneration(25 * MS, 50 * MS, 250 * MS, 1500, 20, 160,
            100));
  }

  @Test
  void batchGenerationHasAptosDefaults() {
    JolteonSettings.BatchGeneration g = APTOS.quorumStore().generation();
    assertEquals(new JolteonSettings.BatchGeneration(25 * MS, 50 * MS, 250 * MS, 1500, 20, 160,
        12_000), g);
    // Quorum Store's batches carry the transactions: the mempools do not gossip then
    assertTrue(APTOS.withQuorumStore(APTOS.quorumStore().enabled(true))
        .disseminatesTransactions());
    assertTrue(!APTOS.disseminatesTransactions());
  }

  @Test
  void quorumStoreIsOffByDefaultWithAptosLimits() {
    JolteonSettings.QuorumStoreConfig qs = APTOS.quorumStore();
    assertEquals(new JolteonSettings.QuorumStoreConfig(false, 100, 1024 * 1024 - 160, 36_000),
        qs);
    assertTrue(qs.enabled(true).enabled());
  }

  @Test
  void itRefusesTheFaultKindsItDoesNotModel() {
    assertTrue(APTOS.refusesFault("crash").isEmpty());
    assertTrue(APTOS.refusesFault("silent-proposer").isEmpty());
    assertTrue(APTOS.refusesFault("slow").isEmpty());
    for (String kind : List.of("loss", "delay", "partition", "equivocate", "bad-share",
        "withhold-share", "forging-proposer", "lying-dealer")) {
      assertTrue(APTOS.refusesFault(kind).isEmpty(), kind);
    }
    var refusal = APTOS.refusesFault("bad-partial").orElseThrow();
    assertTrue(refusal.problem().contains("'bad-partial': Jolteon's QCs"), refusal.problem());
    assertEquals(List.of("consensus.protocol"), refusal.keys());
  }

  private static void assertMessageStarts(String key, Runnable r) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
    assertTrue(e.getMessage().startsWith(key + " "), e.getMessage());
  }
}
