package dev.tdsim.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LatencyModelsTest {

  private final RegionLatency regions = new RegionLatency();

  @Test
  void matrixIsSymmetricPositiveAndIntraRegionIsSmallest() {
    int n = regions.regionNames().size();
    assertEquals(21, n);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        long ij = regions.oneWayLatencyNanos(i, j);
        assertTrue(ij > 0, "non-positive at " + i + "," + j);
        assertEquals(ij, regions.oneWayLatencyNanos(j, i), "asymmetric at " + i + "," + j);
        if (i != j) {
          assertTrue(regions.oneWayLatencyNanos(i, i) < ij, "intra not smallest in row " + i);
        }
      }
    }
  }

  @Test
  void oneWayIsHalfTheMeanMeasuredRoundTrip() {
    // CloudPing p50: us-east-1 <-> ap-northeast-1 146 ms both ways: one-way 73 ms
    int useast = regions.regionIndex("us-east-1");
    int tokyo = regions.regionIndex("ap-northeast-1");
    assertEquals(146, RegionLatency.sourceRttMillis("us-east-1", "ap-northeast-1"));
    assertEquals(73_000_000L, regions.oneWayLatencyNanos(useast, tokyo));
    // us-east-1 -> eu-west-1 70 ms, back 69 ms: one-way (70 + 69) / 4 = 34.75 ms
    assertEquals(69, RegionLatency.sourceRttMillis("eu-west-1", "us-east-1"));
    int ireland = regions.regionIndex("eu-west");
    assertEquals(34_750_000L, regions.oneWayLatencyNanos(useast, ireland));
  }

  @Test
  void briefRegionNamesResolveToAwsRegions() {
    for (String alias : List.of("us-east", "us-west", "eu-west", "eu-central", "ap-northeast",
        "ap-southeast", "sa-east")) {
      int i = regions.regionIndex(alias);
      assertEquals(regions.regionIndex(alias + (alias.equals("us-west") ? "-2" : "-1")), i);
    }
    assertEquals(regions.regionIndex("us-east-1"), regions.regionIndex("  US-East "));
  }

  @Test
  void unknownRegionFailsListingKnownOnes() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> regions.regionIndex("mars-north-1"));
    assertTrue(e.getMessage().contains("mars-north-1"));
    assertTrue(e.getMessage().contains("us-east-1") && e.getMessage().contains("sa-east"));
  }

  @Test
  void uniformIsExactEverywhere() {
    LatencyModel uniform =
        LatencyModels.create(UnitTestNetworks.perLink().withUniformLatency(12_345_678L));
    assertInstanceOf(UniformLatency.class, uniform);
    int a = uniform.regionIndex("us-east");
    int b = uniform.regionIndex("anything at all");
    assertEquals(12_345_678L, uniform.oneWayLatencyNanos(a, b));
    assertEquals(12_345_678L, uniform.oneWayLatencyNanos(a, a));
    assertThrows(IllegalArgumentException.class, () -> new UniformLatency(-1));
  }

  @Test
  void registryIsByLowerCaseNameAndListsKnownNames() {
    assertEquals(List.of("uniform", "regions"), LatencyModels.names());
    assertInstanceOf(RegionLatency.class,
        LatencyModels.create(UnitTestNetworks.perLink().withLatencyModel(" Regions ")));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> UnitTestNetworks.perLink().withLatencyModel("matrix"));
    assertEquals("unknown latency model 'matrix'; known: uniform, regions", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> UnitTestNetworks.perLink().withLatencyModel("Region"));
    assertEquals("unknown latency model 'Region'; known: uniform, regions; did you mean"
        + " 'regions'?", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> UnitTestNetworks.perLink().withJitterModel("gauss"));
    assertTrue(e.getMessage().contains("none, lognormal, pareto"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> UnitTestNetworks.perLink().withLatencyModel("regions").withGossip(0, 0));
    assertTrue(e.getMessage().contains("gossipFanout"), e.getMessage());
  }
}
