package dev.tdsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.tendermint.TendermintSettings;
import dev.tdsim.network.NetworkConfig;
import dev.tdsim.network.ParetoJitter;
import dev.tdsim.network.UplinkSharing;
import dev.tdsim.workload.MsgSizeDistribution;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Defaults, values and overrides of valid scenarios. */
class ScenarioLoaderTest {
  private static final long MS = 1_000_000L;
  private static final long S = 1_000_000_000L;

  private static Scenario parse(String yaml, String... overrides) {
    return ScenarioLoader.parse(yaml, "t.yaml", List.of(overrides));
  }

  @Test
  void emptyFileGivesAllDocumentedDefaults() {
    Scenario s = parse("");
    assertEquals("t", s.name());
    assertEquals(1, s.seed());
    assertEquals(20, s.heights());

    ValidatorsConfig v = s.validators();
    assertEquals(150, v.count());
    assertTrue(v.equalStake());
    assertEquals(16, v.cores());
    assertEquals(1.0, v.speed());
    assertEquals(List.of("us-east", "us-west", "eu-west", "eu-central", "ap-northeast",
        "ap-southeast", "sa-east"), v.regions());

    assertEquals(new KeysConfig(8192, 5461), s.keys());
    assertEquals(new NetworkConfig("regions", 50 * MS, "lognormal", 0.2,
        ParetoJitter.DEFAULT_SHAPE, 1_000_000_000L, UplinkSharing.FAIR_SHARE, "direct", 8, 0,
        40_960_000L, 10 * MS), s.network());
    assertEquals(new WorkloadConfig(100, 1000.0, 1024, MsgSizeDistribution.FIXED), s.workload());
    assertEquals(ConsensusConfig.defaults(), s.consensus());
    assertEquals(new TendermintSettings(3 * S, 500 * MS, S, 500 * MS, S, 500 * MS, S, false,
        65536, 100 * MS, dev.tdsim.consensus.tendermint.SimulationMode.AUTO, 1000), s.consensus().settings());
    assertEquals("tendermint", s.consensus().protocol());
    assertEquals("ed25519", s.consensus().voteSignature());
    assertEquals(new CryptoConfig("fast", "measured", "builtin", 0, "before-next", 0),
        s.crypto());
    assertEquals(List.of(100 * MS, 250 * MS, 500 * MS, S, 2 * S), s.budgetsNanos());
    assertEquals(Map.of(), s.sweep());
    assertNull(s.source());

    assertEquals(ValidatorsConfig.defaults(), v);
    assertEquals(KeysConfig.defaults(), s.keys());
    assertEquals(NetworkConfig.defaults(), s.network());
    assertEquals(WorkloadConfig.defaults(), s.workload());
    assertEquals(ConsensusConfig.defaults(), s.consensus());
    assertEquals(CryptoConfig.defaults(), s.crypto());
    assertEquals(s, ScenarioLoader.defaults(List.of("name=t")));
  }

  @Test
  void aScenarioWithoutAScheduleGetsItsProtocols() {
    assertEquals("before-next", parse("").crypto().schedule());
    assertEquals("streamed", parse("consensus:\n  protocol: jolteon\n").crypto().schedule(),
        "TrX's schedule on Aptos' consensus");
    assertEquals("streamed", parse("", "consensus.protocol=jolteon").crypto().schedule());
    assertEquals("before-next", parse("consensus:\n  protocol: jolteon\ncrypto:\n"
        + "  schedule: before-next\n").crypto().schedule(), "a schedule written wins");
    assertEquals("pipelined", parse("consensus:\n  protocol: jolteon\n",
        "crypto.schedule=pipelined").crypto().schedule());
  }

