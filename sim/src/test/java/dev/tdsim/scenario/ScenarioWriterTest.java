package dev.tdsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dump-config output, round trips and the scenario hash. */
class ScenarioWriterTest {

  private static final String CUSTOM = """
      name: '007'
      seed: 123456789012
      heights: 9
      validators:
        count: 3
        stake: [5, 1, 1000000]
        cores: 8
        speed: 0.75
        regions: [eu-west, ap-southeast]
      keys:
        shares: 4
        threshold: 3
      network:
        model: uniform
        latency: 1.5 ms
        jitter: none
        jitter_sigma: 0
        bandwidth: 1.5 Gbps
        dissemination: gossip
        gossip_fanout: 2
      workload:
        msgs_per_block: auto
        rate: 16.5 tx/s
        msg_size: 1500 B
        msg_size_distribution: uniform
        arrival: bursts
        burst_interval: 250 ms
        entry: 2
        seal_ahead: 3
      mempool:
        size: 10000
        max_txs_bytes: 1 GiB
        max_tx_bytes: 64 KiB
        cache_size: 0
        recheck: false
        broadcast: false
        check_tx_delay: 2 ms
      consensus:
        timeout_propose: 90 s
        timeout_prevote: 1 min
        timeout_precommit: 250us
        timeout_prevote_delta: 0
        skip_timeout_commit: true
        max_block_txs: 77
        max_block_bytes: 1000 KiB
      crypto:
        variant: precomputed
        timing: measured
        calibration: 'some dir/cal: 1.json'
        sample_heights: 0  # > 0 reads the calibration file at load; this test has none
        schedule: pipelined
        threads: 3
      signing:
        scheme: threshold-bls
        threshold: 2
        parties: 3
        start: presigned
      budgets: [1 min, 1 ns, 2 h]
      replicates: 4
      sweep:
        keys.shares: [64, 128]
        note: "yes"
        grid: {a: [1, 2.5], b: null, c: true}
      """;

  private static Scenario parse(String yaml) {
    return ScenarioLoader.parse(yaml, "t.yaml", List.of());
  }

  private static void assertRoundTrip(Scenario s) {
    String yaml = ScenarioWriter.toYaml(s);
    Scenario back = ScenarioLoader.parse(yaml, "dump.yaml", List.of());
    assertEquals(s, back, yaml);
    assertEquals(yaml, ScenarioWriter.toYaml(back), "the canonical form is a fixed point");
    assertEquals(s.hash(), back.hash());
    Scenario fromDump = ScenarioLoader.parse(ScenarioWriter.dumpConfig(s), "dump.yaml", List.of());
    assertEquals(s, fromDump);
  }

  @Test
  void defaultsRoundTrip() {
    assertRoundTrip(ScenarioLoader.defaults(List.of()));
  }

  @Test
  void everyFieldRoundTrips() {
    Scenario s = parse(CUSTOM);
    assertRoundTrip(s);
    assertEquals("007", s.name());
    assertEquals("yes", s.sweep().get("note"));
  }

  @Test
  void dumpWritesEveryKeyWithCanonicalUnits() {
    String yaml = ScenarioWriter.toYaml(parse(CUSTOM));
    // A Tendermint scenario: every key but those of the other protocols.
    java.util.Set<String> othersKeys = new java.util.HashSet<>();
    dev.tdsim.consensus.Protocols.all().stream().filter(k -> !k.name().equals("tendermint"))
        .forEach(k -> k.fields().forEach(f -> othersKeys.add("consensus." + f.key())));
    othersKeys.add("workload.rate_schedule"); // written instead of rate
    for (String path : ScenarioKeys.paths()) {
      String key = path.substring(path.lastIndexOf('.') + 1);
      assertEquals(!othersKeys.contains(path), yaml.startsWith(key + ":") || yaml.contains("  " + key + ":")
          || yaml.contains("\n" + key + ":"), key + " in\n" + yaml);
    }
    assertTrue(yaml.contains("  latency: 1500 us\n"), yaml);
    assertTrue(yaml.contains("  bandwidth: 1500 Mbps\n"), yaml);
    assertTrue(yaml.contains("  rate: 16.5 tx/s\n"), yaml);
    assertTrue(yaml.contains("  msg_size: 1500 B\n"), yaml);
    assertTrue(yaml.contains("  timeout_propose: 90 s\n"), yaml);
    assertTrue(yaml.contains("  timeout_prevote: 1 min\n"), yaml);
    assertTrue(yaml.contains("  timeout_prevote_delta: 0 s\n"), yaml);
    assertTrue(yaml.contains("  skip_timeout_commit: true\n"), yaml);
    assertTrue(yaml.contains("  max_block_bytes: 1000 KiB\n"), yaml);
    assertTrue(yaml.contains("  msgs_per_block: auto\n"), yaml);
    assertTrue(yaml.contains("  stake: [5, 1, 1000000]\n"), yaml);
    assertTrue(yaml.contains("budgets: [1 ns, 1 min, 2 h]\nreplicates: 4\n"), yaml);
    assertTrue(yaml.startsWith("name: '007'\nseed: 123456789012\nheights: 9\nvalidators:\n"),
        yaml);

    String jolteon = ScenarioWriter.toYaml(ScenarioLoader.defaults(
        List.of("consensus.protocol=jolteon")));
    assertTrue(jolteon.contains("  round_initial_timeout: 1 s\n"), jolteon);
    assertTrue(jolteon.contains("  round_timeout_backoff_base: 1.2\n"), jolteon);
    assertTrue(jolteon.contains("  order_votes: true\n"), jolteon);
    assertFalse(jolteon.contains("timeout_propose"), jolteon);

    String defaults = ScenarioWriter.toYaml(ScenarioLoader.defaults(List.of()));
    assertTrue(defaults.contains("  stake: equal\n"), defaults);
    assertTrue(defaults.contains("  max_block_bytes: 4 MiB\n"), defaults);
    assertTrue(defaults.contains("budgets: [100 ms, 250 ms, 500 ms, 1 s, 2 s]\n"), defaults);
    assertTrue(defaults.endsWith("sweep: {}\n"), defaults);
  }

