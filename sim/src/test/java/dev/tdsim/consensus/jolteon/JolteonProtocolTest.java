package dev.tdsim.consensus.jolteon;

import static dev.tdsim.consensus.jolteon.JolteonWorld.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.CertificateCosts;
import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.consensus.jolteon.JolteonMessage.OrderVote;
import dev.tdsim.consensus.jolteon.JolteonMessage.Proposal;
import dev.tdsim.consensus.jolteon.JolteonMessage.Vote;
import dev.tdsim.consensus.jolteon.JolteonWorld.RoundStart;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Jolteon's rules on a small committee with 10 ms links and free CPU: when a block is ordered
 * (order votes: 3 hops; 2-chain: when its child of the next round is certified), what a silent
 * or crashed leader costs (a TC after the round timeout, with Aptos' back-off), and who orders.
 */
class JolteonProtocolTest {
  @Test
  void withOrderVotesABlockIsOrderedThreeHopsAfterItsProposal() {
    JolteonWorld w = new JolteonWorld(4);
    JolteonProtocol p = w.run();
    // Round h's leader proposes at 20(h-1) ms (when QC(h-1) forms): proposal, vote, order vote.
    for (int h = 1; h <= w.heights; h++) {
      assertEquals((20L * (h - 1) + 30) * MS, w.firstOrderNanos(h), "height " + h);
      assertEquals(4, w.ordersOf(h).size(), "every validator orders height " + h);
      assertEquals(h, p.decidedRound(h), "one block per round");
      assertEquals(0, w.ordersOf(h).get(0).roundInHeight());
    }
    assertEquals(0, p.stats().maxRound());
    assertEquals(List.of(), p.timedOutRounds());
  }

  @Test
  void withoutOrderVotesABlockIsOrderedWhenItsChildOfTheNextRoundIsCertified() {
    JolteonWorld w = new JolteonWorld(4).orderVotes(false);
    w.run();
    // Block h is certified at 20h ms, its child (round h + 1) at 20(h + 1): 4 hops.
    for (int h = 1; h <= w.heights; h++) {
      assertEquals((20L * h + 20) * MS, w.firstOrderNanos(h), "height " + h);
    }
  }

  @Test
  void aCertifiedBlockWhoseChildIsNotOfTheNextRoundWaitsForADirectChain() {
    // Round 2's leader (validator 2) is silent: block 1 is certified but its child is block 3
    // (after TC(2)); QC(3) does not order block 1 (rounds 1, 3 are not consecutive), QC(4) of
    // block 4 (child of 3 in the next round) orders 3 and, with it, 1.
    JolteonWorld w = new JolteonWorld(4).orderVotes(false);
    w.heights = 3;
    w.faults = JolteonWorld.faults(4, List.of(), List.of(2));
    JolteonProtocol p = w.run();
    assertEquals(1, p.decidedRound(1));
    assertEquals(3, p.decidedRound(2));
    assertEquals(4, p.decidedRound(3));
    // Round 2 starts at 20 ms with nothing ordered: timeout 1.2 s, TC at 1230 ms; QC(4) at 1270.
    assertEquals(1270 * MS, w.firstOrderNanos(1));
    assertEquals(1270 * MS, w.firstOrderNanos(2));
    assertEquals(1, w.ordersOf(2).get(0).roundInHeight(), "one round lost before height 2");
    assertEquals(List.of(2L), p.timedOutRounds());
    assertEquals(1, p.stats().maxRound());
    assertEquals(1, p.stats().extraRounds());
  }

  @Test
  void silentLeadersCostTimeoutCertificatesWithAptosBackOff() {
    // 7 validators; the leaders of rounds 2..5 do not propose (they still vote and time out).
    JolteonWorld w = new JolteonWorld(7);
    w.heights = 2;
    w.faults = JolteonWorld.faults(7, List.of(), List.of(2, 3, 4, 5));
    JolteonProtocol p = w.run();
    List<Long> entries = w.roundStarts.stream()
        .filter(s -> s.validator() == 0 && s.height() == 2).map(RoundStart::atNanos).toList();
    // Round 2: nothing ordered yet, idx 1 (1200 ms); round 3: idx 0 (< ordered 1 + 3); round 4:
    // idx 0; round 5: idx 1 (1200 ms). Each TC forms one 10 ms hop after the timeouts fire.
    assertEquals(List.of(20 * MS, 1230 * MS, 2240 * MS, 3250 * MS, 4460 * MS), entries);
    assertEquals(List.of(2L, 3L, 4L, 5L), p.timedOutRounds());
    assertEquals(6, p.decidedRound(2));
    assertEquals(4490 * MS, w.firstOrderNanos(2));
    assertEquals(4, w.ordersOf(2).get(0).roundInHeight());
  }

  @Test
  void aCrashedValidatorNeitherProposesNorVotesAndTheOthersOrderEveryHeight() {
    JolteonWorld w = new JolteonWorld(4);
    w.faults = JolteonWorld.faults(4, List.of(2), List.of());
    JolteonProtocol p = w.run();
    for (int h = 1; h <= w.heights; h++) {
      assertEquals(3, w.ordersOf(h).size(), "height " + h);
      assertTrue(w.ordersOf(h).stream().noneMatch(o -> o.validator() == 2));
      assertTrue(w.ordersOf(h).get(0).signers().size() >= 3, "2f+1 of 4");
    }
    // Rounds 2 and 6 are validator 2's.
    assertEquals(List.of(2L, 6L), p.timedOutRounds());
    assertEquals(0, p.conflictingHeights().cardinality());
  }

  @Test
  void aValidatorBackFromACrashCatchesUpAndOrdersEveryHeight() {
    JolteonWorld w = new JolteonWorld(4);
    w.heights = 12;
    w.faults = JolteonWorld.faults(4, List.of(2), List.of(), 1500 * MS);
    w.run();
    assertEquals(4, w.orderedAll(), "validator 2 orders the heights it missed, too");
    long back = w.orders.stream().filter(o -> o.validator() == 2)
        .mapToLong(JolteonWorld.Order::atNanos).min().orElseThrow();
    assertTrue(back >= 1500 * MS, "nothing while it was down");
  }

  @Test
  void theNextLeaderAfterAHeightsBlockCombinesItSkippingUnavailableOnes() {
    JolteonWorld w = new JolteonWorld(4);
    JolteonProtocol p = w.run();
    // Height 2 is block 2: round 3's leader (3) is next, then round 4's (0).
    assertEquals(3, p.combinerOf(2, v -> false));
    assertEquals(0, p.combinerOf(2, v -> v == 3));
    assertEquals(2, p.decisionLag());
  }

  @Test
  void anOrderVoteDoesNotMoveItsReceiverToTheNextRound() {
    // 3 of 4 up: every live validator's order vote is needed. Votes reach 0 late, so 1's and
    // 2's order votes (carrying the QC) arrive before 0 forms the QC itself: as in Aptos'
    // process_order_vote_msg they must not sync 0 past the round whose votes it still counts.
    JolteonWorld w = new JolteonWorld(4);
    w.faults = JolteonWorld.faults(4, List.of(3), List.of());
    w.delayMs = (from, to, m) -> to == 0 && m instanceof JolteonMessage.Vote ? 50 : 10;
    JolteonProtocol p = w.run();
    for (int h = 1; h <= w.heights; h++) {
      assertEquals(3, w.ordersOf(h).size(), "height " + h);
    }
    assertEquals(0, p.conflictingHeights().cardinality());
  }

  @Test
  void aValidatorThatGetsNoOrderVotesOrdersFromTheOrderedCertificateOfLaterMessages() {
    // Order votes never reach 3 (they take longer than the run): the ordered certificate in the
    // next proposals' and votes' sync info orders each height there a round later.
    JolteonWorld w = new JolteonWorld(4);
    w.heights = 6;
    w.delayMs = (from, to, m) -> to == 3 && m instanceof JolteonMessage.OrderVote ? 100_000 : 10;
    w.run();
    for (int h = 1; h <= 5; h++) {
      int height = h;
      JolteonWorld.Order late = w.ordersOf(h).stream().filter(o -> o.validator() == 3)
          .findFirst().orElseThrow(() -> new AssertionError("3 orders height " + height));
      assertTrue(late.atNanos() > w.firstOrderNanos(h), "after the others");
    }
  }

  @Test
  void anEquivocatingLeaderAndVoterForkNoHeightAndGetNamed() {
    // 7 validators, 2 of them (f) equivocate as leaders and voters: each of their rounds has two
    // blocks, one per half (0-2, 3-6); the honest vote once, so at most one block of a round gets
    // 5 of 7 votes (the larger half with both equivocators' votes).
    JolteonWorld w = new JolteonWorld(7);
    w.heights = 8;
    dev.tdsim.faults.FaultSpec spec = new dev.tdsim.faults.FaultSpec(
        dev.tdsim.faults.FaultKinds.EQUIVOCATE,
        new dev.tdsim.faults.FaultTarget.Validators(List.of(2, 4)),
        dev.tdsim.faults.FaultWindow.ALWAYS, java.util.Map.of("role", "both"));
    dev.tdsim.faults.ActiveFaults faults =
        (dev.tdsim.faults.ActiveFaults) JolteonWorld.faults(7, spec);
    w.faults = faults;
    JolteonProtocol p = w.run();
    List<Integer> named = faults.equivocators();
    assertEquals(0, p.conflictingHeights().cardinality());
    for (int h = 1; h <= w.heights; h++) {
      assertEquals(7, w.ordersOf(h).size(), "height " + h);
    }
    assertEquals(List.of(2, 4), named, "the equivocators, and only they, are named");
  }

  @Test
  void proposalsVotesAndTimeoutsCountTheirSendersOrderedCertificateBytes() {
    // Certificates of 1000 B, signatures of 64 B; validator 0, leader of round 4, is silent, so
    // timeouts are sent after heights are ordered. Every message that carries an ordered
    // certificate of a real block weighs its 1000 B more (Aptos' SyncInfo).
    long cert = 1000;
    JolteonWorld w = new JolteonWorld(4);
    w.heights = 6;
    w.costs = new NodeCosts(0, 0, 0, 0, 0, 0, 0, 64, CertificateCosts.votes(0, 0, 64, 0, cert));
    w.faults = JolteonWorld.faults(4, List.of(), List.of(0));
    List<JolteonMessage> sent = new ArrayList<>();
    w.delayMs = (from, to, m) -> {
      if (to == (from + 1) % 4) {
        sent.add((JolteonMessage) m);
      }
      return 10;
    };
    w.run();
    int[] seen = new int[3];
    int votesWithTc = 0;
    for (JolteonMessage m : sent) {
      if (m instanceof OrderVote || m.ordered().round() == 0) {
        continue;
      }
      long qc = m.qc().round() == 0 ? 0 : cert;
      long tc = m.tc() == null ? 0 : cert + 8 * 4 + (m.tc().highestQc().round() == 0 ? 0 : cert);
      long withoutOrdered = m instanceof Proposal ? 2048 + 64 + qc + tc
          // A vote's sync info carries the TC only when it is above its QC (Aptos' SyncInfo).
          : m instanceof Vote ? JolteonMessage.HEADER_BYTES + 64 + qc
              + (m.tc() != null && m.tc().round() > m.qc().round() ? tc : 0)
          : JolteonMessage.HEADER_BYTES + 64 + qc + tc;
      assertEquals(withoutOrdered + cert, m.wireBytes(), m.toString());
      seen[m instanceof Proposal ? 0 : m instanceof Vote ? 1 : 2]++;
      if (m instanceof Vote && m.tc() != null && m.tc().round() > m.qc().round()) {
        votesWithTc++;
      }
    }
    assertTrue(votesWithTc > 0, "a vote after a timed-out round carries its TC");
    assertTrue(seen[0] > 0 && seen[1] > 0 && seen[2] > 0, "proposals, votes and timeouts with"
        + " an ordered certificate: " + java.util.Arrays.toString(seen));
  }

  @Test
  void withOptimisticSignatureVerificationVotesAreNotCheckedOneByOneOnArrival() {
    // 5 ms per signature check, 10 ms links. Optimistic (Aptos' default): a validator checks the
    // proposal's signature (5 ms) and then only aggregates, so height 1 is ordered at 10 + 5 +
    // 10 + 10 = 35 ms. Without it, each of the other voters' votes and order votes is checked as
    // it arrives, one after another on the consensus thread: at least 2 x 2 x 5 ms later.
    long[] firstOrder = new long[2];
    for (boolean optimistic : new boolean[] {true, false}) {
      JolteonWorld w = new JolteonWorld(4);
      w.heights = 2;
      w.costs = new NodeCosts(0, 5 * MS, 0, 0, 0, 0, 0, 64);
      w.settings = w.settings.withOptimisticSigVerification(optimistic);
      w.run();
      firstOrder[optimistic ? 0 : 1] = w.firstOrderNanos(1);
      assertEquals(4, w.ordersOf(2).size());
    }
    assertEquals(35 * MS, firstOrder[0]);
    assertTrue(firstOrder[1] - firstOrder[0] >= 20 * MS, java.util.Arrays.toString(firstOrder));
  }
}
