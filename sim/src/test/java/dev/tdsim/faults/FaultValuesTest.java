package dev.tdsim.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The values a scenario's faults are made of refuse what cannot be right, at their boundaries,
 * with the field and the problem a user reads.
 */
class FaultValuesTest {
  private static final long NEVER = FaultWindow.FOREVER_NANOS;
  private static final int ON = FaultWindow.NO_LAST_HEIGHT;

  private static FaultException refused(String field, String problem, Executable e) {
    FaultException f = assertThrows(FaultException.class, e);
    assertEquals(field, f.field());
    assertEquals(problem, f.problem());
    assertEquals(field == null ? problem : field + ": " + problem, f.getMessage());
    return f;
  }

  private static FaultSpec spec(FaultKind kind, Map<String, Object> params) {
    return new FaultSpec(kind, FaultTarget.ALL, FaultWindow.ALWAYS, params);
  }

  private static FaultSpec spec(FaultKind kind, String key, Object value) {
    return spec(kind, Map.of(key, value));
  }

  @Test
  void aWindowOpensBeforeItClosesAndHeightsStartAtOne() {
    new FaultWindow(0, 1, 1, 2); // the smallest window
    refused("from", "must be >= 0", () -> new FaultWindow(-1, NEVER, 1, ON));
    refused("until", "must be after from", () -> new FaultWindow(5, 5, 1, ON));
    refused("from_height", "heights start at 1, got 0", () -> new FaultWindow(0, NEVER, 0, ON));
    refused("until_height", "must be above from_height (3); until_height is the first height"
        + " without the fault", () -> new FaultWindow(0, NEVER, 3, 3));
  }

  @Test
  void aWindowOverlapsAHeightThatTouchesIt() {
    FaultWindow w = new FaultWindow(10, 20, 3, 5);
    assertTrue(w.overlaps(3, 0, 10)); // ends as the fault begins
    assertFalse(w.overlaps(3, 0, 9));
    assertTrue(w.overlaps(4, 19, 30));
    assertFalse(w.overlaps(4, 20, 30)); // until is exclusive
    assertFalse(w.overlaps(2, 0, 100));
    assertFalse(w.overlaps(5, 0, 100));
    assertTrue(w.active(4, 19));
    assertFalse(w.active(4, 20));
    assertFalse(w.active(2, 15));
    assertFalse(w.active(5, 15));
    assertFalse(w.active(3, 9));
  }

  @Test
  void aSpecNeedsItsKindTargetAndWindowAndTakesOnlyItsKindsFields() {
    assertEquals("kind", assertThrows(NullPointerException.class,
        () -> new FaultSpec(null, FaultTarget.ALL, FaultWindow.ALWAYS, Map.of())).getMessage());
    assertEquals("target", assertThrows(NullPointerException.class,
        () -> new FaultSpec(FaultKinds.CRASH, null, FaultWindow.ALWAYS, Map.of())).getMessage());
    assertEquals("window", assertThrows(NullPointerException.class,
        () -> new FaultSpec(FaultKinds.CRASH, FaultTarget.ALL, null, Map.of())).getMessage());
    assertEquals(Map.of(),
        new FaultSpec(FaultKinds.CRASH, FaultTarget.ALL, FaultWindow.ALWAYS, null).params());
    refused("probability", "a crash fault has no field 'probability'",
        () -> spec(FaultKinds.CRASH, "probability", 0.5));
    refused("extra", "a loss fault has no field 'extra'",
        () -> spec(FaultKinds.LOSS, Map.of("probability", 0.5, "extra", 5L)));
    refused(null, "a loss fault needs 'probability' (chance that one message is lost, 0 to 1 or"
        + " 0% to 100%)", () -> spec(FaultKinds.LOSS, Map.of()));
    refused(null, "a partition fault takes no validators, region or stake ("
        + FaultKinds.PARTITION.summary() + ")", () -> new FaultSpec(FaultKinds.PARTITION,
            new FaultTarget.Region("r"), FaultWindow.ALWAYS,
            Map.of("groups", List.of(List.of("0"), List.of("1")))));
    // defaults are filled in the kind's order
    FaultSpec slow = spec(FaultKinds.SLOW, "extra_delay", 5L);
    assertEquals(List.of("cpu_factor", "extra_delay"), List.copyOf(slow.params().keySet()));
    assertEquals(1.0, slow.real("cpu_factor"));
    assertEquals(5L, slow.durationNanos("extra_delay"));
    assertEquals("both", FaultSpec.of(FaultKinds.EQUIVOCATE, FaultTarget.ALL).choice("role"));
  }

