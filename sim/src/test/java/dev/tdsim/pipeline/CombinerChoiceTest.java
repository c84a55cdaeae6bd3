package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.faults.FaultKinds;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.FaultSpec;
import dev.tdsim.faults.FaultTarget;
import dev.tdsim.faults.FaultWindow;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The signer set a combiner that folds the set announces (4 validators, any 3 reach t). */
class CombinerChoiceTest {
  private final Committee committee = Committee.equal(PipelineFixture.SHARES,
      PipelineFixture.THRESHOLD, PipelineFixture.VALIDATORS);

  @Test
  void theCommitsSignersWidenedInIndexOrderWhenShortOfTheThreshold() {
    assertEquals(List.of(0, 1, 2),
        CombinerChoice.signerSet(committee, List.of(1, 0), Set.of()).validators());
    assertEquals(List.of(1, 2, 3),
        CombinerChoice.signerSet(committee, List.of(3), Set.of(0)).validators());
  }

  @Test
  void theExcludedAreLeftOutAndTooFewLeftGiveNoSet() {
    assertEquals(List.of(0, 2, 3),
        CombinerChoice.signerSet(committee, List.of(0, 1, 2, 3), Set.of(1)).validators());
    assertNull(CombinerChoice.signerSet(committee, List.of(), Set.of(1, 2)));
  }

  @Test
  void theFailoverOrderIsTheFirstCombinerThenTheValidatorsAfterTheDesignatedOneById() {
    assertEquals(List.of(2, 3, 0, 1),
        CombinerChoice.candidates(new CombinerChoice.Combiners(2, 2, 3), 4));
    // a stand-in for a crashed designated one (1): the designated comes last
    assertEquals(List.of(3, 2, 0, 1),
        CombinerChoice.candidates(new CombinerChoice.Combiners(3, 1, 2), 4));
  }

  private static final long MS = 1_000_000L;

  /** A crash of {@code validators} from {@code fromNanos}, from height {@code fromHeight} on. */
  private static FaultPlan crash(long fromNanos, int fromHeight, Integer... validators) {
    return FaultPlan.resolve(List.of(new FaultSpec(FaultKinds.CRASH,
            new FaultTarget.Validators(List.of(validators)),
            new FaultWindow(fromNanos, FaultWindow.FOREVER_NANOS, fromHeight,
                FaultWindow.NO_LAST_HEIGHT), Map.of())),
        dev.tdsim.faults.Committee.equal(PipelineFixture.VALIDATORS));
  }

  /** The fixture's consensus: the proposer of (height, round) is (height + round) mod 4. */
  private static CombinerChoice choice(FaultPlan faults) {
    CombinerChoice c = new CombinerChoice(faults, PipelineFixture.VALIDATORS);
    c.attach(new PipelineFixture.ScriptedConsensus((h, r) -> (h + r) % PipelineFixture.VALIDATORS));
    return c;
  }

  @Test
  void withoutFaultsTheNextHeightsRound0ProposerCombinesAndTheNextByIdBacksItUp() {
    assertEquals(new CombinerChoice.Combiners(2, 2, 3), choice(FaultPlan.NONE).at(1, 10 * MS));
    // the backup wraps around
    assertEquals(new CombinerChoice.Combiners(3, 3, 0), choice(FaultPlan.NONE).at(2, 10 * MS));
  }

  @Test
  void aCombinerCrashedAtTheFirstCommitIsReplacedByTheNextAvailableProposer() {
    // 2 (height 2's round-0 proposer) is down at 10 ms: height 2's round-1 proposer, 3, combines
    assertEquals(new CombinerChoice.Combiners(3, 2, 3), choice(crash(0, 1, 2)).at(1, 10 * MS));
    // 2 and 3 down: round 2's proposer, 0
    assertEquals(new CombinerChoice.Combiners(0, 2, 3),
        choice(crash(0, 1, 2, 3)).at(1, 10 * MS));
  }

  @Test
  void onlyACrashInForceAtTheFirstCommitAtTheNextHeightCounts() {
    // crashed only from 50 ms: at the first commit (10 ms) 2 was up
    assertEquals(2, choice(crash(50 * MS, 1, 2)).at(1, 10 * MS).combiner());
    // crashed from height 2, the height the combiner proposes: it is down
    assertEquals(3, choice(crash(0, 2, 2)).at(1, 10 * MS).combiner());
    // crashed only from height 3 on: still up for height 2
    assertEquals(2, choice(crash(0, 3, 2)).at(1, 10 * MS).combiner());
  }

  @Test
  void everyCandidateCrashedFallsBackToTheRound0Proposer() {
    assertEquals(new CombinerChoice.Combiners(2, 2, 3),
        choice(crash(0, 1, 0, 1, 2, 3)).at(1, 10 * MS));
  }

  @Test
  void theRunnersRuleChoosesTheCombinerButNotTheDesignatedOne() {
    CombinerChoice c = choice(crash(0, 1, 2));
    c.combinerRule(h -> h == 1 ? 0 : 1);
    assertEquals(new CombinerChoice.Combiners(0, 2, 3), c.at(1, 10 * MS));
    assertEquals(new CombinerChoice.Combiners(1, 3, 0), c.at(2, 10 * MS));
  }

  @Test
  void everyValidatorIsACandidateOnceWhateverTheCombiner() {
    for (int designated = 0; designated < 4; designated++) {
      for (int combiner = 0; combiner < 4; combiner++) {
        List<Integer> order = CombinerChoice.candidates(
            new CombinerChoice.Combiners(combiner, designated, (designated + 1) % 4), 4);
        assertEquals(combiner, order.get(0));
        assertEquals(Set.of(0, 1, 2, 3), Set.copyOf(order));
        assertEquals(4, order.size());
      }
    }
    // the designated one after the others when another stands in for it
    assertEquals(List.of(0, 3, 1, 2),
        CombinerChoice.candidates(new CombinerChoice.Combiners(0, 2, 3), 4));
  }

  /**
   * A protocol whose choice when every validator is unavailable is validator 0 (not the next
   * height's round-0 proposer): the designated combiner is its choice with every validator
   * available, so this fallback never shows, with faults or without.
   */
  @Test
  void theDesignatedCombinerIsTheProtocolsChoiceWithEveryValidatorAvailable() {
    dev.tdsim.consensus.ConsensusProtocol fallsBackTo0 =
        new dev.tdsim.consensus.ConsensusProtocol() {
      @Override
      public void start(long startNanos) {}

      @Override
      public int proposer(int height, int round) {
        return (height + round) % PipelineFixture.VALIDATORS;
      }

      @Override
      public int combinerOf(int height, java.util.function.IntPredicate unavailable) {
        for (int r = 0; r < PipelineFixture.VALIDATORS; r++) {
          if (!unavailable.test(proposer(height + 1, r))) {
            return proposer(height + 1, r);
          }
        }
        return 0;
      }

      @Override
      public int decisionLag() {
        return 1;
      }

      @Override
      public dev.tdsim.consensus.ConsensusStats stats() {
        return null;
      }
    };
    for (FaultPlan faults : List.of(FaultPlan.NONE, crash(0, 1, 3))) {
      CombinerChoice c = new CombinerChoice(faults, PipelineFixture.VALIDATORS);
      c.attach(fallsBackTo0);
      assertEquals(new CombinerChoice.Combiners(2, 2, 3), c.at(1, 10 * MS), faults.toString());
    }
  }
}
