package dev.tdsim.network;

import static dev.tdsim.network.QuorumArrival.NEVER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.random.RandomStreams;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class QuorumArrivalTest {

  private static final StakeThreshold TM = StakeThreshold.TENDERMINT_QUORUM;

  private static long[] ones(int n) {
    long[] a = new long[n];
    Arrays.fill(a, 1);
    return a;
  }

  @Test
  void fourEqualValidatorsNeedThreeMessages() {
    long[] send = {0, 0, 0, 0};
    long[] delays = {0, 10, 30, 20}; // receiver 0: its own vote at once
    assertEquals(20, QuorumArrival.quorumTimeNanos(send, ones(4), delays, TM));
    assertEquals(10, QuorumArrival.quorumTimeNanos(send, ones(4), delays,
        StakeThreshold.atLeast(1, 2)));
    assertEquals(20, QuorumArrival.quorumTimeNanos(send, ones(4), delays,
        StakeThreshold.moreThan(1, 2)));
    assertEquals(0, QuorumArrival.quorumTimeNanos(send, ones(4), delays,
        StakeThreshold.atLeast(1, 4)));
    assertEquals(30, QuorumArrival.quorumTimeNanos(send, ones(4), delays,
        StakeThreshold.atLeast(1, 1)));
  }

  @Test
  void strictTwoThirdsNeedsMoreThanExactlyTwoThirds() {
    long[] send = new long[6];
    long[] delays = {0, 1, 2, 3, 4, 5};
    // 6 x stake 1: exactly 2/3 is 4 validators; "more than" needs 5
    assertEquals(3, QuorumArrival.quorumTimeNanos(send, ones(6), delays,
        StakeThreshold.atLeast(2, 3)));
    assertEquals(4, QuorumArrival.quorumTimeNanos(send, ones(6), delays, TM));
  }

  @Test
  void stakeWeightsAndSendTimesCount() {
    long[] stakes = {1, 1, 1, 3}; // total 6, > 2/3 means > 4
    assertEquals(20, QuorumArrival.quorumTimeNanos(new long[4], stakes,
        new long[] {0, 10, 30, 20}, TM)); // 0:1, 10:2, 20:5 -> met
    long[] send = {5, 0, 100, NEVER};
    long[] delays = {0, 10, 1, 3};
    assertEquals(101, QuorumArrival.quorumTimeNanos(send, ones(4), delays, TM));
    assertEquals(NEVER, QuorumArrival.quorumTimeNanos(new long[] {5, 0, NEVER, NEVER}, ones(4),
        delays, TM));
    // a zero-stake sender never helps
    assertEquals(NEVER, QuorumArrival.quorumTimeNanos(new long[4], new long[] {1, 1, 0, 2},
        new long[] {0, 1, 2, NEVER}, TM));
  }

  @Test
  void hugeStakesDoNotOverflowTheComparison() {
    long big = Long.MAX_VALUE / 4;
    long[] stakes = {big, big, big};
    assertEquals(2, QuorumArrival.quorumTimeNanos(new long[3], stakes, new long[] {0, 1, 2},
        TM));
    assertEquals(1, QuorumArrival.quorumTimeNanos(new long[3], stakes, new long[] {0, 1, 2},
        StakeThreshold.atLeast(2, 3)));
  }

  @Test
  void rejectsBadInputs() {
    assertThrows(IllegalArgumentException.class, () -> QuorumArrival.quorumTimeNanos(new long[2],
        new long[3], new long[2], TM));
    assertThrows(IllegalArgumentException.class, () -> QuorumArrival.quorumTimeNanos(new long[2],
        new long[] {1, -1}, new long[2], TM));
    assertThrows(IllegalArgumentException.class, () -> StakeThreshold.atLeast(0, 3));
    assertThrows(IllegalArgumentException.class, () -> StakeThreshold.moreThan(3, 3));
    assertThrows(IllegalArgumentException.class, () -> StakeThreshold.atLeast(4, 3));
  }

  @Test
  void allReceiversExactMatchesHandComputation() {
    // 4 validators, uniform 10 ms, no jitter, 1 Gbit/s, 1000-byte votes: every link 10 ms + 8 us
    NetworkConfig config = UnitTestNetworks.perLink().withUniformLatency(10_000_000L)
        .withJitterModel("none");
    NetworkModel net = NetworkModel.create(config, List.of("a", "b", "c", "d"));
    QuorumArrival quorum = new QuorumArrival(new DirectDissemination(net), QuorumSettings.DEFAULT);
    long[] send = {0, 1_000_000, 2_000_000, 50_000_000};
    QuorumResult result = quorum.forAllReceivers(send, ones(4), 1000, TM,
        new SplittableRandom(0));
    assertEquals(QuorumMethod.EXACT, result.method());
    assertEquals(4, result.receiversComputed());
    long link = 10_008_000L;
    // receiver 0: own at 0, then 1 ms + link, 2 ms + link -> third arrival
    assertEquals(2_000_000 + link, result.timeNanos(0));
    assertEquals(2_000_000 + link, result.timeNanos(1));
    assertEquals(Math.max(2_000_000, 1_000_000 + link), result.timeNanos(2)); // own, link from 0
    assertEquals(2_000_000 + link, result.timeNanos(3));
  }

  @Test
  void exactResultsAreReproducibleFromTheSeed() {
    NetworkModel net = NetworkModel.create(UnitTestNetworks.perLink(), regions(70));
    QuorumArrival quorum = new QuorumArrival(new DirectDissemination(net), QuorumSettings.DEFAULT);
    long[] send = new long[70];
    QuorumResult a = quorum.forAllReceivers(send, ones(70), 200, TM,
        new RandomStreams(5).stream("votes", 1));
    QuorumResult b = quorum.forAllReceivers(send, ones(70), 200, TM,
        new RandomStreams(5).stream("votes", 1));
    QuorumResult c = quorum.forAllReceivers(send, ones(70), 200, TM,
        new RandomStreams(6).stream("votes", 1));
    assertEquals(a, b);
    assertFalse(a.equals(c));
  }

  @Test
  void aggregateTracksExactPerRegion() {
    int v = 700;
    NetworkModel net = NetworkModel.create(UnitTestNetworks.perLink().withLognormalJitter(0.1),
        regions(v));
    Dissemination direct = new DirectDissemination(net);
    SplittableRandom sendRng = new RandomStreams(1).stream("send", 0);
    long[] send = new long[v];
    for (int i = 0; i < v; i++) {
      send[i] = sendRng.nextInt(20_000_000); // proposal arrival spread: 0-20 ms
    }
    QuorumResult exact = new QuorumArrival(direct, new QuorumSettings(QuorumMethod.EXACT, 1, 16))
        .forAllReceivers(send, ones(v), 500, TM, new RandomStreams(1).stream("votes", 0));
    QuorumResult auto = new QuorumArrival(direct, new QuorumSettings(QuorumMethod.AUTO, 512, 16))
        .forAllReceivers(send, ones(v), 500, TM, new RandomStreams(1).stream("votes", 0));
    assertEquals(QuorumMethod.EXACT, exact.method());
    assertEquals(QuorumMethod.AGGREGATE, auto.method());
    assertEquals(7 * 16, auto.receiversComputed());
    for (int region : java.util.stream.IntStream.range(0, v).map(net::regionOf).distinct()
        .toArray()) {
      double e = regionMean(exact, net, region);
      double a = regionMean(auto, net, region);
      assertEquals(e, a, 0.02 * e, "region " + region); // measured gap well under 1%
    }
    assertTrue(Arrays.stream(auto.timesNanos()).allMatch(t -> t > 0 && t < NEVER));
  }

  private static double regionMean(QuorumResult r, NetworkModel net, int region) {
    return java.util.stream.IntStream.range(0, r.receivers())
        .filter(i -> net.regionOf(i) == region).mapToLong(r::timeNanos).average().orElseThrow();
  }

  static List<String> regions(int v) {
    List<String> names = List.of("us-east", "us-west", "eu-west", "eu-central", "ap-northeast",
        "ap-southeast", "sa-east");
    List<String> placement = new ArrayList<>();
    for (int i = 0; i < v; i++) {
      placement.add(names.get(i % names.size()));
    }
    return placement;
  }
}