  @Test
  void askingForAFieldOfAnotherTypeOrKindIsAProgrammingError() {
    FaultSpec slow = spec(FaultKinds.SLOW, "cpu_factor", 2.0);
    assertEquals("slow has no duration field 'cpu_factor'", assertThrows(
        IllegalArgumentException.class, () -> slow.durationNanos("cpu_factor")).getMessage());
    assertEquals("slow has no number field 'extra_delay'", assertThrows(
        IllegalArgumentException.class, () -> slow.real("extra_delay")).getMessage());
    assertEquals("slow has no choice field 'role'", assertThrows(
        IllegalArgumentException.class, () -> slow.choice("role")).getMessage());
    assertEquals("slow has no groups field 'groups'", assertThrows(
        IllegalArgumentException.class, () -> slow.groups("groups")).getMessage());
  }

  @Test
  void valuesAreCheckedByTheirFieldsType() {
    assertEquals(0L, spec(FaultKinds.SLOW, Map.of("cpu_factor", 2.0, "extra_delay", 0L))
        .durationNanos("extra_delay"));
    refused("extra_delay", "expected a duration >= 0, got -1",
        () -> spec(FaultKinds.SLOW, "extra_delay", -1L));
    refused("extra", "expected a duration >= 0, got 5", () -> spec(FaultKinds.DELAY, "extra", 5));
    assertEquals(0.0, spec(FaultKinds.LOSS, "probability", 0.0).real("probability"));
    assertEquals(1.0, spec(FaultKinds.LOSS, "probability", 1.0).real("probability"));
    for (Object bad : new Object[] {-0.01, 1.01, Double.NaN, 1}) {
      refused("probability", "a probability is between 0 and 1 (or 0% and 100%), got " + bad,
          () -> spec(FaultKinds.LOSS, "probability", bad));
    }
    assertEquals(1.5, spec(FaultKinds.SLOW, "cpu_factor", 1.5).real("cpu_factor"));
    assertEquals(1000.0, spec(FaultKinds.SLOW, "cpu_factor", 1000.0).real("cpu_factor"));
    for (Object bad : new Object[] {0.99, 1000.5, 1e12, Double.POSITIVE_INFINITY, Double.NaN, 2L}) {
      refused("cpu_factor", "a factor is a number from 1 (unchanged) to 1000 (slower than that, a"
          + " validator is down: use crash), got " + bad,
          () -> spec(FaultKinds.SLOW, "cpu_factor", bad));
    }
    refused("role", "'liar' is not one of [proposer, voter, both]",
        () -> spec(FaultKinds.EQUIVOCATE, "role", "liar"));
    refused("role", "'1' is not one of [proposer, voter, both]",
        () -> spec(FaultKinds.EQUIVOCATE, "role", 1));
  }

  @Test
  void groupsAreAtLeastTwoNonEmptyDisjointLists() {
    List<Object> mixed = new ArrayList<>(List.of(0, "us"));
    FaultSpec p = spec(FaultKinds.PARTITION, "groups", List.of(mixed, List.of(3)));
    assertEquals(List.of(List.of("0", "us"), List.of("3")), p.groups("groups"));
    mixed.add(7); // the spec keeps its own copy
    assertEquals(List.of("0", "us"), p.groups("groups").get(0));
    String two = "give at least two groups, e.g. [[0, 1], [2, 3]]";
    refused("groups", two, () -> spec(FaultKinds.PARTITION, "groups", List.of(List.of(0))));
    refused("groups", two, () -> spec(FaultKinds.PARTITION, "groups", "0, 1"));
    String nonEmpty = "a group is a non-empty list of validator ids or region names";
    refused("groups[1]", nonEmpty,
        () -> spec(FaultKinds.PARTITION, "groups", List.of(List.of(0), List.of())));
    refused("groups[0]", nonEmpty,
        () -> spec(FaultKinds.PARTITION, "groups", List.of(3, List.of(1))));
    refused("groups[2]", "'1' is in two groups", () -> spec(FaultKinds.PARTITION, "groups",
        List.of(List.of(0), List.of(1), List.of(2, 1))));
  }

