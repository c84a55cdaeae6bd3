package dev.tdsim.consensus.tendermint;

import static dev.tdsim.consensus.tendermint.Harness.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.NodeCosts;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tendermint's rules as CometBFT runs them, each on a small world with known delays. */
class TendermintProtocolTest {

  @Test
  void happyPathCommitsAfterThreeMessageDelays() {
    Harness w = new Harness(4);
    w.run();
    // proposal + part (10 ms) -> prevotes (10 ms) -> precommits (10 ms): everyone commits at
    // 30 ms (the proposer prevotes at once, but its quorums need the others' votes too).
    assertEquals(4, w.commitsOf(1).size());
    assertTrue(w.commitsOf(1).stream().allMatch(c -> c.atNanos() == 30 * MS),
        w.commits.toString());
    assertEquals(3, w.commits.stream().mapToInt(Harness.Commit::height).max().orElseThrow());
    assertEquals(0, w.protocol.stats().maxRound());
    assertEquals(0, w.protocol.stats().extraRounds());
  }

  @Test
  void validatorsAtDifferentDistancesCommitAtTheirOwnTimes() {
    Harness w = new Harness(4);
    w.heights = 1;
    // validator 3 is far from everyone (40 ms each way); the others are 10 ms apart
    w.delayMs = (from, to, m) -> from == 3 || to == 3 ? 40 : 10;
    w.run();
    int proposer = w.protocol.proposer(1, 0);
    assertTrue(proposer != 3, "this test assumes a near proposer");
    // the three near validators hold 3/4 > 2/3 among themselves: they never wait for 3
    for (Harness.Commit c : w.commitsOf(1)) {
      long expected = c.validator() == 3 ? 60 * MS : 30 * MS;
      assertEquals(expected, c.atNanos(), "validator " + c.validator());
    }
  }

  @Test
  void aMuteProposerCostsTheProposeTimeoutAndARound() {
    Harness w = new Harness(4);
    w.heights = 1;
    int mute = new Harness(4).build().proposer(1, 0);
    w.drop = (from, to, m) -> from == mute && m instanceof Proposal;
    w.run();
    // Round 0: nobody gets a proposal; after the 3 s propose timeout all prevote nil; +2/3 nil
    // prevotes (a nil polka) make everyone precommit nil at once, as CometBFT's enterPrecommit
    // does (no prevote timeout), then the 1 s precommit timeout. Round 1: the next proposer's
    // block commits.
    assertEquals(1, w.protocol.stats().maxRound());
    assertTrue(w.commitsOf(1).stream().allMatch(c -> c.round() == 1));
    // 3 s propose + 10 ms prevotes + 10 ms precommits + 1 s precommit timeout
    long round1 = (3000 + 10 + 10 + 1000) * MS;
    assertEquals(round1 + 30 * MS, w.firstCommitNanos(1));
  }

  @Test
  void timeoutsGrowByTheirOwnStepDelta() {
    TendermintSettings s = new TendermintSettings(100 * MS, 1000 * MS, 50 * MS, 7 * MS, 50 * MS,
        3 * MS, 0, false, 65536, 0, dev.tdsim.consensus.tendermint.SimulationMode.EXACT, 1000);
    assertEquals(100 * MS, s.proposeNanos(0));
    assertEquals(2100 * MS, s.proposeNanos(2));
    assertEquals(64 * MS, s.prevoteNanos(2));
    assertEquals(56 * MS, s.precommitNanos(2));
    // and the protocol waits for them: two mute proposers in a row cost round 0 and round 1
    // (their +2/3 nil prevotes are nil polkas, which precommit at once: no prevote timeout runs)
    Harness w = new Harness(4);
    w.heights = 1;
    w.settings = s;
    Harness probe = new Harness(4);
    probe.settings = s;
    probe.build();
    int p0 = probe.protocol.proposer(1, 0);
    int p1 = probe.protocol.proposer(1, 1);
    w.drop = (from, to, m) -> m instanceof Proposal p && p.round() < 2
        && (from == p0 || from == p1);
    w.run();
    assertEquals(2, w.protocol.stats().maxRound());
    long round0 = (100 + 10 + 10 + 50) * MS;
    long round1 = (1100 + 10 + 10 + 53) * MS;
    assertEquals(round0 + round1 + 30 * MS, w.firstCommitNanos(1), "propose delta 1000 ms,"
        + " prevote delta 7 ms, precommit delta 3 ms");
  }

  @Test
  void timeoutCommitPausesBeforeTheNextHeight() {
    Harness w = new Harness(4);
    w.heights = 2;
    w.settings = Harness.with(TendermintSettings.cometBftDefaults(), 1000 * MS, false, 65536);
    w.run();
    // height 2 starts 1 s after each validator's commit of height 1 (30 ms), so its first commit
    // is 1 s + 30 ms after that.
    int p2 = w.protocol.proposer(2, 0);
    long p2Commit1 = w.commitsOf(1).stream().filter(c -> c.validator() == p2).findFirst()
        .orElseThrow().atNanos();
    assertEquals(p2Commit1 + 1000 * MS + 30 * MS, w.firstCommitNanos(2));
  }

  @Test
  void skipTimeoutCommitStartsOnceEveryPrecommitIsIn() {
    Harness w = new Harness(4);
    w.heights = 2;
    w.settings = Harness.with(TendermintSettings.cometBftDefaults(), 1000 * MS, true, 65536);
    w.run();
    // all 4 precommits reach everyone by 30 ms: nobody waits the 1 s pause
    assertTrue(w.firstCommitNanos(2) < 100 * MS, "height 2 at " + w.firstCommitNanos(2));
    Harness slow = new Harness(4);
    slow.heights = 2;
    slow.settings = w.settings;
    // one validator's precommits never arrive: the others keep the 1 s pause
    slow.drop = (from, to, m) -> from == 3 && m instanceof Vote v
        && v.type() == Vote.Type.PRECOMMIT;
    slow.run();
    assertTrue(slow.firstCommitNanos(2) > 1000 * MS, "height 2 at " + slow.firstCommitNanos(2));
  }

