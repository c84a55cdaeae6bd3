package dev.tdsim.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.Block;
import dev.tdsim.consensus.BlockSource;
import dev.tdsim.consensus.CertificateCosts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What consensus sees of the faults: the plan asked at the chain's height, the evidence it
 * reports, and block costs of validators slow for the whole run.
 */
class ActiveFaultsTest {
  private static final long S = 1_000_000_000L;
  /** Heights 3 and 4 only. */
  private static final FaultWindow HEIGHTS_3_TO_4 =
      new FaultWindow(0, FaultWindow.FOREVER_NANOS, 3, 5);

  private static FaultSpec at(FaultKind kind, FaultWindow w, Map<String, Object> params,
      Integer... ids) {
    return new FaultSpec(kind, new FaultTarget.Validators(List.of(ids)), w, params);
  }

  private static ActiveFaults of(FaultSpec... specs) {
    return new ActiveFaults(FaultPlan.resolve(List.of(specs), Committee.equal(4)));
  }

  @Test
  void consensusFaultsAreAskedAtTheChainsHeight() {
    ActiveFaults f = of(at(FaultKinds.CRASH, HEIGHTS_3_TO_4, Map.of(), 0),
        at(FaultKinds.SILENT_PROPOSER, HEIGHTS_3_TO_4, Map.of(), 1),
        at(FaultKinds.EQUIVOCATE, HEIGHTS_3_TO_4, Map.of("role", "proposer"), 2),
        at(FaultKinds.EQUIVOCATE, HEIGHTS_3_TO_4, Map.of("role", "voter"), 3),
        at(FaultKinds.SLOW, HEIGHTS_3_TO_4, Map.of("cpu_factor", 2.5), 1));
    assertEquals(1, f.chainHeight());
    assertFalse(f.isCrashed(0, 0));
    assertFalse(f.isSilentProposer(1, 0));
    assertFalse(f.equivocatesAsProposer(2, 0));
    assertFalse(f.equivocatesAsVoter(3, 0));
    assertEquals(1.0, f.cpuFactor(1, 0));
    f.committed(2);
    assertEquals(3, f.chainHeight());
    assertTrue(f.isCrashed(0, 0));
    assertFalse(f.isCrashed(1, 0));
    assertTrue(f.isSilentProposer(1, 0));
    assertTrue(f.equivocatesAsProposer(2, 0));
    assertFalse(f.equivocatesAsVoter(2, 0));
    assertTrue(f.equivocatesAsVoter(3, 0));
    assertFalse(f.equivocatesAsProposer(3, 0));
    assertEquals(2.5, f.cpuFactor(1, 0));
    f.committed(1); // a late first commit of a lower height does not move the chain back
    assertEquals(3, f.chainHeight());
    f.committed(4);
    assertEquals(5, f.chainHeight());
    assertFalse(f.isCrashed(0, 0));
    assertTrue(f.any());
    assertFalse(f.hasSplitVotes());
  }

  @Test
  void aSplitVoteIsAskedAtTheChainsHeightToo() {
    ActiveFaults f = of(at(FaultKinds.SPLIT_VOTE, HEIGHTS_3_TO_4, Map.of(), 0));
    assertTrue(f.hasSplitVotes());
    assertNull(f.splitVote(0, 0));
    f.committed(3);
    assertNotNull(f.splitVote(0, 0));
    assertNull(f.splitVote(1, 0));
  }

  @Test
  void shareFaultsAloneLeaveConsensusExactModelOff() {
    ActiveFaults f = of(at(FaultKinds.BAD_SHARE, FaultWindow.ALWAYS, Map.of(), 0));
    assertFalse(f.any());
    assertFalse(f.forgesPartials());
    assertTrue(of(at(FaultKinds.BAD_PARTIAL, FaultWindow.ALWAYS, Map.of(), 0)).forgesPartials());
  }

  @Test
  void changeTimesAreACopy() {
    ActiveFaults f = of(at(FaultKinds.CRASH, new FaultWindow(2 * S, 3 * S, 1,
        FaultWindow.NO_LAST_HEIGHT), Map.of(), 0));
    long[] t = f.changeTimesNanos();
    assertArrayEquals(new long[] {2 * S, 3 * S}, t);
    t[0] = 0;
    assertArrayEquals(new long[] {2 * S, 3 * S}, f.changeTimesNanos());
  }

