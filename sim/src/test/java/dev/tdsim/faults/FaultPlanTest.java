package dev.tdsim.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The resolved plan answers what the simulation asks, per validator, link, height and time. */
class FaultPlanTest {
  private static final long S = 1_000_000_000L;
  private static final long MS = 1_000_000L;

  private static FaultSpec spec(FaultKind kind, FaultTarget target, FaultWindow w,
      Map<String, Object> params) {
    return new FaultSpec(kind, target, w, params);
  }

  private static FaultTarget ids(Integer... ids) {
    return new FaultTarget.Validators(List.of(ids));
  }

  @Test
  void stakeTargetsTakeTheHighestIndicesWithoutExceedingTheShare() {
    Committee equal = Committee.equal(16);
    assertArrayEquals(new int[] {13, 14, 15}, equal.byStake(0.20)); // 3/16 = 18.75%
    assertArrayEquals(new int[] {11, 12, 13, 14, 15}, equal.byStake(5.0 / 16)); // exact share
    assertArrayEquals(new int[0], equal.byStake(0.05)); // 1/16 = 6.25% would exceed 5%
    assertArrayEquals(new int[0], equal.byStake(0));
    // weighted: 10 would overshoot 25% of 40, so it is skipped and lower ones are tried
    Committee weighted = new Committee(new long[] {5, 5, 5, 5, 10, 10}, List.of("a", "a", "a",
        "a", "a", "a"));
    assertArrayEquals(new int[] {5}, weighted.byStake(0.25));
    assertArrayEquals(new int[] {3, 5}, weighted.byStake(0.40));
    FaultPlan plan = FaultPlan.resolve(List.of(FaultSpec.of(FaultKinds.CRASH,
        new FaultTarget.Stake(0.40))), weighted);
    assertEquals(List.of(3, 5), plan.faults().get(0).validators());
    assertEquals(15.0 / 40, plan.faults().get(0).stakeShare(), 1e-12);
  }

  @Test
  void crashWindowsByTimeAndHeight() {
    FaultPlan plan = FaultPlan.resolve(List.of(
        spec(FaultKinds.CRASH, ids(1), new FaultWindow(2 * S, 5 * S, 1, Integer.MAX_VALUE),
            Map.of()),
        spec(FaultKinds.CRASH, ids(2), new FaultWindow(0, Long.MAX_VALUE, 3, 5), Map.of())),
        Committee.equal(4));
    assertFalse(plan.isCrashed(1, 1, 2 * S - 1));
    assertTrue(plan.isCrashed(1, 1, 2 * S));
    assertTrue(plan.isCrashed(1, 9, 5 * S - 1));
    assertFalse(plan.isCrashed(1, 1, 5 * S)); // until is the recovery
    assertFalse(plan.isCrashed(2, 2, 0));
    assertTrue(plan.isCrashed(2, 3, 0));
    assertTrue(plan.isCrashed(2, 4, 99 * S));
    assertFalse(plan.isCrashed(2, 5, 0));
    assertFalse(plan.isCrashed(0, 3, 3 * S));
    assertFalse(plan.canReach(0, 1, 1, 3 * S));
    assertFalse(plan.canReach(1, 0, 1, 3 * S));
    assertTrue(plan.canReach(0, 3, 1, 3 * S));
    assertArrayEquals(new long[] {2 * S, 5 * S}, plan.changeTimesNanos());
    assertEquals(5 * S, plan.lastChangeNanos());
    assertArrayEquals(new int[] {0}, plan.activeDuring(1, 0, 3 * S));
    assertArrayEquals(new int[] {1}, plan.activeDuring(3, 6 * S, 7 * S));
    assertArrayEquals(new int[0], plan.activeDuring(2, 0, S));
  }

  /**
   * A fault on nobody (no validator id, 0% of the stake: a crashed-stake sweep's baseline) is
   * never active, so its heights count as heights without faults (they once counted as with).
   */
  @Test
  void aFaultOnNoValidatorIsNeverActive() {
    FaultPlan plan = FaultPlan.resolve(List.of(
        spec(FaultKinds.CRASH, new FaultTarget.Stake(0.0), FaultWindow.ALWAYS, Map.of()),
        spec(FaultKinds.CRASH, ids(1), FaultWindow.ALWAYS, Map.of())), Committee.equal(4));
    assertEquals(List.of(), plan.faults().get(0).validators());
    assertArrayEquals(new int[] {1}, plan.activeDuring(1, 0, 3 * S));
  }

