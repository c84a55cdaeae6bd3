package dev.tdsim.scenario;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.mempool.MempoolConfig;
import dev.tdsim.mempool.MempoolType;
import dev.tdsim.workload.Arrival;
import dev.tdsim.workload.ArrivalConfig;
import dev.tdsim.workload.EntryPoints;
import dev.tdsim.workload.RateStep;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The {@code mempool:} section and the clients' keys of {@code workload:} (issue 21): read with
 * located errors, written back only when used, and checked against the validators.
 */
class MempoolAndClientsSectionTest {
  private static final String SMALL = """
      validators:
        count: 8
        regions: [us-east, eu-west, ap-northeast]
      keys:
        shares: 64
      """;
  private static final int SMALL_LINES = (int) SMALL.lines().count();

  private static Scenario parse(String yaml, String... overrides) {
    return ScenarioLoader.parse(yaml, "t.yaml", List.of(overrides));
  }

  private static ScenarioException fail(String yaml, String... overrides) {
    return assertThrows(ScenarioException.class, () -> parse(yaml, overrides));
  }

  private static void assertAt(ScenarioException e, int line, String field, String fragment) {
    ScenarioErrorsTest.assertAt(e, line, field, fragment);
  }

  // ------------------------------------------------------------ mempool

  @Test
  void noMempoolSectionMeansNoMempoolAndNothingWritten() {
    Scenario s = parse(SMALL);
    assertTrue(s.mempool().isEmpty());
    assertFalse(s.toYaml().contains("mempool"), s.toYaml());
    assertEquals(100, s.workload().msgsPerBlock(), "msgs_per_block keeps its default");
  }

  @Test
  void anEmptySectionIsCometBftsDefaults() {
    Scenario s = parse(SMALL + "mempool: {}\n");
    MempoolConfig m = s.mempool().orElseThrow();
    assertEquals(MempoolConfig.defaults(), m);
    assertEquals(MempoolType.FLOOD, m.type());
    assertEquals(5000, m.size());
    assertEquals(64L << 20, m.maxTxsBytes());
    assertEquals(1L << 20, m.maxTxBytes());
    assertEquals(10_000, m.cacheSize());
    assertTrue(m.recheck() && m.broadcast());
    assertEquals(0, m.checkTxNanos());
    assertNull(s.workload().msgsPerBlock(), "a flood mempool fills the blocks: auto");
  }

  @Test
  void everyKeyReadsAndTheSectionRoundTrips() {
    Scenario s = parse(SMALL + """
        mempool:
          type: flood
          size: 10000
          max_txs_bytes: 1 GiB
          max_tx_bytes: 64 KiB
          cache_size: 200000
          recheck: false
          broadcast: false
          check_tx_delay: 5 ms
        """);
    assertEquals(new MempoolConfig(MempoolType.FLOOD, 10_000, 1L << 30, 64L << 10, 200_000,
        false, false, 5_000_000L), s.mempool().orElseThrow());
    Scenario back = ScenarioLoader.parse(s.toYaml(), "back.yaml", List.of());
    assertEquals(s, back);
    assertEquals(s.hash(), back.hash());
    assertTrue(s.toYaml().contains("mempool:\n  type: flood\n  size: 10000\n"), s.toYaml());
  }

  @Test
  void theMempoolChangesTheHashOnlyWhenPresent() {
    String plain = parse(SMALL).hash();
    assertEquals(plain, parse(SMALL, "workload.arrival=poisson", "workload.entry=all").hash(),
        "the clients' keys at their defaults");
    assertFalse(plain.equals(parse(SMALL + "mempool: {}\n").hash()));
    assertFalse(parse(SMALL + "mempool: {}\n").hash().equals(
        parse(SMALL + "mempool: {}\n", "mempool.size=10000").hash()));
  }

  @Test
  void setAndVaryPathsReachTheMempoolKeys() {
    assertTrue(ScenarioKeys.paths().containsAll(List.of("mempool.type", "mempool.size",
        "mempool.max_txs_bytes", "mempool.max_tx_bytes", "mempool.cache_size", "mempool.recheck",
        "mempool.broadcast", "mempool.check_tx_delay", "workload.arrival",
        "workload.burst_interval", "workload.rate_schedule", "workload.entry")));
    assertTrue(ScenarioKeys.isPath("mempool.size"));
    Scenario s = parse(SMALL, "mempool.size=10000");
    assertEquals(10_000, s.mempool().orElseThrow().size(), "setting a key adds the section");
    assertEquals(MempoolType.NOP, parse(SMALL, "mempool.type=nop").mempool().orElseThrow()
        .type());
  }

