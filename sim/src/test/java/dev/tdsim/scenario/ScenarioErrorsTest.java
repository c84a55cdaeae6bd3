package dev.tdsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every category of error names the right file, line and field. */
class ScenarioErrorsTest {

  private static ScenarioException fail(String yaml, String... overrides) {
    return assertThrows(ScenarioException.class,
        () -> ScenarioLoader.parse(yaml, "t.yaml", List.of(overrides)));
  }

  /** Asserts FILE:LINE: FIELD: ... and that the problem contains every fragment. */
  static void assertAt(ScenarioException e, int line, String field, String... fragments) {
    assertEquals("t.yaml", e.getFile(), e.getMessage());
    assertEquals(line, e.getLine(), e.getMessage());
    assertEquals(field, e.getField(), e.getMessage());
    String prefix = "t.yaml:" + line + ": " + (field == null ? "" : field + ": ");
    assertTrue(e.getMessage().startsWith(prefix), e.getMessage());
    for (String f : fragments) {
      assertTrue(e.getProblem().contains(f), "'" + f + "' missing from: " + e.getMessage());
    }
  }

  private static void assertOverride(ScenarioException e, String field, String... fragments) {
    assertTrue(e.isOverride(), e.getMessage());
    assertEquals(field, e.getField(), e.getMessage());
    assertEquals(0, e.getLine());
    assertTrue(e.getMessage().startsWith("--set " + field + ": "), e.getMessage());
    for (String f : fragments) {
      assertTrue(e.getProblem().contains(f), "'" + f + "' missing from: " + e.getMessage());
    }
  }

  // ------------------------------------------------------------ YAML syntax

  @Test
  void syntaxErrorsCarryTheParserLine() {
    ScenarioException e = fail("""
        heights: 5
        keys:
          shares: 8192
           threshold: 9000
        """);
    assertAt(e, 4, null, "invalid YAML", "mapping values are not allowed");

    assertAt(fail("heights: 5\nbudgets: [1 s, 2 s\nseed: 3\n"), 3, null, "invalid YAML");
    assertAt(fail("heights: 5\n---\nheights: 6\n"), 2, null, "invalid YAML", "single document");
    assertAt(fail("\tkeys: 5\n"), 1, null, "invalid YAML");
  }

  @Test
  void theRootMustBeAMapping() {
    assertAt(fail("- a\n- b\n"), 1, null, "a scenario is a mapping of keys", "got a list");
  }

  // ------------------------------------------------------------ keys

  @Test
  void unknownKeysSuggestTheClosestKnownKey() {
    ScenarioException e = fail("""
        heights: 5
        keys:
          shares: 8192
          treshold: 5000
        """);
    assertAt(e, 4, "keys.treshold", "unknown key 'treshold'", "did you mean 'threshold'?",
        "known keys of keys: shares, threshold");
    assertAt(fail("hieghts: 5\n"), 1, "hieghts", "did you mean 'heights'?");
    assertAt(fail("workload:\n  msgsPerBlock: 5\n"), 2, "workload.msgsPerBlock",
        "did you mean 'msgs_per_block'?");
    assertAt(fail("workload:\n  msgs-per-block: 5\n"), 2, "workload.msgs-per-block",
        "did you mean 'msgs_per_block'?");
  }

  @Test
  void keysInTheWrongSectionSayWhereTheyBelong() {
    assertAt(fail("seed: 2\ntimeout_propose: 3 s\n"), 2, "timeout_propose",
        "it belongs in section consensus: consensus.timeout_propose");
    assertAt(fail("keys:\n  heights: 3\n"), 2, "keys.heights", "it belongs at the top level");
    assertAt(fail("nonsense: 1\n"), 1, "nonsense", "unknown key 'nonsense' (known keys: name,");
  }

  @Test
  void duplicateKeysNameBothLines() {
    assertAt(fail("keys:\n  shares: 8\n  shares: 16\n"), 3, "keys.shares",
        "duplicate key (first written at line 2)");
    assertAt(fail("heights: 1\nseed: 1\nheights: 2\n"), 3, "heights", "first written at line 1");
  }

