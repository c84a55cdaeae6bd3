package dev.tdsim.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.SplitVote;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a split-vote coalition splits the honest validators, and what the plan answers. */
class SplitVotesTest {

  @Test
  void sideAIsTheFewestHonestThatMakeAQuorumWithTheCoalition() {
    // 3 of 7: quorum 5; side A {0, 2} (2 + 3), side B {3, 5} (2 + 3): both sides reach it
    assertArrayEquals(new int[] {3, 5}, SplitVotes.sideB(new int[] {1, 4, 6}, ones(7)));
    // 2 of 6, exactly a third: quorum 5; side A {1, 2, 3}, side B {4} reaches 3 only
    assertArrayEquals(new int[] {4}, SplitVotes.sideB(new int[] {0, 5}, ones(6)));
    // by stake: validator 0 holds 5 of 14 (quorum 10) and makes side A alone with the 5
    long[] stake = {5, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    assertArrayEquals(new int[] {1, 2, 3, 4},
        SplitVotes.sideB(new int[] {5, 6, 7, 8, 9}, stake));
    // a coalition of one still leaves side A at least one and side B at least one validator
    assertArrayEquals(new int[] {3}, SplitVotes.sideB(new int[] {0}, ones(4)));
    assertArrayEquals(new int[] {2}, SplitVotes.sideB(new int[] {0}, ones(3)));
  }

  @Test
  void thePlanAnswersForTheCoalitionInsideItsWindowOnly() {
    FaultSpec spec = new FaultSpec(FaultKinds.SPLIT_VOTE,
        new FaultTarget.Validators(List.of(1, 4, 6)),
        new FaultWindow(0, FaultWindow.FOREVER_NANOS, 3, 4), Map.of());
    FaultPlan plan = FaultPlan.resolve(List.of(spec), Committee.equal(7));
    assertTrue(plan.hasSplitVotes());
    assertTrue(plan.hasEquivocation());
    assertTrue(plan.actsOnMessages());
    assertNull(plan.splitVote(1, 2, 0), "before from_height");
    assertNull(plan.splitVote(1, 4, 0), "at until_height");
    assertNull(plan.splitVote(0, 3, 0), "honest");
    SplitVote attack = plan.splitVote(4, 3, 0);
    for (int v : new int[] {1, 4, 6}) {
      assertTrue(attack.inCoalition(v));
      assertTrue(attack.getsSideA(v), "the coalition follows side A");
    }
    for (int v : new int[] {0, 2}) {
      assertFalse(attack.inCoalition(v));
      assertTrue(attack.getsSideA(v));
    }
    for (int v : new int[] {3, 5}) {
      assertFalse(attack.getsSideA(v));
    }
    assertFalse(FaultPlan.NONE.hasSplitVotes());
  }

  private static long[] ones(int n) {
    long[] s = new long[n];
    java.util.Arrays.fill(s, 1);
    return s;
  }
}
