package dev.tdsim.consensus.tendermint;

import static dev.tdsim.consensus.tendermint.Harness.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.consensus.ProcessingTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exact model with validators that do not move in lock-step (per-link delays and losses):
 * who commits when, in which round, with whose precommits, and what each validator's CPU was
 * charged. Every expected time is worked out in the test from the link delays and the costs.
 */
class ExactModelTimingTest {

  private static Harness.Commit commitOf(Harness w, int validator, int height) {
    return w.commitsOf(height).stream().filter(c -> c.validator() == validator).findFirst()
        .orElseThrow(() -> new AssertionError(validator + " did not commit " + height + ": "
            + w.commits));
  }

  private static int proposer(int validators, int height, int round) {
    return new Harness(validators).build().proposer(height, round);
  }

  @Test
  void aLaggingValidatorKeepsTheNextHeightsEarlyProposalAndVotes() {
    // Height 1's block part reaches validator 3 only after 300 ms (votes take 10 ms): the others
    // commit height 1 at 30 ms and height 2 at 60 ms; height 2's proposal, part and votes reach 3
    // at 40-60 ms while it is still at height 1. It keeps them, and when height 1's block arrives
    // at 300 ms it commits height 1 and then height 2 at once, from what it already holds.
    Harness w = new Harness(4);
    w.heights = 2;
    w.delayMs = (from, to, m) -> to == 3 && m instanceof BlockPart b && b.height() == 1 ? 300 : 10;
    w.run();
    assertEquals(1, w.protocol.proposer(2, 0), "rotation with equal stake: 0, 1, ...");
    for (int v = 0; v < 3; v++) {
      assertEquals(30 * MS, commitOf(w, v, 1).atNanos(), "validator " + v);
      assertEquals(60 * MS, commitOf(w, v, 2).atNanos(), "validator " + v);
    }
    assertEquals(300 * MS, commitOf(w, 3, 1).atNanos());
    assertEquals(0, commitOf(w, 3, 1).round());
    assertEquals(300 * MS, commitOf(w, 3, 2).atNanos());
    assertEquals(0, commitOf(w, 3, 2).round());
    assertEquals(0, w.protocol.stats().extraRounds());
  }

  @Test
  void skipTimeoutCommitWaitsForTheLastPrecommitOfTheHeight() {
    // Validator 3's precommits take 200 ms, everything else 10 ms. All commit height 1 at 30 ms;
    // 3 holds every precommit at 30 ms and starts height 2 at once, the others when 3's
    // precommit arrives (220 ms) instead of after the 1 s commit pause. Height 2's proposer (1)
    // proposes at 220 ms: commits at 250 ms.
    Harness w = new Harness(4);
    w.heights = 2;
    w.settings = Harness.with(TendermintSettings.cometBftDefaults(), 1000 * MS, true, 65536);
    w.delayMs = (from, to, m) -> from == 3 && m instanceof Vote v
        && v.type() == Vote.Type.PRECOMMIT ? 200 : 10;
    w.run();
    assertEquals(1, w.protocol.proposer(2, 0));
    for (int v = 0; v < 4; v++) {
      assertEquals(30 * MS, commitOf(w, v, 1).atNanos(), "height 1, validator " + v);
      assertEquals(250 * MS, commitOf(w, v, 2).atNanos(), "height 2, validator " + v);
    }
  }

  @Test
  void withoutSkipTheCommitPauseCountsFromTheCommitTime() {
    // the same links without skip_timeout_commit: everyone starts height 2 at 30 ms + 1 s
    Harness w = new Harness(4);
    w.heights = 2;
    w.settings = Harness.with(TendermintSettings.cometBftDefaults(), 1000 * MS, false, 65536);
    w.delayMs = (from, to, m) -> from == 3 && m instanceof Vote v
        && v.type() == Vote.Type.PRECOMMIT ? 200 : 10;
    w.run();
    for (int v = 0; v < 4; v++) {
      assertEquals(1060 * MS, commitOf(w, v, 2).atNanos(), "height 2, validator " + v);
    }
  }