  // ------------------------------------------------------------ types

  @Test
  void wrongTypesSayWhatWasExpected() {
    assertAt(fail("heights: [5]\n"), 1, "heights", "expected an integer, got a list");
    assertAt(fail("heights: lots\n"), 1, "heights", "expected an integer, got 'lots'");
    assertAt(fail("heights: 2.5\n"), 1, "heights", "expected a whole number, got 2.5");
    assertAt(fail("validators:\n  speed: fast\n"), 2, "validators.speed",
        "expected a number, got 'fast'");
    assertAt(fail("crypto:\n  design: [fast]\n"), 2, "crypto.design",
        "expected a string, got a list");
    assertAt(fail("seed: 1\nkeys: 8192\n"), 2, "keys",
        "expected a section (a mapping with keys shares, threshold, setup, epoch_length,"
            + " dkg_lead, dkg_timeout, epoch_stakes), got '8192'");
    assertAt(fail("budgets: 1 s\n"), 1, "budgets", "expected a list like [100 ms, 1 s]");
    assertAt(fail("network:\n  latency: {a: 1}\n"), 2, "network.latency",
        "expected a duration like '150 ms', got a mapping");
    assertAt(fail("validators:\n  stake: heavy\n"), 2, "validators.stake",
        "expected 'equal' or a list");
    assertAt(fail("sweep: [1, 2]\n"), 1, "sweep", "expected a mapping");
    assertAt(fail("workload:\n  msgs_per_block: many\n"), 2, "workload.msgs_per_block",
        "expected a positive integer or 'auto'");
    assertAt(fail("heights: 99999999999\n"), 1, "heights", "out of range");
  }

  @Test
  void keysWithoutValuesAreErrors() {
    assertAt(fail("seed: 1\nheights:\n"), 2, "heights",
        "has no value; write an integer or remove the key to use the default");
  }

  @Test
  void listElementsAreLocatedOnTheirOwnLine() {
    assertAt(fail("""
        budgets:
          - 100 ms
          - 1 sec
        """), 3, "budgets[1]", "unknown duration unit 'sec'");
    assertAt(fail("validators:\n  count: 2\n  stake:\n    - 1\n    - x\n"), 5,
        "validators.stake[1]", "expected an integer, got 'x'");
  }

  // ------------------------------------------------------------ units

  @Test
  void badUnitsNameTheFieldAndTheAcceptedUnits() {
    assertAt(fail("network:\n  latency: 50\n"), 2, "network.latency",
        "'50' has no unit; add a unit, e.g. '50 ms'");
    assertAt(fail("workload:\n  msg_size: 1024\n"), 2, "workload.msg_size",
        "add a unit", "KiB");
    assertAt(fail("network:\n  bandwidth: 1 GB/s\n"), 2, "network.bandwidth",
        "unknown bandwidth unit 'GB/s'", "Gbps");
    assertAt(fail("workload:\n  rate: 1000\n"), 2, "workload.rate", "add a unit", "tx/s");
    assertAt(fail("consensus:\n  timeout_propose: 0\n"), 2, "consensus.timeout_propose",
        "has no unit");
    assertAt(fail("consensus:\n  max_block_bytes: 4 Mb\n"), 2, "consensus.max_block_bytes",
        "b would be bits");
  }

  // ------------------------------------------------------------ impossible values

  @Test
  void thresholdAboveShares() {
    ScenarioException e = fail("""
        name: x
        heights: 5
        keys:
          shares: 8192
          threshold: 9000
        """);
    assertAt(e, 5, "keys.threshold", "9000 is above keys.shares (8192)");
    assertEquals("t.yaml:5: keys.threshold: 9000 is above keys.shares (8192)", e.getMessage());
  }

