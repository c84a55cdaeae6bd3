package dev.tdsim.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Quorums of a receiver that verifies its messages one at a time. */
class QuorumArrivalServedTest {
  private static final long NEVER = QuorumArrival.NEVER;
  private static final StakeThreshold Q = StakeThreshold.TENDERMINT_QUORUM;

  @Test
  void messagesThatArriveTogetherAreVerifiedOneAfterAnother() {
    // 4 equal voters, all at t = 0, 10 ns each: +2/3 needs 3 verified -> 30
    QuorumArrival.Served s = QuorumArrival.servedQuorumTimesNanos(new long[] {0, 0, 0, 0},
        new long[] {10, 10, 10, 10}, new long[][] {{1, 1, 1, 1}}, new StakeThreshold[] {Q}, 4);
    assertArrayEquals(new long[] {30}, s.timesNanos());
    assertArrayEquals(new int[] {3}, s.handled());
  }

  @Test
  void eachCountHasItsOwnQuorumInArrivalOrderAndAQueueCarriesOver() {
    // arrivals 100, 0, 5, 200 (cost 10, own message at index 3 costs 50); block votes from 0, 1
    // and 3. Order 1 (0->10), 2 (10->20), 0 (100->110), 3 (200->250).
    long[] arrivals = {100, 0, 5, 200};
    long[] costs = {10, 10, 10, 50};
    long[][] weights = {{1, 1, 0, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}};
    StakeThreshold[] thresholds = {Q, Q, StakeThreshold.atLeast(1, 1)};
    QuorumArrival.Served s =
        QuorumArrival.servedQuorumTimesNanos(arrivals, costs, weights, thresholds, 4);
    assertArrayEquals(new long[] {250, 110, 250}, s.timesNanos());
    assertArrayEquals(new int[] {4, 3, 4}, s.handled());
    // a message that never arrives: the block quorum never stands
    arrivals[3] = NEVER;
    s = QuorumArrival.servedQuorumTimesNanos(arrivals, costs, weights, thresholds, 4);
    assertArrayEquals(new long[] {NEVER, 110, NEVER}, s.timesNanos());
  }

  @Test
  void theEarlierStepsUnverifiedMessagesShareTheQueue() {
    // The earlier step: four messages of 10 ns arriving at 0, 0, 0 and 100 (done 10, 20, 30,
    // 110). The receiver moves on at 20: the third (arrived at 0) and the fourth are not yet
    // verified. This step's messages arrive at 5, 25 and 200 (10 ns each):
    // earlier 3rd 20->30, 5 30->40, 25 40->50, earlier 4th 100->110, 200 200->210.
    QuorumArrival.Backlog earlier = QuorumArrival.servedQuorumTimesNanos(
        new long[] {0, 100, 0, 0}, new long[] {10, 10, 10, 10}, new long[][] {{1, 1, 1, 1}},
        new StakeThreshold[] {Q}, 4).queue();
    assertArrayEquals(new long[] {0, 0, 0, 100}, earlier.arrivalsNanos());
    assertArrayEquals(new int[] {0, 2, 3, 1}, earlier.messages());
    long[] arrivals = {25, 200, 5};
    long[] costs = {10, 10, 10};
    long[][] weights = {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
    StakeThreshold[] thresholds = {StakeThreshold.atLeast(1, 3), StakeThreshold.atLeast(2, 3),
        StakeThreshold.atLeast(1, 1)};
    QuorumArrival.Served s = QuorumArrival.servedQuorumTimesNanos(
        arrivals, costs, weights, thresholds, 3, earlier, 20);
    assertArrayEquals(new long[] {40, 50, 210}, s.timesNanos());
    assertArrayEquals(new int[] {1, 2, 3}, s.handled(), "only this step's messages count");
    // The step's queue as the CPU took it (for the next step): from 20 on, the carried messages
    // (index -1) and this step's, by arrival; walked from its start it gives the same done
    // times (30, 40, 50, 110, 210), so a later step continues from the right place.
    assertEquals(20, s.queue().startNanos());
    assertArrayEquals(new long[] {0, 5, 25, 100, 200}, s.queue().arrivalsNanos());
    assertArrayEquals(new int[] {-1, 2, 0, -1, 1}, s.queue().messages());
    QuorumArrival.Served third = QuorumArrival.servedQuorumTimesNanos(new long[] {45},
        new long[] {1}, new long[][] {{1}}, new StakeThreshold[] {Q}, 1, s.queue(), 45);
    assertArrayEquals(new long[] {51}, third.timesNanos(), "behind 25's check (40-50): 50-51");
    // Moving on later (at 30) leaves only the fourth: 5 30->40 as before, 25 40->50, 200 -> 210.
    s = QuorumArrival.servedQuorumTimesNanos(arrivals, costs, weights, thresholds, 3, earlier, 30);
    assertArrayEquals(new long[] {40, 50, 210}, s.timesNanos());
    // Moving on at 0: all four are still to verify: 0 0->10, 0 10->20, 0 20->30, 5 30->40, ...
    s = QuorumArrival.servedQuorumTimesNanos(arrivals, costs, weights, thresholds, 3, earlier, 0);
    assertArrayEquals(new long[] {40, 50, 210}, s.timesNanos());
    // An earlier message arriving in a gap delays this step's next one: moving on at 0 with the
    // fourth at 195 instead: ... 195->205, then 200 205->215.
    QuorumArrival.Backlog late = new QuorumArrival.Backlog(Long.MIN_VALUE,
        new long[] {0, 0, 0, 195}, new long[] {10, 10, 10, 10}, new int[] {0, 2, 3, 1});
    s = QuorumArrival.servedQuorumTimesNanos(arrivals, costs, weights, thresholds, 3, late, 0);
    assertArrayEquals(new long[] {40, 50, 215}, s.timesNanos());
    // A queue whose CPU is busy until 60 (its own earlier work): moving on at 20, nothing of it
    // is done; its four messages follow from 60 on (60->70, 70->80, 80->90, 100->110), and this
    // step's messages arriving at 5 and 25 wait behind those that arrived before them: the
    // earlier three at 0 go first, then 5 90->100, 25 100->110, 100 110->120, 200 200->210.
    QuorumArrival.Backlog busy = new QuorumArrival.Backlog(60, earlier.arrivalsNanos(),
        earlier.costsNanos(), earlier.messages());
    s = QuorumArrival.servedQuorumTimesNanos(arrivals, costs, weights, thresholds, 3, busy, 20);
    assertArrayEquals(new long[] {100, 110, 210}, s.timesNanos());
    // No earlier queue (or dropped with NEVER): 5 5->15, 25 25->35, 200 200->210.
    long[] alone = {15, 35, 210};
    assertArrayEquals(alone, QuorumArrival.servedQuorumTimesNanos(
        arrivals, costs, weights, thresholds, 3).timesNanos());
    assertArrayEquals(alone, QuorumArrival.servedQuorumTimesNanos(
        arrivals, costs, weights, thresholds, 3, earlier, NEVER).timesNanos());
  }
}
