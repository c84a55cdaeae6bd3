package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.engine.Simulation;
import dev.tdsim.faults.FaultKind;
import dev.tdsim.faults.FaultKinds;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.FaultSpec;
import dev.tdsim.faults.FaultTarget;
import dev.tdsim.workload.MsgSizeDistribution;
import dev.tdsim.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ConsensusHost} alone: the blocks it cuts, when each validator held one, when a height's
 * consensus started, and the proposals it holds back until the previous height's plaintexts
 * are ready (the before-next schedule, Tendermint's decision lag of 1).
 */
class ConsensusHostTest {
  private static final long MS = 1_000_000L;

  private final Simulation sim = new Simulation();

  private ConsensusHost host(BlockDesign design, PipelineSettings settings) {
    PipelineContext ctx = PipelineFixture.context(design, sim, null, settings,
        new PipelineFixture.KnownTiming(PipelineFixture.realBases()));
    return new ConsensusHost(ctx, new Workload(3, 0, 64, MsgSizeDistribution.FIXED, 10_000,
        Long.MAX_VALUE, ctx.crypto.txOverheadBytes(), new SplittableRandom(5)));
  }

  private ConsensusHost host(boolean real) {
    return host(Designs.byName("simple"),
        PipelineFixture.settings(Schedule.BEFORE_NEXT, h -> real, 0));
  }

  private static PipelineSettings withFault(FaultKind kind, int validator) {
    FaultPlan plan = FaultPlan.resolve(
        List.of(FaultSpec.of(kind, new FaultTarget.Validators(List.of(validator)))),
        dev.tdsim.faults.Committee.equal(PipelineFixture.VALIDATORS));
    return new PipelineSettings(Schedule.BEFORE_NEXT, PipelineFixture.sameHardware(), h -> true,
        10, 0, plan, DecryptionPipeline.DEFAULT_SHARE_TIMEOUT_NANOS);
  }

  private void at(long nanos, Runnable r) {
    sim.schedule(nanos, s -> r.run());
  }

  @Test
  void aHeldProposalGoesOnceWhenThePreviousHeightsPlaintextsAreOut() {
    ConsensusHost host = host(false);
    List<Long> proposedAt = new ArrayList<>();
    at(0, () -> host.whenMayPropose(1, 1, () -> proposedAt.add(-1L))); // nothing to wait for
    at(0, () -> host.whenMayPropose(2, 2, () -> proposedAt.add(sim.nowNanos())));
    at(7 * MS, () -> {
      assertEquals(List.of(-1L), proposedAt, "height 2 waits for height 1's plaintexts");
      host.plaintextsReady(1, sim.nowNanos());
      host.releaseAfterDecrypted(1); // height 1 has no block here
      host.releaseAfterDecrypted(1);
    });
    sim.run();
    assertEquals(List.of(-1L, 7 * MS), proposedAt, "released once");
    assertEquals(7 * MS, host.proposalWaitNanos(2));
    assertEquals(-1, host.proposalWaitNanos(1), "height 1 did not wait");
  }

  @Test
  void aProposalAfterThePreviousHeightsPlaintextsGoesAtOnce() {
    ConsensusHost host = host(false);
    List<Long> proposedAt = new ArrayList<>();
    at(0, () -> host.plaintextsReady(1, sim.nowNanos())); // at 0, a time like any other
    at(5 * MS, () -> host.whenMayPropose(2, 2, () -> proposedAt.add(sim.nowNanos())));
    sim.run();
    assertEquals(List.of(5 * MS), proposedAt);
  }

  @Test
  void aDecryptedRealBlockDropsItsSealedTransactions() {
    ConsensusHost host = host(true);
    at(0, () -> host.blockFor(1, 0, 1));
    sim.run();
    assertEquals(3, host.proposed(1).cts().size());
    host.plaintextsReady(1, 0);
    host.releaseAfterDecrypted(1);
    assertNull(host.proposed(1).cts());
    assertEquals(3, host.proposed(1).size(), "its payloads stay for the record");
  }

  @Test
  void aValidatorHoldsTheBlockFromTheFirstTimeItHadIt() {
    ConsensusHost host = host(false);
    at(0, () -> host.blockFor(1, 0, 1));
    at(5 * MS, () -> host.blockFor(1, 1, 1)); // it proposes the same block again in round 1
    at(6 * MS, () -> host.blockFor(1, 2, 2));
    sim.run();
    assertEquals(0, host.heldBlockAt(1, 1));
    assertEquals(6 * MS, host.heldBlockAt(1, 2));
    assertEquals(-1, host.heldBlockAt(1, 3));
    assertEquals(0, host.proposed(1).proposeNanos(), "the round-0 proposal's time");
  }

  @Test
  void aLaterRoundsFirstProposalDatesFromTheFirstRoundZeroStart() {
    ConsensusHost host = host(false);
    at(0, () -> host.onRoundStart(0, 1, 0, 0));
    at(4 * MS, () -> host.onRoundStart(1, 1, 0, 4 * MS));
    at(9 * MS, () -> host.onRoundStart(1, 1, 1, 9 * MS));
    at(20 * MS, () -> host.blockFor(1, 1, 2));
    sim.run();
    assertEquals(0, host.proposed(1).proposeNanos());
  }

  /** Before-next: a height cannot start before the previous height's plaintexts are ready. */
  @Test
  void aHeldHeightsConsensusStartsWhenThePreviousPlaintextsWereReady() {
    ConsensusHost host = host(false);
    at(10 * MS, () -> host.onRoundStart(0, 2, 0, 10 * MS));
    at(15 * MS, () -> host.plaintextsReady(1, 15 * MS));
    at(30 * MS, () -> host.blockFor(2, 1, 3));
    at(10 * MS, () -> host.onRoundStart(0, 3, 0, 10 * MS));
    at(5 * MS, () -> host.plaintextsReady(2, 5 * MS));
    at(30 * MS, () -> host.blockFor(3, 1, 0));
    sim.run();
    assertEquals(15 * MS, host.proposed(2).proposeNanos());
    assertEquals(10 * MS, host.proposed(3).proposeNanos(), "ready before its round 0 began");
  }

  @Test
  void theColludingValidatorOfABlockIsTheOneWhoseFaultIsActive() {
    ConsensusHost host = host(Designs.byName("simple"),
        withFault(FaultKinds.COLLUDING_ENCRYPTOR, 2));
    at(0, () -> host.blockFor(1, 0, 1));
    sim.run();
    assertEquals(2, host.proposed(1).colluder());
    assertNotNull(host.proposed(1).colliding());
  }

  @Test
  void aProposerWithAnotherShareFaultDoesNotForgeItsDigest() {
    ConsensusHost host = host(Designs.byName("block-key"), withFault(FaultKinds.BAD_SHARE, 1));
    at(0, () -> host.blockFor(1, 0, 1));
    sim.run();
    for (int v = 0; v < PipelineFixture.VALIDATORS; v++) {
      assertTrue(host.accepts(1, 0, 1, v));
    }
    assertEquals(List.of(), host.withNamedProposers(1, List.of()));
  }
}
