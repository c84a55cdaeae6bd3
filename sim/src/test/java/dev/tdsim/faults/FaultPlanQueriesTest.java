package dev.tdsim.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The plan's answers at the edges: windows that are not active, partitions that end at a
 * height, quorum intervals that touch, dealers, and the run-wide facts.
 */
class FaultPlanQueriesTest {
  private static final long S = 1_000_000_000L;
  private static final long MS = 1_000_000L;
  private static final long NEVER = FaultWindow.FOREVER_NANOS;
  private static final int ON = FaultWindow.NO_LAST_HEIGHT;
  private static final long[] FOUR = {1, 1, 1, 1};

  private static FaultSpec on(FaultKind kind, FaultWindow w, Map<String, Object> params,
      Integer... ids) {
    return new FaultSpec(kind, new FaultTarget.Validators(List.of(ids)), w, params);
  }

  private static FaultWindow time(long from, long until) {
    return new FaultWindow(from, until, 1, ON);
  }

  private static FaultSpec partition(FaultWindow w, List<List<String>> groups) {
    return new FaultSpec(FaultKinds.PARTITION, FaultTarget.ALL, w, Map.of("groups", groups));
  }

  private static FaultPlan plan(FaultSpec... specs) {
    return FaultPlan.resolve(List.of(specs), Committee.equal(4));
  }

  @Test
  void aPlanWithoutFaultsIsEmptyAndHarmless() {
    FaultPlan none = plan();
    assertTrue(none.isEmpty());
    assertTrue(FaultPlan.NONE.isEmpty());
    assertEquals(4, none.validators());
    assertFalse(none.actsOnMessages());
    assertFalse(none.hasEquivocation());
    assertFalse(none.hasShareFaults());
    assertFalse(none.hasDealerFaults());
    assertEquals(0, none.lastChangeNanos());
    assertArrayEquals(new long[0], none.changeTimesNanos());
    assertTrue(none.canReach(0, 1, 1, 0));
    assertEquals(0, none.lossProbability(0, 1, 1, 0));
    assertEquals(0, none.extraDelayNanos(0, 1, 1, 0));
    assertEquals(Optional.empty(), FaultPlan.NONE.dealerFault(0, 1, 0));
    assertFalse(plan(FaultSpec.of(FaultKinds.CRASH, FaultTarget.ALL)).isEmpty());
  }

  @Test
  void changeTimesAreTheDistinctOpeningsAndClosingsAfterTheStart() {
    FaultPlan p = plan(on(FaultKinds.CRASH, time(3 * S, 9 * S), Map.of(), 0),
        on(FaultKinds.CRASH, time(0, 3 * S), Map.of(), 1),
        on(FaultKinds.CRASH, time(S, NEVER), Map.of(), 2));
    assertArrayEquals(new long[] {S, 3 * S, 9 * S}, p.changeTimesNanos());
    assertEquals(9 * S, p.lastChangeNanos());
    // a fault that opens late and never closes: its opening is the last change
    assertEquals(12 * S, plan(on(FaultKinds.CRASH, time(12 * S, NEVER), Map.of(), 0),
        on(FaultKinds.CRASH, time(0, 5 * S), Map.of(), 1)).lastChangeNanos());
  }

  @Test
  void inactiveLinkFaultsAddNothingAndEachFaultCountsOncePerLink() {
    FaultPlan p = plan(
        on(FaultKinds.LOSS, time(S, 2 * S), Map.of("probability", 0.5), 0),
        on(FaultKinds.LOSS, time(0, NEVER), Map.of("probability", 0.1), 1),
        on(FaultKinds.DELAY, time(S, 2 * S), Map.of("extra", 7 * MS), 0),
        on(FaultKinds.DELAY, time(0, NEVER), Map.of("extra", 3 * MS), 2),
        on(FaultKinds.DELAY, time(0, NEVER), Map.of("extra", 5 * MS), 1, 2));
    assertEquals(0, p.lossProbability(0, 3, 1, 0));
    assertEquals(0.5, p.lossProbability(3, 0, 1, S), 1e-12);
    assertEquals(0.1, p.lossProbability(0, 1, 1, 0), 1e-12); // only the receiver's
    assertEquals(1 - 0.5 * 0.9, p.lossProbability(1, 0, 1, S), 1e-12);
    assertEquals(0, p.lossProbability(2, 3, 1, S));
    assertEquals(0, p.extraDelayNanos(0, 3, 1, 0));
    assertEquals(7 * MS, p.extraDelayNanos(3, 0, 1, S));
    assertEquals(8 * MS, p.extraDelayNanos(3, 2, 1, 0)); // the receiver's two faults
    assertEquals(8 * MS, p.extraDelayNanos(1, 2, 1, 0)); // #4 counted once
    assertEquals(15 * MS, p.extraDelayNanos(0, 2, 1, S));
  }