  @Test
  void aBlockTravelsInPartsAndIsVotedOnlyWhenAllAreIn() {
    Harness w = new Harness(4);
    w.heights = 1;
    w.blockBytes = 200_000;
    w.settings = Harness.with(TendermintSettings.cometBftDefaults(), 0, false, 65536);
    w.run();
    long parts = w.sent.stream().filter(m -> m instanceof BlockPart).count();
    assertEquals(4, parts, "200000 B in 64 KiB parts");
    assertEquals(200_000, w.sent.stream().filter(m -> m instanceof BlockPart)
        .mapToLong(m -> ((BlockPart) m).bytes()).sum());
    // a part lost on the way from the proposer to one validator is repaired by a peer that has
    // the block (CometBFT's peers send the parts a peer lacks): it still commits in round 0
    Harness lost = new Harness(4);
    lost.heights = 1;
    lost.blockBytes = 200_000;
    lost.drop = (from, to, m) -> to == 3 && m instanceof BlockPart b && b.index() == 2
        && from == lost.protocol.proposer(1, 0);
    lost.run();
    assertTrue(lost.commitsOf(1).stream().allMatch(c -> c.round() == 0), lost.commits.toString());
    assertEquals(4, lost.commitsOf(1).size());
  }

  @Test
  void aBlockIsCommittedOnAnEarlierRoundsPrecommitsOnceItArrives() {
    // Validator 3's link carries votes in 10 ms but block parts in 1500 ms. In round 0 it sees
    // +2/3 prevotes and precommits for a block it does not have: it precommits nil, waits its
    // precommit timeout and moves to round 1; when round 0's block arrives it commits it on
    // round 0's precommits, from round 1.
    Harness w = new Harness(4);
    w.heights = 1;
    w.delayMs = (from, to, m) -> to == 3 && m instanceof BlockPart ? 1500 : 10;
    w.run();
    Harness.Commit c3 = w.commitsOf(1).stream().filter(c -> c.validator() == 3).findFirst()
        .orElseThrow();
    assertEquals(0, c3.round(), "decided by round 0's precommits");
    assertEquals(1500 * MS, c3.atNanos());
    assertTrue(w.protocol.stats().maxRound() >= 1, "3 had moved on to round 1");
    assertTrue(w.commitsOf(1).stream().filter(c -> c.validator() != 3)
        .allMatch(c -> c.atNanos() <= 30 * MS));
  }

  @Test
  void signatureVerificationQueuesOnEachValidatorsCpu() {
    Harness free = new Harness(7);
    free.heights = 1;
    free.run();
    Harness paid = new Harness(7);
    paid.heights = 1;
    paid.costs = new NodeCosts(0, 2 * MS, 0, 0, 0, 0, 0, 64);
    paid.run();
    // each validator verifies the proposal and then the other validators' prevotes and
    // precommits it needs for its quorums (4 of 6 others... at 2 ms each) one after another
    long extra = paid.firstCommitNanos(1) - free.firstCommitNanos(1);
    assertTrue(extra >= 2 * 2 * 4 * MS, "extra " + extra / 1e6 + " ms");
    Harness.Commit c = paid.commitsOf(1).get(0);
    assertTrue(c.costs().signatureNanos() >= 8 * 2 * MS, c.toString());
  }

  @Test
  void proposalValidationDelaysThePrevote() {
    Harness w = new Harness(4);
    w.heights = 1;
    w.validationNanos = 50 * MS;
    w.run();
    // validators other than the proposer validate 50 ms before prevoting; quorums need them
    assertEquals(30 * MS + 50 * MS, w.firstCommitNanos(1));
    assertTrue(w.commitsOf(1).stream().anyMatch(c -> c.costs().validationNanos() == 50 * MS));
  }

  @Test
  void roundKeysOfDifferentHeightsNeverCollide() {
    assertTrue(Rotation.key(1, 0) != Rotation.key(2, 0));
    assertTrue(Rotation.key(1, 1 << 20) != Rotation.key(2, 0));
    assertEquals(List.of(1, 2), List.of((int) (Rotation.key(1, 5) >>> 32),
        (int) (Rotation.key(2, 5) >>> 32)));
  }

  /**
   * CometBFT advances the proposer priority once per committed height and takes round r's proposer
   * from a copy r steps on: the round-0 proposer of h + 1 is the round-1 proposer of h, however
   * many rounds h took (it once took the rotation's next step per (height, round) reached, so
   * adjacent crashed proposers cost half the rounds they do). In a run: ExactModelTimingTest.
   */
  @Test
  void extraRoundsAtOneHeightDoNotShiftTheNextHeightsProposers() {
    for (long[] stake : new long[][] {{1, 1, 1, 1}, {1, 2, 5, 3}}) {
      Rotation asked = new Rotation(stake);
      Rotation fresh = new Rotation(stake);
      for (int r = 0; r < 7; r++) {
        asked.proposer(3, r); // a height that needed seven rounds, asked first
      }
      for (int h = 1; h <= 20; h++) {
        assertEquals(fresh.proposer(h + 1, 0), asked.proposer(h, 1), "height " + h);
        assertEquals(fresh.proposer(h + 2, 0), asked.proposer(h, 2), "height " + h);
      }
    }
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
