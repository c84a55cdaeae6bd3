package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.scenario.ScenarioKeys;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeysCommandTest {
  /** The first column of the table (the header and the notes below it left out). */
  private static List<String> paths(String out) {
    List<String> paths = new ArrayList<>();
    for (String line : out.split("\n")) {
      if (line.isBlank() || line.startsWith(" ")) {
        break;
      }
      paths.add(line.split("\\s+")[0]);
    }
    return paths.subList(1, paths.size());
  }

  @Test
  void listsEveryPathSetTakesInCanonicalOrder() {
    CliRun run = CliRun.of("keys");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().startsWith("path "), run.out());
    List<String> expected = new ArrayList<>(ScenarioKeys.paths());
    expected.add(ScenarioKeys.SWEEP); // --set takes it too; paths() leaves the free-form one out
    assertEquals(expected, paths(run.out()));
    assertTrue(run.out().contains("faults[I].KEY"), run.out());
  }

  @Test
  void showsTypesAndDefaultsFromTheDeclarations() {
    CliRun run = CliRun.of("keys", "network", "--allowed");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().lines().anyMatch(l -> l.matches(
        "network\\.latency +duration, 0 allowed +50 ms")), run.out());
    assertTrue(run.out().contains("allowed: uniform, regions"), run.out());
    assertTrue(paths(run.out().replaceAll("(?m)^ +allowed: .*\n", "")).stream()
        .allMatch(p -> p.startsWith("network.")), run.out());
    CliRun one = CliRun.of("keys", "heights");
    assertEquals(List.of("heights"), paths(one.out()));
  }

  @Test
  void anUnknownPrefixIsAUsageErrorWithAGuess() {
    CliRun run = CliRun.of("keys", "netwrk");
    assertEquals(Main.EXIT_USAGE, run.exitCode());
    assertEquals(List.of("tdsim keys: no scenario path starts with 'netwrk'; did you mean"
        + " 'network'? ('tdsim keys' lists them all)"), run.errLines());
  }
}
