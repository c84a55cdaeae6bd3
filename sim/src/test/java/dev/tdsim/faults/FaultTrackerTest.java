package dev.tdsim.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.ConsensusListener;
import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.engine.Simulation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The tracker on a bare simulation: commits are scripted events, so the chain height, the halt
 * watchdog and the outcome's rows and stalls can be checked to the nanosecond.
 */
class FaultTrackerTest {
  private static final long S = 1_000_000_000L;
  private static final long[] STAKE = {1, 1, 1, 1};

  /** A tracker of 3 heights, halting after 5 s without a commit. */
  private static final class Chain {
    final Simulation sim = new Simulation();
    final List<String> passedOn = new ArrayList<>();
    final ActiveFaults faults;
    final FaultTracker tracker;

    Chain(FaultSpec... specs) {
      faults = new ActiveFaults(FaultPlan.resolve(List.of(specs), Committee.equal(4)));
      ConsensusListener inner = new ConsensusListener() {
        @Override
        public void onCommit(int validator, int height, int round, long atNanos,
            List<Integer> signers, ProcessingTime costs) {
          passedOn.add("commit " + validator + " " + height + " " + round + " " + atNanos / S);
        }

        @Override
        public void onRoundStart(int validator, int height, int round, long atNanos) {
          passedOn.add("round " + validator + " " + height + " " + round + " " + atNanos / S);
        }
      };
      tracker = new FaultTracker(inner, sim, faults, 3, 5 * S);
    }

    /** Validator {@code v} commits {@code height}, decided in {@code round}, at {@code at}. */
    Chain commit(int v, int height, int round, long at) {
      sim.schedule(at, s -> tracker.onCommit(v, height, round, s.nowNanos(), List.of(), null));
      return this;
    }

    Chain run() {
      tracker.start();
      sim.run();
      return this;
    }
  }

  private static FaultSpec crash(long from, long until, Integer... ids) {
    return new FaultSpec(FaultKinds.CRASH, new FaultTarget.Validators(List.of(ids)),
        new FaultWindow(from, until, 1, FaultWindow.NO_LAST_HEIGHT), Map.of());
  }

  @Test
  void everyCallIsPassedOnAndTheFirstCommitOfAHeightMovesTheChain() {
    Chain c = new Chain();
    c.tracker.onRoundStart(2, 1, 0, 0);
    c.commit(0, 1, 0, S).commit(1, 1, 0, 2 * S).commit(1, 2, 1, 3 * S).commit(2, 3, 0, 4 * S)
        .commit(3, 4, 0, 4 * S).run();
    assertEquals(List.of("round 2 1 0 0", "commit 0 1 0 1", "commit 1 1 0 2", "commit 1 2 1 3",
        "commit 2 3 0 4", "commit 3 4 0 4"), c.passedOn);
    assertEquals(4, c.faults.chainHeight());
    assertFalse(c.tracker.halted());
    FaultOutcome o = c.tracker.outcome(STAKE, 3, 0);
    assertEquals(List.of(new FaultOutcome.HeightFaults(1, 0, 0, S, List.of()),
        new FaultOutcome.HeightFaults(2, 1, S, 3 * S, List.of()),
        new FaultOutcome.HeightFaults(3, 0, 3 * S, 4 * S, List.of())), o.heights());
    assertNull(o.halted());
  }

  @Test
  void aChainThatCommitsNothingForHaltAfterHalts() {
    // height 1 at 1 s, then nothing: the watchdog set at that commit fires at 6 s
    Chain c = new Chain().commit(0, 1, 0, S).run();
    assertTrue(c.tracker.halted());
    assertEquals(new FaultOutcome.Halt(2, S, 6 * S), c.tracker.outcome(STAKE, 3, 0).halted());
    assertEquals(6 * S, c.sim.nowNanos());
    // a commit before the watchdog fires re-arms it: the first (due at 5 s) no longer counts
    Chain later = new Chain().commit(0, 1, 0, 4 * S).commit(0, 2, 0, 8 * S).run();
    assertEquals(new FaultOutcome.Halt(3, 8 * S, 13 * S),
        later.tracker.outcome(STAKE, 3, 0).halted());
    // nothing committed at all
    assertEquals(new FaultOutcome.Halt(1, 0, 5 * S),
        new Chain().run().tracker.outcome(STAKE, 3, 0).halted());
  }

  @Test
  void aHaltStopsTheRunThere() {
    // a commit due long after the halt never happens
    Chain c = new Chain().commit(0, 1, 0, S).commit(0, 2, 0, 60 * S).run();
    assertEquals(6 * S, c.sim.nowNanos());
    assertEquals(2, c.faults.chainHeight());
    assertEquals(1, c.tracker.outcome(STAKE, 3, 0).heights().size());
  }

