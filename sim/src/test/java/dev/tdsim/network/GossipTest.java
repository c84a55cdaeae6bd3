package dev.tdsim.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.random.RandomStreams;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GossipTest {

  private static final int V = 300;

  @Test
  void overlayIsSymmetricSimpleConnectedAndAtLeastFanoutRegular() {
    GossipOverlay overlay = GossipOverlay.random(V, 4, new RandomStreams(1).stream("o", 0));
    assertTrue(overlay.isConnected());
    long edgeEnds = 0;
    for (int u = 0; u < V; u++) {
      int[] peers = overlay.neighbours(u);
      assertTrue(peers.length >= 4, "degree " + peers.length);
      edgeEnds += peers.length;
      for (int k = 0; k < peers.length; k++) {
        assertNotEquals(u, peers[k]);
        assertTrue(k == 0 || peers[k - 1] < peers[k], "unsorted or duplicate");
        assertTrue(Arrays.binarySearch(overlay.neighbours(peers[k]), u) >= 0, "asymmetric");
      }
    }
    double meanDegree = edgeEnds / (double) V;
    assertTrue(meanDegree > 7 && meanDegree <= 8, "mean degree " + meanDegree);
  }

  @Test
  void overlayIsReproducibleFromTheSeedAndCompleteAtFullFanout() {
    GossipOverlay a = GossipOverlay.random(50, 3, new RandomStreams(9).stream("o", 0));
    GossipOverlay b = GossipOverlay.random(50, 3, new RandomStreams(9).stream("o", 0));
    GossipOverlay c = GossipOverlay.random(50, 3, new RandomStreams(10).stream("o", 0));
    boolean differs = false;
    for (int u = 0; u < 50; u++) {
      assertArrayEquals(a.neighbours(u), b.neighbours(u));
      differs |= !Arrays.equals(a.neighbours(u), c.neighbours(u));
    }
    assertTrue(differs);
    GossipOverlay full = GossipOverlay.random(6, 10, new SplittableRandom(0));
    for (int u = 0; u < 6; u++) {
      assertEquals(5, full.degree(u));
    }
    assertEquals(1, GossipOverlay.random(1, 3, new SplittableRandom(0)).nodes());
  }

  @Test
  void gossipArrivesNoEarlierThanDirectForEveryNode() {
    // uniform latency, no jitter, one copy per link: every overlay path is >= the direct link
    NetworkConfig config = UnitTestNetworks.perLink().withUniformLatency(30_000_000L)
        .withJitterModel("none").withGossip(4, 200_000L);
    NetworkModel net = NetworkModel.create(config, QuorumArrivalTest.regions(V));
    Dissemination gossip = Disseminations.create(config, net, new RandomStreams(3));
    Dissemination direct = new DirectDissemination(net);
    assertInstanceOf(GossipDissemination.class, gossip);
    for (int source : new int[] {0, 17, V - 1}) {
      long[] g = gossip.delaysFromNanos(source, 2000, new SplittableRandom(1));
      long[] d = direct.delaysFromNanos(source, 2000, new SplittableRandom(1));
      for (int node = 0; node < V; node++) {
        assertTrue(g[node] >= d[node], "node " + node + ": gossip " + g[node] + " < " + d[node]);
        assertTrue(g[node] < QuorumArrival.NEVER);
      }
      assertEquals(0, g[source]);
    }
  }

  @Test
  void gossipOnRegionsIsNoFasterThanTheBestMultiHopRoute() {
    // the AWS matrix breaks the triangle inequality, so a relay may beat the direct link; a
    // gossip path is still a path of direct links, so it cannot beat their shortest-path closure
    int v = 70;
    NetworkConfig config = UnitTestNetworks.perLink().withJitterModel("none").withGossip(3, 0);
    NetworkModel net = NetworkModel.create(config, QuorumArrivalTest.regions(v));
    Dissemination gossip = Disseminations.create(config, net, new RandomStreams(4));
    long[][] closure = new long[v][v];
    for (int i = 0; i < v; i++) {
      for (int j = 0; j < v; j++) {
        closure[i][j] = i == j ? 0 : net.baseLatencyNanos(i, j) + net.serializationNanos(100);
      }
    }
    for (int k = 0; k < v; k++) { // Floyd-Warshall
      for (int i = 0; i < v; i++) {
        for (int j = 0; j < v; j++) {
          closure[i][j] = Math.min(closure[i][j], closure[i][k] + closure[k][j]);
        }
      }
    }
    long[] g = gossip.delaysFromNanos(5, 100, new SplittableRandom(0));
    for (int node = 0; node < v; node++) {
      assertTrue(g[node] >= closure[5][node], "node " + node);
    }
  }

  @Test
  void delaysToReceiverMirrorDelaysFromSenderWithoutJitter() {
    NetworkConfig config = UnitTestNetworks.perLink().withJitterModel("none")
        .withUplink(100_000_000L, UplinkSharing.FAIR_SHARE).withGossip(3, 150_000L);
    NetworkModel net = NetworkModel.create(config, QuorumArrivalTest.regions(60));
    Dissemination gossip = Disseminations.create(config, net, new RandomStreams(8));
    long[] toReceiver = gossip.delaysToNanos(11, 4000, new SplittableRandom(0));
    for (int s = 0; s < 60; s++) {
      assertEquals(gossip.delaysFromNanos(s, 4000, new SplittableRandom(0))[11], toReceiver[s],
          "sender " + s);
    }
  }

  @Test
  void gossipWithFullFanoutEqualsDirectOnUniformLinks() {
    NetworkConfig config = UnitTestNetworks.perLink().withUniformLatency(5_000_000L)
        .withJitterModel("none").withGossip(100, 0);
    NetworkModel net = NetworkModel.create(config, QuorumArrivalTest.regions(20));
    Dissemination gossip = Disseminations.create(config, net, new RandomStreams(1));
    assertArrayEquals(new DirectDissemination(net).delaysFromNanos(3, 64, new SplittableRandom(0)),
        gossip.delaysFromNanos(3, 64, new SplittableRandom(0)));
  }

  @Test
  void gossipQuorumIsNoEarlierThanDirectQuorumAndReproducible() {
    NetworkConfig config = UnitTestNetworks.perLink().withUniformLatency(20_000_000L)
        .withJitterModel("none").withGossip(4, 100_000L);
    NetworkModel net = NetworkModel.create(config, QuorumArrivalTest.regions(100));
    Dissemination gossip = Disseminations.create(config, net, new RandomStreams(2));
    long[] send = new long[100];
    long[] stakes = new long[100];
    Arrays.fill(stakes, 1);
    QuorumResult g = new QuorumArrival(gossip, QuorumSettings.DEFAULT)
        .forAllReceivers(send, stakes, 300, StakeThreshold.TENDERMINT_QUORUM,
            new SplittableRandom(0));
    QuorumResult d = new QuorumArrival(new DirectDissemination(net), QuorumSettings.DEFAULT)
        .forAllReceivers(send, stakes, 300, StakeThreshold.TENDERMINT_QUORUM,
            new SplittableRandom(0));
    for (int r = 0; r < 100; r++) {
      assertTrue(g.timeNanos(r) >= d.timeNanos(r));
    }
    // same seed, same overlay, same result
    Dissemination again = Disseminations.create(config, net, new RandomStreams(2));
    assertEquals(g, new QuorumArrival(again, QuorumSettings.DEFAULT).forAllReceivers(send,
        stakes, 300, StakeThreshold.TENDERMINT_QUORUM, new SplittableRandom(0)));
  }
}