  @Test
  void targetsRefuseNegativeAndRepeatedIdsAndSharesOutsideZeroToOne() {
    assertEquals(List.of(3, 0), new FaultTarget.Validators(List.of(3, 0)).ids());
    refused("validators[1]", "validator ids are 0-based and non-negative, got -2",
        () -> new FaultTarget.Validators(List.of(0, -2)));
    refused("validators[2]", "validator 3 is listed twice",
        () -> new FaultTarget.Validators(List.of(3, 1, 3)));
    assertThrows(NullPointerException.class, () -> new FaultTarget.Region(null));
    assertEquals(0.0, new FaultTarget.Stake(0).fraction());
    assertEquals(1.0, new FaultTarget.Stake(1).fraction());
    refused("stake", "a share of voting power is between 0% and 100%, got 150.0%",
        () -> new FaultTarget.Stake(1.5));
    refused("stake", "a share of voting power is between 0% and 100%, got -1.0%",
        () -> new FaultTarget.Stake(-0.01));
    refused("stake", "a share of voting power is between 0% and 100%, got NaN%",
        () -> new FaultTarget.Stake(Double.NaN));
  }

  @Test
  void aCommitteeResolvesIdsRegionsAndShares() {
    long[] stake = {1, 2, 3, 4};
    Committee c = new Committee(stake, List.of("eu", "us", "eu", "ap"));
    stake[0] = 100; // the committee keeps its own copy
    assertEquals(10, c.totalStake());
    assertEquals(4, c.size());
    assertArrayEquals(new int[] {0, 1, 2, 3}, c.resolve(FaultTarget.ALL));
    assertArrayEquals(new int[] {1, 3}, c.resolve(new FaultTarget.Validators(List.of(3, 1))));
    assertArrayEquals(new int[] {0, 2}, c.resolve(new FaultTarget.Region("eu")));
    assertArrayEquals(new int[] {3}, c.resolve(new FaultTarget.Stake(0.4)));
    assertArrayEquals(new int[] {0, 1, 2}, c.members("groups[0]", List.of("1", "eu", "0")));
    refused("validators[1]", "validator 4 does not exist: validators are 0 to 3",
        () -> c.resolve(new FaultTarget.Validators(List.of(0, 4))));
    refused("groups[1][2]", "validator 4 does not exist: validators are 0 to 3",
        () -> c.members("groups[1]", List.of("0", "3", "4")));
    refused("region", "no validator is in region 'sa'; regions: eu, us, ap",
        () -> c.resolve(new FaultTarget.Region("sa")));
    refused("groups[0][1]", "no validator is in region 'sa'; regions: eu, us, ap",
        () -> c.members("groups[0]", List.of("0", "sa")));
    assertThrows(NullPointerException.class, () -> c.resolve(null));
    assertEquals("one stake and one region per validator", assertThrows(
        IllegalArgumentException.class, () -> new Committee(new long[2], List.of("a")))
        .getMessage());
    assertEquals(new Committee(new long[] {1, 2, 3, 4}, List.of("eu", "us", "eu", "ap")), c);
    assertEquals(new Committee(new long[] {1, 2, 3, 4}, List.of("eu", "us", "eu", "ap"))
        .hashCode(), c.hashCode());
    assertNotEquals(new Committee(new long[] {1, 2, 3, 5}, List.of("eu", "us", "eu", "ap")), c);
    assertNotEquals(new Committee(new long[] {1, 2, 3, 4}, List.of("eu", "us", "eu", "eu")), c);
    assertNotEquals(c, "a committee");
    assertEquals("Committee[4 validators]", c.toString());
    assertEquals(List.of("r", "r", "r"), Committee.equal(3).regions());
    assertArrayEquals(new long[] {1, 1, 1}, Committee.equal(3).stake());
  }

  @Test
  void equalCommitteesHashAlikeAndDifferentOnesApart() {
    Committee c = new Committee(new long[] {1, 2}, List.of("eu", "us"));
    assertEquals(new Committee(new long[] {1, 2}, List.of("eu", "us")).hashCode(), c.hashCode());
    assertNotEquals(new Committee(new long[] {1, 3}, List.of("eu", "us")).hashCode(),
        c.hashCode());
    assertNotEquals(new Committee(new long[] {1, 2}, List.of("eu", "ap")).hashCode(),
        c.hashCode());
  }