  @Test
  void partitionsSeparateGroupsAndTheRestIsOneMoreGroup() {
    Committee c = new Committee(new long[] {1, 1, 1, 1, 1, 1},
        List.of("us", "eu", "us", "eu", "us", "eu"));
    FaultPlan plan = FaultPlan.resolve(List.of(spec(FaultKinds.PARTITION, FaultTarget.ALL,
        new FaultWindow(S, 4 * S, 1, Integer.MAX_VALUE),
        Map.of("groups", List.of(List.of("1", "3"), List.of("us"))))), c);
    // groups: {1, 3}, {0, 2, 4} (region us) and the rest {5}
    assertEquals(List.of(0, 1, 2, 3, 4), plan.faults().get(0).validators());
    assertTrue(plan.canReach(1, 3, 1, 2 * S));
    assertTrue(plan.canReach(0, 4, 1, 2 * S));
    assertFalse(plan.canReach(0, 1, 1, 2 * S));
    assertFalse(plan.canReach(3, 5, 1, 2 * S));
    assertFalse(plan.canReach(5, 2, 1, 2 * S));
    assertTrue(plan.canReach(0, 1, 1, 4 * S)); // healed
    assertTrue(plan.canReach(0, 1, 1, 0)); // not yet
    assertEquals(4 * S, plan.healNanos(0, 1, 1, 2 * S));
    // a validator in two groups (by id and by region) is an error
    FaultException e = assertThrows(IndexedFaultException.class, () -> FaultPlan.resolve(
        List.of(spec(FaultKinds.PARTITION, FaultTarget.ALL, FaultWindow.ALWAYS,
            Map.of("groups", List.of(List.of("0"), List.of("us"))))), c)).getCause() instanceof
        FaultException f ? f : null;
    assertEquals("groups[1]", e.field());
    assertTrue(e.problem().contains("validator 0 is in groups 0 and 1"), e.problem());
    // no group holds 2/3 of the stake (5 of 6) while it lasts
    List<long[]> lost = plan.quorumLostIntervals(new long[] {1, 1, 1, 1, 1, 1}, 5);
    assertEquals(1, lost.size());
    assertArrayEquals(new long[] {S, 4 * S}, lost.get(0));
  }

  @Test
  void quorumIsLostWhenAThirdOfTheStakeIsDown() {
    FaultPlan plan = FaultPlan.resolve(List.of(
        spec(FaultKinds.CRASH, ids(0), new FaultWindow(S, 3 * S, 1, Integer.MAX_VALUE), Map.of()),
        spec(FaultKinds.CRASH, ids(1), new FaultWindow(2 * S, 6 * S, 1, Integer.MAX_VALUE),
            Map.of())), Committee.equal(4));
    // quorum of 4 equal validators: 3; both down only from 2 s to 3 s
    List<long[]> lost = plan.quorumLostIntervals(new long[] {1, 1, 1, 1}, 3);
    assertEquals(1, lost.size());
    assertArrayEquals(new long[] {2 * S, 3 * S}, lost.get(0));
    assertTrue(FaultPlan.resolve(List.of(FaultSpec.of(FaultKinds.CRASH, ids(0))),
        Committee.equal(4)).quorumLostIntervals(new long[] {1, 1, 1, 1}, 3).isEmpty());
  }

  @Test
  void linkFaultsHitMessagesToAndFromTheirTargetsOnce() {
    FaultPlan plan = FaultPlan.resolve(List.of(
        spec(FaultKinds.LOSS, ids(0, 1), FaultWindow.ALWAYS, Map.of("probability", 0.5)),
        spec(FaultKinds.LOSS, ids(1), FaultWindow.ALWAYS, Map.of("probability", 0.2)),
        spec(FaultKinds.DELAY, ids(0, 1), FaultWindow.ALWAYS, Map.of("extra", 30 * MS)),
        spec(FaultKinds.SLOW, ids(2), FaultWindow.ALWAYS,
            Map.of("cpu_factor", 3.0, "extra_delay", 5 * MS))), Committee.equal(4));
    assertEquals(0.5, plan.lossProbability(0, 3, 1, 0), 1e-12);
    assertEquals(1 - 0.5 * 0.8, plan.lossProbability(0, 1, 1, 0), 1e-12); // #0 counts once
    assertEquals(1 - 0.5 * 0.8, plan.lossProbability(1, 3, 1, 0), 1e-12);
    assertEquals(1 - 0.5 * 0.8, plan.lossProbability(3, 1, 1, 0), 1e-12);
    assertEquals(0, plan.lossProbability(2, 3, 1, 0));
    assertEquals(30 * MS, plan.extraDelayNanos(0, 1, 1, 0));
    assertEquals(35 * MS, plan.extraDelayNanos(0, 2, 1, 0));
    assertEquals(5 * MS, plan.extraDelayNanos(3, 2, 1, 0));
    assertEquals(0, plan.extraDelayNanos(3, 3, 1, 0));
    assertEquals(3.0, plan.cpuFactor(2, 1, 0));
    assertEquals(3.0, plan.constantCpuFactor(2));
    assertEquals(1.0, plan.cpuFactor(0, 1, 0));
  }