  @Test
  void cpuFactorsMultiplyAndOnlyWholeRunOnesAreConstant() {
    FaultPlan p = plan(on(FaultKinds.SLOW, FaultWindow.ALWAYS, Map.of("cpu_factor", 2.0), 0),
        on(FaultKinds.SLOW, FaultWindow.ALWAYS, Map.of("cpu_factor", 1.5), 0),
        on(FaultKinds.SLOW, time(S, 2 * S), Map.of("cpu_factor", 3.0), 0, 1),
        on(FaultKinds.SLOW, new FaultWindow(0, NEVER, 2, ON), Map.of("cpu_factor", 5.0), 2),
        on(FaultKinds.SLOW, FaultWindow.ALWAYS, Map.of("extra_delay", MS), 3));
    assertEquals(3.0, p.cpuFactor(0, 1, 0));
    assertEquals(9.0, p.cpuFactor(0, 1, S));
    assertEquals(3.0, p.constantCpuFactor(0));
    assertEquals(1.0, p.cpuFactor(1, 1, 0));
    assertEquals(3.0, p.cpuFactor(1, 1, S));
    assertEquals(1.0, p.constantCpuFactor(1));
    assertEquals(5.0, p.cpuFactor(2, 2, 0));
    assertEquals(1.0, p.constantCpuFactor(2));
    assertEquals(1.0, p.cpuFactor(3, 1, 0)); // a slow fault that only delays
    assertEquals(MS, p.extraDelayNanos(3, 0, 1, 0));
  }

  @Test
  void aPartitionHealsAtTheLatestEndOfThoseThatSeparateTheTwo() {
    List<List<String>> zeroAlone = List.of(List.of("0"), List.of("1", "2", "3"));
    List<List<String>> oneAlone = List.of(List.of("1"), List.of("0", "2", "3"));
    FaultPlan p = plan(partition(time(0, 5 * S), zeroAlone), partition(time(0, 8 * S), oneAlone),
        partition(time(S, 3 * S), List.of(List.of("0", "1"), List.of("2"))));
    assertEquals(5 * S, p.healNanos(0, 2, 1, 0));
    assertEquals(8 * S, p.healNanos(0, 1, 1, 0));
    assertEquals(8 * S, p.healNanos(1, 2, 1, 2 * S));
    assertEquals(6 * S, p.healNanos(2, 3, 1, 6 * S)); // nothing separates them: now
    assertEquals(5 * S, p.healNanos(0, 3, 1, 4 * S));
    // one that ends at a height: unknown, unless it also ends at a time
    FaultPlan h = plan(partition(time(0, 5 * S), zeroAlone),
        partition(new FaultWindow(0, NEVER, 1, 4), zeroAlone));
    assertEquals(FaultPlan.UNKNOWN_HEAL, h.healNanos(0, 1, 1, 0));
    assertEquals(FaultPlan.UNKNOWN_HEAL, h.healNanos(0, 1, 2, 6 * S));
    assertTrue(h.canReach(0, 1, 4, 6 * S));
    FaultPlan both = plan(partition(new FaultWindow(0, 9 * S, 1, 4), zeroAlone),
        partition(time(0, 5 * S), zeroAlone));
    assertEquals(9 * S, both.healNanos(0, 1, 1, 0));
    assertEquals(9 * S, both.healNanos(0, 1, 1, 4 * S));
    FaultPlan bothLater = plan(partition(time(0, 12 * S), zeroAlone),
        partition(new FaultWindow(0, 9 * S, 1, 4), zeroAlone));
    assertEquals(12 * S, bothLater.healNanos(0, 1, 1, 0));
  }

