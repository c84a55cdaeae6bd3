package dev.tdsim.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tdsim.random.RandomStreams;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class NetworkModelTest {

  private static final List<String> FOUR = List.of("us-east", "eu-west", "ap-northeast", "us-east");

  private static NetworkModel model(NetworkConfig config) {
    return NetworkModel.create(config, FOUR);
  }

  @Test
  void serializationTimeIsExact() {
    NetworkModel gigabit = model(UnitTestNetworks.perLink().withJitterModel("none"));
    assertEquals(8_388_608L, gigabit.serializationNanos(1 << 20)); // 1 MiB at 1 Gbit/s
    assertEquals(8L, gigabit.serializationNanos(1));
    assertEquals(0L, gigabit.serializationNanos(0));
    NetworkModel odd = model(UnitTestNetworks.perLink().withUplink(3, UplinkSharing.PER_LINK));
    assertEquals(2_666_666_667L, odd.serializationNanos(1)); // ceil(8e9 / 3)
    // 2e9 bytes x 8e9 overflows a long: the BigInteger path must give the same exact answer
    assertEquals(16_000_000_000L, gigabit.serializationNanos(2_000_000_000L));
    assertThrows(IllegalArgumentException.class, () -> gigabit.serializationNanos(-1));
  }

  @Test
  void deliveryIsBaseLatencyPlusSerializationWithoutJitter() {
    NetworkModel net = model(UnitTestNetworks.perLink().withJitterModel("none")
        .withUplink(100_000_000L, UplinkSharing.PER_LINK));
    SplittableRandom rng = new SplittableRandom(0);
    RegionLatency regions = new RegionLatency();
    long useastToTokyo = regions.oneWayLatencyNanos(regions.regionIndex("us-east"),
        regions.regionIndex("ap-northeast"));
    assertEquals(useastToTokyo, net.baseLatencyNanos(0, 2));
    assertEquals(useastToTokyo + 80_000L, net.deliveryNanos(0, 2, 1000, rng)); // 8000 bit/100 Mb/s
    assertEquals(0L, net.deliveryNanos(1, 1, 1000, rng));
    long intra = regions.oneWayLatencyNanos(regions.regionIndex("us-east"),
        regions.regionIndex("us-east"));
    assertEquals(intra, net.baseLatencyNanos(0, 3));
  }

  @Test
  void uniformDeliveryIsExact() {
    NetworkModel net = model(UnitTestNetworks.perLink().withUniformLatency(40_000_000L)
        .withJitterModel("none"));
    for (int from = 0; from < 4; from++) {
      for (int to = 0; to < 4; to++) {
        assertEquals(from == to ? 0 : 40_000_000L + 8_000L,
            net.deliveryNanos(from, to, 1000, new SplittableRandom(1)));
      }
    }
  }

  @Test
  void broadcastSharesTheUplinkWhenAskedTo() {
    NetworkConfig base = UnitTestNetworks.perLink().withUniformLatency(1_000_000L)
        .withJitterModel("none");
    long[] perLink = model(base.withUplink(1_000_000_000L, UplinkSharing.PER_LINK))
        .broadcastNanos(1, 125_000, new SplittableRandom(0)); // 1 ms per copy
    assertArrayEquals(new long[] {2_000_000L, 0, 2_000_000L, 2_000_000L}, perLink);
    long[] shared = model(base.withUplink(1_000_000_000L, UplinkSharing.FAIR_SHARE))
        .broadcastNanos(1, 125_000, new SplittableRandom(0)); // 3 copies share the uplink
    assertArrayEquals(new long[] {4_000_000L, 0, 4_000_000L, 4_000_000L}, shared);
  }

  @Test
  void jitteredDeliveriesAreReproducibleFromTheSeed() {
    NetworkModel net = model(UnitTestNetworks.perLink().withParetoJitter(5));
    long[] a = net.broadcastNanos(0, 500, new RandomStreams(77).stream("msg", 1));
    long[] b = net.broadcastNanos(0, 500, new RandomStreams(77).stream("msg", 1));
    long[] c = net.broadcastNanos(0, 500, new RandomStreams(78).stream("msg", 1));
    assertArrayEquals(a, b);
    assertEquals(false, java.util.Arrays.equals(a, c));
  }

  @Test
  void rejectsBadInputs() {
    assertThrows(IllegalArgumentException.class,
        () -> NetworkModel.create(UnitTestNetworks.perLink(), List.of()));
    assertThrows(IllegalArgumentException.class,
        () -> NetworkModel.create(UnitTestNetworks.perLink(), List.of("atlantis")));
    assertThrows(IllegalArgumentException.class,
        () -> UnitTestNetworks.perLink().withUplink(0, UplinkSharing.PER_LINK));
  }
}