  @Test
  void readsEveryField() {
    Scenario s = parse("""
        name: full-run
        seed: -7
        heights: 12
        validators:
          count: 3
          stake: [1, 2, 3]
          cores: 4
          speed: 2.5
          regions: [eu-west, us-east]
        keys:
          shares: 64
          threshold: 40
        network:
          model: uniform
          latency: 0
          jitter: pareto
          jitter_sigma: 1.5
          bandwidth: 10 Gbit/s
          dissemination: gossip
          gossip_fanout: 2
          flush_throttle_timeout: 100 ms
        workload:
          msgs_per_block: auto
          rate: 50/s
          msg_size: 1.5 KiB
          msg_size_distribution: lognormal
        consensus:
          timeout_propose: 1.5s
          timeout_prevote: 250 ms
          timeout_precommit: 250ms
          timeout_propose_delta: 0
          timeout_prevote_delta: 10 ms
          timeout_precommit_delta: 0 s
          timeout_commit: 0
          skip_timeout_commit: true
          block_part_size: 16 KiB
          peer_gossip_sleep_duration: 0
          simulation: exact
          vote_signature: bls
          max_block_txs: 500
          max_block_bytes: 1 MB
        crypto:
          variant: folded
          timing: measured
          calibration: builtin
          sample_heights: 3
          schedule: pipelined
          threads: 1
        budgets: [2 s, 50 ms]
        """);
    assertEquals("full-run", s.name());
    assertEquals(-7, s.seed());
    assertEquals(12, s.heights());
    assertEquals(new ValidatorsConfig(3, List.of(1L, 2L, 3L), 4, 2.5, List.of("eu-west",
        "us-east")), s.validators());
    assertEquals("us-east", s.validators().regionOf(1));
    assertEquals("eu-west", s.validators().regionOf(2));
    assertEquals(new KeysConfig(64, 40), s.keys());
    assertEquals(new NetworkConfig("uniform", 0, "pareto", 1.5, ParetoJitter.DEFAULT_SHAPE,
        10_000_000_000L, UplinkSharing.FAIR_SHARE, "gossip", 2, 0,
        NetworkConfig.DEFAULT_PEER_SEND_RATE_BITS_PER_SECOND, 100 * MS), s.network());
    assertEquals(new WorkloadConfig(null, 50.0, 1536, MsgSizeDistribution.LOGNORMAL), s.workload());
    assertTrue(s.workload().fillFromRate());
    assertEquals(new TendermintSettings(1500 * MS, 0, 250 * MS, 10 * MS, 250 * MS, 0, 0, true,
        16384, 0, dev.tdsim.consensus.tendermint.SimulationMode.EXACT, 1000), s.consensus().settings());
    assertEquals(500, s.consensus().maxBlockTxs());
    assertEquals(1_000_000, s.consensus().maxBlockBytes());
    assertEquals("bls", s.consensus().voteSignature());
    assertEquals(new CryptoConfig("folded", "measured", "builtin", 3, "pipelined", 1),
        s.crypto());
    assertEquals(List.of(50 * MS, 2 * S), s.budgetsNanos(), "kept sorted");
  }

  @Test
  void thresholdDefaultsToTwoThirdsOfShares() {
    assertEquals(42, parse("validators: {count: 16}\nkeys: {shares: 64}").keys().threshold());
    assertEquals(1, parse("validators: {count: 2}\nkeys: {shares: 2}").keys().threshold());
  }

  @Test
  void emptySectionsAndQuotedValuesAreAccepted() {
    Scenario s = parse("""
        keys:
          # nothing set here yet
        crypto:
          variant: "folded"
        workload:
          msgs_per_block: ~
        """);
    assertEquals(KeysConfig.defaults(), s.keys());
    assertEquals("folded", s.crypto().design());
    assertNull(s.workload().msgsPerBlock());
  }

  @Test
  void nameDefaultsToTheFileName(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("my run.yaml");
    Files.writeString(file, "heights: 3\n");
    Scenario s = ScenarioLoader.load(file);
    assertEquals("my-run", s.name());
    assertEquals(file, s.source());
    assertEquals("default", ScenarioLoader.defaultName("default.yaml"));
    assertEquals("x", ScenarioLoader.defaultName("x.yml"));
  }

  @Test
  void overridesReplaceScalarsListsAndSections() {
    String file = """
        heights: 5
        workload:
          msgs_per_block: 10
        """;
    Scenario s = parse(file, "workload.msgs_per_block=200", "budgets=[100 ms, 1 s]",
        "keys={shares: 64, threshold: 10}", "validators.count=16", "name=over",
        "crypto.variant=folded", "network.latency=2 ms");
    assertEquals(200, s.workload().msgsPerBlock());
    assertEquals(List.of(100 * MS, S), s.budgetsNanos());
    assertEquals(new KeysConfig(64, 10), s.keys());
    assertEquals(16, s.validators().count());
    assertEquals("over", s.name());
    assertEquals("folded", s.crypto().design());
    assertEquals(2 * MS, s.network().uniformOneWayLatencyNanos());
    assertEquals(5, s.heights(), "untouched values stay");
  }