  @Test
  void aValidatorBehindInRoundsCommitsTheHigherRoundsBlockWithTheOthers() {
    // Round 0's proposal is lost (its proposer 0 alone has it and prevotes the block); round 0's
    // votes take 2 s to reach validator 3, everything else 10 ms. Validators 0-2: nil prevotes at
    // the 3 s propose timeout, +2/3 at 3010 (a nil polka: nil precommits at once), +2/3 nil
    // precommits at 3020, the 1 s precommit timeout: round 1 at 4020, whose proposer's block
    // commits at 4050. Validator 3, still in round 0 (its own timeouts would take it to round 1
    // at 6010), holds round 1's block from 4030 and +2/3 of its precommits at 4050: it commits
    // then, with the others (a commit needs +2/3 precommits of any round; the round skip itself
    // matters in aRoundSkipBringsInTheVoteTheHigherRoundLacks).
    int p0 = proposer(4, 1, 0);
    Harness w = new Harness(4);
    w.heights = 1;
    w.drop = (from, to, m) -> from == p0 && m instanceof Proposal p && p.round() == 0;
    w.delayMs = (from, to, m) -> to == 3 && m instanceof Vote v && v.round() == 0 ? 2000 : 10;
    w.run();
    assertNotEquals(3, w.protocol.proposer(1, 1));
    assertEquals(1, w.protocol.stats().maxRound());
    assertEquals(1, w.protocol.stats().extraRounds());
    for (int v = 0; v < 4; v++) {
      Harness.Commit c = commitOf(w, v, 1);
      assertEquals(1, c.round(), "validator " + v);
      assertEquals(4050 * MS, c.atNanos(), "validator " + v);
    }
  }

  @Test
  void aMissingPartIsRepairedByAPeerOtherThanTheProposer() {
    // Every block part from the proposer to validator 3 is lost, also when resent. At 20 ms 3
    // holds +2/3 block prevotes (the proposer's, then 1's and 2's): it asks a voter other than
    // the proposer, whose proposal and part arrive at 30 ms with the precommits: 3 commits at 30.
    int p = proposer(4, 1, 0);
    Harness w = new Harness(4);
    w.heights = 1;
    w.drop = (from, to, m) -> from == p && to == 3 && m instanceof BlockPart;
    w.run();
    for (int v = 0; v < 4; v++) {
      assertEquals(30 * MS, commitOf(w, v, 1).atNanos(), "validator " + v);
      assertEquals(0, commitOf(w, v, 1).round());
    }
    // 3 was still in the propose step (it waits for its block or its timeout before voting, as
    // CometBFT does) when the precommits and the repaired block let it commit, so it never
    // voted: 8 broadcasts to 4 validators, and one repair (a proposal and one part)
    assertEquals(8 * 4 + 2, w.protocol.stats().messages());
  }

  @Test
  void precommitSignersAreListedInTheirArrivalOrder() {
    // precommits to validator 2 arrive from 1 after 11 ms, from 3 after 12 ms, from 0 after 15
    Harness w = new Harness(4);
    w.heights = 1;
    w.delayMs = (from, to, m) -> {
      if (to == 2 && m instanceof Vote v && v.type() == Vote.Type.PRECOMMIT) {
        return from == 1 ? 11 : from == 3 ? 12 : 15;
      }
      return 10;
    };
    w.run();
    Harness.Commit c2 = commitOf(w, 2, 1);
    // own precommit at 20 ms, 1's at 31, 3's at 32: the quorum of 3
    assertEquals(List.of(2, 1, 3), c2.signers());
    assertEquals(32 * MS, c2.atNanos());
    assertEquals(10 * 4, w.protocol.stats().messages(), "10 broadcasts to 4 validators");
  }