  @Test
  void aPartitionThatAlsoEndsAtAHeightDoesNotHideALaterOne() {
    // the first ends at height 4 or at 9 s, the second at 12 s: the link heals at 12 s at the
    // earliest (it used to answer 9 s, and the message was sent across the partition again)
    List<List<String>> zeroAlone = List.of(List.of("0"), List.of("1", "2", "3"));
    FaultPlan p = plan(partition(new FaultWindow(0, 9 * S, 1, 4), zeroAlone),
        partition(time(0, 12 * S), zeroAlone));
    assertEquals(12 * S, p.healNanos(0, 1, 1, 0));
    // and one that ends at a height alone still makes the healing time unknown
    FaultPlan q = plan(partition(new FaultWindow(0, 9 * S, 1, 4), zeroAlone),
        partition(new FaultWindow(0, NEVER, 1, 6), zeroAlone));
    assertEquals(FaultPlan.UNKNOWN_HEAL, q.healNanos(0, 1, 1, 0));
  }

  @Test
  void touchingQuorumLossesMergeIntoOneInterval() {
    // 0 down 1-4 s, 1 down 1-3 s, 2 down 3-5 s: two of four down from 1 s to 4 s
    FaultPlan p = plan(on(FaultKinds.CRASH, time(S, 4 * S), Map.of(), 0),
        on(FaultKinds.CRASH, time(S, 3 * S), Map.of(), 1),
        on(FaultKinds.CRASH, time(3 * S, 5 * S), Map.of(), 2));
    List<long[]> lost = p.quorumLostIntervals(FOUR, 3);
    assertEquals(1, lost.size());
    assertArrayEquals(new long[] {S, 4 * S}, lost.get(0));
    // two separate losses stay two
    FaultPlan twice = plan(on(FaultKinds.CRASH, time(S, 2 * S), Map.of(), 0, 1),
        on(FaultKinds.CRASH, time(3 * S, 4 * S), Map.of(), 2, 3));
    List<long[]> two = twice.quorumLostIntervals(FOUR, 3);
    assertEquals(2, two.size());
    assertArrayEquals(new long[] {S, 2 * S}, two.get(0));
    assertArrayEquals(new long[] {3 * S, 4 * S}, two.get(1));
    // lost from the start and never back
    List<long[]> always = plan(FaultSpec.of(FaultKinds.CRASH, new FaultTarget.Validators(
        List.of(0, 1)))).quorumLostIntervals(FOUR, 3);
    assertEquals(1, always.size());
    assertArrayEquals(new long[] {0, NEVER}, always.get(0));
    // exactly the quorum left is enough
    assertTrue(plan(FaultSpec.of(FaultKinds.CRASH, new FaultTarget.Validators(List.of(0))))
        .quorumLostIntervals(FOUR, 3).isEmpty());
  }

  @Test
  void faultsBoundedByHeightsDoNotCountForQuorumByTime() {
    // the chain's heights are unknown ahead of time: only time windows decide the intervals
    FaultPlan p = plan(on(FaultKinds.CRASH, new FaultWindow(0, NEVER, 2, ON), Map.of(), 0, 1),
        on(FaultKinds.CRASH, new FaultWindow(0, NEVER, 1, 3), Map.of(), 2, 3),
        partition(new FaultWindow(0, NEVER, 2, ON), List.of(List.of("0", "1"),
            List.of("2", "3"))),
        partition(new FaultWindow(0, NEVER, 1, 5), List.of(List.of("0"), List.of("1"))));
    assertTrue(p.quorumLostIntervals(FOUR, 3).isEmpty());
    // a partition by time that leaves no side with a quorum
    FaultPlan halves = plan(partition(time(2 * S, 6 * S), List.of(List.of("0", "1"),
        List.of("2", "3"))));
    List<long[]> lost = halves.quorumLostIntervals(FOUR, 3);
    assertEquals(1, lost.size());
    assertArrayEquals(new long[] {2 * S, 6 * S}, lost.get(0));
    // crashed validators count for no side
    FaultPlan mixed = plan(partition(FaultWindow.ALWAYS, List.of(List.of("0"),
        List.of("1", "2", "3"))), on(FaultKinds.CRASH, time(S, 2 * S), Map.of(), 3));
    List<long[]> m = mixed.quorumLostIntervals(FOUR, 3);
    assertEquals(1, m.size());
    assertArrayEquals(new long[] {S, 2 * S}, m.get(0));
  }

