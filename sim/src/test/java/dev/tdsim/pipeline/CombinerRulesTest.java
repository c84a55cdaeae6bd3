package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.pipeline.PipelineFixture.Sent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Who combines ({@code crypto.combiner}) on 4 validators, 10 ms links, 3 payloads. */
class CombinerRulesTest {
  private static final long MS = 1_000_000L;

  @Test
  void withEveryValidatorCombiningEachBroadcastsItsSharesOnceAndTheFirstDoneDecrypts() {
    PipelineFixture f = PipelineFixture.builder("fast").combiner(CombinerRule.EVERY_VALIDATOR)
        .build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 11 * MS, 12 * MS, 40 * MS);
    f.run();
    List<Sent> broadcasts = f.net.broadcasts();
    assertEquals(List.of(0, 1, 2, 3), broadcasts.stream().map(Sent::from).sorted().toList());
    assertTrue(f.net.shares().isEmpty(), "no share goes to one combiner");
    HeightRecord r = f.record(1);
    assertEquals(3, r.opened());
    assertEquals(0, f.pipeline.mismatches());
    // Without share faults any t honest shares open the same plaintexts: one real block_propose
    // serves every combiner (3 payloads sealed and checked, one share batch per validator).
    assertEquals(2 * 3 + 4 + 1, f.crypto.calls());
    // validators 0, 1, 2 hold t points 10 ms after validator 2's shares left: the first of
    // them to hold them all decrypts, not the designated combiner (1's successor) necessarily
    assertTrue(List.of(0, 1, 2).contains(r.combiner()), "combiner " + r.combiner());
    long sharesIn = r.decidedNanos() + r.shareCreateNanos() + r.shareGossipNanos();
    assertTrue(sharesIn < 40 * MS, "did not wait for validator 3: " + sharesIn);
  }

  @Test
  void theDefaultFailoverWithoutFaultsSendsToTheDesignatedCombinerAndAnnouncesNothing() {
    PipelineFixture f = PipelineFixture.builder("fast").build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 11 * MS, 12 * MS, 13 * MS);
    f.run();
    assertTrue(f.net.broadcasts().isEmpty(), "no announcement without faults");
    assertTrue(f.net.shares().stream().allMatch(s -> s.to() == f.record(1).combiner()));
    assertEquals(3, f.record(1).opened());
  }

  @Test
  void rulesByNameEachKnowingWhoCombinesAndWhetherItTakesFoldedSignerSets() {
    assertEquals(List.of("failover", "every-validator"), CombinerRule.names());
    assertEquals(CombinerRule.FAILOVER, CombinerRule.byName("failover"));
    assertEquals(CombinerRule.EVERY_VALIDATOR, CombinerRule.byName("every-validator"));
    assertEquals("every-validator", CombinerRule.EVERY_VALIDATOR.scenarioName());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CombinerRule.byName("leader"));
    assertEquals("unknown combiner rule 'leader'; known: failover, every-validator",
        e.getMessage());
    assertFalse(CombinerRule.FAILOVER.everyValidatorCombines());
    assertTrue(CombinerRule.FAILOVER.supportsFoldedSignerSets());
    assertTrue(CombinerRule.EVERY_VALIDATOR.everyValidatorCombines());
    assertFalse(CombinerRule.EVERY_VALIDATOR.supportsFoldedSignerSets(),
        "one announced set per combiner would be n sets of shares per validator");
    assertTrue(CombinerRule.FAILOVER.description().startsWith("the designated combiner"));
    assertTrue(CombinerRule.EVERY_VALIDATOR.description().startsWith("every validator"));
  }

  /**
   * Validators 0, 1 and 2 work on machines a thousand times slower than 3's (their shares take 8
   * s, a combine a minute); 3 commits last, at 9 s, holding their shares already: it combines at
   * its commit and finishes first.
   */
  @Test
  void withEveryValidatorCombiningOneThatHoldsTheSharesWhenItCommitsCombinesAtOnce() {
    dev.tdsim.timing.Hardware slow = new dev.tdsim.timing.Hardware(1, 0.001);
    PipelineFixture f = PipelineFixture.builder("fast").combiner(CombinerRule.EVERY_VALIDATOR)
        .hardware(slow, slow, slow, new dev.tdsim.timing.Hardware(1, 1.0)).build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 10 * MS, 10 * MS, 9000 * MS);
    f.run();
    HeightRecord r = f.record(1);
    assertEquals(3, r.combiner());
    assertEquals(9000 * MS, r.commitNanos());
    assertEquals(3, r.opened());
    assertEquals(9000 * MS + r.combineNanos() + r.decryptNanos(),
        r.decidedNanos() + r.decryptionLatencyNanos(), "it combined at its commit");
  }

  /**
   * Every validator combining, with validator 0 equivocating: its wrong shares go to the
   * designated combiner (2) only, its correct ones to the others. 2 cannot open from the first
   * t points (0's are wrong) and waits for 3's shares (3 commits at 500 ms); 0 or 1 opens
   * everything from the correct ones long before.
   */
  private static dev.tdsim.faults.FaultPlan equivocating(Integer... validators) {
    return dev.tdsim.faults.FaultPlan.resolve(
        List.of(dev.tdsim.faults.FaultSpec.of(dev.tdsim.faults.FaultKinds.EQUIVOCATE_SHARE,
            new dev.tdsim.faults.FaultTarget.Validators(List.of(validators)))),
        dev.tdsim.faults.Committee.equal(PipelineFixture.VALIDATORS));
  }

  @Test
  void withEveryValidatorCombiningAnEquivocatorsWrongSharesGoToTheDesignatedCombinerOnly() {
    PipelineFixture f = PipelineFixture.builder("fast").combiner(CombinerRule.EVERY_VALIDATOR)
        .faults(equivocating(0)).build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 10 * MS, 10 * MS, 500 * MS);
    f.run();
    HeightRecord r = f.record(1);
    assertEquals(3, r.opened());
    assertTrue(List.of(0, 1).contains(r.combiner()), "combiner " + r.combiner());
    assertEquals(List.of(), r.faulty(), "its shares were correct");
    assertTrue(r.decidedNanos() + r.decryptionLatencyNanos() < 500 * MS);
  }

  /**
   * Two equivocators (0, 1): the designated combiner (2, ten times faster) reads their wrong
   * shares first, names both, and 3's shares come during that short call: fewer than t honest
   * points with every share in. It is not the only combiner: it leaves the height to the
   * others, which got correct shares and open everything later.
   */
  @Test
  void withEveryValidatorCombiningACombinerShortOfHonestSharesDoesNotEndTheHeight() {
    dev.tdsim.timing.Hardware one = new dev.tdsim.timing.Hardware(1, 1.0);
    PipelineFixture f = PipelineFixture.builder("simple")
        .combiner(CombinerRule.EVERY_VALIDATOR).faults(equivocating(0, 1))
        .hardware(one, one, new dev.tdsim.timing.Hardware(1, 10.0), one).build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 10 * MS, 10 * MS, 20 * MS);
    f.run();
    HeightRecord r = f.record(1);
    assertEquals(HeightStatus.DECRYPTED, r.status());
    assertEquals(3, r.opened());
    assertTrue(r.combiner() != 2, "combiner " + r.combiner());
  }
}
