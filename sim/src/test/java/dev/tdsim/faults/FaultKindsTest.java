package dev.tdsim.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.Designs;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each kind's facts, checks and effects, as docs/SCENARIOS.md's faults table states them. */
class FaultKindsTest {

  private static String facts(FaultKind k) {
    return k.name() + (k.takesTarget() ? " target" : "") + (k.actsOnMessages() ? " exact"
        : "") + (k.forgesPartials() ? " forges" : "") + k.shareType().map(t -> " " + t)
        .orElse("") + (FaultKinds.actsOnDealers(k) ? " dealer" : "");
  }

  @Test
  void everyKindKnowsItsFacts() {
    assertEquals(List.of("crash target exact", "slow target exact",
        "silent-proposer target exact", "partition exact", "loss target exact",
        "delay target exact", "equivocate target exact", "bad-share target BAD_VALUE",
        "malformed-share target MALFORMED", "withhold-share target WITHHELD",
        "equivocate-share target EQUIVOCATED", "colluding-encryptor target COLLUDING_ENCRYPTOR",
        "framing-shares target FRAMING", "forging-proposer target exact FORGING_PROPOSER",
        "crashed-dealer target dealer", "lying-dealer target dealer", "split-vote target exact",
        "bad-partial target exact forges"),
        FaultKinds.all().stream().map(FaultKindsTest::facts).toList());
    assertEquals(FaultKinds.all().stream().map(FaultKind::name).toList(), FaultKinds.names());
    assertEquals(Optional.of(FaultKinds.LOSS), FaultKinds.find("loss"));
    assertEquals(Optional.empty(), FaultKinds.find("lose"));
    assertEquals("split-vote", FaultKinds.SPLIT_VOTE.toString());
    assertTrue(FaultKinds.SPLIT_VOTE.summary().startsWith("a coalition that acts together"));
    FaultField forge = FaultKinds.FORGING_PROPOSER.fields().get(0);
    assertEquals("forge", forge.key());
    assertEquals("point", forge.defaultValue());
    assertEquals(ProposerForgery.choices(), forge.choices());
  }

  @Test
  void aSlowFaultMustSlowSomethingAndADelayMustDelay() {
    FaultException e = assertThrows(FaultException.class, () -> FaultSpec.of(FaultKinds.SLOW,
        FaultTarget.ALL));
    assertEquals(null, e.field());
    assertEquals("a slow fault needs cpu_factor above 1 or extra_delay above 0", e.problem());
    new FaultSpec(FaultKinds.SLOW, FaultTarget.ALL, FaultWindow.ALWAYS,
        Map.of("extra_delay", 1L));
    new FaultSpec(FaultKinds.SLOW, FaultTarget.ALL, FaultWindow.ALWAYS,
        Map.of("cpu_factor", 1.01));
    e = assertThrows(FaultException.class, () -> new FaultSpec(FaultKinds.DELAY,
        FaultTarget.ALL, FaultWindow.ALWAYS, Map.of("extra", 0L)));
    assertEquals("extra", e.field());
    assertEquals("a delay fault needs extra above 0", e.problem());
    assertEquals(1L, new FaultSpec(FaultKinds.DELAY, FaultTarget.ALL, FaultWindow.ALWAYS,
        Map.of("extra", 1L)).durationNanos("extra"));
  }

  @Test
  void shareKindsMakeShareFaultsOfTheirType() {
    for (FaultKind k : FaultKinds.all()) {
      if (k.shareType().isEmpty()) {
        continue;
      }
      FaultSpec spec = FaultSpec.of(k, new FaultTarget.Validators(List.of(2)));
      FaultPlan plan = FaultPlan.resolve(List.of(FaultSpec.of(FaultKinds.CRASH,
          new FaultTarget.Validators(List.of(0))), spec), Committee.equal(4));
      ShareFault f = plan.shareFault(2, 1, 0).orElseThrow();
      assertEquals(k.shareType().get(), f.type(), k.name());
      assertEquals(1, f.faultIndex());
      assertEquals(spec, f.spec());
      assertTrue(plan.hasShareFaults());
      assertEquals(List.of(2), plan.faults().get(1).validators());
      assertTrue(plan.shareFault(1, 1, 0).isEmpty());
    }
  }