  @Test
  void aLargeQuorumListsEverySigner() {
    // 13 validators: a quorum of 9 precommits, more than the signer list's first capacity (8)
    Harness w = new Harness(13);
    w.heights = 1;
    w.delayMs = (from, to, m) -> m instanceof Vote v && v.type() == Vote.Type.PRECOMMIT
        ? 10 + from : 10;
    w.run();
    Harness.Commit c = commitOf(w, 12, 1);
    // own precommit first, then the others by their link delay (10 + sender ms)
    assertEquals(List.of(12, 0, 1, 2, 3, 4, 5, 6, 7), c.signers());
    assertEquals((20 + 10 + 7) * MS, c.atNanos());
  }

  @Test
  void aBurstOfVotesIsVerifiedOneAfterAnotherInArrivalOrder() {
    // 25 validators, 1 ms per signature check, a quorum of 17. Non-proposers verify the proposal
    // (10-11 ms) and prevote at 11, their own work going ahead of the proposer's prevote that
    // waits (checked 11-12), as CometBFT prevotes inside the handler that completed the proposal.
    // At 21 the 23 other non-proposers' prevotes arrive together and are checked one a
    // millisecond: with the own and the proposer's, the quorum stands at 36 (the proposer's, own
    // plus 16 of 24 arrived at 21, at 37), and each precommits at once, ahead of the 8 prevotes
    // still queued (it used to wait for them: 45 ms). The precommits arrive at 46 (the proposer's
    // at 47), behind those 8 (36-44 here; 37-45 at the proposer): 16 more than the own one are
    // checked by 62 ms, when everyone commits (71 when own work queued behind the messages).
    Harness w = new Harness(25);
    w.heights = 1;
    w.costs = new NodeCosts(0, MS, 0, 0, 0, 0, 0, 64);
    w.run();
    assertEquals(25, w.commitsOf(1).size());
    for (Harness.Commit c : w.commitsOf(1)) {
      assertEquals(62 * MS, c.atNanos(), "validator " + c.validator());
    }
  }

  @Test
  void walSyncsDelayEverySignedMessage() {
    // 4 ms of syncs before each signed message: the proposal leaves at 4, prevotes at 18 (the
    // proposer's at 8), precommits at 32, commits at 42.
    Harness w = new Harness(4);
    w.heights = 1;
    w.costs = new NodeCosts(0, 0, 0, 4 * MS, 0, 0, 0, 64);
    w.run();
    int p = w.protocol.proposer(1, 0);
    for (int v = 0; v < 4; v++) {
      Harness.Commit c = commitOf(w, v, 1);
      assertEquals(42 * MS, c.atNanos(), "validator " + v);
      // proposer: proposal, prevote, precommit; the others: their two votes
      assertEquals(new ProcessingTime(0, 0, (v == p ? 12 : 8) * MS), c.costs(), "validator " + v);
    }
  }

  @Test
  void signingDelaysEverySignedMessageAndCountsAsSignatureTime() {
    Harness w = new Harness(4);
    w.heights = 1;
    w.costs = new NodeCosts(4 * MS, 0, 0, 0, 0, 0, 0, 64);
    w.run();
    int p = w.protocol.proposer(1, 0);
    for (int v = 0; v < 4; v++) {
      Harness.Commit c = commitOf(w, v, 1);
      assertEquals(42 * MS, c.atNanos(), "validator " + v);
      assertEquals(new ProcessingTime(0, (v == p ? 12 : 8) * MS, 0), c.costs(), "validator " + v);
    }
  }

