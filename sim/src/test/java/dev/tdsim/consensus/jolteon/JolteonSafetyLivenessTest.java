package dev.tdsim.consensus.jolteon;

import static dev.tdsim.consensus.jolteon.JolteonWorld.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.NodeFaults;
import dev.tdsim.faults.FaultKind;
import dev.tdsim.faults.FaultKinds;
import dev.tdsim.faults.FaultSpec;
import dev.tdsim.faults.FaultTarget;
import dev.tdsim.faults.FaultWindow;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Safety and liveness under every fault a Jolteon scenario allows on consensus, with fewer than
 * a third of the stake faulty, on random message delays (seeded per try): each faulty validator
 * crashes, is slow, stays silent as leader, loses 30% of its messages, has its messages delayed
 * or equivocates as leader and voter, until the faults end; or the faulty validators are a
 * coalition that all equivocate (a leader of theirs forks its round, they vote and order-vote
 * both blocks, each vote to its block's side: with a quorum below 2f+1 and order votes each
 * side orders its own block; the 2-chain rule would need a second forked round extending both
 * blocks, which no fault models). A partition into two random groups may cut the network until then too. No two
 * validators order different blocks at one height, every height is ordered, and after the
 * faults end the chain orders within a bounded number of rounds. Short round timeouts against
 * delays of up to 10 to 150 ms make rounds time out, TCs form and certified blocks get
 * abandoned; leaders come by round-robin or by leader reputation.
 */
class JolteonSafetyLivenessTest {
  /** The per-validator kinds, with the parameters each needs. */
  private static final List<FaultKind> KINDS = List.of(FaultKinds.CRASH, FaultKinds.SLOW,
      FaultKinds.SILENT_PROPOSER, FaultKinds.LOSS, FaultKinds.DELAY, FaultKinds.EQUIVOCATE);
  private static final Map<FaultKind, Map<String, Object>> PARAMS = Map.of(
      FaultKinds.CRASH, Map.of(),
      FaultKinds.SLOW, Map.of("cpu_factor", 4.0, "extra_delay", 200 * MS),
      FaultKinds.SILENT_PROPOSER, Map.of(),
      FaultKinds.LOSS, Map.of("probability", 0.3),
      FaultKinds.DELAY, Map.of("extra", 300 * MS),
      FaultKinds.EQUIVOCATE, Map.of("role", "both"));

  /** One try's choices. */
  record Try(int validators, long seed, boolean orderVotes, boolean leaderReputation,
      boolean partition, boolean coalition, int maxDelayMs, int faultsEndMs) {}

  /** One run of a try: its faults, its world (after the run) and the protocol. */
  record Run(Try t, List<FaultSpec> specs, JolteonWorld world, JolteonProtocol protocol) {}

  @Property(tries = 150, seed = "20")
  void noTwoValidatorsOrderDifferentBlocksAndTheChainGoesOnAfterTheFaults(
      @ForAll @IntRange(min = 4, max = 10) int validators,
      @ForAll long seed,
      @ForAll boolean orderVotes,
      @ForAll boolean leaderReputation,
      @ForAll boolean partition,
      @ForAll boolean coalition,
      @ForAll @IntRange(min = 10, max = 150) int maxDelayMs,
      @ForAll @IntRange(min = 1, max = 3000) int faultsEndMs) {
    Run run = run(new Try(validators, seed, orderVotes, leaderReputation, partition, coalition,
        maxDelayMs, faultsEndMs), 0);
    assertSafe(run);
    assertLive(run);
  }

  /**
   * The check can fail: with certificates of a bare majority of the stake (a quorum bug) an
   * equivocating coalition of f validators forks a fixed try, which the real quorum (2f+1)
   * keeps safe and live.
   */
  @Test
  void aQuorumOfHalfTheStakeIsForkedByACoalitionTheRealQuorumIsNot() {
    Try t = new Try(7, 3, true, false, false, true, 20, 3000);
    Run majority = run(t, 7 / 2 + 1);
    AssertionError fork = assertThrows(AssertionError.class, () -> assertSafe(majority));
    assertTrue(fork.getMessage().contains("two blocks"), fork.getMessage());
    assertNotEquals(new BitSet(), majority.protocol().conflictingHeights());

    Run real = run(t, 0);
    assertSafe(real);
    assertLive(real);
  }

