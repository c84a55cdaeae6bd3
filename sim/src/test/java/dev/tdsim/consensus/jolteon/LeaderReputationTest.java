package dev.tdsim.consensus.jolteon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.Block;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** Aptos' leader reputation: weights from the ordered chain, a crashed leader dropped. */
class LeaderReputationTest {
  private static final JolteonSettings.Reputation APTOS =
      JolteonSettings.Reputation.aptosDefaults();

  private static JBlock block(JBlock parent, long round, int proposer, List<Integer> voters) {
    return new JBlock(round, parent.height() + 1, parent, proposer, new Block(1, 0, 1), voters);
  }

  @Test
  void proposersAndVotersAreActiveAFailedLeaderFailedAndTheRestInactive() {
    // 5 validators, stake 1 except 4 (2). Blocks of rounds 1, 2 and 4: round 3's leader failed.
    List<JBlock> chain = new ArrayList<>();
    JBlock b1 = block(JBlock.GENESIS, 1, 0, List.of());
    JBlock b2 = block(b1, 2, 1, List.of(0, 1, 2));
    JBlock b4 = block(b2, 4, 0, List.of(0, 1, 2));
    chain.addAll(List.of(b1, b2, b4));
    LeaderReputation election = new LeaderReputation(APTOS, new long[] {1, 1, 1, 1, 2}, 7, chain);
    election.leadersFrom(r -> r == 3 ? 3 : 0);
    // 0 and 1 proposed, 2 voted: 1000; 3 failed its only round: 1; 4 did nothing: 10 x stake 2.
    assertArrayEquals(new long[] {1000, 1000, 1000, 1, 20}, election.weights(4));
    // Up to round 2 only: 3's failure is not in the window yet, nor 2's votes in block 4.
    assertArrayEquals(new long[] {1000, 1000, 1000, 10, 20}, election.weights(3));
  }

  @Test
  void aCrashedValidatorIsNotChosenOnceTheWindowSeesItFail() {
    JolteonSettings.Reputation quick = new JolteonSettings.Reputation(1000, 10, 1, 10, 10, 1,
        2, 10);
    JolteonWorld w = new JolteonWorld(8).initialTimeoutMs(100).leaderReputation(quick);
    w.heights = 60;
    w.faults = JolteonWorld.faults(8, List.of(3), List.of());
    JolteonProtocol p = w.run();
    List<Long> failed = p.timedOutRounds();
    assertTrue(!failed.isEmpty() && p.leaderOf(failed.get(0)) == 3,
        "3 leads a round and fails it: " + failed);
    long seen = failed.get(0) + 1 + quick.excludeRound();
    long last = p.decidedRound(w.heights);
    assertTrue(last > seen + 20, "enough rounds after " + seen + ": " + last);
    assertEquals(List.of(), LongStream.rangeClosed(seen + 1, last)
        .filter(r -> p.leaderOf(r) == 3).boxed().toList(), "rounds 3 leads after " + seen);
    assertTrue(failed.get(failed.size() - 1) <= seen, "no round fails after: " + failed);
    assertEquals(w.heights, LongStream.rangeClosed(1, w.heights)
        .filter(h -> p.decidedRound((int) h) > 0).count());
  }

  @Test
  void theLeadersAreTheSameForTheSameSeedAndDifferForAnother() {
    assertEquals(leaders(1), leaders(1));
    assertNotEquals(leaders(1), leaders(2));
  }

  private static List<Integer> leaders(long seed) {
    JolteonWorld w = new JolteonWorld(8).initialTimeoutMs(100)
        .leaderReputation(new JolteonSettings.Reputation(1000, 10, 1, 10, 10, 1, 2, 10));
    w.seed = seed;
    w.heights = 20;
    JolteonProtocol p = w.run();
    return LongStream.rangeClosed(1, 20).mapToObj(p::leaderOf).toList();
  }
}