  @Test
  void eachOwnBlockPartIsSyncedBeforeTheProposalLeaves() {
    // 200000 B in 4 parts of 64 KiB, 5 ms of sync each: the proposal leaves at 20 ms
    Harness w = new Harness(4);
    w.heights = 1;
    w.blockBytes = 200_000;
    w.costs = new NodeCosts(0, 0, 0, 0, 5 * MS, 0, 0, 64);
    w.run();
    int p = w.protocol.proposer(1, 0);
    assertEquals(50 * MS, w.firstCommitNanos(1));
    assertEquals(20 * MS, commitOf(w, p, 1).costs().walNanos());
    assertEquals(0, commitOf(w, (p + 1) % 4, 1).costs().walNanos());
    // 1 proposal + 4 parts + 4 prevotes + 4 precommits, to 4 validators each
    assertEquals(13 * 4, w.protocol.stats().messages());
  }

  @Test
  void theBlockIsValidatedBeforeThePrevoteAndAgainBeforeThePrecommit() {
    // 3 ms of ValidateBlock (commit signatures) at every validator before its prevote and before
    // its precommit; the block's ciphertext checks (7 ms) only at validators that did not
    // propose it. Proposer: prevote at 3; others: prevote at 10 + 3 + 7 = 20; the quorums need
    // them: precommits at 30 + 3 = 33, commits at 43.
    Harness w = new Harness(4);
    w.heights = 1;
    w.validationNanos = 7 * MS;
    w.costs = new NodeCosts(0, 0, 3 * MS, 0, 0, 0, 0, 64);
    w.run();
    int p = w.protocol.proposer(1, 0);
    for (int v = 0; v < 4; v++) {
      Harness.Commit c = commitOf(w, v, 1);
      assertEquals(43 * MS, c.atNanos(), "validator " + v);
      assertEquals((v == p ? 6 : 13) * MS, c.costs().validationNanos(), "validator " + v);
    }
  }

  @Test
  void finalizingTheBlockAndTheCommitPauseOverlap() {
    // Finalizing takes 3 + 6 + 7 = 16 ms (ValidateBlock, EndHeight sync, execution). The next
    // height starts at CommitTime + timeout_commit, or when finalizing ends if that is later.
    long[] pauses = {0, 10, 30};
    long[] expectedStart = {16, 16, 30};
    for (int i = 0; i < pauses.length; i++) {
      Harness w = new Harness(4);
      w.heights = 2;
      w.settings = Harness.with(TendermintSettings.cometBftDefaults(), pauses[i] * MS, false,
          65536);
      w.costs = new NodeCosts(0, 0, 3 * MS, 0, 0, 6 * MS, 7 * MS, 64);
      w.run();
      // height 1 with 3 ms of validation before each vote (see above, no ciphertext checks):
      // prevotes at 3 (proposer) and 13, precommits at 26, commits at 36
      assertEquals(36 * MS, w.firstCommitNanos(1), "pause " + pauses[i]);
      // height 2 is the same 36 ms after its start
      assertEquals((36 + expectedStart[i] + 36) * MS, w.firstCommitNanos(2),
          "pause " + pauses[i]);
    }
  }

  @Test
  void commitTimeIsWhenThePrecommitsWereSeenEvenIfTheBlockCameLater() {
    // Validator 3 gets the block at 500 ms but +2/3 precommits at 30 ms: its next height starts
    // at 30 ms + timeout_commit (1 s), not 500 ms + 1 s. Everyone else starts height 2 at 1030.
    Harness w = new Harness(4);
    w.heights = 2;
    w.settings = Harness.with(TendermintSettings.cometBftDefaults(), 1000 * MS, false, 65536);
    w.delayMs = (from, to, m) -> to == 3 && m instanceof BlockPart b && b.height() == 1 ? 500 : 10;
    w.run();
    assertEquals(500 * MS, commitOf(w, 3, 1).atNanos());
    for (int v = 0; v < 4; v++) {
      assertEquals(1060 * MS, commitOf(w, v, 2).atNanos(), "validator " + v);
    }
  }

