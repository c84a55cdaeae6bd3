package dev.tdsim.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** CometBFT's per-peer send loops, flush throttle and connection rate, as the network sees them. */
class PeerSendLoopsTest {
  private static final long MS = 1_000_000L;

  @Test
  void anIdleLoopSendsAtItsNextLookABusyOneRightAfter() {
    PeerSendLoops loops = new PeerSendLoops(3, 100 * MS, 0, 42);
    long phase = loops.phaseNanos(0, 1);
    assertTrue(phase >= 0 && phase < 100 * MS);
    // first message at time 0: waits for the loop's first look (its phase)
    long first = loops.sendStartNanos(0, 1, 0, 64, 5 * MS);
    assertEquals(phase, first);
    // a second message ready while the loop still sends the first goes right after it
    assertEquals(first + 5 * MS, loops.sendStartNanos(0, 1, first + MS, 64, 5 * MS));
    // a third, ready 30 ms after the loop went idle, waits for the look 100 ms after idling
    long idle = first + 10 * MS;
    assertEquals(idle + 100 * MS, loops.sendStartNanos(0, 1, idle + 30 * MS, 64, MS));
    // another link of the same node has its own loop
    assertEquals(loops.phaseNanos(0, 2), loops.sendStartNanos(0, 2, 0, 64, MS));
  }

  @Test
  void votesAndBlockPartsHaveTheirOwnLoops() {
    PeerSendLoops withPart = new PeerSendLoops(2, 100 * MS, 0, 7);
    PeerSendLoops without = new PeerSendLoops(2, 100 * MS, 0, 7);
    long part = withPart.sendStartNanos(0, 1, 0, 65_536, 500 * MS);
    // a vote ready while the part is still being sent is not held up behind it: its own loop
    long vote = withPart.sendStartNanos(0, 1, part + MS, 160, MS);
    assertEquals(without.sendStartNanos(0, 1, part + MS, 160, MS), vote);
    assertTrue(vote < part + 500 * MS);
    // while a second part does wait for the first
    assertEquals(part + 500 * MS, withPart.sendStartNanos(0, 1, part + MS, 65_536, MS));
  }

  @Test
  void aLoneSmallMessageWaitsTheFullFlushThrottleABlockPartDoesNot() {
    PeerSendLoops loops = new PeerSendLoops(2, 0, 100 * MS, 1);
    assertEquals(100 * MS, loops.departureNanos(0, 1, 0, 160));
    // written while the flush timer runs: leaves with that flush
    assertEquals(100 * MS, loops.departureNanos(0, 1, 40 * MS, 160));
    // after the flush, a new timer
    assertEquals(250 * MS, loops.departureNanos(0, 1, 150 * MS, 160));
    // a part fills the 64 KiB buffer and is flushed at once
    assertEquals(300 * MS, loops.departureNanos(0, 1, 300 * MS, 65_536));
    assertEquals(0, PeerSendLoops.NONE.departureNanos(0, 0, 0, 1));
  }

  @Test
  void aConnectionsSendRateCapsEachCopy() {
    NetworkModel capped = new NetworkModel(new UniformLatency(0), new NoJitter(), 1_000_000_000L,
        UplinkSharing.PER_LINK, Collections.nCopies(2, "dc"), 40_960_000L);
    NetworkModel free = new NetworkModel(new UniformLatency(0), new NoJitter(), 1_000_000_000L,
        UplinkSharing.PER_LINK, Collections.nCopies(2, "dc"));
    // 64 KiB at 5.12 MB/s: 12.8 ms; at 1 Gbps alone: 0.52 ms
    assertEquals(12_800_000L, capped.serializationNanos(65_536, 1));
    assertEquals(524_288L, free.serializationNanos(65_536, 1));
    assertEquals(12_800_000L, capped.deliveryNanos(0, 1, 65_536, new SplittableRandom(1)));
  }

  @Test
  void blockPartsQueueAtEveryRelayUplinkVotesDoNot() {
    NetworkModel net = new NetworkModel(new UniformLatency(MS), new NoJitter(), 100_000_000L,
        UplinkSharing.FAIR_SHARE, Collections.nCopies(6, "dc"));
    GossipOverlay overlay = GossipOverlay.random(6, 2, new SplittableRandom(3));
    PeerSendLoops loops = new PeerSendLoops(6, 0, 0, 1);
    GossipDissemination gossip = new GossipDissemination(net, overlay, 0, loops);
    SplittableRandom rng = new SplittableRandom(9);
    long[] first = gossip.sendNanos(0, 65_536, 0, rng);
    long[] second = gossip.sendNanos(0, 65_536, 0, rng);
    long perHop = net.serializationNanos(65_536, overlay.degree(0));
    for (int v = 1; v < 6; v++) {
      // the second part waits for the first on the source's uplink at least
      assertTrue(second[v] >= first[v] + perHop / 2, v + ": " + first[v] + " then " + second[v]);
    }
    long[] vote = gossip.sendNanos(0, 160, 0, rng);
    for (int v = 1; v < 6; v++) {
      assertTrue(vote[v] < second[v], "a vote is not queued behind the parts");
    }
  }
}