  @Test
  void aBadTypeIsRefusedWithTheClosestName() {
    String yaml = SMALL + "mempool:\n  type: flod\n";
    assertAt(fail(yaml), SMALL_LINES + 2, "mempool.type", "did you mean 'flood'?");
  }

  @Test
  void outOfRangeValuesAreRefusedAtTheirLines() {
    String yaml = SMALL + """
        mempool:
          size: -1
          cache_size: -5
          check_tx_delay: -1 ms
          max_tx_bytes: 0 B
        """;
    List<ScenarioException> all = fail(yaml).getErrors();
    assertAt(all.get(0), SMALL_LINES + 2, "mempool.size", "at least 1");
    assertAt(all.get(1), SMALL_LINES + 3, "mempool.cache_size", "at least 0");
    assertAt(all.get(2), SMALL_LINES + 4, "mempool.check_tx_delay", "negative");
    assertAt(all.get(3), SMALL_LINES + 5, "mempool.max_tx_bytes", "positive");
  }

  @Test
  void aNumberOfMessagesPerBlockIsRefusedWithAFloodMempool() {
    String yaml = SMALL + "workload:\n  msgs_per_block: 200\nmempool: {}\n";
    assertAt(fail(yaml), SMALL_LINES + 2, "workload.msgs_per_block", "must be auto");
    assertNull(parse(SMALL + "workload:\n  msgs_per_block: auto\nmempool: {}\n").workload()
        .msgsPerBlock());
    assertEquals(200, parse(yaml, "mempool.type=nop").workload().msgsPerBlock(),
        "nop keeps a number per block");
    ScenarioException set = fail(SMALL + "mempool: {}\n", "workload.msgs_per_block=200");
    assertTrue(set.getMessage().startsWith("--set workload.msgs_per_block: must be auto"),
        set.getMessage());
  }

  @Test
  void maxTxBytesAdmitsTheLargestPayload() {
    String yaml = SMALL + """
        workload:
          msg_size: 2 KiB
          msg_size_distribution: uniform
        mempool:
          max_tx_bytes: 2 KiB
        """;
    assertAt(fail(yaml), SMALL_LINES + 5, "mempool.max_tx_bytes", "largest payload (3 KiB");
    parse(yaml, "mempool.max_tx_bytes=3 KiB");
    parse(yaml, "workload.msg_size_distribution=lognormal"); // its median fits
  }

  // ------------------------------------------------------------ clients

