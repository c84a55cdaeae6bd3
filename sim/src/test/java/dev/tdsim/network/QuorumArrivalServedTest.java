package dev.tdsim.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

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
}