  @Test
  void consensusKeysOfIssue7() {
    assertAt(fail("consensus:\n  timeout_delta: 1 s\n"), 2, "consensus.timeout_delta",
        "replaced by CometBFT's per-step timeout_propose_delta");
    assertAt(fail("consensus:\n  vote_signature: rsa\n"), 2, "consensus.vote_signature",
        "known: ed25519, bls, none");
    assertAt(fail("consensus:\n  certificate: schnorr\n"), 2, "consensus.certificate",
        "unknown value 'schnorr'; known: votes, bls-aggregate, threshold-bls");
    assertAt(fail("consensus:\n  skip_timeout_commit: maybe\n"), 2,
        "consensus.skip_timeout_commit", "expected true or false");
    assertAt(fail("consensus:\n  protocol: hotstuff\n"), 2, "consensus.protocol",
        "known: tendermint");
    assertAt(fail("consensus:\n  timeout_commit: -1 s\n"), 2, "consensus.timeout_commit",
        "must not be negative");
    assertAt(fail("consensus:\n  simulation: fast\n"), 2, "consensus.simulation",
        "auto, exact, large");
    assertAt(fail("network:\n  flush_throttle_timeout: -1 ms\n"), 2,
        "network.flush_throttle_timeout", "must not be negative");
  }

  @Test
  void impossibleValues() {
    assertAt(fail("keys:\n  shares: 100\n"), 2, "keys.shares",
        "100 is not a power of two", "nearest: 64 or 128");
    assertAt(fail("validators:\n  count: 0\n"), 2, "validators.count", "got 0");
    assertAt(fail("heights: 0\n"), 1, "heights", "must be in [1, ");
    assertAt(fail("network:\n  latency: -5 ms\n"), 2, "network.latency",
        "must not be negative, got -5 ms");
    assertAt(fail("consensus:\n  timeout_prevote: -1 s\n"), 2, "consensus.timeout_prevote",
        "must be positive");
    assertAt(fail("budgets: []\n"), 1, "budgets", "give at least one latency budget");
    assertAt(fail("budgets:\n  - 1 s\n  - -2 s\n"), 3, "budgets[1]",
        "budgets must be positive, got -2 s");
    assertAt(fail("budgets: [1 s, 1000 ms]\n"), 1, "budgets[1]", "duplicate value 1 s");
    assertAt(fail("heights: 5\ncrypto:\n  sample_heights: 6\n"), 3, "crypto.sample_heights",
        "crypto.sample_heights (6) is above heights (5)");
    assertAt(fail("crypto:\n  threads: -1\n"), 2, "crypto.threads", "[0, 4096]");
    assertAt(fail("validators:\n  speed: 0\n"), 2, "validators.speed", "positive");
    assertAt(fail("validators:\n  regions: [us-east, US West]\n"), 2,
        "validators.regions[1]", "not a region name");
    assertAt(fail("validators:\n  regions: []\n"), 2, "validators.regions", "at least one");
    assertAt(fail("validators:\n  count: 3\n  stake: [1, 2]\n"), 3, "validators.stake",
        "has 2 weights but validators.count is 3");
    assertAt(fail("validators:\n  count: 2\n  stake: [1, 0]\n"), 3, "validators.stake[1]",
        "must be positive");
    assertAt(fail("name: 'bad name!'\n"), 1, "name", "not a valid name");
    assertAt(fail("workload:\n  rate: 0 tx/s\n"), 2, "workload.rate", "must be positive");
  }

  @Test
  void theOldNameOfAKeyIsReadAndGivingBothIsAnError() {
    assertEquals("folded", ScenarioLoader.parse("crypto:\n  variant: folded\n", "t.yaml",
        List.of()).crypto().design());
    assertAt(fail("crypto:\n  variant: nope\n"), 2, "crypto.design", "unknown value 'nope'");
    assertAt(fail("crypto:\n  design: fast\n  variant: folded\n"), 3, "crypto.variant",
        "is the old name of crypto.design, which is given too (line 2); keep one of them");
  }

