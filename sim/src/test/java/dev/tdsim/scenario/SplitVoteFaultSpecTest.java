package dev.tdsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.faults.FaultKinds;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A split-vote spec's mistakes are located errors (FILE:LINE: field), never internal ones. */
class SplitVoteFaultSpecTest {
  private static final String SMALL = """
      validators:
        count: 16
      keys:
        shares: 64
      faults:
        - kind: split-vote
      """;

  private static ScenarioException fail(String yaml) {
    return assertThrows(ScenarioException.class,
        () -> ScenarioLoader.parse(yaml, "t.yaml", List.of()));
  }

  private static void assertAt(ScenarioException e, int line, String field, String fragment) {
    assertTrue(e.getMessage().startsWith("t.yaml:" + line + ": " + field + ": "), e.getMessage());
    assertTrue(e.getProblem().contains(fragment), e.getMessage());
  }

  @Test
  void aCoalitionOfFiveParsesAndResolves() {
    Scenario s = ScenarioLoader.parse(SMALL + "    validators: [1, 2, 3, 4, 5]\n"
        + "    from_height: 2\n    until_height: 3\n", "t.yaml", List.of());
    assertEquals(FaultKinds.SPLIT_VOTE, s.faults().list().get(0).kind());
    assertTrue(s.faults().plan(s.validators()).hasSplitVotes());
  }

  @Test
  void mistakesNameTheFileLineAndField() {
    // no target: every validator is in the coalition, nobody is left to split
    assertAt(fail(SMALL), 6, "faults[0]", "needs at least two honest validators to split,"
        + " it leaves 0");
    assertAt(fail(SMALL + "    stake: 95%\n"), 6, "faults[0]", "it leaves 1");
    assertAt(fail(SMALL + "    validators: []\n"), 7, "faults[0].validators",
        "needs at least one validator");
    assertAt(fail(SMALL + "    validators: [1, 1]\n"), 7, "faults[0].validators[1]",
        "listed twice");
    assertAt(fail(SMALL + "    validators: [1]\n    role: both\n"), 8, "faults[0].role",
        "unknown key 'role'");
    assertAt(fail("consensus:\n  simulation: large\n" + SMALL + "    validators: [1]\n"), 7,
        "faults", "consensus.simulation is 'large'");
  }
}
