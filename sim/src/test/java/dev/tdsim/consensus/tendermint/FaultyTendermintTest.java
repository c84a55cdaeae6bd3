package dev.tdsim.consensus.tendermint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.faults.ActiveFaults;
import dev.tdsim.faults.Committee;
import dev.tdsim.faults.FaultKind;
import dev.tdsim.faults.FaultKinds;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.FaultSpec;
import dev.tdsim.faults.FaultTarget;
import dev.tdsim.faults.FaultWindow;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The exact model with silent, crashed and equivocating validators. */
class FaultyTendermintTest {
  private static final long S = 1_000_000_000L;

  private static ActiveFaults faults(int validators, FaultSpec... specs) {
    return new ActiveFaults(FaultPlan.resolve(List.of(specs), Committee.equal(validators)));
  }

  private static FaultSpec fault(FaultKind kind, FaultWindow w, Map<String, Object> params,
      Integer... ids) {
    return new FaultSpec(kind, new FaultTarget.Validators(List.of(ids)), w, params);
  }

  @Test
  void aSilentProposerCostsItsHeightsARound() {
    Harness h = new Harness(4);
    h.heights = 8;
    h.faults = faults(4, FaultSpec.of(FaultKinds.SILENT_PROPOSER,
        new FaultTarget.Validators(List.of(2))));
    h.run();
    int silentHeights = 0;
    for (int height = 1; height <= h.heights; height++) {
      boolean silent = h.protocol.proposer(height, 0) == 2;
      silentHeights += silent ? 1 : 0;
      List<Harness.Commit> commits = h.commitsOf(height);
      assertEquals(4, commits.size(), "height " + height);
      for (Harness.Commit c : commits) {
        assertEquals(silent ? 1 : 0, c.round(), "height " + height + " " + c);
      }
    }
    assertTrue(silentHeights >= 1, "validator 2 never was a round-0 proposer");
  }

  @Test
  void aCrashedValidatorNeitherVotesNorCommitsAndRejoinsAfterRecovery() {
    Harness down = new Harness(4);
    down.heights = 4;
    down.faults = faults(4, FaultSpec.of(FaultKinds.CRASH, new FaultTarget.Validators(List.of(3))));
    down.run();
    for (int height = 1; height <= 4; height++) {
      assertEquals(List.of(0, 1, 2),
          down.commitsOf(height).stream().map(Harness.Commit::validator).sorted().toList());
    }
    assertTrue(down.sent.stream().noneMatch(m -> m instanceof Vote v && v.voter() == 3));

    Harness back = new Harness(4);
    back.heights = 12;
    back.faults = faults(4, fault(FaultKinds.CRASH,
        new FaultWindow(0, 5 * S, 1, Integer.MAX_VALUE), Map.of(), 3));
    back.run();
    assertEquals(3, back.commitsOf(1).size());
    assertEquals(4, back.commitsOf(12).size(), "validator 3 is back and commits again");
    assertTrue(back.commitsOf(12).stream().allMatch(c -> c.atNanos() > 5 * S));
  }

  @Test
  void twoCrashedOfFourHaltTheChainUntilOneRecovers() {
    Harness h = new Harness(4);
    h.heights = 3;
    h.faults = faults(4, fault(FaultKinds.CRASH, new FaultWindow(0, 30 * S, 1,
        Integer.MAX_VALUE), Map.of(), 2, 3));
    h.run();
    // quorum of 4 is 3: nothing commits before validators 2 and 3 are back at 30 s
    assertTrue(h.firstCommitNanos(1) >= 30 * S, "committed at " + h.firstCommitNanos(1));
    assertEquals(4, h.commitsOf(3).size());
  }

  @Test
  void equivocatorsAreCaughtAndNoHeightCommitsTwoBlocks() {
    for (int seed = 1; seed <= 6; seed++) {
      Harness h = new Harness(7);
      h.heights = 10;
      SplittableRandom rnd = new SplittableRandom(seed);
      long[][] ms = new long[7][7];
      for (long[] row : ms) {
        for (int j = 0; j < row.length; j++) {
          row[j] = 1 + rnd.nextInt(40);
        }
      }
      h.links(ms);
      // 2 of 7 (below a third): as proposers they split the network, as voters they vote twice
      ActiveFaults faults = faults(7, fault(FaultKinds.EQUIVOCATE, FaultWindow.ALWAYS,
          Map.of("role", "both"), 1, 4));
      h.faults = faults;
      h.run();
      for (int height = 1; height <= h.heights; height++) {
        assertEquals(7, h.commitsOf(height).size(), "seed " + seed + " height " + height);
      }
      assertEquals(List.of(), faults.conflictingCommits(), "seed " + seed);
      assertEquals(List.of(1, 4), faults.equivocators(), "seed " + seed);
      assertTrue(faults.evidenceDetections() > 0);
      assertTrue(h.sent.stream().anyMatch(m -> m instanceof Forked f
          && f.first() instanceof Proposal), "no conflicting proposal was sent");
    }
  }

