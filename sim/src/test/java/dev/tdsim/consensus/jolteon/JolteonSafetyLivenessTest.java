package dev.tdsim.consensus.jolteon;

import static dev.tdsim.consensus.jolteon.JolteonWorld.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Safety and liveness under random message delays (seeded per try) with fewer than a third of the
 * validators faulty (crashed or silent as leaders, for a while): no two validators order
 * different blocks at one height, and once the faults end every validator that stayed up orders
 * every height within a bounded number of rounds. Short round timeouts against delays of up to
 * 150 ms make rounds time out, TCs form and certified blocks get abandoned.
 */
class JolteonSafetyLivenessTest {
  @Property(tries = 60, seed = "20")
  void noTwoValidatorsOrderDifferentBlocksAndTheChainGoesOnAfterTheFaults(
      @ForAll @IntRange(min = 4, max = 10) int validators,
      @ForAll long seed,
      @ForAll boolean orderVotes,
      @ForAll @IntRange(min = 0, max = 4000) int faultsEndMs) {
    SplittableRandom random = new SplittableRandom(seed);
    int f = (validators - 1) / 3;
    BitSet crashed = new BitSet();
    BitSet silent = new BitSet();
    for (int k = 0; k < f; k++) {
      int v = random.nextInt(validators);
      (random.nextBoolean() ? crashed : silent).set(v);
    }
    JolteonWorld w = new JolteonWorld(validators).orderVotes(orderVotes).initialTimeoutMs(100);
    w.heights = 8;
    w.faults = faultsEndMs == 0 ? dev.tdsim.consensus.NodeFaults.NONE
        : JolteonWorld.faults(validators, crashed.stream().boxed().toList(),
            silent.stream().boxed().toList(), faultsEndMs * MS);
    // Each message its own delay, 1..150 ms, drawn in send order from the try's seed.
    w.delayMs = (from, to, m) -> 1 + random.nextInt(150);
    JolteonProtocol p = w.run();

    assertEquals(new BitSet(), p.conflictingHeights(), "no height ordered with two blocks");
    for (int h = 1; h <= w.heights; h++) {
      long block = p.decidedRound(h);
      assertTrue(block > 0, "height " + h + " is ordered");
      assertTrue(h == 1 || block > p.decidedRound(h - 1), "heights follow rounds");
    }
    for (int v = 0; v < validators; v++) {
      if (!crashed.get(v)) {
        int validator = v;
        assertEquals(w.heights, w.orders.stream().filter(o -> o.validator() == validator)
            .count(), "validator " + v + " orders every height");
      }
    }
    // Bounded: the rounds the faults cost (at most one per 100 ms of their window, the
    // shortest round timeout) plus, after them, a few rounds per height.
    long bound = faultsEndMs / 100 + 6L * w.heights + 20;
    assertTrue(p.decidedRound(w.heights) <= bound,
        "last height in round " + p.decidedRound(w.heights) + ", bound " + bound);
  }
}