  @Test
  void heightsWithExtraRoundsDoNotShiftTheNextHeightsProposer() {
    // Height 1 needs a second round, whose proposer is the second in line; CometBFT takes round
    // r's proposer from a copy of the height's validator set, so height 2's first proposer is
    // the second in line too (it was once the third).
    int p0 = proposer(4, 1, 0);
    Harness w = new Harness(4);
    w.heights = 2;
    w.drop = (from, to, m) -> from == p0 && m instanceof Proposal p && p.height() == 1
        && p.round() == 0;
    w.run();
    List<Integer> order = new ArrayList<>();
    ProposerSelection s = new ProposerSelection(w.stake);
    for (int i = 0; i < 3; i++) {
      order.add(s.next());
    }
    assertEquals(order.get(0), w.protocol.proposer(1, 0));
    assertEquals(order.get(1), w.protocol.proposer(1, 1));
    assertEquals(order.get(1), w.protocol.proposer(2, 0));
    assertEquals(order.get(2), w.protocol.proposer(2, 1));
    assertEquals(1, commitOf(w, 0, 1).round());
    assertEquals(0, commitOf(w, 0, 2).round());
    assertEquals(1, w.protocol.stats().extraRounds());
    assertTrue(w.protocol.stats().notes().isEmpty());
    assertEquals("exact", w.protocol.stats().mode());
  }

  @Test
  void wireSizes() {
    assertEquals(100 + 96, new Vote(Vote.Type.PREVOTE, 1, 0, 0, true, 96).wireBytes());
    assertEquals(200, new Proposal(1, 0, 0, new dev.tdsim.consensus.Block(1, 1, 5000), 1)
        .wireBytes());
    assertEquals(5000 + 200, new BlockPart(1, 0, 0, 5000).wireBytes());
  }

  @Test
  void theRepairPeerMayBeValidatorZero() {
    // Height 2's proposer (1) loses every part to validator 3. At 3 the block voters arrive as
    // 1 (the proposer, at 40 ms), then 0 and 2 (50 ms): 3 asks 0, not the proposer, and
    // commits at 60 ms with everyone.
    Harness w = new Harness(4);
    w.heights = 2;
    w.drop = (from, to, m) -> from == 1 && to == 3 && m instanceof BlockPart b && b.height() == 2;
    w.run();
    assertEquals(1, w.protocol.proposer(2, 0));
    for (int v = 0; v < 4; v++) {
      assertEquals(60 * MS, commitOf(w, v, 2).atNanos(), "validator " + v);
    }
  }

  @Test
  void aValidatorInTheProposeStepWaitsForItsProposalBeforeItsPolkaPrecommit() {
    // Round 0: the proposal (validator 0) reaches only 3, so 1 and 2 prevote nil at 3 s and the
    // round fails (round 1 at 5020 ms everywhere). Validator 2's precommits are all lost, so
    // every precommit quorum needs 3's. Round 1's proposal and parts take 500 ms from its
    // proposer (1) to 3, the votes 10 ms: at 5040 3 holds +2/3 round-1 block prevotes and the
    // block (from round 0), but it is still in round 1's propose step, and CometBFT's addVote
    // precommits on a polka only from the prevote step on: 3 prevotes when the proposal is
    // complete (5520), then precommits the block and commits (0's and 1's precommits came at
    // 5040). 0 and 1 commit when 3's precommit reaches them (5530); 2, whose own precommit counts
    // for itself, at 5050. All in round 1; everyone committed at 5050 when tdsim precommitted
    // from the propose step.
    Harness w = new Harness(4);
    w.heights = 1;
    w.drop = (from, to, m) -> (from == 0 && (to == 1 || to == 2) && m instanceof Proposal p
        && p.round() == 0) || (from == 2 && m instanceof Vote v
        && v.type() == Vote.Type.PRECOMMIT);
    w.delayMs = (from, to, m) -> from == 1 && to == 3 && m.getClass() != Vote.class
        && ((TendermintMessage) m).round() == 1 ? 500 : 10;
    w.run();
    assertEquals(List.of(0, 1), List.of(w.protocol.proposer(1, 0), w.protocol.proposer(1, 1)));
    for (int v = 0; v < 4; v++) {
      Harness.Commit c = commitOf(w, v, 1);
      assertEquals(1, c.round(), "validator " + v);
      assertEquals(new long[] {5530, 5530, 5050, 5520}[v] * MS, c.atNanos(), "validator " + v);
    }
  }