  /** Every message takes 1 to 40 ms, drawn per message from {@code seed} (jitter). */
  private static void jitter(Harness h, int seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    h.delayMs = (from, to, m) -> 1 + rnd.nextInt(40);
  }

  @Test
  void aSplitVoteCoalitionAboveAThirdForksItsHeightUnderJitter() {
    for (int seed = 1; seed <= 6; seed++) {
      Harness h = new Harness(7);
      h.heights = 6;
      jitter(h, seed);
      // 3 of 7 (43%) attack height 3: sides {0, 2} and {3, 5} each reach 5 of 7 with them
      ActiveFaults faults = faults(7, fault(FaultKinds.SPLIT_VOTE,
          new FaultWindow(0, FaultWindow.FOREVER_NANOS, 3, 4), Map.of(), 1, 4, 6));
      h.faults = faults;
      h.onCommit = faults::committed;
      h.run();
      assertEquals(List.of(3), faults.conflictingCommits(), "seed " + seed);
      for (int height = 1; height <= h.heights; height++) {
        assertEquals(7, h.commitsOf(height).size(), "seed " + seed + " height " + height);
      }
      // each side committed its own block at height 3, with the coalition's precommits
      for (Harness.Commit c : h.commitsOf(3)) {
        assertTrue(c.signers().containsAll(List.of(1, 4, 6)), "seed " + seed + " " + c);
      }
      assertTrue(h.sent.stream().anyMatch(m -> m instanceof Forked f
          && f.first() instanceof Proposal), "no split proposal was sent");
    }
  }

  @Test
  void aSplitVoteCoalitionOfAThirdOrLessNeverForksAndTheChainStaysLive() {
    // 2 of 7 (29%), 2 of 6 (exactly a third: two quorums above 2/3 still share an honest
    // validator) and 1 of 4, attacking every height
    int[][] cases = {{7, 1, 4}, {6, 0, 5}, {4, 2}};
    for (int[] c : cases) {
      Integer[] coalition = java.util.Arrays.stream(c, 1, c.length).boxed()
          .toArray(Integer[]::new);
      for (int seed = 1; seed <= 4; seed++) {
        Harness h = new Harness(c[0]);
        h.heights = 8;
        jitter(h, seed);
        ActiveFaults faults = faults(c[0],
            fault(FaultKinds.SPLIT_VOTE, FaultWindow.ALWAYS, Map.of(), coalition));
        h.faults = faults;
        h.run();
        String what = c[0] + " validators, seed " + seed;
        assertEquals(List.of(), faults.conflictingCommits(), what);
        for (int height = 1; height <= h.heights; height++) {
          assertEquals(c[0], h.commitsOf(height).size(), what + " height " + height);
        }
        assertTrue(h.sent.stream().anyMatch(m -> m instanceof Forked), what + ": no attack");
        // the side left behind adopts the others' commit; the coalition's two precommits that
        // meet there are evidence against the coalition alone
        assertFalse(faults.equivocators().isEmpty(), what);
        assertTrue(List.of(coalition).containsAll(faults.equivocators()), what);
      }
    }
  }

  @Test
  void aSecondBlockCommittedAtAHeightIsReportedAsASafetyViolation() {
    Harness h = new Harness(4);
    ActiveFaults faults = faults(4, FaultSpec.of(FaultKinds.CRASH,
        new FaultTarget.Validators(List.of())));
    h.faults = faults;
    TendermintProtocol p = (TendermintProtocol) h.build();
    p.decided(1, 0, 0);
    p.decided(1, 0, 0);
    assertEquals(List.of(), faults.conflictingCommits());
    p.decided(1, 1, 1);
    assertEquals(List.of(1), faults.conflictingCommits());
    p.decided(1, 1, 1); // a height that forked is reported once, however many commit it
    assertEquals(List.of(1), faults.conflictingCommits());
  }

  @Test
  void conflictingVotesAreCountedOnceAndReportedAsEvidence() {
    RoundState rs = new RoundState();
    rs.trackVoters(4);
    assertEquals(RoundState.COUNTED, rs.add(new Vote(Vote.Type.PREVOTE, 1, 0, 2, true, 64, 0), 1));
    assertEquals(RoundState.DUPLICATE,
        rs.add(new Vote(Vote.Type.PREVOTE, 1, 0, 2, true, 64, 0), 1));
    assertEquals(RoundState.CONFLICTING,
        rs.add(new Vote(Vote.Type.PREVOTE, 1, 0, 2, true, 64, 1), 1));
    assertEquals(RoundState.CONFLICTING,
        rs.add(new Vote(Vote.Type.PREVOTE, 1, 0, 2, false, 64, 0), 1));
    assertEquals(RoundState.COUNTED,
        rs.add(new Vote(Vote.Type.PRECOMMIT, 1, 0, 2, true, 64, 1), 1));
    assertEquals(1, rs.prevoteFor[0]);
    assertEquals(0, rs.prevoteFor[1]);
    assertEquals(1, rs.prevoteAny);
    assertEquals(1, rs.precommitFor[1]);
  }
}