  @Test
  void aStakeShareTakesEveryValidatorThatFitsDownToTheFirst() {
    assertArrayEquals(new int[] {0, 1, 2}, Committee.equal(3).byStake(1));
    // a validator without stake fits under any share, even 0%
    Committee zeros = new Committee(new long[] {0, 3, 0, 1}, List.of("a", "a", "a", "a"));
    assertArrayEquals(new int[] {0, 2}, zeros.byStake(0));
    assertArrayEquals(new int[] {0, 2, 3}, zeros.byStake(0.25));
  }

  @Test
  void aShareThatIsAWholeNumberOfValidatorsDespiteRoundingHitsThem() {
    // 0.29 * 100 is 28.999999999999996 in doubles: still 29 of 100 equal validators
    assertEquals(29, Committee.equal(100).byStake(0.29).length);
    assertEquals(71, Committee.equal(100).byStake(0.29)[0]);
  }

  @Test
  void faultExceptionsNameTheFaultAndField() {
    FaultException inner = new FaultException("groups[1]", "is empty");
    IndexedFaultException e = new IndexedFaultException(2, inner);
    assertEquals("faults[2].groups[1]: is empty", e.getMessage());
    assertEquals(2, e.index());
    assertEquals("groups[1]", e.field());
    assertEquals("is empty", e.problem());
    assertSame(inner, e.getCause());
    IndexedFaultException whole = new IndexedFaultException(0, new FaultException(null, "bad"));
    assertEquals("faults[0]: bad", whole.getMessage());
    assertNull(whole.field());
  }

  @Test
  void forgeriesAreChosenByTheirYamlName() {
    assertEquals(List.of("point", "block-id", "future-height"), ProposerForgery.choices());
    for (ProposerForgery f : ProposerForgery.values()) {
      assertSame(f, ProposerForgery.of(f.choice()));
    }
    assertEquals("a digest naming the previous block's id",
        ProposerForgery.BLOCK_ID.description());
    assertEquals("no forgery 'pointy'", assertThrows(IllegalArgumentException.class,
        () -> ProposerForgery.of("pointy")).getMessage());
  }

  @Test
  void kindsDeclareRequiredOptionalAndChoiceFields() {
    FaultField required = FaultField.required("extra", FaultField.Type.DURATION, "latency");
    assertEquals(new FaultField("extra", FaultField.Type.DURATION, null, List.of(), "latency"),
        required);
    assertTrue(required.required());
    FaultField optional = FaultField.optional("cpu_factor", FaultField.Type.FACTOR, 1.0, "x");
    assertEquals(new FaultField("cpu_factor", FaultField.Type.FACTOR, 1.0, List.of(), "x"),
        optional);
    assertFalse(optional.required());
    assertEquals(new FaultField("role", FaultField.Type.CHOICE, "a", List.of("a", "b"), "r"),
        FaultField.choice("role", "a", List.of("a", "b"), "r"));
  }

  @Test
  void fieldsAndResolvedFaultsKeepTheirOwnCopies() {
    FaultField choice = new FaultField("role", FaultField.Type.CHOICE, "a",
        new ArrayList<>(List.of("a", "b")), "doc");
    assertFalse(choice.required());
    assertEquals(List.of(), new FaultField("k", FaultField.Type.DURATION, null, null, "d")
        .choices());
    assertTrue(new FaultField("k", FaultField.Type.DURATION, null, null, "d").required());
    assertThrows(NullPointerException.class,
        () -> new FaultField(null, FaultField.Type.FACTOR, 1.0, null, "d"));
    assertThrows(NullPointerException.class,
        () -> new FaultField("k", null, 1.0, null, "d"));
    assertThrows(NullPointerException.class,
        () -> new FaultField("k", FaultField.Type.FACTOR, 1.0, null, null));
    List<Integer> whom = new ArrayList<>(List.of(1, 2));
    FaultSpec crash = FaultSpec.of(FaultKinds.CRASH, FaultTarget.ALL);
    ResolvedFault r = new ResolvedFault(0, crash, whom, 0.5);
    whom.add(3);
    assertEquals(List.of(1, 2), r.validators());
    assertSame(FaultKinds.CRASH, r.kind());
    assertSame(FaultWindow.ALWAYS, r.window());
    assertThrows(NullPointerException.class, () -> new ShareFault(null, 0, crash));
    assertThrows(NullPointerException.class,
        () -> new ShareFault(ShareFaultType.WITHHELD, 0, null));
  }
}
