package dev.tdsim.consensus.tendermint;

import static dev.tdsim.consensus.tendermint.Harness.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The proposer's time to build a block ({@code Block.buildNanos}, a design's digest) delays its
 * proposal by exactly that time, in both consensus models: 4 validators, 10 ms links, no costs,
 * so height 1 commits at 30 ms (proposal, prevotes, precommits) and 7 ms later with a 7 ms build.
 */
class BlockBuildTimeTest {
  private static long commitAt(Harness w, int validator) {
    return w.commitsOf(1).stream().filter(c -> c.validator() == validator).findFirst()
        .orElseThrow().atNanos();
  }

  private static Harness world(long buildNanos, boolean large) {
    Harness w = new Harness(4);
    w.heights = 1;
    w.buildNanos = buildNanos;
    if (large) {
      w.large();
    }
    w.run();
    return w;
  }

  @Test
  void theExactModelSendsTheProposalOnceTheBlockIsBuilt() {
    for (int v = 0; v < 4; v++) {
      assertEquals(30 * MS, commitAt(world(0, false), v));
      assertEquals(37 * MS, commitAt(world(7 * MS, false), v), "validator " + v);
    }
    Harness.Commit proposer = world(7 * MS, false).commitsOf(1).stream()
        .filter(c -> c.validator() == 0).findFirst().orElseThrow();
    assertTrue(proposer.costs().validationNanos() >= 7 * MS,
        "the build is the proposer's own block processing");
  }

  @Test
  void theLargeModelSendsTheProposalOnceTheBlockIsBuilt() {
    long without = commitAt(world(0, true), 1);
    assertEquals(without + 7 * MS, commitAt(world(7 * MS, true), 1));
  }
}
