package dev.tdsim.consensus.jolteon;

import static dev.tdsim.consensus.jolteon.JolteonWorld.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

/**
 * Safety and liveness under every fault a Jolteon scenario allows on consensus, with fewer than
 * a third of the stake faulty, on random message delays (seeded per try): each faulty validator
 * crashes, is slow, stays silent as leader, loses 30% of its messages, has its messages delayed
 * or equivocates as leader and voter, until the faults end; a partition into two random groups
 * may cut the network until then too. No two validators order different blocks at one height,
 * every height is ordered, and after the faults end the chain orders within a bounded number of
 * rounds. Short round timeouts against delays of up to 150 ms make rounds time out, TCs form and
 * certified blocks get abandoned; leaders come by round-robin or by leader reputation.
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

  @Property(tries = 60, seed = "20")
  void noTwoValidatorsOrderDifferentBlocksAndTheChainGoesOnAfterTheFaults(
      @ForAll @IntRange(min = 4, max = 10) int validators,
      @ForAll long seed,
      @ForAll boolean orderVotes,
      @ForAll boolean leaderReputation,
      @ForAll boolean partition,
      @ForAll @IntRange(min = 1, max = 3000) int faultsEndMs) {
    SplittableRandom random = new SplittableRandom(seed);
    int f = (validators - 1) / 3;
    FaultWindow window = new FaultWindow(0, faultsEndMs * MS, 1, FaultWindow.NO_LAST_HEIGHT);
    List<FaultSpec> specs = new ArrayList<>();
    BitSet faulty = new BitSet();
    while (faulty.cardinality() < f) {
      faulty.set(random.nextInt(validators));
    }
    faulty.stream().forEach(v -> {
      FaultKind kind = KINDS.get(random.nextInt(KINDS.size()));
      specs.add(new FaultSpec(kind, new FaultTarget.Validators(List.of(v)), window,
          PARAMS.get(kind)));
    });
    if (partition) {
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
    JolteonWorld w = new JolteonWorld(validators).orderVotes(orderVotes).initialTimeoutMs(100);
    if (leaderReputation) {
      w.leaderReputation(new JolteonSettings.Reputation(1000, 10, 1, 10, 10, 1, 4, 10));
    }
    w.heights = 8;
    w.seed = seed;
    w.faults = specs.isEmpty() ? dev.tdsim.consensus.NodeFaults.NONE
        : JolteonWorld.faults(validators, specs.toArray(FaultSpec[]::new));
    // Each message its own delay, 1..150 ms, drawn in send order from the try's seed.
    w.delayMs = (from, to, m) -> 1 + random.nextInt(150);
    JolteonProtocol p = w.run();

    assertEquals(new BitSet(), p.conflictingHeights(), "no height ordered with two blocks");
    for (int h = 1; h <= w.heights; h++) {
      long block = p.decidedRound(h);
      assertTrue(block > 0, "height " + h + " is ordered; faults " + specs);
      assertTrue(h == 1 || block > p.decidedRound(h - 1), "heights follow rounds");
    }
    // Bounded: the rounds the faults cost (at most one per 100 ms of their window, the
    // shortest round timeout) plus, after them, a few rounds per height.
    long bound = faultsEndMs / 100 + 6L * w.heights + 20;
    assertTrue(p.decidedRound(w.heights) <= bound,
        "last height in round " + p.decidedRound(w.heights) + ", bound " + bound + "; " + specs);
  }
}