  @Test
  void unknownNamesListTheKnownOnes() {
    assertAt(fail("crypto:\n  design: fastest\n"), 2, "crypto.design",
        "unknown value 'fastest'", "known: simple, batch, fast, precomputed, folded");
    assertAt(fail("crypto:\n  design: Fast\n"), 2, "crypto.design", "names are lower-case");
    assertAt(fail("crypto:\n  design: foldd\n"), 2, "crypto.design",
        "unknown value 'foldd'", "block-key-points; did you mean 'folded'?");
    assertFalse(fail("crypto:\n  design: zzzzzz\n").getMessage().contains("did you mean"));
    // the names and their order are the registry's (LatencyModels.names())
    assertAt(fail("network:\n  model: mesh\n"), 2, "network.model", "known: uniform, regions");
    assertAt(fail("network:\n  jitter: gauss\n"), 2, "network.jitter",
        "known: none, lognormal, pareto");
    assertAt(fail("network:\n  dissemination: flood\n"), 2, "network.dissemination",
        "known: direct, gossip");
    assertAt(fail("workload:\n  msg_size_distribution: zipf\n"), 2,
        "workload.msg_size_distribution", "known: fixed, uniform, lognormal");
    assertAt(fail("crypto:\n  timing: guess\n"), 2, "crypto.timing", "known: measured, model");
    assertAt(fail("crypto:\n  schedule: later\n"), 2, "crypto.schedule",
        "known: before-next, pipelined");
  }

  @Test
  void validatorsAboveSharesBlameTheFieldTheUserWrote() {
    ScenarioException both = fail("validators:\n  count: 200\nkeys:\n  shares: 128\n");
    assertAt(both, 2, "validators.count", "validators.count (200) is above keys.shares (128)");

    // count has its default (150): the error points at shares, the line the user wrote
    ScenarioException onlyShares = fail("heights: 3\nkeys:\n  shares: 64\n");
    assertAt(onlyShares, 3, "keys.shares", "validators.count (150) is above keys.shares (64)",
        "validators.count is not set and has its default value");
  }

  @Test
  void crossSectionLimits() {
    assertAt(fail("workload:\n  msgs_per_block: 20000\n"), 2, "workload.msgs_per_block",
        "above consensus.max_block_txs (10000)");
    assertAt(fail("workload:\n  msgs_per_block: 5000\n"), 2, "workload.msgs_per_block",
        "5000 messages of 1 KiB (5000 KiB) exceed consensus.max_block_bytes (4 MiB)");
    assertAt(fail("workload:\n  msg_size: 8 MiB\n  msgs_per_block: auto\n"), 2,
        "workload.msg_size", "does not fit in consensus.max_block_bytes");
    assertAt(fail("validators:\n  count: 4\nnetwork:\n  dissemination: gossip\n"), 2,
        "validators.count", "network.gossip_fanout (8) must be below validators.count (4)");
  }