  @Test
  void evidenceCountsDetectionsAndDistinctEquivocations() {
    ActiveFaults f = of();
    f.onEvidence(0, 5, 3, 1);
    f.onEvidence(1, 5, 3, 1); // the same equivocation seen by another validator
    assertEquals(2, f.evidenceDetections());
    assertEquals(1, f.equivocationsDetected());
    f.onEvidence(0, 5, 3, 2); // another round
    f.onEvidence(0, 5, 4, 1); // another height
    f.onEvidence(0, 2, 3, 1); // another validator
    f.onEvidence(0, 2, 0, 0);
    f.onEvidence(0, 0, 1, 3);
    assertEquals(7, f.evidenceDetections());
    assertEquals(6, f.equivocationsDetected());
    assertEquals(List.of(0, 2, 5), f.equivocators());
    assertEquals(List.of(), f.conflictingCommits());
    f.onConflictingCommit(7);
    f.onConflictingCommit(9);
    assertEquals(List.of(7, 9), f.conflictingCommits());
  }

  @Test
  void withoutBadPartialsCertificatesTakeEveryPrecommit() {
    ActiveFaults f = of(at(FaultKinds.CRASH, FaultWindow.ALWAYS, Map.of(), 0));
    List<Integer> precommitters = List.of(3, 1, 2);
    assertSame(precommitters, f.goodCertificateParts(1, precommitters, 0));
    assertEquals(0, f.extraCombineNanos(1, precommitters, 0, null));
    assertEquals(List.of(), f.namedForBadPartials());
  }

  @Test
  void withBadPartialsTheRealCombinationDecidesWhoseCertificatePartsCount() {
    ActiveFaults f = new ActiveFaults(FaultPlan.resolve(List.of(at(FaultKinds.BAD_PARTIAL,
        FaultWindow.ALWAYS, Map.of(), 2)), Committee.equal(8)));
    assertTrue(f.forgesPartials());
    f.certifyWith(BadPartialsTest.certifier());
    CertificateCosts costs = BadPartialsTest.COSTS;
    List<Integer> seven = List.of(0, 1, 2, 3, 4, 5, 6);
    assertEquals(List.of(0, 1, 3, 4, 5, 6), f.goodCertificateParts(1, seven, 0));
    assertEquals(7 * 10 + 100, f.extraCombineNanos(1, seven, 0, costs));
    assertEquals(List.of(2), f.namedForBadPartials());
    // nobody precommitted yet: nothing to combine, nothing to pay
    assertEquals(List.of(), f.goodCertificateParts(1, List.of(), 0));
    assertEquals(0, f.extraCombineNanos(1, List.of(), 0, costs));
  }

  @Test
  void slowValidatorsBuildAndValidateBlocksSlowedOnce() {
    // 1 is slow for the whole run (its hardware speed already divided by 4); 2 only from 1 s
    FaultPlan plan = FaultPlan.resolve(List.of(
        at(FaultKinds.SLOW, FaultWindow.ALWAYS, Map.of("cpu_factor", 4.0), 1),
        at(FaultKinds.SLOW, new FaultWindow(S, FaultWindow.FOREVER_NANOS, 1,
            FaultWindow.NO_LAST_HEIGHT), Map.of("cpu_factor", 2.0), 2)), Committee.equal(4));
    Block built = new Block(1, 10, 1000, 802);
    Block instant = new Block(1, 10, 1000);
    List<String> asked = new ArrayList<>();
    BlockSource inner = new BlockSource() {
      @Override
      public Block blockFor(int height, int round, int proposer) {
        return round == 0 ? built : instant;
      }

      @Override
      public void whenMayPropose(int proposer, int height, Runnable propose) {
        asked.add("propose " + proposer + " " + height);
        propose.run();
      }

      @Override
      public long validationNanos(int height, int validator) {
        return 1002;
      }

      @Override
      public boolean accepts(int height, int round, int proposer, int validator) {
        return validator != 3;
      }
    };
    FaultyBlocks blocks = new FaultyBlocks(inner, plan);
    assertEquals(new Block(1, 10, 1000, 201), blocks.blockFor(1, 0, 1)); // 200.5 rounded
    assertSame(built, blocks.blockFor(1, 0, 0));
    assertSame(built, blocks.blockFor(1, 0, 2));
    assertSame(instant, blocks.blockFor(1, 1, 1));
    assertEquals(251, blocks.validationNanos(1, 1)); // 250.5 rounded
    assertEquals(1002, blocks.validationNanos(1, 0));
    assertEquals(1002, blocks.validationNanos(1, 2));
    assertTrue(blocks.accepts(1, 0, 0, 2));
    assertFalse(blocks.accepts(1, 0, 0, 3));
    blocks.whenMayPropose(2, 5, () -> asked.add("proposed"));
    assertEquals(List.of("propose 2 5", "proposed"), asked);
  }
}