  @Test
  void aCommitAtTimeZeroIsACommit() {
    // height 1 decided at 0 s; its later commits by others change nothing
    Chain c = new Chain(crash(0, S, 0, 1)).commit(2, 1, 0, 0).commit(3, 1, 1, 2 * S)
        .commit(2, 2, 0, 3 * S).commit(2, 3, 0, 4 * S).run();
    FaultOutcome o = c.tracker.outcome(STAKE, 3, 0);
    assertEquals(List.of(new FaultOutcome.HeightFaults(1, 0, 0, 0, List.of(0)),
        new FaultOutcome.HeightFaults(2, 0, 0, 3 * S, List.of(0)),
        new FaultOutcome.HeightFaults(3, 0, 3 * S, 4 * S, List.of())), o.heights());
    // quorum is lost from 0 s, when height 1 was decided: the stall is at height 2
    assertEquals(List.of(new FaultOutcome.Stall(2, 0, S, 3 * S)), o.stalls());
  }

  @Test
  void theWatchdogWaitsForTheLastFaultChange() {
    // validator 3 recovers at 20 s: no halt is declared before 20 s + halt_after
    Chain c = new Chain(crash(S, 20 * S, 3)).commit(0, 1, 0, S).run();
    assertEquals(new FaultOutcome.Halt(2, S, 25 * S), c.tracker.outcome(STAKE, 3, 0).halted());
    // a commit after the last change counts from the commit
    Chain after = new Chain(crash(0, 2 * S, 3)).commit(0, 1, 0, 4 * S).run();
    assertEquals(new FaultOutcome.Halt(2, 4 * S, 9 * S),
        after.tracker.outcome(STAKE, 3, 0).halted());
  }

  @Test
  void theOutcomeNamesTheFaultsOfEachHeightAndWhereQuorumWasLost() {
    // 0 and 1 are down from 2.5 s to 6 s: 2 of 4 validators cannot reach a quorum of 3;
    // height 2 is committed at the very moment quorum is lost
    FaultSpec down = crash(2500_000_000L, 6 * S, 0, 1);
    Chain c = new Chain(down).commit(2, 1, 0, S).commit(2, 2, 0, 2500_000_000L)
        .commit(3, 3, 1, 7 * S).run();
    FaultOutcome o = c.tracker.outcome(STAKE, 3, 42);
    assertEquals(List.of(new FaultOutcome.HeightFaults(1, 0, 0, S, List.of()),
        new FaultOutcome.HeightFaults(2, 0, S, 2500_000_000L, List.of(0)),
        new FaultOutcome.HeightFaults(3, 1, 2500_000_000L, 7 * S, List.of(0))), o.heights());
    assertEquals(List.of(new FaultOutcome.Stall(3, 2500_000_000L, 6 * S, 7 * S)), o.stalls());
    assertEquals(42, o.droppedMessages());
    assertEquals(List.of(0, 1), o.timeline().get(0).validators());
    assertFalse(o.equivocation());
    // every height committed before quorum is lost: no stall
    Chain early = new Chain(down).commit(2, 1, 0, S).commit(2, 2, 0, 2 * S)
        .commit(2, 3, 0, 2 * S).run();
    assertEquals(List.of(), early.tracker.outcome(STAKE, 3, 0).stalls());
    // quorum never comes back and height 2 is never committed
    Chain stuck = new Chain(crash(2 * S, FaultWindow.FOREVER_NANOS, 0, 1)).commit(2, 1, 0, S)
        .run();
    FaultOutcome s = stuck.tracker.outcome(STAKE, 3, 0);
    assertEquals(List.of(new FaultOutcome.Stall(2, 2 * S, FaultWindow.FOREVER_NANOS, -1)),
        s.stalls());
    assertEquals(1, s.heights().size());
    assertEquals(new FaultOutcome.Halt(2, S, 7 * S), s.halted());
  }

  @Test
  void theOutcomeCarriesTheEvidence() {
    Chain c = new Chain(new FaultSpec(FaultKinds.EQUIVOCATE,
        new FaultTarget.Validators(List.of(1)), FaultWindow.ALWAYS, Map.of()));
    c.faults.onEvidence(0, 1, 1, 0);
    c.faults.onConflictingCommit(2);
    FaultOutcome o = c.commit(0, 1, 0, S).commit(0, 2, 0, 2 * S).commit(0, 3, 0, 3 * S).run()
        .tracker.outcome(STAKE, 3, 0);
    assertTrue(o.equivocation());
    assertEquals(1, o.evidenceDetections());
    assertEquals(1, o.equivocationsDetected());
    assertEquals(List.of(1), o.equivocators());
    assertEquals(List.of(2), o.conflictingCommits());
    assertEquals(List.of(), o.badPartials());
    assertEquals(List.of(0), o.heights().get(0).activeFaults());
    assertEquals(2 * S - S, o.heights().get(1).intervalNanos());
  }
}
