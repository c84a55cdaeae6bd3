package dev.tdsim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioException;
import dev.tdsim.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code forging-proposer} adversary (issue 19, D) end to end: validator 3 forges the digest
 * of the block it proposes (round 0 of height 4 in the shipped scenario); every honest validator
 * refuses it before the prevote, the round fails, the next proposer's block commits, validator 3
 * is named at that height and nobody else anywhere, and every payload opens right.
 */
class ForgingProposerScenarioTest {
  private static Path scenario() {
    for (Path p : List.of(Path.of("../scenarios/faults"), Path.of("scenarios/faults"))) {
      if (Files.isDirectory(p)) {
        return p.resolve("forging-proposer.yaml");
      }
    }
    throw new AssertionError("scenarios/faults not found from " + Path.of("").toAbsolutePath());
  }

  @ParameterizedTest
  @CsvSource({"point, batched", "block-id, block-key", "future-height, batched-points"})
  void theForgerIsRefusedAndNamedAndTheChainGoesOn(String forge, String design) throws Exception {
    Scenario s = ScenarioLoader.load(scenario(), List.of("heights=4", "crypto.design=" + design,
        "faults=[{kind: forging-proposer, validators: [3], forge: " + forge + "}]"));
    ScenarioRunner.Result r = new ScenarioRunner(line -> { }).run(s);
    assertEquals(4, r.heights().size(), "the chain continues");
    assertEquals(0, r.mismatches(), "no wrong plaintext");
    int refused = 0;
    for (HeightRecord h : r.heights()) {
      assertEquals(h.txCount(), h.opened(), "height " + h.height());
      if (h.round() > 0) {
        refused++;
        assertEquals(List.of(3), h.faulty(), "the forger named at height " + h.height());
      } else {
        assertEquals(List.of(), h.faulty(), "no honest validator named at " + h.height());
      }
    }
    assertEquals(1, refused, "validator 3 proposed once, at height 4, and cost a round");
  }

  @Test
  void aDesignWithoutADigestRefusesTheKind() {
    ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(
        scenario(), List.of("crypto.design=fast")));
    assertTrue(e.getMessage().contains("forging-proposer needs a design"), e.getMessage());
  }
}
