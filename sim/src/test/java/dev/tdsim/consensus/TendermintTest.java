package dev.tdsim.consensus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.engine.Simulation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TendermintTest {
  private static final long MS = 1_000_000L;
  private static final ConsensusTimeouts TIMEOUTS =
      new ConsensusTimeouts(3000 * MS, 1000 * MS, 1000 * MS, 500 * MS);

  /** Fixed 10 ms per message, so every phase time is known exactly. */
  private static Tendermint.Transport fixedDelay(Simulation sim, long delayNanos, boolean[] down) {
    return (sender, bytes, message, delivery) -> {
      if (down[sender]) {
        return;
      }
      delivery.deliver(sender, message);
      for (int to = 0; to < down.length; to++) {
        if (to != sender) {
          int receiver = to;
          sim.scheduleAfter(delayNanos, s -> delivery.deliver(receiver, message));
        }
      }
    };
  }

  private static Tendermint.Host blocks() {
    return new Tendermint.Host() {
      @Override
      public Proposal blockFor(int height, int round, int proposer) {
        return new Proposal(height, round, proposer, 1, 2048);
      }

      @Override
      public void whenMayPropose(int proposer, int height, Runnable propose) {
        propose.run();
      }
    };
  }

  @Test
  void happyPathCommitsAfterThreeMessageDelays() {
    Simulation sim = new Simulation();
    Map<Integer, List<Long>> commits = new HashMap<>();
    boolean[] down = new boolean[4];
    Tendermint t = new Tendermint(sim, new long[] {1, 1, 1, 1}, TIMEOUTS, 3, blocks(),
        fixedDelay(sim, 10 * MS, down),
        (v, h, r, at, signers) -> commits.computeIfAbsent(h, k -> new ArrayList<>()).add(at));
    t.start(0);
    sim.run();
    // proposal (10 ms) -> prevotes (10 ms) -> precommits (10 ms): the proposer commits at 20 ms
    // (its own proposal arrives at once), everyone else at 30 ms.
    assertEquals(4, commits.get(1).size());
    assertTrue(commits.get(1).stream().allMatch(at -> at == 20 * MS || at == 30 * MS),
        commits.toString());
    assertEquals(3, commits.size());
    assertEquals(0, t.maxRound());
  }

  @Test
  void aDownProposerCostsATimeoutAndARound() {
    Simulation sim = new Simulation();
    Map<Integer, Integer> roundOf = new HashMap<>();
    Map<Integer, Long> firstCommit = new HashMap<>();
    boolean[] down = new boolean[4];
    Tendermint t = new Tendermint(sim, new long[] {1, 1, 1, 1}, TIMEOUTS, 1, blocks(),
        fixedDelay(sim, 10 * MS, down), (v, h, r, at, signers) -> {
          roundOf.put(v, r);
          firstCommit.merge(h, at, Math::min);
        });
    down[t.proposer(1, 0)] = true;
    t.start(0);
    sim.run();
    assertEquals(1, t.maxRound());
    // The mute proposer still hears the others: all four commit in round 1 (three voters hold
    // 3 of 4 stake > 2/3), after round 0's 3 s propose timeout and 1 s precommit timeout.
    assertEquals(4, roundOf.size());
    assertTrue(roundOf.values().stream().allMatch(r -> r == 1), roundOf.toString());
    assertTrue(firstCommit.get(1) > 3000 * MS, firstCommit.toString());
  }

  @Test
  void proposersRotateInProportionToStake() {
    ProposerSelection p = new ProposerSelection(new long[] {1, 2, 5});
    int[] count = new int[3];
    for (int i = 0; i < 800; i++) {
      count[p.next()]++;
    }
    assertEquals(100, count[0]);
    assertEquals(200, count[1]);
    assertEquals(500, count[2]);
  }
}