  @Test
  void anOverrideUnderEitherNameReplacesTheKeyUnderEither() {
    assertEquals("folded", parse("crypto:\n  design: fast\n", "crypto.variant=folded")
        .crypto().design());
    assertEquals("folded", parse("crypto:\n  variant: fast\n", "crypto.design=folded")
        .crypto().design());
    assertTrue(ScenarioKeys.isPath("crypto.variant"));
    assertFalse(ScenarioKeys.paths().contains("crypto.variant"), "offered under its new name");
  }

  @Test
  void laterOverridesWinAndAutoWorks() {
    Scenario s = parse("", "heights=3", "heights=4", "workload.msgs_per_block=auto");
    assertEquals(4, s.heights());
    assertNull(s.workload().msgsPerBlock());
  }

  @Test
  void overrideCanFixAnImpossibleFile() {
    Scenario s = parse("keys:\n  shares: 64\n", "validators.count=64");
    assertEquals(64, s.validators().count());
  }

  @Test
  void sweepIsKeptRaw() {
    Scenario s = parse("""
        sweep:
          keys.shares: [64, 128, 256]
          crypto.variant: [fast, folded]
          mode: grid
          nested: {a: 1.5, b: null, c: true}
        """);
    assertEquals(List.of(64, 128, 256), s.sweep().get("keys.shares"));
    assertEquals(List.of("fast", "folded"), s.sweep().get("crypto.variant"));
    assertEquals("grid", s.sweep().get("mode"));
    @SuppressWarnings("unchecked")
    Map<String, Object> nested = (Map<String, Object>) s.sweep().get("nested");
    assertEquals(1.5, nested.get("a"));
    assertTrue(nested.containsKey("b"));
    assertNull(nested.get("b"));
    assertEquals(true, nested.get("c"));
    assertEquals(List.of("keys.shares", "crypto.variant", "mode", "nested"),
        List.copyOf(s.sweep().keySet()), "file order is kept");

    Scenario o = parse("", "sweep.keys.shares=[64, 128]");
    assertEquals(Map.of("keys.shares", List.of(64, 128)), o.sweep());
    assertEquals(Map.of("x", 1), parse("sweep: {y: 2}", "sweep={x: 1}").sweep());
  }

  @Test
  void equalityIgnoresTheSource(@TempDir Path dir) throws Exception {
    Path a = dir.resolve("a.yaml");
    Files.writeString(a, "name: same\nheights: 3\n");
    Path b = dir.resolve("b.yaml");
    Files.writeString(b, "# another file\nheights: 3\nname: same\n");
    Scenario sa = ScenarioLoader.load(a);
    Scenario sb = ScenarioLoader.load(b);
    assertEquals(sa, sb);
    assertEquals(sa.hashCode(), sb.hashCode());
    assertFalse(sa.source().equals(sb.source()));
  }

  @Test
  void calibrationPathIsRelativeToTheScenarioFile(@TempDir Path dir) throws Exception {
    Files.createDirectories(dir.resolve("sub"));
    try (var in = getClass().getResourceAsStream("/builtin-cost-model.yaml")) {
      Files.write(dir.resolve("sub/cal.json"), in.readAllBytes());
    }
    Path file = dir.resolve("sub/s.yaml");
    Files.writeString(file, "crypto:\n  timing: model\n  calibration: cal.json\n");
    Scenario s = ScenarioLoader.load(file);
    assertEquals("cal.json", s.crypto().calibration());
    assertEquals(dir.resolve("sub/cal.json").toAbsolutePath(), s.calibrationFile().orElseThrow());
    assertTrue(parse("").calibrationFile().isEmpty());
  }

  @Test
  void knownPathsCoverEverySectionKey() {
    List<String> paths = ScenarioKeys.paths();
    assertTrue(paths.contains("keys.threshold"));
    assertTrue(paths.contains("budgets"));
    assertTrue(paths.contains("crypto.combiner") && paths.contains("crypto.combiner_timeout"));
    // name, seed, heights, budgets, replicates, faults + section keys (26 of them Jolteon's own, 7 of those
    // its Quorum Store's batch generation; 5 the workload's clients', 8 the mempool's, 4 the
    // signing committee's)
    assertTrue(paths.contains("consensus.batch_generation_poll_interval"));
    assertTrue(paths.contains("signing.scheme") && paths.contains("signing.start"));
    assertEquals(6 + 100, paths.size());
  }
}