  @Test
  void proposerAndVoterFaultsAndShareFaults() {
    FaultPlan plan = FaultPlan.resolve(List.of(
        FaultSpec.of(FaultKinds.SILENT_PROPOSER, ids(3)),
        spec(FaultKinds.EQUIVOCATE, ids(1), FaultWindow.ALWAYS, Map.of("role", "voter")),
        spec(FaultKinds.WITHHOLD_SHARE, ids(2), new FaultWindow(0, Long.MAX_VALUE, 4, 6),
            Map.of()),
        spec(FaultKinds.BAD_SHARE, ids(2), new FaultWindow(10 * S, Long.MAX_VALUE, 1,
            Integer.MAX_VALUE), Map.of())), Committee.equal(4));
    assertTrue(plan.isSilentProposer(3, 1, 0));
    assertFalse(plan.isSilentProposer(1, 1, 0));
    assertTrue(plan.equivocatesAsVoter(1, 1, 0));
    assertFalse(plan.equivocatesAsProposer(1, 1, 0));
    assertTrue(plan.hasEquivocation());
    assertTrue(plan.hasShareFaults());
    assertTrue(plan.shareFault(2, 3, 0).isEmpty());
    ShareFault withheld = plan.shareFault(2, 4, 0).orElseThrow();
    assertEquals(ShareFaultType.WITHHELD, withheld.type());
    assertEquals(2, withheld.faultIndex());
    assertEquals(ShareFaultType.WITHHELD, plan.shareFault(2, 5, 20 * S).orElseThrow().type());
    assertEquals(ShareFaultType.BAD_VALUE, plan.shareFault(2, 6, 20 * S).orElseThrow().type());
    assertTrue(plan.shareFault(2, 6, 9 * S).isEmpty());
    assertTrue(plan.shareFault(0, 4, 0).isEmpty());
    // share faults alone do not need the exact consensus model
    assertFalse(FaultPlan.resolve(List.of(FaultSpec.of(FaultKinds.MALFORMED_SHARE, ids(0))),
        Committee.equal(4)).actsOnMessages());
  }

  @Test
  void badTargetsNameTheFaultAndField() {
    IndexedFaultException e = assertThrows(IndexedFaultException.class, () -> FaultPlan.resolve(
        List.of(FaultSpec.of(FaultKinds.CRASH, ids(0)), FaultSpec.of(FaultKinds.CRASH, ids(0, 9))),
        Committee.equal(4)));
    assertEquals(1, e.index());
    assertEquals("validators[1]", e.field());
    assertTrue(e.problem().contains("validator 9 does not exist"), e.problem());
  }

  @Test
  void everyKindIsRegisteredOnceByItsLowerCaseName() {
    for (FaultKind k : FaultKinds.all()) {
      assertEquals(k.name().toLowerCase(java.util.Locale.ROOT), k.name());
      assertEquals(k, FaultKinds.get(k.name()));
      // Decryption-share and DKG-dealer faults may leave consensus alone (forging-proposer,
      // carried as a share fault, changes the proposals' votes); every other kind changes it.
      if (!k.actsOnMessages()) {
        assertTrue(k.shareType().isPresent() || FaultKinds.actsOnDealers(k), k.name());
      }
    }
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> FaultKinds.get("byzantine"));
    assertTrue(e.getMessage().contains("known: crash, slow"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> FaultKinds.get("crsh"));
    assertTrue(e.getMessage().startsWith("unknown fault kind 'crsh'; known: crash, slow, ")
        && e.getMessage().endsWith(", split-vote, bad-partial; did you mean 'crash'?"),
        e.getMessage());
  }
}