  @Test
  void aPolkaWithoutItsBlockWaitsOutTimeoutPrevoteOnceNoPrevoteFollows() {
    // The proposal and parts (and their repair) take 3200 ms to validator 3, all else 10 ms; 2's
    // precommits are lost, so 0 and 1 need 3's precommit. 0, 1, 2 prevote the block at 10 ms;
    // 3, in the propose step, sees their polka at 20 ms but prevotes nil at its timeout (3000
    // ms). In the prevote step with a polka and no block it waits (CometBFT's prevote wait);
    // the block completes at 3200, which alone moves nothing (handleCompleteProposal), and no
    // prevote follows, so at timeout_prevote (4000) it precommits the block: 0 and 1 commit at
    // 4010, 3 with its own precommit at 4000. tdsim used to precommit nil at 3000, which failed
    // round 0 (round 1 from 4010, commits after 4030).
    Harness w = new Harness(4);
    w.heights = 1;
    w.drop = (from, to, m) -> from == 2 && m instanceof Vote v && v.type() == Vote.Type.PRECOMMIT;
    w.delayMs = (from, to, m) -> to == 3 && m.getClass() != Vote.class ? 3200 : 10;
    w.run();
    assertEquals(0, w.protocol.proposer(1, 0));
    for (int v : new int[] {0, 1, 3}) {
      Harness.Commit c = commitOf(w, v, 1);
      assertEquals(0, c.round(), "validator " + v);
      assertEquals(new long[] {4010, 4010, -1, 4000}[v] * MS, c.atNanos(), "validator " + v);
    }
  }

  @Test
  void aPolkaWithoutItsBlockPrecommitsOnTheNextPrevoteAfterTheBlock() {
    // 7 validators (quorum 5): the proposal and parts take 3200 ms to 6, 5's prevote 3500 ms to
    // 6, all else 10 ms; 4's and 5's precommits are lost, so 0-3 need 6's. 6 sees the polka of
    // 0-4 at 20 ms, prevotes nil at 3000 and waits; its block completes at 3200; 5's prevote
    // (sent at 10 ms), added at 3510, is the first after it: 6 precommits the block then and
    // commits, 0-3 commit at 3520 (at 3210 had the block's completion moved it).
    Harness w = new Harness(7);
    w.heights = 1;
    w.drop = (from, to, m) -> (from == 4 || from == 5) && m instanceof Vote v
        && v.type() == Vote.Type.PRECOMMIT;
    w.delayMs = (from, to, m) -> to != 6 ? 10
        : m.getClass() != Vote.class ? 3200
        : from == 5 && ((Vote) m).type() == Vote.Type.PREVOTE ? 3500 : 10;
    w.run();
    assertEquals(0, w.protocol.proposer(1, 0));
    for (int v = 0; v < 4; v++) {
      Harness.Commit c = commitOf(w, v, 1);
      assertEquals(0, c.round(), "validator " + v);
      assertEquals(3520 * MS, c.atNanos(), "validator " + v);
    }
    assertEquals(3510 * MS, commitOf(w, 6, 1).atNanos());
  }

