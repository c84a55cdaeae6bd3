package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.engine.Simulation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One height's failover on its own: candidates 2, 3, 0, 1, a 100 ns combiner timeout, and fault
 * changes at 50 ns and 1000 ns. A validator moved to a candidate waits for the plaintexts there
 * (the test's enter re-arms it, as the pipeline does when its shares leave).
 */
class CombinerFailoverTest {
  private final Simulation sim = new Simulation();
  /** (validator, index, time) of every move. */
  private final List<List<Long>> moves = new ArrayList<>();
  private CombinerFailover failover;

  private CombinerFailover failover(long... changes) {
    failover = new CombinerFailover(sim, 100, changes, List.of(2, 3, 0, 1), 4, (v, i) -> {
      moves.add(List.of((long) v, (long) i, sim.nowNanos()));
      failover.entered(v, i);
      failover.arm(v);
    });
    return failover;
  }

  private static List<Long> move(int validator, int index, long at) {
    return List.of((long) validator, (long) index, at);
  }

  @Test
  void aValidatorWithoutPlaintextsMovesToTheNextCandidateAfterEachTimeoutThenWaitsForAChange() {
    CombinerFailover f = failover(50, 1000);
    assertEquals(-1, f.index(0), "not committed");
    f.entered(0, 0);
    f.arm(0);
    sim.runUntil(1250);
    assertEquals(List.of(move(0, 1, 100), move(0, 2, 200), move(0, 3, 300),
        move(0, 4, 1000), move(0, 5, 1100), move(0, 6, 1200)), moves,
        "after the last candidate (300 + 100 ns) it starts again at the next fault change");
    assertEquals(6, f.index(0));
    assertEquals(0, f.candidate(6), "index 6 is the third candidate of the second pass");
    assertEquals(3, f.candidate(5));
    assertEquals(4, f.candidates());
    assertEquals(6, f.joinIndex(), "the frontier others join at");
  }

  @Test
  void withNoFaultChangeAheadEveryCandidateTriedEndsTheFailover() {
    CombinerFailover f = failover(50);
    f.entered(1, 0);
    f.arm(1);
    sim.run();
    assertEquals(List.of(move(1, 1, 100), move(1, 2, 200), move(1, 3, 300)), moves);
  }

  @Test
  void aValidatorThatLearnedThePlaintextsStopsAndOneThatWaitsAtAChangeDoesNotReenter() {
    CombinerFailover f = failover(1000);
    f.entered(0, 0);
    f.arm(0);
    f.entered(1, 3);
    f.arm(1); // times out at 100: the candidates are exhausted, it waits for 1000
    sim.schedule(50, s -> f.learned(0));
    sim.schedule(500, s -> f.learned(1));
    sim.run();
    assertEquals(List.of(), moves);
  }

  @Test
  void onlyTheLatestTimerOfAValidatorAtItsCurrentCandidateMovesIt() {
    CombinerFailover f = failover(1000);
    f.entered(2, 0);
    f.arm(2);
    sim.schedule(60, s -> f.arm(2)); // its shares left again: the wait restarts
    sim.schedule(10, s -> {
      f.entered(3, 0);
      f.arm(3);
    });
    sim.schedule(20, s -> f.entered(3, 2)); // moved meanwhile: the old timer is stale
    sim.runUntil(170);
    assertEquals(List.of(move(2, 1, 160)), moves);
    assertEquals(2, f.index(3));
    assertEquals(2, f.joinIndex());
  }

  /**
   * A fault change at the very instant the last candidate's timeout ends is already in force:
   * the validator waits for the next change, not the same instant again.
   */
  @Test
  void aChangeAtTheInstantTheCandidatesRunOutIsNotAwaited() {
    CombinerFailover f = failover(400, 1000);
    f.entered(0, 0);
    f.arm(0);
    // moved to the last candidate at 300, its timeout ends at 400 with the first change
    sim.runUntil(1050);
    assertEquals(List.of(move(0, 1, 100), move(0, 2, 200), move(0, 3, 300), move(0, 4, 1000)),
        moves);
  }
}
