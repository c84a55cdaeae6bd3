package dev.tdsim.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every file of scenarios/faults/ loads, writes back to itself, and runs (shortened to 3 heights
 * of 2 messages, so the test stays fast): the halting one halts, the others commit every height;
 * only split-vote forks.
 */
class ShippedFaultScenariosTest {

  private static Path dir() {
    for (Path p : List.of(Path.of("../scenarios/faults"), Path.of("scenarios/faults"))) {
      if (Files.isDirectory(p)) {
        return p;
      }
    }
    throw new AssertionError("scenarios/faults not found from " + Path.of("").toAbsolutePath());
  }

  @Test
  void everyFaultScenarioLoadsAndRuns() throws Exception {
    List<Path> files;
    try (Stream<Path> s = Files.list(dir())) {
      files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    assertTrue(files.size() >= 10, files.toString());
    for (Path file : files) {
      String name = file.getFileName().toString().replace(".yaml", "");
      assertTrue(Files.readString(file).startsWith("# Question:"), file.toString());
      Scenario s = ScenarioLoader.load(file);
      assertEquals(name, s.name());
      assertFalse(s.faults().isEmpty(), name);
      assertEquals(s, ScenarioLoader.parse(s.toYaml(), "dump.yaml", List.of()), name);
      Scenario shortRun = ScenarioLoader.load(file, List.of("heights=3",
          "workload.msgs_per_block=2", "consensus.halt_after=10 s"));
      ScenarioRunner.Result r = new ScenarioRunner(line -> { }).run(shortRun);
      assertNotNull(r.faults(), name);
      assertEquals(s.faults().list().size(), r.faults().timeline().size(), name);
      // split-vote: a coalition above a third forks the height it attacks; nothing else forks
      assertEquals(name.equals("split-vote") ? List.of(2) : List.of(),
          r.faults().conflictingCommits(), name);
      // bad-partial: the real certificate combination names exactly the two attackers (it
      // throws if it names an honest one or its certificate does not verify)
      assertEquals(name.equals("bad-partial") ? List.of(1, 2) : List.of(),
          r.faults().badPartials(), name);
      if (name.equals("halt")) {
        assertNotNull(r.faults().halted(), name);
        assertTrue(r.heights().isEmpty(), name);
      } else {
        assertNull(r.faults().halted(), name);
        assertEquals(3, r.heights().size(), name);
        assertEquals(0, r.mismatches(), name);
      }
    }
  }

  /**
   * crash-recovery with the designs whose shares fold the signer set: the crashed 37.5% leave
   * fewer than t key-share points, so the combiner of the height committed just before the crash
   * waits for their recovery and announces again; nothing is left unopened (before, it gave the
   * height up and its payloads counted as mismatches).
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"folded", "batched", "block-key"})
  void foldingDesignsWaitForCrashedSignersInsteadOfGivingUp(String design) throws Exception {
    Scenario s = ScenarioLoader.load(dir().resolve("crash-recovery.yaml"), List.of(
        "heights=4", "workload.msgs_per_block=2", "crypto.variant=" + design,
        "crypto.timing=measured"));
    ScenarioRunner.Result r = new ScenarioRunner(line -> { }).run(s);
    assertEquals(0, r.mismatches(), "payloads unopened or wrong");
    assertEquals(4, r.heights().size());
    long second = 1_000_000_000L;
    assertTrue(r.heights().stream().anyMatch(h -> h.commitNanos() < 2 * second
            && h.commitNanos() + h.decryptionLatencyNanos() > 12 * second),
        "a height committed before the crash decrypts after the recovery at 12 s");
  }
}
