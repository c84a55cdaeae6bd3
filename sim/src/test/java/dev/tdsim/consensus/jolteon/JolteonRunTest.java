package dev.tdsim.consensus.jolteon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioException;
import dev.tdsim.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Whole runs of {@code scenarios/jolteon-small.yaml}: the decryption pipeline's real blocks on
 * the Jolteon chain, every plaintext checked; faults the model does not implement are refused at
 * load, naming the fault.
 */
class JolteonRunTest {
  private static Path scenarios() {
    for (Path p : List.of(Path.of("../scenarios"), Path.of("scenarios"))) {
      if (Files.isDirectory(p)) {
        return p;
      }
    }
    throw new AssertionError("scenarios/ not found from " + Path.of("").toAbsolutePath());
  }

  private static Scenario load(String... overrides) throws Exception {
    return ScenarioLoader.load(scenarios().resolve("jolteon-small.yaml"), List.of(overrides));
  }

  @ParameterizedTest
  @ValueSource(strings = {"fast", "batched"})
  void everyPlaintextOfEveryHeightOpensOnTheJolteonChain(String design) throws Exception {
    ScenarioRunner.Result r = new ScenarioRunner(line -> { }).run(load(
        "crypto.design=" + design, "crypto.timing=model", "heights=4",
        "workload.msgs_per_block=16", "validators.count=8", "keys.shares=32"));
    assertEquals(4, r.heights().size());
    assertEquals(0, r.mismatches(), "every plaintext is what its client sent");
    for (HeightRecord h : r.heights()) {
      assertEquals(h.txCount(), h.opened(), design + " height " + h.height());
      assertEquals(0, h.round(), "no round lost");
    }
    assertEquals("jolteon", r.consensus().protocol());
  }

  @Test
  void aCrashedValidatorCostsRoundsNotPlaintexts() throws Exception {
    Path file = Files.createTempFile("jolteon-crash", ".yaml");
    Files.writeString(file, Files.readString(scenarios().resolve("jolteon-small.yaml"))
        + "\nfaults:\n  - kind: crash\n    validators: [3]\n");
    ScenarioRunner.Result r = new ScenarioRunner(line -> { }).run(ScenarioLoader.load(file,
        List.of("crypto.timing=model", "heights=6", "workload.msgs_per_block=8",
            "validators.count=8", "keys.shares=32")));
    assertEquals(0, r.mismatches());
    assertEquals(6, r.heights().stream().filter(h -> h.txCount() == h.opened()).count());
    assertTrue(r.consensus().extraRounds() >= 1, "round 3, validator 3's, times out");
  }

  private static ScenarioRunner.Result runWith(String faults, String... more)
      throws Exception {
    Path file = Files.createTempFile("jolteon-faults", ".yaml");
    Files.writeString(file, Files.readString(scenarios().resolve("jolteon-small.yaml"))
        + "\nfaults:\n" + faults);
    List<String> overrides = new java.util.ArrayList<>(List.of("crypto.timing=model",
        "heights=6", "workload.msgs_per_block=8", "validators.count=8", "keys.shares=32"));
    overrides.addAll(List.of(more));
    return new ScenarioRunner(line -> { }).run(ScenarioLoader.load(file, overrides));
  }

  private static final List<String> MESSAGE_FAULTS = List.of(
      "  - kind: loss\n    validators: [1, 5]\n    probability: 30%\n",
      "  - kind: delay\n    validators: [2]\n    extra: 400ms\n",
      // no side holds 2f+1 = 6 of 8: rounds time out until it heals
      "  - kind: partition\n    groups: [[0, 1, 2, 3], [4, 5, 6, 7]]\n    until: 3s\n",
      "  - kind: crash\n    validators: [3]\n",
      "  - kind: crash\n    validators: [3]\n    from: 50ms\n    until: 2s\n");

