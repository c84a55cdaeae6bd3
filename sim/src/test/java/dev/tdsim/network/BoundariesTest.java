package dev.tdsim.network;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The smallest values each validated setting accepts, and the first ones it rejects. */
class BoundariesTest {

  @Test
  void networkConfigAcceptsItsDocumentedLimits() {
    NetworkConfig base = UnitTestNetworks.perLink();
    NetworkConfig zeroLatency = base.withUniformLatency(0);
    assertEquals(0, zeroLatency.uniformOneWayLatencyNanos());
    assertThrows(IllegalArgumentException.class, () -> base.withUniformLatency(-1));
    assertEquals(0.0, base.withLognormalJitter(0).lognormalSigma());
    assertThrows(IllegalArgumentException.class, () -> base.withLognormalJitter(-1e-9));
    assertThrows(IllegalArgumentException.class, () -> base.withParetoJitter(0));
    assertEquals(1e-3, base.withParetoJitter(1e-3).paretoShape());
    assertEquals(1, base.withUplink(1, UplinkSharing.PER_LINK).uplinkBitsPerSecond());
    assertThrows(IllegalArgumentException.class, () -> base.withUplink(0, UplinkSharing.PER_LINK));
    assertEquals(1, base.withGossip(1, 0).gossipFanout());
    assertThrows(IllegalArgumentException.class, () -> base.withGossip(0, 0));
    assertThrows(IllegalArgumentException.class, () -> base.withGossip(1, -1));
  }

  @Test
  void modelsAcceptTheirLimits() {
    assertEquals(0, new UniformLatency(0).oneWayLatencyNanos(0, 0));
    assertEquals(List.of("any"), new UniformLatency(5).regionNames(), "no geography: one region");
    assertThrows(IllegalArgumentException.class, () -> new UniformLatency(-1));
    assertEquals(1.0, new LognormalJitter(0).factor(new SplittableRandom(3)),
        "sigma 0: no jitter at all");
    NetworkModel oneBit = new NetworkModel(new UniformLatency(0), new NoJitter(), 1,
        UplinkSharing.PER_LINK, List.of("any", "any"));
    assertEquals(8_000_000_000L, oneBit.serializationNanos(1), "1 B at 1 bit/s is 8 s");
    assertThrows(IllegalArgumentException.class, () -> new NetworkModel(new UniformLatency(0),
        new NoJitter(), 0, UplinkSharing.PER_LINK, List.of("any")));
    RegionLatency regions = new RegionLatency();
    String first = regions.regionNames().get(0);
    assertEquals(0, regions.regionIndex(first), "the first region is a region too");
    assertEquals(0, regions.regionIndex(" " + first.toUpperCase() + " "));
  }

  @Test
  void serializationIsExactAroundTheOverflowSwitch() {
    // Below bytes = Long.MAX_VALUE / 8e9 the long path is used, above it BigInteger: both exact.
    NetworkModel net = new NetworkModel(new UniformLatency(0), new NoJitter(), 3,
        UplinkSharing.PER_LINK, List.of("any"));
    long limit = Long.MAX_VALUE / 8_000_000_000L;
    for (long bytes = limit - 1; bytes <= limit + 1; bytes++) {
      java.math.BigInteger[] qr = java.math.BigInteger.valueOf(bytes)
          .multiply(java.math.BigInteger.valueOf(8_000_000_000L))
          .divideAndRemainder(java.math.BigInteger.valueOf(3));
      long expected = qr[0].longValueExact() + (qr[1].signum() == 0 ? 0 : 1);
      assertEquals(expected, net.serializationNanos(bytes), "bytes " + bytes);
    }
  }

