package dev.tdsim.consensus.jolteon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.design.Designs;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Summaries;
import dev.tdsim.report.Verdict;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every decryption design runs on the Jolteon chain with TrX's streamed schedule, with each
 * combiner rule the design allows, with and without Quorum Store: every payload opens to what
 * its client sent, and every verdict says whether decryption keeps pace and what it adds.
 */
class JolteonEveryDesignTest {
  static Stream<Arguments> designsAndCombiners() {
    List<Arguments> out = new ArrayList<>();
    for (String design : Designs.names()) {
      for (boolean quorumStore : List.of(false, true)) {
        out.add(Arguments.of(design, "failover", quorumStore));
        if (!Designs.byName(design).sharesDependOnSigners()) {
          out.add(Arguments.of(design, "every-validator", quorumStore));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}, {1}, quorum store {2}")
  @MethodSource("designsAndCombiners")
  void everyPayloadOpensAndTheVerdictSaysWhetherDecryptionKeepsPace(String design,
      String combiner, boolean quorumStore) throws Exception {
    ScenarioRunner.Result r = new ScenarioRunner(line -> { }).run(ScenarioLoader.load(
        scenarios().resolve("jolteon-small.yaml"), List.of("crypto.design=" + design,
            "crypto.combiner=" + combiner, "consensus.quorum_store=" + quorumStore,
            "crypto.timing=model", "heights=3",
            "workload.msgs_per_block=4", "validators.count=4", "keys.shares=8")));
    assertEquals(3, r.heights().size());
    assertEquals(0, r.mismatches(), "every plaintext is what its client sent");
    for (HeightRecord h : r.heights()) {
      assertEquals(h.txCount(), h.opened(), design + " height " + h.height());
    }
    RunSummary s = Summaries.of(r, "test");
    assertEquals("streamed", s.schedule());
    for (Verdict v : s.verdicts()) {
      assertNotNull(v.keepsPace(), "budget " + v.blockTimeMs());
      assertTrue(v.addedP95Ms() > 0, "decryption adds time to execution");
    }
    assertEquals("one block per round", s.chain().blockSpacing());
  }

  private static Path scenarios() {
    for (Path p : List.of(Path.of("../scenarios"), Path.of("scenarios"))) {
      if (Files.isDirectory(p)) {
        return p;
      }
    }
    throw new AssertionError("scenarios/ not found from " + Path.of("").toAbsolutePath());
  }
}