  static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> faultsAndQs() {
    return MESSAGE_FAULTS.stream().flatMap(f -> java.util.stream.Stream.of(false, true)
        .map(qs -> org.junit.jupiter.params.provider.Arguments.of(f, qs)));
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.MethodSource("faultsAndQs")
  void messageFaultsCostRoundsNotPlaintexts(String fault, boolean quorumStore)
      throws Exception {
    ScenarioRunner.Result r = runWith(fault, "consensus.quorum_store=" + quorumStore);
    assertEquals(0, r.mismatches());
    assertEquals(6, r.heights().stream().filter(h -> h.txCount() == h.opened()).count(),
        fault);
  }

  @Test
  void aBadQuorumStoreValueNamesItsFileLineAndKey() throws Exception {
    Path file = Files.createTempFile("jolteon-qs", ".yaml");
    String yaml = Files.readString(scenarios().resolve("jolteon-small.yaml"))
        .replace("  protocol: jolteon\n", "  protocol: jolteon\n  quorum_store: maybe\n");
    Files.writeString(file, yaml);
    long line = yaml.lines().takeWhile(l -> !l.contains("quorum_store")).count() + 1;
    ScenarioException e = assertThrows(ScenarioException.class,
        () -> ScenarioLoader.load(file, List.of()));
    assertTrue(e.getMessage().contains(file + ":" + line + ": consensus.quorum_store"),
        e.getMessage());
    ScenarioException zero = assertThrows(ScenarioException.class,
        () -> load("consensus.sender_max_batch_txns=0"));
    assertTrue(zero.getMessage().contains("consensus.sender_max_batch_txns"), zero.getMessage());
  }

  @Test
  void aPartitionWithoutAQuorumStopsTheChainUntilItHealsThenTimeoutsResumeIt()
      throws Exception {
    ScenarioRunner.Result r = runWith(
        "  - kind: partition\n    groups: [[0, 1, 2, 3], [4, 5, 6, 7]]\n    until: 3s\n");
    assertTrue(r.consensus().extraRounds() >= 1, "rounds time out during the partition");
    // nothing is ordered before the healing, the first height soon after it
    assertTrue(r.heights().get(0).decidedNanos() > 3_000_000_000L,
        "height 1 ordered at " + r.heights().get(0).decidedNanos());
  }

  @Test
  void aFaultKindJolteonDoesNotModelIsRefusedAtLoad() throws Exception {
    Path file = Files.createTempFile("jolteon-split-vote", ".yaml");
    Files.writeString(file, Files.readString(scenarios().resolve("jolteon-small.yaml"))
        + "\nfaults:\n  - kind: split-vote\n    validators: [3]\n");
    ScenarioException e = assertThrows(ScenarioException.class,
        () -> ScenarioLoader.load(file, List.of()));
    assertTrue(e.getMessage().contains("faults[0].kind"), e.getMessage());
    assertTrue(e.getMessage().contains("does not model fault kind 'split-vote': it is a"
        + " coalition"), e.getMessage());
  }

  @Test
  void aTendermintKeyIsRefusedInAJolteonScenario() throws Exception {
    ScenarioException e = assertThrows(ScenarioException.class,
        () -> load("consensus.timeout_propose=1s"));
    assertTrue(e.getMessage().contains("is a key of consensus.protocol 'tendermint'"),
        e.getMessage());
  }

  /** Mean time between consecutive heights' first orders, ms. */
  private static double meanIntervalMs(ScenarioRunner.Result r) {
    List<HeightRecord> h = r.heights();
    return (h.get(h.size() - 1).decidedNanos() - h.get(0).decidedNanos()) / 1e6
        / (h.size() - 1);
  }

  @Test
  void quorumStoreTakesALargeBlockOffTheLeadersUplink() throws Exception {
    // 16 validators behind 100 Mbps uplinks, 256 transactions of 1 KiB a block: a ~300 KB
    // proposal to 15 peers holds the leader's uplink ~0.4 s; batches of 16 transactions each
    // leave 16 uplinks at once, and the proposal carries 16 proofs.
    List<String> set = List.of("crypto.timing=model", "heights=5",
        "workload.msgs_per_block=256", "network.bandwidth=100 Mbps");
    List<String> off = new java.util.ArrayList<>(set);
    off.add("consensus.quorum_store=false");
    List<String> on = new java.util.ArrayList<>(set);
    on.add("consensus.quorum_store=true");
    ScenarioRunner.Result without = new ScenarioRunner(line -> { }).run(load(
        off.toArray(String[]::new)));
    ScenarioRunner.Result with = new ScenarioRunner(line -> { }).run(load(
        on.toArray(String[]::new)));
    assertEquals(0, with.mismatches());
    assertTrue(meanIntervalMs(with) < meanIntervalMs(without) / 2, "with " + meanIntervalMs(with)
        + " ms, without " + meanIntervalMs(without) + " ms per block");
  }

  @Test
  void aCommitteeAboveWhatTheMessageByMessageModelRunsIsRefusedAtLoadNamingTheCount()
      throws Exception {
    load("validators.count=" + JolteonSettings.MAX_VALIDATORS, "keys.shares=8192");
    ScenarioException e = assertThrows(ScenarioException.class,
        () -> load("validators.count=" + (JolteonSettings.MAX_VALIDATORS + 1),
            "keys.shares=8192"));
    assertTrue(e.getMessage().contains("validators.count"), e.getMessage());
    assertTrue(e.getMessage().contains("at most " + JolteonSettings.MAX_VALIDATORS
        + " validators, not " + (JolteonSettings.MAX_VALIDATORS + 1)), e.getMessage());
  }
}