  /**
   * Runs {@code t} with certificates of {@code quorumStake} (0: the protocol's 2f+1). The
   * faulty validators and their kinds, the partition's groups and every message delay are drawn
   * from the try's seed.
   */
  static Run run(Try t, long quorumStake) {
    int validators = t.validators();
    SplittableRandom random = new SplittableRandom(t.seed());
    int f = (validators - 1) / 3;
    FaultWindow window = new FaultWindow(0, t.faultsEndMs() * MS, 1,
        FaultWindow.NO_LAST_HEIGHT);
    List<FaultSpec> specs = new ArrayList<>();
    BitSet faulty = new BitSet();
    while (faulty.cardinality() < f) {
      faulty.set(random.nextInt(validators));
    }
    faulty.stream().forEach(v -> {
      FaultKind kind = t.coalition() ? FaultKinds.EQUIVOCATE
          : KINDS.get(random.nextInt(KINDS.size()));
      specs.add(new FaultSpec(kind, new FaultTarget.Validators(List.of(v)), window,
          PARAMS.get(kind)));
    });
    if (t.partition()) {
      List<String> one = new ArrayList<>();
      List<String> other = new ArrayList<>();
      for (int v = 0; v < validators; v++) {
        (random.nextBoolean() ? one : other).add(Integer.toString(v));
      }
      if (!one.isEmpty() && !other.isEmpty()) {
        specs.add(new FaultSpec(FaultKinds.PARTITION, FaultTarget.ALL, window,
            Map.of("groups", List.of(one, other))));
      }
    }
    JolteonWorld w = new JolteonWorld(validators).orderVotes(t.orderVotes())
        .initialTimeoutMs(100);
    if (t.leaderReputation()) {
      w.leaderReputation(new JolteonSettings.Reputation(1000, 10, 1, 10, 10, 1, 4, 10));
    }
    w.heights = 8;
    w.seed = t.seed();
    w.quorumStake = quorumStake;
    w.faults = specs.isEmpty() ? NodeFaults.NONE
        : JolteonWorld.faults(validators, specs.toArray(FaultSpec[]::new));
    // Each message its own delay, 1..maxDelayMs, drawn in send order from the try's seed.
    w.delayMs = (from, to, m) -> 1 + random.nextInt(t.maxDelayMs());
    return new Run(t, specs, w, w.run());
  }

  /** No two validators ordered different blocks at one height. */
  static void assertSafe(Run run) {
    assertEquals(new BitSet(), run.protocol().conflictingHeights(),
        "no height ordered with two blocks; " + run.t() + " " + run.specs());
  }

  /**
   * Every height is ordered, in rising rounds, and the last within a bound: the rounds the
   * faults cost (at most one per 100 ms of their window, the shortest round timeout) plus, after
   * them, three rounds per height and ten (the 150 tries end by round 18, bounds start at 34). A
   * chain that stalls (round timeouts that stop backing off below two message delays, no TCs)
   * leaves a height unordered when the run stops at a minute; one that wastes rounds without
   * end exceeds the bound.
   */
  static void assertLive(Run run) {
    JolteonProtocol p = run.protocol();
    int heights = run.world().heights;
    for (int h = 1; h <= heights; h++) {
      long block = p.decidedRound(h);
      assertTrue(block > 0, "height " + h + " is ordered; " + run.t() + " " + run.specs());
      assertTrue(h == 1 || block > p.decidedRound(h - 1), "heights follow rounds");
    }
    long bound = run.t().faultsEndMs() / 100 + 3L * heights + 10;
    assertTrue(p.decidedRound(heights) <= bound, "last height in round "
        + p.decidedRound(heights) + ", bound " + bound + "; " + run.t() + " " + run.specs());
  }
}