  @Test
  void aPartReceivedTwiceCountsOnce() {
    // 4 parts; part 2 takes 500 ms to validator 3 from anyone. At 20 ms 3 asks a voter (1) for
    // the block, whose copies of parts 0, 1 and 3 arrive at 30 a second time: the block is
    // complete only when part 2 arrives from the proposer, at 500 ms.
    Harness w = new Harness(4);
    w.heights = 1;
    w.blockBytes = 200_000;
    List<BlockPart> resent = new ArrayList<>();
    w.delayMs = (from, to, m) -> {
      if (from == 1 && to == 3 && m instanceof BlockPart b) {
        resent.add(b);
      }
      return to == 3 && m instanceof BlockPart b && b.index() == 2 ? 500 : 10;
    };
    w.run();
    assertEquals(500 * MS, commitOf(w, 3, 1).atNanos());
    assertEquals(0, commitOf(w, 3, 1).round());
    // the repair resends every part with its own size
    assertEquals(List.of(65536L, 65536L, 65536L, 200_000L - 3 * 65536),
        resent.stream().map(BlockPart::bytes).toList());
    // 11 broadcasts (3 never voted: in the propose step until its block was complete, and then
    // it committed) to 4 validators, and the repair: a proposal and 4 parts
    assertEquals(11 * 4 + 5, w.protocol.stats().messages());
  }

  @Test
  void aValidatorAHeightBehindStillGetsItsBlockRepaired() {
    // Everything takes 100 ms to reach validator 3 and height 1's parts from its proposer (0)
    // never do. The others decide height 1 at 30 ms and height 2 at 60 ms. At 110 ms 3 holds
    // +2/3 prevotes for height 1's block and asks a voter (1) for it: the proposal of a height
    // the others have decided is still at hand, so 3 commits height 1 when the resent part
    // arrives (210 ms) and height 2 at once, from the messages it kept.
    Harness w = new Harness(4);
    w.heights = 2;
    w.delayMs = (from, to, m) -> to == 3 ? 100 : 10;
    w.drop = (from, to, m) -> from == 0 && to == 3 && m instanceof BlockPart;
    w.run();
    assertEquals(0, w.protocol.proposer(1, 0));
    for (int v = 0; v < 3; v++) {
      assertEquals(30 * MS, commitOf(w, v, 1).atNanos(), "validator " + v);
      assertEquals(60 * MS, commitOf(w, v, 2).atNanos(), "validator " + v);
    }
    assertEquals(210 * MS, commitOf(w, 3, 1).atNanos());
    assertEquals(210 * MS, commitOf(w, 3, 2).atNanos());
  }

  @Test
  void aRoundSkipBringsInTheVoteTheHigherRoundLacks() {
    // Round 0's proposal is lost and round 0's votes take 5 s to reach validator 3 (all else
    // 10 ms): 0-2 start round 1 at 4020 ms (a nil polka at 3010 precommits nil at once), 3 would
    // only at 9010 (nil prevotes at 8000, a nil polka: precommits at once, theirs at 8010, +1 s).
    // Round 1's proposal (from 1) takes 4 s to reach 2, which prevotes nil at its propose
    // timeout (4020 + 3500 = 7520): 0 and 1 prevoted the block, so round 1 needs 3's prevote.
    // At 7530 3 holds +2/3 round-1 prevotes (0, 1 and 2's nil) and moves to round 1, where it
    // has the block: it prevotes and precommits it at once, and 0, 1 and 3 commit at 7550; 2
    // when the proposal reaches it, at 8020.
    int p0 = proposer(4, 1, 0);
    Harness w = new Harness(4);
    w.heights = 1;
    w.drop = (from, to, m) -> from == p0 && m instanceof Proposal p && p.round() == 0;
    w.delayMs = (from, to, m) -> {
      if (to == 3 && m instanceof Vote v && v.round() == 0) {
        return 5000;
      }
      return from == 1 && to == 2 && m instanceof Proposal p && p.round() == 1 ? 4000 : 10;
    };
    w.run();
    assertEquals(1, w.protocol.proposer(1, 1));
    long[] expectedMs = {7550, 7550, 8020, 7550};
    for (int v = 0; v < 4; v++) {
      Harness.Commit c = commitOf(w, v, 1);
      assertEquals(1, c.round(), "validator " + v);
      assertEquals(expectedMs[v] * MS, c.atNanos(), "validator " + v);
    }
  }
}
