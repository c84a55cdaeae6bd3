package dev.tdsim.consensus.tendermint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.consensus.tendermint.LargeRound.PrecommitChoice;
import dev.tdsim.network.QuorumArrival;
import dev.tdsim.network.QuorumArrival.Backlog;
import org.junit.jupiter.api.Test;

/** The large model's precommit rule in the prevote step, by hand (times in ms). */
class LargeRoundPrecommitTest {
  private static final long NEVER = QuorumArrival.NEVER;
  /** A prevote queue: 1 and 2 at 20, its own nil prevote at 3000, 4's at 3510; 1 ms each. */
  private static final Backlog QUEUE = new Backlog(Long.MIN_VALUE,
      new long[] {20, 20, 3000, 3510}, new long[] {1, 1, 1, 1}, new int[] {1, 2, 0, 4});

  private static PrecommitChoice choose(long polka, long nilPolka, long timeout, long blockAt,
      Backlog queue) {
    return LargeRound.precommitChoice(polka, nilPolka, timeout, blockAt, queue);
  }

  @Test
  void aPolkaWithTheBlockHerePrecommitsTheBlockAtOnce() {
    assertEquals(new PrecommitChoice(20, true), choose(20, NEVER, 1020, 10, QUEUE));
    assertEquals(new PrecommitChoice(20, true), choose(20, NEVER, 1020, 20, QUEUE));
  }

  @Test
  void withoutTheBlockItWaitsForTheFirstPrevoteHandledAfterTheBlock() {
    // The block completes at 3200: 4's prevote, done at 3511, is the first handled after it.
    assertEquals(new PrecommitChoice(3511, true), choose(3001, NEVER, 4001, 3200, QUEUE));
    // A block at 25: the own prevote, done at 3001, follows it.
    assertEquals(new PrecommitChoice(3001, true), choose(21, NEVER, 4001, 25, QUEUE));
  }

  @Test
  void aPrevoteArrivedBeforeTheBlockButVerifiedAfterItCounts() {
    // Arrives at 3100, the CPU busy until 3150: done at 3250 > 3200.
    Backlog busy = new Backlog(3150, new long[] {3100}, new long[] {100}, new int[] {3});
    assertEquals(new PrecommitChoice(3250, true), choose(3001, NEVER, 4001, 3200, busy));
  }

  @Test
  void aMessageCarriedFromAnEarlierQueueIsNoPrevote() {
    Backlog carried = new Backlog(Long.MIN_VALUE, new long[] {3300, 3600},
        new long[] {1, 1}, new int[] {-1, 2});
    assertEquals(new PrecommitChoice(3601, true), choose(3001, NEVER, 4001, 3200, carried));
  }

  @Test
  void withNoPrevoteAfterTheBlockItPrecommitsAtTimeoutPrevote() {
    // The block at 3600 (after the last prevote): the block at the timeout.
    assertEquals(new PrecommitChoice(4001, true), choose(3001, NEVER, 4001, 3600, QUEUE));
    // The block only after the timeout, or never: nil at the timeout.
    assertEquals(new PrecommitChoice(4001, false), choose(3001, NEVER, 4001, 4500, QUEUE));
    assertEquals(new PrecommitChoice(4001, false), choose(3001, NEVER, 4001, NEVER, QUEUE));
    // The next prevote only at the timeout's instant: the timeout.
    assertEquals(new PrecommitChoice(3511, true), choose(3001, NEVER, 3511, 3200, QUEUE));
  }

  @Test
  void noBlockPolkaBeforeTheTimeoutPrecommitsNilAtTheTimeoutOrTheNilPolka() {
    assertEquals(new PrecommitChoice(1020, false), choose(NEVER, NEVER, 1020, 10, QUEUE));
    assertEquals(new PrecommitChoice(1020, false), choose(1020, NEVER, 1020, 10, QUEUE));
    assertEquals(new PrecommitChoice(500, false), choose(600, 500, 1020, 10, QUEUE));
    assertEquals(new PrecommitChoice(NEVER, false), choose(NEVER, NEVER, NEVER, NEVER, QUEUE));
  }
}