  @Test
  void missingCalibrationFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("s.yaml");
    Files.writeString(file, "heights: 2\ncrypto:\n  timing: model\n  calibration: missing.json\n");
    ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(file));
    assertEquals(file.toString(), e.getFile());
    assertEquals(4, e.getLine());
    assertEquals("crypto.calibration", e.getField());
    assertTrue(e.getMessage().startsWith(file + ":4: crypto.calibration: calibration file "),
        e.getMessage());
  }

  @Test
  void theLargestCommitteeIsOneThatRunsInMinutes() {
    assertAt(fail("validators:\n  count: 65537\nkeys:\n  shares: 131072\n"), 2,
        "validators.count", "must be in [1, 65536], got 65537");
    assertEquals(65536, ScenarioLoader.parse("validators: {count: 65536}\nkeys: {shares: 65536}\n",
        "t.yaml", List.of()).validators().count());
  }

  @Test
  void unknownRegionsAreLoadErrorsListingTheKnownOnes() {
    ScenarioException e = fail("validators:\n  regions:\n    - us-east\n    - mars\n");
    assertAt(e, 4, "validators.regions[1]", "unknown region 'mars'", "known: af-south-1",
        "us-east-1", "eu-west");
    assertEquals("us-east-1",
        ScenarioLoader.parse("validators: {regions: [us-east-1]}\n", "t.yaml", List.of())
            .validators().regions().get(0));
  }

  @Test
  void valuesThatWouldOverflowTheSimulatedClockAreRefusedWithTheirReason() {
    assertAt(fail("validators:\n  speed: 1e-300\n"), 2, "validators.speed",
        "must be in [0.001, 1000]", "1000 times slower");
    assertAt(fail("validators:\n  speed: 1e300\n"), 2, "validators.speed", "must be in");
    assertAt(fail("network:\n  bandwidth: 1 bps\n"), 2, "network.bandwidth",
        "1 bps is too slow", "less than 1 h of simulated time", "give at least 9321 bps");
    assertAt(fail("network:\n  peer_send_rate: 10 bps\n"), 2, "network.peer_send_rate",
        "too slow");
    // the bound follows the block size: 9321 bps carries 4 MiB in under an hour
    ScenarioLoader.parse("network: {bandwidth: 9321 bps, peer_send_rate: 9321 bps}\n", "t.yaml",
        List.of());
    assertAt(fail("workload:\n  msgs_per_block: auto\n  rate: 1e300 tx/s\n"), 3,
        "workload.rate", "must be at most 1000000000 tx/s", "got 1.0E300 tx/s");
    // one step of a run is below an hour: latencies, timeouts, round timers, a slow CPU, jitter
    // (each once passed validate and overflowed the clock or ran out of events at run time)
    assertAt(fail("network:\n  latency: 100000 h\n"), 2, "network.latency", "must be below 1 h",
        "got 100000 h");
    assertAt(fail("consensus:\n  timeout_commit: 1 h\n"), 2, "consensus.timeout_commit",
        "must be below 1 h");
    assertAt(fail("consensus:\n  protocol: jolteon\n  round_timeout_backoff_base: 1e300\n"), 3,
        "consensus.round_timeout_backoff_base", "longest round timeout", "must be below 1 h");
    assertAt(fail("consensus:\n  protocol: jolteon\n  round_initial_timeout: 1 min\n"
        + "  round_timeout_backoff_base: 2\n"), 4, "consensus.round_timeout_backoff_base",
        "1.07 h");
    assertAt(fail("network:\n  jitter_sigma: 30\n"), 2, "network.jitter_sigma",
        "must be at most 2", "jitter: pareto");
    assertAt(fail("faults:\n  - kind: slow\n    validators: [0]\n    cpu_factor: 1e12\n"), 4,
        "faults[0].cpu_factor", "to 1000", "use crash");
    ScenarioLoader.parse("network: {latency: 59 min, jitter_sigma: 2}\n"
        + "faults: [{kind: slow, validators: [0], cpu_factor: 1000}]\n", "t.yaml", List.of());
  }

  private static String calibration(String transform) throws Exception {
    String builtin;
    try (var in = ScenarioErrorsTest.class.getResourceAsStream("/builtin-cost-model.yaml")) {
      builtin = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
    return switch (transform) {
      case "huge" -> builtin.replaceAll("(?m)^(    COMBINE: \\{const: )[0-9.]+", "$11e300");
      case "noDecrypt" -> builtin.replaceAll("(?m)^    DECRYPT: .*\\n", "");
      default -> builtin;
    };
  }

  @Test
  void theCalibrationFileIsCheckedWholeAtLoadTime(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("s.yaml");
    Files.writeString(file, "heights: 2\ncrypto:\n  timing: model\n  calibration: c.yaml\n");
    Files.writeString(dir.resolve("c.yaml"), calibration(""));
    assertEquals("c.yaml", ScenarioLoader.load(file).crypto().calibration());

    Files.writeString(dir.resolve("c.yaml"), calibration("huge"));
    ScenarioException huge = assertThrows(ScenarioException.class,
        () -> ScenarioLoader.load(file));
    assertTrue(huge.getMessage().startsWith(file + ":4: crypto.calibration: calibration file"
        + " 'c.yaml' makes COMBINE of variant 'fast' take "), huge.getMessage());
    assertTrue(huge.getMessage().contains("must take less than 1 h"), huge.getMessage());

    Files.writeString(dir.resolve("c.yaml"), calibration("noDecrypt"));
    ScenarioException missing = assertThrows(ScenarioException.class,
        () -> ScenarioLoader.load(file));
    assertTrue(missing.getMessage().startsWith(file + ":4: crypto.calibration: calibration file"
        + " 'c.yaml' has no cost for DECRYPT of variant 'fast', which the variant uses"),
        missing.getMessage());

    // a file that is not a cost model at all is found by validate, not by the run
    Files.writeString(dir.resolve("c.yaml"), "hello: world\n");
    ScenarioException junk = assertThrows(ScenarioException.class,
        () -> ScenarioLoader.load(file));
    assertTrue(junk.getMessage().contains("is not a valid cost model")
        && junk.getMessage().contains("not a tdsim cost model"), junk.getMessage());
    Files.writeString(dir.resolve("c.yaml"), calibration("").replace("fast:", "fastest:"));
    assertTrue(assertThrows(ScenarioException.class, () -> ScenarioLoader.load(file))
        .getMessage().contains("has no variant 'fast'"));
    Files.delete(dir.resolve("c.yaml"));
    Files.createDirectories(dir.resolve("c.yaml"));
    assertTrue(assertThrows(ScenarioException.class, () -> ScenarioLoader.load(file))
        .getMessage().endsWith("c.yaml: is a directory, not a calibration file"));
    Files.delete(dir.resolve("c.yaml"));
    // fast has no CHECK (its verified shares fix the combination), and the builtin model that
    // loaded above has none for it; an operation fast does use may not be missing
    // (the certificates' section, last in the file, has a VERIFY of its own: left out here)
    Files.writeString(dir.resolve("c.yaml"), calibration("")
        .replaceAll("(?s)\ncertificates:\n.*", "\n").replaceAll("(?m)^    VERIFY: .*\\n", ""));
    assertTrue(assertThrows(ScenarioException.class, () -> ScenarioLoader.load(file))
        .getMessage().contains("has no cost for VERIFY of variant 'fast'"));
  }

  @Test
  void missingAndUnreadableFiles(@TempDir Path dir) throws Exception {
    Path missing = dir.resolve("nope.yaml");
    ScenarioException e = assertThrows(ScenarioException.class,
        () -> ScenarioLoader.load(missing));
    assertEquals(missing + ": no such file", e.getMessage());
    assertNull(e.getField());

    Path binary = dir.resolve("bin.yaml");
    Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
    assertTrue(assertThrows(ScenarioException.class, () -> ScenarioLoader.load(binary))
        .getMessage().contains("not UTF-8"));
  }

  @Test
  void aDirectoryIsNamedAsSuchWithoutAnExceptionName(@TempDir Path dir) {
    ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(dir));
    assertEquals(dir + ": is a directory, not a scenario file", e.getMessage());
  }

  @Test
  void aFileOverTheSizeLimitIsRefusedBeforeItIsReadWhole(@TempDir Path dir) throws Exception {
    Path big = dir.resolve("big.yaml");
    try (var out = Files.newOutputStream(big)) {
      out.write(new byte[dev.tdsim.input.InputFiles.MAX_FILE_BYTES + 1]);
    }
    ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(big));
    assertTrue(e.getMessage().startsWith(big + ": is " + (dev.tdsim.input.InputFiles
        .MAX_FILE_BYTES + 1) + " bytes, larger than the 1 MiB"), e.getMessage());
    // a device that never ends is read only up to the limit
    Path zero = Path.of("/dev/zero");
    if (Files.exists(zero)) {
      ScenarioException z =
          assertThrows(ScenarioException.class, () -> ScenarioLoader.load(zero));
      assertEquals("/dev/zero: is larger than the 1 MiB a scenario file may have",
          z.getMessage());
    }
  }

  @Test
  void deepNestingIsAnErrorNotAStackOverflow() {
    String deep = "heights: " + "[".repeat(5000) + "]".repeat(5000) + "\n";
    assertAt(fail(deep), 1, null, "nested more than 64 levels deep");
    String deepBlock = "a:\n" + "- ".repeat(100) + "x\n";
    assertAt(fail(deepBlock), 2, null, "nested more than 64 levels deep");
    assertOverride(fail("", "heights=" + "[".repeat(5000)), "heights",
        "nested more than 64 levels deep");
    // 64 levels are fine as YAML (and then wrong as a value)
    assertAt(fail("heights: " + "[".repeat(63) + "]".repeat(63) + "\n"), 1, "heights",
        "expected an integer");
  }

  @Test
  void explicitTagsOtherThanTheCoreSchemasAreRejectedWithTheirLine() {
    assertAt(fail("heights: 3\nname: !!java.lang.Runtime x\n"), 2, null,
        "the tag '!!java.lang.Runtime' is not allowed");
    assertAt(fail("heights: !custom 3\n"), 1, null, "the tag '!custom' is not allowed");
    assertAt(fail("keys: !!set {a, b}\n"), 1, null, "'!!set' is not allowed");
    assertOverride(fail("", "name=!foo x"), "name", "the tag '!foo' is not allowed");
    // the core tags are fine
    assertEquals("x", ScenarioLoader.parse("name: !!str x\nheights: !!int 3\n", "t.yaml",
        List.of()).name());
  }

  // ------------------------------------------------------------ overrides

  @Test
  void overrideErrorsNameSetInsteadOfALine() {
    assertOverride(fail("", "keys.shares=100"), "keys.shares", "100 is not a power of two");
    assertEquals("--set keys.shares: 100 is not a power of two in [2, 2^28] (nearest: 64 or 128)",
        fail("", "keys.shares=100").getMessage());
    assertOverride(fail("", "heights=[1]"), "heights", "expected an integer, got a list");
    assertOverride(fail("", "network.latency=50"), "network.latency", "has no unit");
    assertOverride(fail("", "budgets=[1 s, 0 s]"), "budgets[1]", "must be positive");
    assertOverride(fail("", "budgets=[100 ms"), "budgets", "invalid YAML value '[100 ms'");
  }

  @Test
  void overridesOfUnknownPathsAreErrors() {
    assertOverride(fail("", "keys.sharez=1"), "keys.sharez", "did you mean 'shares'?");
    assertOverride(fail("", "hieghts=1"), "hieghts", "did you mean 'heights'?");
    assertOverride(fail("", "heights.x=1"), "heights.x", "'heights' is a single value");
    assertOverride(fail("", "keys.shares.x=1"), "keys.shares.x",
        "'keys.shares' is a single value");
    assertOverride(fail("", "keys={sharez: 64}"), "keys.sharez", "did you mean 'shares'?");
    ScenarioException noEquals = fail("", "heights");
    assertTrue(noEquals.isOverride());
    assertEquals("--set: 'heights' is not PATH=VALUE; e.g. --set workload.msgs_per_block=200",
        noEquals.getMessage());
    assertTrue(fail("", "=5").getMessage().startsWith("--set: "));
  }

  @Test
  void crossFieldErrorsBlameTheOverrideWhenItIsTheCause() {
    ScenarioException e = fail("keys:\n  shares: 64\n", "validators.count=100");
    assertOverride(e, "validators.count", "validators.count (100) is above keys.shares (64)");
    // an override of shares with the file's count left at its default: the file has no count
    ScenarioException f = fail("heights: 3\n", "keys.shares=64");
    assertOverride(f, "keys.shares", "validators.count is not set");
    // a file error stays a file error even with overrides present
    ScenarioException g = fail("keys:\n  threshold: 9000\n  shares: 8192\n", "heights=3");
    assertAt(g, 2, "keys.threshold", "9000 is above");
    assertFalse(g.isOverride());
  }

  @Test
  void recordsBuiltInCodeThrowUnlocatedErrors() {
    ScenarioException e = assertThrows(ScenarioException.class, () -> new KeysConfig(64, 65));
    assertFalse(e.isLocated());
    assertEquals("keys.threshold: 65 is above keys.shares (64)", e.getMessage());
    assertEquals(List.of("keys.shares"), e.getRelatedFields());
  }

  // ------------------------------------------------------------ every error at once

  /** The errors of a load as FILE:LINE: FIELD lines (the problem left out). */
  private static List<String> where(ScenarioException e) {
    return e.getErrors().stream().map(x -> x.getFile() + ":" + x.getLine() + ": "
        + x.getField()).toList();
  }

  @Test
  void threeErrorsInDifferentSectionsComeTogetherInFileOrder() {
    // sections written in another order than the reader reads them (validators, keys, crypto)
    ScenarioException e = fail("""
        name: three
        crypto:
          design: nope
        keys:
          shares: 100
        validators:
          count: 4
          cores: 0
        """);
    assertEquals(List.of("t.yaml:3: crypto.design", "t.yaml:5: keys.shares",
        "t.yaml:8: validators.cores"), where(e));
    assertAt(e, 3, "crypto.design", "unknown value 'nope'");
    assertTrue(e.getErrors().get(1).getProblem().contains("not a power of two"));
    assertTrue(e.getErrors().get(2).getProblem().contains("must be in [1, 1024], got 0"));
  }

  @Test
  void independentErrorsOfOneSectionAreAllReported() {
    ScenarioException e = fail("""
        validators:
          count: 0
          speed: -1
          cores: 2000
          regions: [us-east, mars-north, us-east]
        """);
    assertEquals(List.of("t.yaml:2: validators.count", "t.yaml:3: validators.speed",
        "t.yaml:4: validators.cores", "t.yaml:5: validators.regions[1]"), where(e));
  }

  @Test
  void aWrongValueIsSkippedWithoutFollowUpErrors() {
    // shares does not parse as a key set: the threshold above it is not reported as well
    ScenarioException e = fail("keys:\n  shares: 100\n  threshold: 9000\n");
    assertEquals(List.of("t.yaml:2: keys.shares"), where(e));
    // a count that is no number: the stake list is not compared with the default count
    e = fail("validators:\n  count: four\n  stake: [1, 2, 3, 4]\n");
    assertEquals(List.of("t.yaml:2: validators.count"), where(e));
    // a bad element of a list: every bad element, and the list's own checks are skipped
    e = fail("budgets: [1 s, soon, 2 s, 3 parsecs]\nheights: 0\n");
    assertEquals(List.of("t.yaml:1: budgets[1]", "t.yaml:1: budgets[3]", "t.yaml:2: heights"),
        where(e));
    // a section that is not a mapping: its fields' checks with other sections are skipped
    e = fail("validators: 4\nkeys:\n  shares: 8\n");
    assertEquals(List.of("t.yaml:1: validators"), where(e));
  }

  @Test
  void crossSectionRulesRunWhenTheirFieldsParsedAndOthersAreStillChecked() {
    ScenarioException e = fail("""
        validators:
          count: 100
        keys:
          shares: 64
        workload:
          msgs_per_block: 500
        consensus:
          max_block_txs: 100
        nonsense: 1
        """);
    assertEquals(List.of("t.yaml:2: validators.count", "t.yaml:6: workload.msgs_per_block",
        "t.yaml:9: nonsense"), where(e));
    // and the exception itself is the first error, so a caller wanting one sees it
    assertAt(e, 2, "validators.count", "validators.count (100) is above keys.shares (64)");
  }

  @Test
  void overrideErrorsComeAfterTheFilesAndABadPathDoesNotStopTheRest() {
    ScenarioException e = fail("heights: 0\nkeys:\n  sharez: 8\n", "keyz.shares=8",
        "crypto.threads=-1");
    assertEquals(List.of("t.yaml:1: heights", "t.yaml:3: keys.sharez", "--set:0: keyz.shares",
        "--set:0: crypto.threads"), where(e));
  }

  @Test
  void aSingleErrorIsItsOwnList() {
    ScenarioException e = fail("heights: 0\n");
    assertEquals(List.of(e), e.getErrors());
  }
}
