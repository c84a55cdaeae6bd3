package dev.tdsim.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a fault reads in the console and the report's timeline. */
class FaultTimelineTest {
  private static final long S = 1_000_000_000L;
  private static final long MS = 1_000_000L;

  private static ResolvedFault only(FaultSpec spec, Committee committee) {
    return FaultPlan.resolve(List.of(spec), committee).faults().get(0);
  }

  @Test
  void aFaultReadsAsKindParametersWhomAndWhen() {
    ResolvedFault crash = only(new FaultSpec(FaultKinds.CRASH,
        new FaultTarget.Validators(List.of(15, 14)), new FaultWindow(5 * S, 20 * S, 1,
            FaultWindow.NO_LAST_HEIGHT), Map.of()), Committee.equal(16));
    assertEquals("#0 crash of validators 14, 15 (12.5% of stake) from 5 s until 20 s",
        FaultTimeline.describe(crash));
    // parameters in the kind's order, durations as times, whole factors without a fraction
    ResolvedFault slow = only(new FaultSpec(FaultKinds.SLOW,
        new FaultTarget.Validators(List.of(1)), FaultWindow.ALWAYS,
        Map.of("cpu_factor", 3.0, "extra_delay", 50 * MS)), Committee.equal(4));
    assertEquals("#0 slow (cpu_factor 3, extra_delay 50 ms) of validator 1 (25% of stake)",
        FaultTimeline.describe(slow));
    ResolvedFault loss = only(new FaultSpec(FaultKinds.LOSS, FaultTarget.ALL,
        FaultWindow.ALWAYS, Map.of("probability", 0.25)), Committee.equal(4));
    assertEquals("#0 loss (probability 0.25) of validators 0, 1, 2, 3 (100% of stake)",
        FaultTimeline.describe(loss));
    ResolvedFault role = only(new FaultSpec(FaultKinds.EQUIVOCATE,
        new FaultTarget.Validators(List.of()), FaultWindow.ALWAYS, Map.of("role", "voter")),
        Committee.equal(4));
    assertEquals("#0 equivocate (role voter) of no validator (0% of stake)",
        FaultTimeline.describe(role));
  }

  @Test
  void aPartitionIsBetweenItsGroups() {
    ResolvedFault split = only(new FaultSpec(FaultKinds.PARTITION, FaultTarget.ALL,
        new FaultWindow(0, 2 * S, 1, FaultWindow.NO_LAST_HEIGHT),
        Map.of("groups", List.of(List.of("0"), List.of("2")))), Committee.equal(8));
    assertEquals("#0 partition (groups [[0], [2]]) between validators 0, 2 (25% of stake)"
        + " until 2 s", FaultTimeline.describe(split));
  }

  @Test
  void moreThanTwelveValidatorsAreCutAfterTen() {
    ResolvedFault thirteen = only(FaultSpec.of(FaultKinds.CRASH,
        new FaultTarget.Stake(13.0 / 16)), Committee.equal(16));
    assertEquals("validators 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, ... (13) (81.3% of stake)",
        FaultTimeline.whom(thirteen));
    ResolvedFault twelve = only(FaultSpec.of(FaultKinds.CRASH,
        new FaultTarget.Stake(12.0 / 16)), Committee.equal(16));
    assertEquals("validators 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 (75% of stake)",
        FaultTimeline.whom(twelve));
  }

  @Test
  void theWindowReadsInTimesAndHeights() {
    assertEquals("", FaultTimeline.when(FaultWindow.ALWAYS));
    assertEquals("from 1.50 s", FaultTimeline.when(
        new FaultWindow(1500 * MS, FaultWindow.FOREVER_NANOS, 1, FaultWindow.NO_LAST_HEIGHT)));
    assertEquals("until 300 ms", FaultTimeline.when(
        new FaultWindow(0, 300 * MS, 1, FaultWindow.NO_LAST_HEIGHT)));
    assertEquals("from 1 s until 2 s, at heights 3 to 4",
        FaultTimeline.when(new FaultWindow(S, 2 * S, 3, 5)));
    assertEquals("at heights 2 on", FaultTimeline.when(
        new FaultWindow(0, FaultWindow.FOREVER_NANOS, 2, FaultWindow.NO_LAST_HEIGHT)));
    assertEquals("at heights 1 to 2", FaultTimeline.when(
        new FaultWindow(0, FaultWindow.FOREVER_NANOS, 1, 3)));
    assertEquals("until 2 s, at heights 4 on", FaultTimeline.when(
        new FaultWindow(0, 2 * S, 4, FaultWindow.NO_LAST_HEIGHT)));
  }

  @Test
  void sharesAreWholePercentsOrOneDecimal() {
    assertEquals("25%", FaultTimeline.pct(0.25));
    assertEquals("6.3%", FaultTimeline.pct(1.0 / 16));
    assertEquals("0%", FaultTimeline.pct(0));
    assertEquals("100%", FaultTimeline.pct(1));
  }
}
