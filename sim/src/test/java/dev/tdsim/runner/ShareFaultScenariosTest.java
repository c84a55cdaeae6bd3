package dev.tdsim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The shipped share-fault scenarios (scenarios/faults/) run end to end: consensus, network, the
 * real crypto and the faulty validator 14 from height 2, shortened to 3 heights.
 */
class ShareFaultScenariosTest {
  private static final List<String> KINDS = List.of("bad-share", "malformed-share",
      "withhold-share", "equivocate-share", "colluding-encryptor", "framing-shares");

  private static Path dir() {
    for (Path p : List.of(Path.of("../scenarios/faults"), Path.of("scenarios/faults"))) {
      if (Files.isDirectory(p)) {
        return p;
      }
    }
    throw new AssertionError("scenarios/faults not found from " + Path.of("").toAbsolutePath());
  }

  private static ScenarioRunner.Result run(String kind, String variant) throws Exception {
    Scenario s = ScenarioLoader.load(dir().resolve(kind + ".yaml"),
        List.of("heights=3", "crypto.variant=" + variant));
    return new ScenarioRunner(line -> { }).run(s);
  }

  @Test
  void everyShareKindHasAScenarioThatLoads() throws Exception {
    for (String kind : KINDS) {
      Scenario s = ScenarioLoader.load(dir().resolve(kind + ".yaml"));
      assertEquals(kind, s.faults().list().get(0).kind().name());
      assertEquals(16, s.validators().count());
    }
  }

  @ParameterizedTest
  @CsvSource({"bad-share, fast", "bad-share, folded", "colluding-encryptor, folded"})
  void theFaultyValidatorIsNamedAndEveryPayloadOpensRight(String kind, String variant)
      throws Exception {
    ScenarioRunner.Result r = run(kind, variant);
    assertEquals(3, r.heights().size());
    assertEquals(0, r.mismatches(), "every plaintext is what its client sent");
    HeightRecord clean = r.heights().get(0);
    assertEquals(List.of(), clean.faulty(), "height 1 has no fault");
    for (HeightRecord h : r.heights().subList(1, 3)) {
      assertEquals(List.of(14), h.faulty(), kind + " " + variant + " height " + h.height());
      assertEquals(h.txCount(), h.opened());
      assertTrue(h.blameNanos() > 0 && h.reshareNanos() > 0);
      if (kind.equals("colluding-encryptor")) {
        assertEquals("honest", h.collidingPayload());
      }
    }
    assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("share faults: faulty validators"
        + " named at 2 of 3 heights")), r.notes().toString());
  }

  /**
   * framing-shares (issue 19, D): validator 3's polynomial error framed an honest validator
   * under blame by exclusion; now each validator is checked on its own: nothing opens wrong,
   * every payload opens, 3 is named where its points are read and no honest validator ever is.
   */
  @ParameterizedTest
  @CsvSource({"simple", "batch"})
  void aFramingValidatorIsNamedAndNoHonestOneIs(String variant) throws Exception {
    ScenarioRunner.Result r = run("framing-shares", variant);
    assertEquals(0, r.mismatches(), "every plaintext is what its client sent");
    boolean named = false;
    for (HeightRecord h : r.heights()) {
      assertEquals(h.txCount(), h.opened(), "height " + h.height());
      assertTrue(List.of(3).containsAll(h.faulty()), "only the attacker: " + h.faulty());
      named |= h.faulty().contains(3);
    }
    assertTrue(named, "the attacker is named where its points are read");
  }

  /**
   * Issue 19, item 4: f = 5 of 16 validators send bad shares at every height: simple opens every
   * block (blame by exclusion gave up at 3 and left the blocks closed) and names only faulty ones.
   */
  @Test
  void simpleOpensEveryBlockWithFBadShareValidators() throws Exception {
    List<Integer> bad = List.of(1, 3, 5, 7, 9);
    Scenario s = ScenarioLoader.load(dir().resolve("bad-share.yaml"), List.of("heights=2",
        "crypto.design=simple", "faults=[{kind: bad-share, validators: [1, 3, 5, 7, 9]}]"));
    ScenarioRunner.Result r = new ScenarioRunner(line -> { }).run(s);
    assertEquals(0, r.mismatches());
    for (HeightRecord h : r.heights()) {
      assertEquals(h.txCount(), h.opened(), "height " + h.height());
      assertTrue(bad.containsAll(h.faulty()), "only faulty validators named: " + h.faulty());
      assertTrue(!h.faulty().isEmpty(), "the bad ones among the first t points are named");
    }
  }

  /** framing-shares needs per-point shares: other designs refuse it at load, located (exit 2). */
  @ParameterizedTest
  @CsvSource({"fast", "precomputed", "folded", "block-key", "batched"})
  void framingSharesIsRefusedByADesignWithoutPerPointShares(String design) {
    dev.tdsim.scenario.ScenarioException e = org.junit.jupiter.api.Assertions.assertThrows(
        dev.tdsim.scenario.ScenarioException.class, () -> ScenarioLoader.load(
            dir().resolve("framing-shares.yaml"), List.of("crypto.design=" + design)));
    assertEquals("faults[0].kind", e.getField(), e.getMessage());
    assertTrue(e.getLine() > 0, e.getMessage());
    assertTrue(e.getProblem().contains("'" + design + "' has no per-point shares")
        && e.getProblem().contains("simple, batch"), e.getMessage());
  }

  @Test
  void aCrashedDesignatedCombinerIsReplacedAndTheStandInGetsTheEquivocatorsCorrectShares()
      throws Exception {
    // Validator 3, the designated combiner of height 3 (the round-0 proposer of height 4), is
    // crashed for the whole run: the next live proposer of height 4 combines height 3.
    Scenario s = ScenarioLoader.load(dir().resolve("equivocate-share.yaml"), List.of(
        "faults=[{kind: equivocate-share, validators: [14], from_height: 2},"
            + " {kind: crash, validators: [3]}]"));
    ScenarioRunner.Result r = new ScenarioRunner(line -> { }).run(s);
    assertEquals(0, r.mismatches());
    HeightRecord h2 = r.heights().get(1);
    HeightRecord h3 = r.heights().get(2);
    assertEquals(List.of(14), h2.faulty(), "the designated combiner got the wrong shares");
    assertTrue(h3.combiner() != 3, "a crashed validator does not combine");
    assertEquals(List.of(), h3.faulty(), "the stand-in got the correct shares");
    assertEquals(h3.txCount(), h3.opened());
  }

  @Test
  void aShareFaultRunIsReproducibleFromTheSeed() throws Exception {
    assertEquals(run("withhold-share", "folded").heights(),
        run("withhold-share", "folded").heights());
  }
}
