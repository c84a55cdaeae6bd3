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

  /**
   * Aptos' chain health backoff: the entry with the smallest threshold at or above the
   * participation's whole percent (so 80% backs off, 81% does not).
   */
  @Test
  void theChainHealthTableIsAptos() {
    assertEquals(0, ChainHealth.delayNanos(1.0));
    assertEquals(0, ChainHealth.delayNanos(0.81));
    assertEquals(150 * JolteonSettings.MS, ChainHealth.delayNanos(0.8099));
    assertEquals(150 * JolteonSettings.MS, ChainHealth.delayNanos(0.79));
    assertEquals(300 * JolteonSettings.MS, ChainHealth.delayNanos(0.7899));
    assertEquals(300 * JolteonSettings.MS, ChainHealth.delayNanos(0.75));
    assertEquals(300 * JolteonSettings.MS, ChainHealth.delayNanos(0.5));
  }

  /**
   * Participation counts the proposers and parent-QC signers of the newest 100 ordered blocks up
   * to round - exclude_round, by stake, and is full while fewer blocks are ordered.
   */
  @Test
  void participationIsTheStakeThatProposedOrVotedInTheNewestHundredBlocks() {
    List<JBlock> chain = new ArrayList<>();
    JBlock parent = JBlock.GENESIS;
    // 5 validators (4 has stake 2): 0 and 1 propose in turn, 2 votes, 3 and 4 never take part;
    // the first block's parent QC is also signed by 3, once, 150 blocks ago.
    for (int r = 1; r <= 150; r++) {
      parent = block(parent, r, r % 2, r == 1 ? List.of(2, 3) : List.of(0, 1, 2));
      chain.add(parent);
    }
    LeaderReputation election = new LeaderReputation(APTOS, new long[] {1, 1, 1, 1, 2}, 7, chain);
    long exclude = APTOS.excludeRound();
    assertEquals(1.0, election.participation(99 + exclude), "99 blocks: no history to judge");
    assertEquals(4.0 / 6, election.participation(100 + exclude), 1e-12, "3 took part once");
    assertEquals(3.0 / 6, election.participation(150 + exclude), 1e-12);
  }

  /**
   * A chain with a quarter of its stake crashed runs at Aptos' pace once 100 blocks are ordered:
   * every leader waits out 300 ms (participation 75%) before proposing; round-robin reports full
   * participation and never waits.
   */
  @Test
  void aQuarterOfTheStakeCrashedBacksOffEveryProposalOnceTheWindowIsFull() {
    JolteonWorld w = new JolteonWorld(8).leaderReputation(APTOS);
    w.heights = 200;
    w.faults = JolteonWorld.faults(8, List.of(6, 7), List.of());
    JolteonProtocol p = w.run();
    String note = p.stats().notes().get(0);
    assertTrue(note.contains("chain health backoff"), note);
    // heights 181-200 all come after the window filled: each round holds the 300 ms wait
    long late = (w.firstOrderNanos(200) - w.firstOrderNanos(180)) / 20;
    JolteonWorld rr = new JolteonWorld(8);
    rr.heights = 200;
    rr.faults = JolteonWorld.faults(8, List.of(6, 7), List.of());
    JolteonProtocol q = rr.run();
    assertTrue(!q.stats().notes().get(0).contains("chain health backoff"));
    assertTrue(late >= 300 * JolteonSettings.MS, "mean interval " + late / 1e6 + " ms");
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
