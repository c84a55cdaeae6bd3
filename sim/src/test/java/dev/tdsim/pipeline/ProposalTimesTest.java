package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.consensus.Block;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.OpSize;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * When a height's proposal counts as made ({@code proposeNanos}, the start of its consensus
 * time), and when its proposer holds the block: a round-0 proposal when it is made; a first
 * proposal in a later round (the rounds before lost to a crashed or silent proposer) when round 0
 * began, or, when proposals wait for the previous height's plaintexts, when those were ready.
 */
class ProposalTimesTest {
  private static final long MS = 1_000_000L;

  private static HeightRecord firstProposedInRoundOne(List<Long> roundZeroStarts) {
    PipelineFixture f = PipelineFixture.builder("simple").realCryptoAt(h -> false).build();
    for (long at : roundZeroStarts) {
      f.sim.schedule(at, s -> f.pipeline.onRoundStart(3, 1, 0, at));
    }
    f.sim.schedule(1 * MS, s -> f.pipeline.onRoundStart(0, 1, 1, 1 * MS)); // not round 0
    f.sim.schedule(90 * MS, s -> f.pipeline.blockFor(1, 1, 2));
    f.commitAll(1, 100 * MS, 100 * MS, 100 * MS, 100 * MS);
    f.run();
    return f.record(1);
  }

  @Test
  void aBlockFirstProposedInALaterRoundDatesFromTheFirstRoundZeroStart() {
    HeightRecord r = firstProposedInRoundOne(List.of(0L, 5 * MS));
    assertEquals(0, r.proposeNanos(), "round 0 began at 0 (a time like any other)");
    assertEquals(100 * MS, r.consensusNanos(), "the lost round is consensus time");
    assertEquals(3 * MS, firstProposedInRoundOne(List.of(4 * MS, 3 * MS)).proposeNanos());
    assertEquals(90 * MS, firstProposedInRoundOne(List.of()).proposeNanos(),
        "no round 0 seen: when it was made");
  }

  @Test
  void aRoundZeroProposalIsDatedWhenItIsMade() {
    PipelineFixture f = PipelineFixture.builder("simple").realCryptoAt(h -> false).build();
    f.sim.schedule(0, s -> f.pipeline.onRoundStart(1, 1, 0, 0));
    f.sim.schedule(5 * MS, s -> f.pipeline.blockFor(1, 0, 1));
    f.commitAll(1, 20 * MS, 20 * MS, 20 * MS, 20 * MS);
    f.run();
    assertEquals(5 * MS, f.record(1).proposeNanos());
  }

  /**
   * Height 2's round 0 begins at 15 ms, but its first proposal comes in round 1 at 900 ms; height
   * 1's plaintexts were ready in between.
   */
  private static long[] laterRoundAfterThePreviousHeight(boolean pipelined) {
    PipelineFixture f = PipelineFixture.builder("simple").realCryptoAt(h -> false)
        .pipelined(pipelined).build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 10 * MS, 10 * MS, 10 * MS);
    f.sim.schedule(15 * MS, s -> f.pipeline.onRoundStart(0, 2, 0, 15 * MS));
    f.sim.schedule(900 * MS, s -> f.pipeline.blockFor(2, 1, 3));
    f.commitAll(2, 1000 * MS, 1000 * MS, 1000 * MS, 1000 * MS);
    f.run();
    HeightRecord one = f.record(1);
    return new long[] {one.decidedNanos() + one.decryptionLatencyNanos(),
        f.record(2).proposeNanos()};
  }

  @Test
  void beforeNextALaterRoundsProposalCouldNotComeBeforeThePreviousPlaintexts() {
    long[] held = laterRoundAfterThePreviousHeight(false);
    long ready = held[0];
    assertEquals(true, ready > 15 * MS && ready < 900 * MS, "ready at " + ready);
    assertEquals(ready, held[1]);
    assertEquals(15 * MS, laterRoundAfterThePreviousHeight(true)[1],
        "pipelined: round 0 did not wait");
  }

  /**
   * The proposer of heights 1 and 2 is 2, which also combines height 1: it holds the block once
   * its digest is done, and prepares from then on; a re-proposal later does not move that.
   */
  @Test
  void theProposerHoldsItsBlockOnceItsDigestIsDone() {
    PipelineFixture f = PipelineFixture.builder(new BundledDesign()).proposer((h, r) -> 2)
        .build();
    Block[] made = new Block[1];
    f.sim.schedule(0, s -> made[0] = f.pipeline.blockFor(1, 0, 2));
    f.sim.schedule(5 * MS, s -> f.pipeline.blockFor(1, 1, 2));
    f.commitAll(1, 10 * MS, 10 * MS, 10 * MS, 10 * MS);
    f.run();
    HeightRecord r = f.record(1);
    long digest = made[0].buildNanos();
    long prepare = f.timing.cost(CryptoOp.EVAL_PROOFS, new OpSize(3, 4, 8, 3 * 64),
        new Hardware(1, 1.0));
    assertEquals(true, digest > 0);
    assertEquals(digest + prepare + r.decryptNanos() + combineAfterPrepare(f),
        r.decidedNanos() + r.decryptionLatencyNanos(),
        "plaintexts ready = digest, prepare from then on, then block_propose");
  }

  /** The first block_propose's phases after the prepare (the same as with a long vote). */
  private static long combineAfterPrepare(PipelineFixture f) {
    PipelineFixture longVote = PipelineFixture.builder(new BundledDesign())
        .proposer((h, r) -> 2).build();
    longVote.propose(1, 0);
    longVote.commitAll(1, 900 * MS, 900 * MS, 900 * MS, 900 * MS);
    longVote.run();
    return longVote.record(1).combineNanos();
  }

  /**
   * The protocol's decision lag (Jolteon's 2): a proposal waits for the plaintexts of the height
   * that many below it, so height 2 goes at once and height 3 waits for height 1.
   */
  @Test
  void proposalsWaitForTheHeightTheDecisionLagNames() {
    PipelineFixture f = PipelineFixture.builder("simple").realCryptoAt(h -> false)
        .decisionLag(2).build();
    List<Integer> proposed = new java.util.ArrayList<>();
    f.sim.schedule(0, s -> {
      f.pipeline.whenMayPropose(2, 2, () -> proposed.add(2));
      f.pipeline.whenMayPropose(3, 3, () -> proposed.add(3));
    });
    f.run();
    assertEquals(List.of(2), proposed, "height 1 was never decrypted: 3 still waits");
  }
}
