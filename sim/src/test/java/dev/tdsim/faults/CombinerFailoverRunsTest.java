package dev.tdsim.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.ScenarioException;
import dev.tdsim.scenario.ScenarioLoader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The height's combiner fails right after the height's first commit (crash, slow links, cut off
 * in a partition whose other side holds the quorum): the chain must go on, every height
 * decrypted, within a few combiner timeouts (issue 19: no single validator can stop decryption).
 * Before the failover the combiner was fixed at the first commit and these runs halted.
 */
class CombinerFailoverRunsTest {
  private static final long S = 1_000_000_000L;
  /** The height whose combiner fails. */
  private static final int HEIGHT = 3;

  /** The fault-free run's combiner of {@link #HEIGHT} and its first commit (ms, rounded up). */
  private record Target(int combiner, long afterCommitMs) {}

  private static Target target(String... overrides) throws Exception {
    ScenarioRunner.Result base =
        FaultRunsTest.run("faults: [{kind: crash, validators: []}]\n", overrides);
    HeightRecord h = base.heights().get(HEIGHT - 1);
    // 1 ms after the first commit: before any share (20 ms away) reaches the combiner
    return new Target(h.combiner(), h.decidedNanos() / 1_000_000 + 1);
  }

  private static void assertTheChainGoesOn(ScenarioRunner.Result r, long slowestHeightNanos) {
    assertNull(r.faults().halted(), "halted");
    assertEquals(8, r.heights().size());
    assertEquals(0, r.mismatches());
    assertTrue(r.heights().stream().allMatch(h -> h.opened() == h.txCount()),
        "every payload opened");
    long slowest = r.heights().stream().mapToLong(HeightRecord::decryptionLatencyNanos).max()
        .orElseThrow();
    assertTrue(slowest < slowestHeightNanos, "slowest decryption " + slowest / 1e6 + " ms");
  }

  @Test
  void theCombinerCrashingAfterTheFirstCommitDoesNotHaltTheChain() throws Exception {
    Target t = target();
    ScenarioRunner.Result r = FaultRunsTest.run("faults: [{kind: crash, validators: ["
        + t.combiner() + "], from: " + t.afterCommitMs() + " ms}]\n");
    assertTheChainGoesOn(r, 4 * S);
    HeightRecord h = r.heights().get(HEIGHT - 1);
    assertTrue(h.combiner() != t.combiner(), "another validator combined height " + HEIGHT);
  }

  @Test
  void aCombinerThatCrashesWhileItCombinesDeliversNothing() throws Exception {
    ScenarioRunner.Result base =
        FaultRunsTest.run("faults: [{kind: crash, validators: []}]\n");
    HeightRecord h = base.heights().get(HEIGHT - 1);
    // 1 us before its plaintexts were ready: its shares are in, its block_propose runs
    long crashAt = h.decidedNanos() + h.decryptionLatencyNanos() - 1_000;
    assertTrue(h.combineNanos() + h.decryptNanos() > 1_000);
    ScenarioRunner.Result r = FaultRunsTest.run("faults: [{kind: crash, validators: ["
        + h.combiner() + "], from: " + crashAt + " ns}]\n");
    assertTheChainGoesOn(r, 4 * S);
    assertTrue(r.heights().get(HEIGHT - 1).combiner() != h.combiner(),
        "a crashed combiner delivered plaintexts");
  }

  @Test
  void aCombinerThatCrashesAndRecoversDoesNotHaltTheChain() throws Exception {
    Target t = target();
    ScenarioRunner.Result r = FaultRunsTest.run("faults: [{kind: crash, validators: ["
        + t.combiner() + "], from: " + t.afterCommitMs() + " ms, until: "
        + (t.afterCommitMs() + 100) + " ms}]\n");
    assertTheChainGoesOn(r, 4 * S);
  }

  @Test
  void aTwentySecondDelayOnTheCombinersLinksCostsAFailoverNotTwentySeconds() throws Exception {
    Target t = target();
    ScenarioRunner.Result r = FaultRunsTest.run("faults: [{kind: delay, validators: ["
        + t.combiner() + "], extra: 20 s, from: " + t.afterCommitMs() + " ms}]\n",
        "consensus.halt_after=60 s");
    assertTheChainGoesOn(r, 4 * S);
  }

  @Test
  void theSideOfAPartitionWithTheQuorumDecryptsWithoutTheCombiner() throws Exception {
    Target t = target();
    int other = (t.combiner() + 4) % 8;
    String rest = java.util.stream.IntStream.range(0, 8)
        .filter(v -> v != t.combiner() && v != other).mapToObj(Integer::toString)
        .collect(java.util.stream.Collectors.joining(", "));
    ScenarioRunner.Result r = FaultRunsTest.run("faults: [{kind: partition, groups: [["
        + t.combiner() + ", " + other + "], [" + rest + "]], from: " + t.afterCommitMs()
        + " ms}]\n",
        "consensus.halt_after=60 s");
    // 6 of 8 equal validators (75%) on the other side: it has the quorum and goes on
    assertTheChainGoesOn(r, 4 * S);
  }

  @Test
  void aCandidateOfADesignThatFoldsTheSignerSetAnnouncesItsOwnSet() throws Exception {
    Target t = target("crypto.design=folded");
    ScenarioRunner.Result r = FaultRunsTest.run("faults: [{kind: crash, validators: ["
        + t.combiner() + "], from: " + t.afterCommitMs() + " ms}]\n", "crypto.design=folded");
    assertTheChainGoesOn(r, 5 * S);
    assertTrue(r.heights().get(HEIGHT - 1).combiner() != t.combiner());
  }

  @Test
  void withEveryValidatorCombiningTheCombinersCrashCostsNothing() throws Exception {
    Target t = target("crypto.combiner=every-validator");
    ScenarioRunner.Result r = FaultRunsTest.run("faults: [{kind: crash, validators: ["
        + t.combiner() + "], from: " + t.afterCommitMs() + " ms}]\n",
        "crypto.combiner=every-validator");
    assertTheChainGoesOn(r, S);
    assertTrue(List.of(r.heights().get(HEIGHT - 1).combiner()).stream()
        .noneMatch(c -> c == t.combiner()));
  }

  @Test
  void everyValidatorCombiningRefusesADesignThatFoldsTheSignerSet() {
    ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(
        FaultRunsTest.SMALL.replace("variant: fast", "variant: folded, combiner: every-validator"),
        "test.yaml", List.of()));
    assertTrue(e.getMessage().contains("test.yaml:9: crypto.combiner"), e.getMessage());
    assertTrue(e.getMessage().contains("'folded'"), e.getMessage());
  }

  @Test
  void aCombinerTimeoutMustBePositive() {
    ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(
        FaultRunsTest.SMALL, "test.yaml", List.of("crypto.combiner_timeout=0 s")));
    assertTrue(e.getMessage().contains("crypto.combiner_timeout"), e.getMessage());
  }
}
