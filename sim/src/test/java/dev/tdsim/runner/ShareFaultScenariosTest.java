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
      "withhold-share", "equivocate-share", "colluding-encryptor");

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
