package dev.tdsim.bench.mpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.signing.RoundSchedule.Message;
import dev.tdsim.signing.RoundSchedule.Round;
import dev.tdsim.signing.RoundSchedule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The latency calculation with fake compute times (no crypto). */
class RoundScheduleTest {
  /** 1 byte = 8 ns at 1 Gbps, latency 500 us. */
  private static final MpcNetwork NET = MpcNetwork.PAPER;

  private static long[] same(int n, long nanos) {
    long[] a = new long[n];
    Arrays.fill(a, nanos);
    return a;
  }

  /** Everyone sends {@code bytes} to everyone else, rotation order. */
  private static List<Message> allToAll(int n, long bytes) {
    List<Message> m = new ArrayList<>();
    for (int from = 0; from < n; from++) {
      for (int k = 1; k < n; k++) {
        m.add(new Message(from, (from + k) % n, bytes, 0, 1));
      }
    }
    return m;
  }

  @Test
  void oneMessageIsComputeThenTransmissionThenLatency() {
    RoundSchedule.Result r = RoundSchedule.run(2, List.of(
        Round.of(new long[] {1_000, 0}, List.of(new Message(0, 1, 125, 0, 1)))), NET);
    assertEquals(1_000 + 1_000 + 500_000, r.endNanos()[1]);
    assertEquals(1_000, r.endNanos()[0]);
    assertEquals(1_000 + 1_000 + 500_000, r.latencyNanos());
    assertEquals(125, r.bytes());
  }

  @Test
  void copiesShareTheSendersUplinkAndArrivalsShareTheReceiversDownlink() {
    // party 0 sends 1000 B (8 us) to 3 others: the last copy leaves after 24 us
    List<Message> out = List.of(new Message(0, 1, 1000, 0, 1), new Message(0, 2, 1000, 0, 1),
        new Message(0, 3, 1000, 0, 1));
    assertEquals(24_000 + 500_000,
        RoundSchedule.run(4, List.of(Round.of(new long[4], out)), NET).latencyNanos());
    // 3 parties send 1000 B to party 0 at once: its downlink takes them one after another
    List<Message> in = List.of(new Message(1, 0, 1000, 0, 1), new Message(2, 0, 1000, 0, 1),
        new Message(3, 0, 1000, 0, 1));
    assertEquals(8_000 + 500_000 + 16_000,
        RoundSchedule.run(4, List.of(Round.of(new long[4], in)), NET).latencyNanos());
  }

  @Test
  void receiveTimeQueuesOnTheReceiversCpuAndAQuorumStopsWaiting() {
    List<Message> in = List.of(new Message(1, 0, 0, 100_000, 2), new Message(2, 0, 0, 100_000, 2),
        new Message(3, 0, 0, 100_000, 2));
    long all = RoundSchedule.run(4, List.of(Round.of(new long[4], in)), NET).latencyNanos();
    assertEquals(500_000 + 300_000, all);
    long two = RoundSchedule.run(4, List.of(new Round(new long[4], in,
        new long[] {4, 0, 0, 0}, -1)), NET).latencyNanos();
    assertEquals(500_000 + 200_000, two);
  }

  @Test
  void aComplaintWindowWaitsForTheSlowestPartyPlusOneMessage() {
    Round quiet = new Round(new long[] {0, 3_000_000, 0}, List.of(), null, 8);
    assertEquals(3_000_000 + 500_000 + 64,
        RoundSchedule.run(3, List.of(quiet), NET).endNanos()[0]);
    Round noWindow = Round.of(new long[] {0, 3_000_000, 0}, List.of());
    assertEquals(0, RoundSchedule.run(3, List.of(noWindow), NET).endNanos()[0]);
  }

  /** More rounds never finish earlier; a round with a message adds at least the latency. */
  @Property(tries = 200, edgeCases = net.jqwik.api.EdgeCasesMode.NONE)
  void latencyGrowsWithRounds(@ForAll @IntRange(min = 2, max = 12) int n,
      @ForAll @IntRange(min = 1, max = 5) int rounds,
      @ForAll @LongRange(min = 0, max = 5_000_000) long computeNanos,
      @ForAll @LongRange(min = 0, max = 100_000) long bytes) {
    List<Round> list = new ArrayList<>();
    long previous = -1;
    for (int r = 0; r < rounds; r++) {
      list.add(Round.of(same(n, computeNanos), allToAll(n, bytes)));
      long latency = RoundSchedule.run(n, list, NET).latencyNanos();
      assertTrue(latency >= previous + computeNanos + NET.oneWayLatencyNanos()
          + NET.transmissionNanos(bytes), latency + " after " + previous);
      previous = latency;
    }
  }

  /** More bytes never finish earlier, and strictly later once the links are the bottleneck. */
  @Property(tries = 200, edgeCases = net.jqwik.api.EdgeCasesMode.NONE)
  void latencyGrowsWithBytes(@ForAll @IntRange(min = 2, max = 12) int n,
      @ForAll @LongRange(min = 0, max = 5_000_000) long computeNanos,
      @ForAll @LongRange(min = 0, max = 1_000_000) long bytes,
      @ForAll @LongRange(min = 1, max = 1_000_000) long more) {
    long less = RoundSchedule.run(n, List.of(Round.of(same(n, computeNanos),
        allToAll(n, bytes))), NET).latencyNanos();
    long most = RoundSchedule.run(n, List.of(Round.of(same(n, computeNanos),
        allToAll(n, bytes + more))), NET).latencyNanos();
    assertTrue(most > less, most + " <= " + less);
    assertTrue(most - less >= (n - 1) * (NET.transmissionNanos(bytes + more)
        - NET.transmissionNanos(bytes)) - (n - 1), "every sender's uplink carries n-1 copies");
  }

  @Property(tries = 100, edgeCases = net.jqwik.api.EdgeCasesMode.NONE)
  void latencyGrowsWithCompute(@ForAll @IntRange(min = 2, max = 12) int n,
      @ForAll @LongRange(min = 0, max = 5_000_000) long computeNanos,
      @ForAll @LongRange(min = 1, max = 5_000_000) long extra,
      @ForAll @IntRange(min = 0, max = 11) int who) {
    int slow = who % n;
    long[] c = same(n, computeNanos);
    long base = RoundSchedule.run(n, List.of(Round.of(c, allToAll(n, 100))), NET).latencyNanos();
    c[slow] += extra;
    long slower = RoundSchedule.run(n, List.of(Round.of(c, allToAll(n, 100))), NET).latencyNanos();
    assertEquals(base + extra, slower, "one party's slower round delays everyone waiting on it");
  }
}