  @Test
  void equivocationIsKnownFromProposerOrVoterFaults() {
    assertTrue(plan(on(FaultKinds.EQUIVOCATE, FaultWindow.ALWAYS, Map.of("role", "proposer"), 3))
        .hasEquivocation());
    assertTrue(plan(on(FaultKinds.EQUIVOCATE, FaultWindow.ALWAYS, Map.of("role", "voter"), 3))
        .hasEquivocation());
    FaultPlan both = plan(on(FaultKinds.EQUIVOCATE, FaultWindow.ALWAYS, Map.of(), 2));
    assertTrue(both.equivocatesAsProposer(2, 1, 0));
    assertTrue(both.equivocatesAsVoter(2, 1, 0));
    assertFalse(both.equivocatesAsVoter(1, 1, 0));
    FaultPlan proposer = plan(on(FaultKinds.EQUIVOCATE, FaultWindow.ALWAYS,
        Map.of("role", "proposer"), 2));
    assertTrue(proposer.equivocatesAsProposer(2, 1, 0));
    assertFalse(proposer.equivocatesAsVoter(2, 1, 0));
    assertFalse(plan(on(FaultKinds.CRASH, FaultWindow.ALWAYS, Map.of(), 3)).hasEquivocation());
    assertFalse(plan(on(FaultKinds.CRASH, FaultWindow.ALWAYS, Map.of(), 3)).hasSplitVotes());
    FaultPlan bad = plan(on(FaultKinds.BAD_PARTIAL, time(S, 2 * S), Map.of(), 1));
    assertFalse(bad.sendsBadPartial(1, 1, 0));
    assertTrue(bad.sendsBadPartial(1, 1, S));
    assertFalse(bad.sendsBadPartial(0, 1, S));
  }

  @Test
  void dealersAreFaultyInTheEpochsTheirWindowHolds() {
    FaultPlan p = plan(on(FaultKinds.CRASHED_DEALER, new FaultWindow(0, NEVER, 5, ON), Map.of(),
        1), on(FaultKinds.LYING_DEALER, FaultWindow.ALWAYS, Map.of(), 1, 2));
    assertTrue(p.hasDealerFaults());
    assertFalse(p.hasShareFaults());
    assertFalse(p.actsOnMessages());
    assertEquals(Optional.of(new DealerFault(1, true)), p.dealerFault(1, 1, 0));
    assertEquals(Optional.of(new DealerFault(0, false)), p.dealerFault(1, 5, 0));
    assertEquals(Optional.of(new DealerFault(1, true)), p.dealerFault(2, 5, 0));
    assertEquals(Optional.empty(), p.dealerFault(0, 5, 0));
    assertEquals(List.of(1), p.faults().get(0).validators());
    assertEquals(List.of(1, 2), p.faults().get(1).validators());
    assertEquals(0.5, p.faults().get(1).stakeShare());
    assertFalse(plan(on(FaultKinds.BAD_SHARE, FaultWindow.ALWAYS, Map.of(), 1))
        .hasDealerFaults());
  }

  @Test
  void aCommitteeWithoutStakeHitsNoShare() {
    FaultPlan p = FaultPlan.resolve(List.of(FaultSpec.of(FaultKinds.CRASH, FaultTarget.ALL)),
        new Committee(new long[] {0, 0}, List.of("r", "r")));
    assertEquals(0.0, p.faults().get(0).stakeShare());
    assertEquals(List.of(0, 1), p.faults().get(0).validators());
  }

  @Test
  void aPartitionHitsTheMembersOfItsGroupsOnly() {
    FaultPlan p = plan(partition(FaultWindow.ALWAYS, List.of(List.of("3"), List.of("1"))));
    assertEquals(List.of(1, 3), p.faults().get(0).validators());
    assertEquals(0.5, p.faults().get(0).stakeShare());
    assertTrue(p.canReach(0, 2, 1, 0)); // both in no group: the third group
    assertFalse(p.canReach(0, 1, 1, 0));
    assertFalse(p.canReach(3, 1, 1, 0));
  }
}