  @Test
  void dumpConfigStartsWithACommentAndTheHash(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, "heights: 2\n");
    Scenario s = ScenarioLoader.load(file);
    String dump = ScenarioWriter.dumpConfig(s);
    assertTrue(dump.startsWith("# tdsim resolved scenario from " + file + "\n# sha256: "
        + s.hash() + "\nname: x\n"), dump);
    Path again = dir.resolve("again.yaml");
    Files.writeString(again, dump);
    assertEquals(s, ScenarioLoader.load(again));
  }

  @Test
  void hashIgnoresLayoutCommentsOrderSpellingAndExplicitDefaults() {
    Scenario a = parse("""
        name: h
        heights: 10
        keys:
          shares: 64
        validators: {count: 16}
        network:
          latency: 1 s
        """);
    Scenario b = parse("""
        # the same scenario, written differently
        validators:
            count:   16      # a comment
        network: {latency: 1000 ms, model: regions}
        heights: 10
        keys: {shares: 64, threshold: 42}
        seed: 1
        name: "h"
        budgets: [2 s, 1 s, 500 ms, 250 ms, 100 ms]
        """);
    assertEquals(a, b);
    assertEquals(a.hash(), b.hash());
    assertEquals(64, a.hash().length());
    assertTrue(a.hash().matches("[0-9a-f]{64}"));
    assertNotEquals(a.hash(), a.withSeed(2).hash());
    assertNotEquals(a.hash(), parse("name: h\nheights: 11\nkeys: {shares: 64}\n"
        + "validators: {count: 16}\nnetwork: {latency: 1 s}\n").hash());
  }

  /** The canonical form of the defaults: changing it changes every scenario hash on purpose. */
  private static final String DEFAULTS_YAML = """
      name: defaults
      seed: 1
      heights: 20
      validators:
        count: 150
        stake: equal
        cores: 16
        speed: 1.0
        regions: [us-east, us-west, eu-west, eu-central, ap-northeast, ap-southeast, sa-east]
      keys:
        shares: 8192
        threshold: 5461
        setup: dealer
        epoch_length: none
        dkg_lead: 0
        dkg_timeout: 30 s
        epoch_stakes: []
      network:
        model: regions
        latency: 50 ms
        jitter: lognormal
        jitter_sigma: 0.2
        bandwidth: 1 Gbps
        dissemination: direct
        gossip_fanout: 8
        peer_send_rate: 40960 kbps
        flush_throttle_timeout: 10 ms
      workload:
        msgs_per_block: 100
        rate: 1000 tx/s
        msg_size: 1 KiB
        msg_size_distribution: fixed
      consensus:
        protocol: tendermint
        timeout_propose: 3 s
        timeout_propose_delta: 500 ms
        timeout_prevote: 1 s
        timeout_prevote_delta: 500 ms
        timeout_precommit: 1 s
        timeout_precommit_delta: 500 ms
        timeout_commit: 1 s
        skip_timeout_commit: false
        block_part_size: 64 KiB
        peer_gossip_sleep_duration: 100 ms
        simulation: auto
        exact_max_validators: 1000
        vote_signature: ed25519
        wal_fsync: 2 ms
        wal_fsync_block_parts: true
        privval_fsync: true
        execution_per_tx: 4 us
        execution_per_block: 0 s
        max_block_txs: 10000
        max_block_bytes: 4 MiB
        halt_after: 1 min
        certificate: votes
      crypto:
        design: fast
        timing: measured
        calibration: builtin
        sample_heights: 0
        schedule: before-next
        threads: 0
        share_timeout: 1 s
        combiner: failover
        combiner_timeout: 3 s
      budgets: [100 ms, 250 ms, 500 ms, 1 s, 2 s]
      faults: []
      sweep: {}
      """;

  @Test
  void theCombinerKeysOffTheirDefaultChangeTheHash() throws Exception {
    String plain = ScenarioLoader.defaults(List.of()).hash();
    assertNotEquals(plain,
        ScenarioLoader.defaults(List.of("crypto.combiner=every-validator")).hash());
    assertNotEquals(plain, ScenarioLoader.defaults(List.of("crypto.combiner_timeout=2 s")).hash());
    assertEquals(plain, ScenarioLoader.defaults(List.of("crypto.combiner_timeout=3 s")).hash());
  }

  @Test
  void canonicalFormOfTheDefaultsAndItsHash() throws Exception {
    Scenario defaults = ScenarioLoader.defaults(List.of());
    assertEquals(DEFAULTS_YAML, ScenarioWriter.toYaml(defaults));
    // the hash is of the first spelling of renamed keys (crypto.design was crypto.variant), so
    // that the rename left every scenario's hash as it was
    // that the rename left every scenario's hash as it was; keys added since (crypto.combiner,
    // crypto.combiner_timeout) are hashed only off their default, for the same reason
    String firstSpelling = DEFAULTS_YAML.replace("  design: fast\n", "  variant: fast\n")
        .replace("  combiner: failover\n  combiner_timeout: 3 s\n", "");
    byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
        .digest(firstSpelling.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertEquals(java.util.HexFormat.of().formatHex(digest), defaults.hash());
  }

  @Test
  void shippedScenariosLoadAndRoundTrip() throws IOException {
    Path dir = shippedScenarios();
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir)) {
      s.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(files::add);
    }
    List<String> names = files.stream().map(p -> p.getFileName().toString()).toList();
    assertTrue(names.containsAll(List.of("default.yaml", "ferveo-bench.yaml",
        "small-committee.yaml", "folded-1000.yaml", "slow-network.yaml")), names.toString());
    for (Path file : files) {
      String text = Files.readString(file);
      assertTrue(text.startsWith("# Question:"), file + " must start with its question");
      Scenario s = ScenarioLoader.load(file);
      assertEquals(file.getFileName().toString().replace(".yaml", ""), s.name());
      assertRoundTrip(s);
    }
  }

  @Test
  void shippedScenariosHaveTheirDocumentedParameters() {
    Path dir = shippedScenarios();
    Scenario def = ScenarioLoader.load(dir.resolve("default.yaml"));
    assertEquals(150, def.validators().count());
    assertEquals(new KeysConfig(8192, 5461), def.keys());
    assertEquals(100, def.workload().msgsPerBlock());
    assertEquals("regions", def.network().latencyModel());
    assertEquals("fast", def.crypto().design());
    assertEquals("measured", def.crypto().timing());
    assertEquals(10, def.heights());
    assertEquals(1024, def.workload().msgSizeBytes());

    Scenario ferveo = ScenarioLoader.load(dir.resolve("ferveo-bench.yaml"));
    assertEquals(new KeysConfig(8192, 5461), ferveo.keys());
    assertEquals(150, ferveo.validators().count());
    assertEquals("uniform", ferveo.network().latencyModel());
    assertEquals(1_000_000L, ferveo.network().uniformOneWayLatencyNanos());
    assertEquals(5, ferveo.heights());
    assertEquals(100, ferveo.workload().msgsPerBlock());
    assertEquals(1024, ferveo.workload().msgSizeBytes());

    Scenario small = ScenarioLoader.load(dir.resolve("small-committee.yaml"));
    assertEquals(16, small.validators().count());
    assertEquals(64, small.keys().shares());

    Scenario folded = ScenarioLoader.load(dir.resolve("folded-1000.yaml"));
    assertEquals("folded", folded.crypto().design());
    assertEquals(1000, folded.workload().msgsPerBlock());

    Scenario slow = ScenarioLoader.load(dir.resolve("slow-network.yaml"));
    assertEquals("regions", slow.network().latencyModel());
    assertEquals(100_000_000L, slow.network().uplinkBitsPerSecond());
    assertEquals("pareto", slow.network().jitterModel());
  }

  /** scenarios/ at the repository root (tests run in sim/). */
  static Path shippedScenarios() {
    for (Path p : List.of(Path.of("../scenarios"), Path.of("scenarios"))) {
      if (Files.isDirectory(p) && Files.exists(p.resolve("default.yaml"))) {
        return p;
      }
    }
    throw new AssertionError("scenarios/ not found from " + Path.of("").toAbsolutePath());
  }
}