  @Test
  void aSplitVoteNeedsACoalitionAndTwoHonestValidatorsToSplit() {
    FaultException e = assertThrows(FaultException.class,
        () -> SplitVotes.sideB(new int[0], new long[] {1, 1, 1, 1}));
    assertEquals("validators", e.field());
    assertEquals("a split-vote coalition needs at least one validator", e.problem());
    IndexedFaultException i = assertThrows(IndexedFaultException.class,
        () -> FaultPlan.resolve(List.of(FaultSpec.of(FaultKinds.CRASH, FaultTarget.ALL),
            FaultSpec.of(FaultKinds.SPLIT_VOTE, new FaultTarget.Validators(List.of(0, 1, 3)))),
            Committee.equal(4)));
    assertEquals(1, i.index());
    assertEquals(null, i.field());
    assertEquals("a split-vote coalition needs at least two honest validators to split, it"
        + " leaves 1 (list the coalition in 'validators')", i.problem());
    // two honest validators are enough: one on each side
    assertEquals(List.of(3), java.util.Arrays.stream(SplitVotes.sideB(new int[] {0, 1},
        new long[] {1, 1, 1, 1})).boxed().toList());
  }

  @Test
  void aSplitVoteCoalitionActsInItsWindowOnly() {
    FaultPlan p = FaultPlan.resolve(List.of(new FaultSpec(FaultKinds.SPLIT_VOTE,
        new FaultTarget.Validators(List.of(0, 1)), new FaultWindow(10, 20, 1,
            FaultWindow.NO_LAST_HEIGHT), Map.of())), Committee.equal(7));
    assertTrue(p.hasSplitVotes());
    assertEquals(null, p.splitVote(0, 1, 9));
    assertTrue(p.splitVote(1, 1, 10).inCoalition(0));
    assertEquals(null, p.splitVote(1, 1, 20));
    assertEquals(List.of(0, 1), p.faults().get(0).validators());
  }

  @Test
  void designsThatCannotHostABehaviourSayWhyAndWhichCan() {
    BlockDesign simple = Designs.byName("simple");
    BlockDesign fast = Designs.byName("fast");
    BlockDesign batched = Designs.byName("batched");
    for (ShareFaultType t : List.of(ShareFaultType.BAD_VALUE, ShareFaultType.MALFORMED,
        ShareFaultType.WITHHELD, ShareFaultType.EQUIVOCATED)) {
      for (BlockDesign d : Designs.all()) {
        assertEquals(Optional.empty(), t.refusedBy(d), t + " on " + d.name());
      }
    }
    assertEquals(Optional.empty(), ShareFaultType.COLLUDING_ENCRYPTOR.refusedBy(fast));
    String colluding = ShareFaultType.COLLUDING_ENCRYPTOR.refusedBy(batched).orElseThrow();
    assertTrue(colluding.startsWith("colluding-encryptor needs a design whose clients can seal a"
        + " payload that opens under two keys (Ferveo's variants: simple, batch, fast, "),
        colluding);
    assertTrue(colluding.endsWith("); crypto.design 'batched' has no such payload"), colluding);
    assertFalse(colluding.contains("block-key"), colluding);
    assertEquals(Optional.empty(), ShareFaultType.FORGING_PROPOSER.refusedBy(batched));
    String forging = ShareFaultType.FORGING_PROPOSER.refusedBy(simple).orElseThrow();
    assertTrue(forging.startsWith("forging-proposer needs a design whose proposer publishes a"
        + " digest the key shares are made on (batched, block-key"), forging);
    assertTrue(forging.endsWith("); crypto.design 'simple' shares per transaction, with no"
        + " digest"), forging);
    assertEquals(Optional.empty(), ShareFaultType.FRAMING.refusedBy(simple));
    assertEquals(Optional.empty(), ShareFaultType.FRAMING.refusedBy(Designs.byName("batch")));
    assertEquals(Optional.of("framing-shares puts a polynomial error on a validator's per-point"
        + " shares (designs that have them: simple, batch); crypto.design 'fast' has no"
        + " per-point shares"), ShareFaultType.FRAMING.refusedBy(fast));
    assertTrue(ShareFaultType.FRAMING.refusedBy(batched).isPresent()); // not a Ferveo design
  }
}