  @Test
  void theClientsKeysDefaultToPoissonAtTheRateEverywhere() {
    Scenario s = parse(SMALL);
    assertEquals(ArrivalConfig.defaults(), s.workload().arrivals());
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, s.entryValidators());
    String workload = s.toYaml().substring(s.toYaml().indexOf("workload:"));
    assertTrue(workload.startsWith("workload:\n  msgs_per_block: 100\n  rate: 1000 tx/s\n"
        + "  msg_size: 1 KiB\n  msg_size_distribution: fixed\nconsensus:"), workload);
  }

  @Test
  void theClientsKeysReadAndRoundTrip() {
    Scenario s = parse(SMALL + """
        workload:
          msgs_per_block: auto
          arrival: bursts
          burst_interval: 500 ms
          rate_schedule: [{at: 0 s, rate: 400 tx/s}, {at: 1 min, rate: 0 tx/s}, {at: 2 min, rate: 800 tx/s}]
          entry: eu-west
        """);
    ArrivalConfig a = s.workload().arrivals();
    assertEquals(Arrival.BURSTS, a.arrival());
    assertEquals(500_000_000L, a.burstIntervalNanos());
    assertEquals(List.of(new RateStep(0, 400), new RateStep(60_000_000_000L, 0),
        new RateStep(120_000_000_000L, 800)), a.rateSchedule());
    assertEquals(800.0, s.workload().ratePerSecond(), "the schedule's highest rate");
    assertEquals(new EntryPoints.Region("eu-west"), a.entry());
    assertArrayEquals(new int[] {1, 4, 7}, s.entryValidators());
    var clients = s.clients(new java.util.SplittableRandom(1));
    for (int i = 0; i < 200; i++) {
      var first = clients.next();
      assertEquals(0, first.atNanos(), "the first burst: 400 tx/s x 500 ms");
      assertTrue(List.of(1, 4, 7).contains(first.entryValidator()));
      assertEquals(1024, first.payloadBytes());
    }
    assertEquals(500_000_000L, clients.next().atNanos());
    String yaml = s.toYaml();
    assertFalse(yaml.contains("  rate: "), "a schedule replaces the rate: " + yaml);
    Scenario back = ScenarioLoader.parse(yaml, "back.yaml", List.of());
    assertEquals(s, back);
    assertEquals(s.hash(), back.hash());
    assertEquals(new EntryPoints.Validator(3), parse(SMALL, "workload.entry=3").workload()
        .arrivals().entry());
    assertEquals(Arrival.CONSTANT, parse(SMALL, "workload.arrival=constant").workload()
        .arrivals().arrival());
  }

  @Test
  void anEntryIsAValidatorOrARegionThatHasOne() {
    String yaml = SMALL + "workload:\n  entry: 8\n";
    assertAt(fail(yaml), SMALL_LINES + 2, "workload.entry", "validators are 0 .. 7");
    assertAt(fail(SMALL + "workload:\n  entry: eu-wset\n"), SMALL_LINES + 2, "workload.entry",
        "did you mean 'eu-west'?");
    assertAt(fail(SMALL + "workload:\n  entry: sa-east\n"), SMALL_LINES + 2, "workload.entry",
        "validators.regions (us-east, eu-west, ap-northeast)");
    assertAt(fail(SMALL + "workload:\n  entry: ap-northeast\n", "validators.count=2"),
        SMALL_LINES + 2, "workload.entry", "no validator is placed in ap-northeast");
    assertAt(fail(SMALL + "workload:\n  entry: -1\n"), SMALL_LINES + 2, "workload.entry",
        ">= 0");
  }

  @Test
  void aRateScheduleStartsAtZeroAscendsAndHasARate() {
    String head = SMALL + "workload:\n  rate_schedule:\n";
    assertAt(fail(head + "    - {at: 1 s, rate: 5 tx/s}\n"), SMALL_LINES + 3,
        "workload.rate_schedule[0].at", "starts at 0 s");
    assertAt(fail(head + "    - {at: 0 s, rate: 5 tx/s}\n    - {at: 0 s, rate: 1 tx/s}\n"),
        SMALL_LINES + 4, "workload.rate_schedule[1].at", "ascending");
    assertAt(fail(head + "    - {at: 0 s, rate: -5 tx/s}\n"), SMALL_LINES + 3,
        "workload.rate_schedule[0].rate", "0 (a pause) or positive");
    assertAt(fail(head + "    - {at: 0 s, rate: 0 tx/s}\n"), SMALL_LINES + 2,
        "workload.rate_schedule", "give one a rate above 0");
    assertAt(fail(head + "    - {at: 0 s}\n"), SMALL_LINES + 3, "workload.rate_schedule[0]",
        "a step has `rate`");
    assertAt(fail(head + "    - {at: 0 s, rate: 5 tx/s, when: 3}\n"), SMALL_LINES + 3,
        "workload.rate_schedule[0].when", "unknown key");
    assertAt(fail(SMALL + "workload:\n  rate: 5 tx/s\n  rate_schedule: [{at: 0 s, rate: 5 tx/s}]"
        + "\n"), SMALL_LINES + 3, "workload.rate_schedule", "not both");
  }

  @Test
  void aBurstIntervalBelongsToBurstsAndHoldsATransaction() {
    assertAt(fail(SMALL + "workload:\n  burst_interval: 2 s\n"), SMALL_LINES + 2,
        "workload.burst_interval", "only arrival: bursts");
    assertAt(fail(SMALL + "workload:\n  arrival: bursts\n  rate: 10 tx/s\n"
        + "  burst_interval: 10 ms\n"), SMALL_LINES + 4, "workload.burst_interval",
        "at least one transaction");
    assertAt(fail(SMALL + "workload:\n  arrival: bursts\n  burst_interval: 0 s\n"),
        SMALL_LINES + 3, "workload.burst_interval", "positive");
  }
}