  @Test
  void stakeThresholdAcceptsTheExtremeFractions() {
    StakeThreshold anything = StakeThreshold.moreThan(0, 1);
    assertTrue(anything.reachedBy(1, 100));
    assertFalse(anything.reachedBy(0, 100));
    StakeThreshold all = StakeThreshold.atLeast(1, 1);
    assertTrue(all.reachedBy(100, 100));
    assertFalse(all.reachedBy(99, 100));
    assertThrows(IllegalArgumentException.class, () -> StakeThreshold.atLeast(2, 1));
    assertThrows(IllegalArgumentException.class, () -> StakeThreshold.moreThan(-1, 3));
    assertThrows(IllegalArgumentException.class, () -> StakeThreshold.moreThan(1, 0));
    assertThrows(IllegalArgumentException.class, () -> StakeThreshold.atLeast(0, 3));
    assertThrows(IllegalArgumentException.class, () -> StakeThreshold.moreThan(3, 3));
    assertEquals("> 2/3", StakeThreshold.TENDERMINT_QUORUM.toString());
    assertEquals(">= 1/1", all.toString());
  }

  @Test
  void quorumSettingsResolveAtTheirLimits() {
    QuorumSettings one = new QuorumSettings(QuorumMethod.AUTO, 1, 1);
    assertEquals(QuorumMethod.EXACT, one.resolve(1));
    assertEquals(QuorumMethod.AGGREGATE, one.resolve(2));
    assertEquals(QuorumMethod.EXACT, QuorumSettings.DEFAULT.resolve(512));
    assertEquals(QuorumMethod.AGGREGATE, QuorumSettings.DEFAULT.resolve(513));
    assertEquals(QuorumMethod.AGGREGATE,
        new QuorumSettings(QuorumMethod.AGGREGATE, 1000, 4).resolve(3));
    assertThrows(IllegalArgumentException.class, () -> new QuorumSettings(QuorumMethod.AUTO, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> new QuorumSettings(QuorumMethod.AUTO, 1, 0));
  }

  @Test
  void quorumResultAnswersOrderStatisticsAndComparesByValue() {
    QuorumResult r = new QuorumResult(new long[] {30, 10, QuorumArrival.NEVER, 20},
        QuorumMethod.EXACT, 4);
    assertTrue(r.exact());
    assertEquals(10, r.orderStatisticNanos(0));
    assertEquals(30, r.orderStatisticNanos(2));
    assertEquals(QuorumArrival.NEVER, r.orderStatisticNanos(3));
    assertEquals(30, r.timeNanos(0), "order statistics leave the times in receiver order");
    QuorumResult same = new QuorumResult(new long[] {30, 10, QuorumArrival.NEVER, 20},
        QuorumMethod.EXACT, 4);
    assertEquals(r, same);
    assertEquals(r.hashCode(), same.hashCode());
    QuorumResult aggregate = new QuorumResult(r.timesNanos(), QuorumMethod.AGGREGATE, 4);
    assertFalse(aggregate.exact());
    assertFalse(r.equals(aggregate));
    assertFalse(r.hashCode() == aggregate.hashCode());
    assertFalse(r.hashCode() == new QuorumResult(r.timesNanos(), QuorumMethod.EXACT, 3)
        .hashCode());
    assertFalse(r.hashCode() == new QuorumResult(new long[] {30, 10, 5, 20},
        QuorumMethod.EXACT, 4).hashCode());
    assertEquals("QuorumResult[EXACT, receivers=4, computed=4]", r.toString());
    assertThrows(IllegalArgumentException.class,
        () -> new QuorumResult(new long[] {1}, QuorumMethod.AUTO, 1));
  }

  @Test
  void forAllReceiversRejectsSendersThatDoNotMatchTheNetwork() {
    NetworkModel net = new NetworkModel(new UniformLatency(1000), new NoJitter(), 1_000_000_000L,
        UplinkSharing.PER_LINK, Collections.nCopies(4, "any"));
    QuorumArrival quorum = new QuorumArrival(new DirectDissemination(net), QuorumSettings.DEFAULT);
    assertSame(QuorumSettings.DEFAULT, quorum.settings());
    String all = assertThrows(IllegalArgumentException.class, () -> quorum.forAllReceivers(
        new long[5], new long[] {1, 1, 1, 1, 1}, 10, StakeThreshold.TENDERMINT_QUORUM,
        new SplittableRandom(0))).getMessage();
    assertTrue(all.contains("one send time and one stake per validator (4)"), all);
    String one = assertThrows(IllegalArgumentException.class, () -> quorum.forReceiver(0,
        new long[5], new long[] {1, 1, 1, 1, 1}, 10, StakeThreshold.TENDERMINT_QUORUM,
        new SplittableRandom(0))).getMessage();
    assertTrue(one.contains("one send time and one stake per validator (4)"), one);
    assertDoesNotThrow(() -> quorum.forReceiver(0, new long[4], new long[] {1, 1, 1, 1}, 10,
        StakeThreshold.TENDERMINT_QUORUM, new SplittableRandom(0)));
    assertEquals(1000 + 80, quorum.forReceiver(0, new long[4], new long[] {1, 1, 1, 1}, 10,
        StakeThreshold.TENDERMINT_QUORUM, new SplittableRandom(0)));
  }

  @Test
  void aggregateWithEveryReceiverARepresentativeIsExact() {
    // No jitter: a receiver's quorum time is a function of who it is, so computing every
    // receiver (representatives = region size) must give the exact answer.
    List<String> placement = QuorumArrivalTest.regions(21); // 7 regions x 3
    NetworkModel net = NetworkModel.create(UnitTestNetworks.perLink().withJitterModel("none"),
        placement);
    Dissemination direct = new DirectDissemination(net);
    long[] send = new long[21];
    long[] stakes = new long[21];
    for (int i = 0; i < 21; i++) {
      send[i] = 1_000_000L * ((i * 7) % 11);
      stakes[i] = 1 + i % 4;
    }
    QuorumResult exact = new QuorumArrival(direct, new QuorumSettings(QuorumMethod.EXACT, 1, 1))
        .forAllReceivers(send, stakes, 300, StakeThreshold.TENDERMINT_QUORUM,
            new SplittableRandom(1));
    QuorumResult all = new QuorumArrival(direct, new QuorumSettings(QuorumMethod.AGGREGATE, 1, 3))
        .forAllReceivers(send, stakes, 300, StakeThreshold.TENDERMINT_QUORUM,
            new SplittableRandom(1));
    assertEquals(21, all.receiversComputed());
    assertEquals(java.util.Arrays.toString(exact.timesNanos()),
        java.util.Arrays.toString(all.timesNanos()));
  }

  @Test
  void aggregateRepresentativesAreDrawnAtRandom() {
    // One representative per region, and a threshold met by the first message: each receiver's
    // own vote, sent at 100 ns x its index, long before any other vote crosses a link. So the
    // region's time names its representative, and over several streams more than one member
    // of region 0 (validators 0, 7, 14) must have been chosen.
    List<String> placement = QuorumArrivalTest.regions(21);
    NetworkModel net = NetworkModel.create(UnitTestNetworks.perLink().withJitterModel("none"),
        placement);
    QuorumArrival quorum = new QuorumArrival(new DirectDissemination(net),
        new QuorumSettings(QuorumMethod.AGGREGATE, 1, 1));
    long[] send = new long[21];
    for (int i = 0; i < 21; i++) {
      send[i] = 100L * i;
    }
    long[] stakes = new long[21];
    java.util.Arrays.fill(stakes, 1);
    java.util.Set<Long> region0 = new java.util.TreeSet<>();
    for (int seed = 0; seed < 12; seed++) {
      QuorumResult r = quorum.forAllReceivers(send, stakes, 100, StakeThreshold.atLeast(1, 21),
          new SplittableRandom(seed));
      assertEquals(7, r.receiversComputed());
      assertTrue(List.of(0L, 700L, 1400L).contains(r.timeNanos(0)), "" + r.timeNanos(0));
      // Every member of a region gets its representative's time.
      assertEquals(r.timeNanos(0), r.timeNanos(7));
      assertEquals(r.timeNanos(0), r.timeNanos(14));
      region0.add(r.timeNanos(0));
    }
    assertTrue(region0.size() > 1, "always the same representative: " + region0);
  }
}
