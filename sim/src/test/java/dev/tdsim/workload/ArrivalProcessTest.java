package dev.tdsim.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The arrival processes: counts of intervals (blocks without a mempool) and the clients' stream. */
class ArrivalProcessTest {
  private static final long S = 1_000_000_000L;
  private static final long MS = 1_000_000L;

  private static ArrivalConfig config(Arrival arrival, long intervalNanos, List<RateStep> steps,
      EntryPoints entry) {
    return new ArrivalConfig(arrival, intervalNanos, steps, entry);
  }

  private static ArrivalConfig config(Arrival arrival, List<RateStep> steps) {
    return config(arrival, S, steps, EntryPoints.ALL);
  }

  private static Workload auto(ArrivalConfig arrivals, double rate) {
    return new Workload(null, rate, arrivals, 10, MsgSizeDistribution.FIXED, Integer.MAX_VALUE,
        Long.MAX_VALUE / 4, 0, new SplittableRandom(7));
  }

  private static Clients clients(ArrivalConfig arrivals, double rate, int[] entry, long seed) {
    return new Clients(arrivals, rate, 100, MsgSizeDistribution.FIXED, entry,
        new SplittableRandom(seed));
  }

  private static List<Submission> until(Clients c, long endNanos) {
    List<Submission> out = new ArrayList<>();
    for (Submission s = c.next(); s != null && s.atNanos() < endNanos; s = c.next()) {
      out.add(s);
    }
    return out;
  }

  // ------------------------------------------------------------ constant

  @Test
  void constantArrivalsAreOneOverTheRateApartFromZero() {
    Clients c = clients(config(Arrival.CONSTANT, List.of()), 400, new int[] {0}, 1);
    for (int k = 0; k < 2000; k++) {
      assertEquals(k * 2_500_000L, c.next().atNanos(), "submission " + k);
    }
  }

  @Test
  void constantArrivalsCountExactlyPerBlock() {
    Workload w = auto(config(Arrival.CONSTANT, List.of()), 400);
    assertEquals(1, w.cutBlock(1).size(), "the submission at 0");
    assertEquals(399, w.cutBlock(S).size(), "the rest of the first second");
    for (int s = 2; s <= 10; s++) {
      assertEquals(400, w.cutBlock(s * S).size(), "second " + s);
    }
    assertEquals(1, w.cutBlock(10 * S + 2_500_000L).size());
  }

  // ------------------------------------------------------------ bursts

  @Test
  void burstsComeAllAtOnceAtTheStartOfEachInterval() {
    Clients c = clients(config(Arrival.BURSTS, List.of()), 400, new int[] {0}, 1);
    for (int burst = 0; burst < 5; burst++) {
      for (int i = 0; i < 400; i++) {
        assertEquals(burst * S, c.next().atNanos(), "burst " + burst + " tx " + i);
      }
    }
  }

  @Test
  void burstsOfAnotherIntervalHoldRateTimesInterval() {
    Clients c = clients(config(Arrival.BURSTS, 250 * MS, List.of(), EntryPoints.ALL), 10,
        new int[] {0}, 1);
    List<Submission> s = until(c, S);
    assertEquals(List.of(0L, 0L, 0L, 250 * MS, 250 * MS, 250 * MS, 500 * MS, 500 * MS, 500 * MS,
        750 * MS, 750 * MS, 750 * MS), s.stream().map(Submission::atNanos).toList(),
        "10 tx/s x 250 ms = 2.5, rounded to 3 a burst");
  }

  @Test
  void burstsCountExactlyPerBlock() {
    Workload w = auto(config(Arrival.BURSTS, List.of()), 400);
    assertEquals(400, w.cutBlock(1).size(), "the burst at 0");
    assertEquals(0, w.cutBlock(999 * MS).size());
    assertEquals(0, w.cutBlock(S).size(), "a burst at the cut's instant waits for the next cut");
    assertEquals(400, w.cutBlock(S + 1).size());
    assertEquals(1200, w.cutBlock(4 * S + 1).size(), "three bursts");
  }

  @Test
  void aBurstRoundingToNothingIsRefused() {
    ArrivalConfig tiny = config(Arrival.BURSTS, MS, List.of(), EntryPoints.ALL);
    assertThrows(IllegalArgumentException.class,
        () -> clients(tiny, 100, new int[] {0}, 1), "0.1 per burst");
    assertThrows(IllegalArgumentException.class, () -> auto(tiny, 100));
  }

  // ------------------------------------------------------------ schedule

  private static final List<RateStep> STEPS = List.of(new RateStep(0, 100),
      new RateStep(10 * S, 0), new RateStep(20 * S, 50), new RateStep(30 * S, 0));

  @Test
  void aScheduleChangesTheRateAtItsSteps() {
    for (Arrival a : List.of(Arrival.CONSTANT, Arrival.BURSTS)) {
      Workload w = auto(config(a, STEPS), 1);
      assertEquals(1000, w.cutBlock(10 * S).size(), a + ": 10 s at 100 tx/s");
      assertEquals(0, w.cutBlock(20 * S).size(), a + ": a pause");
      assertEquals(500, w.cutBlock(30 * S).size(), a + ": 10 s at 50 tx/s");
      assertEquals(0, w.cutBlock(1000 * S).size(), a + ": ended");
    }
  }

  @Test
  void clientsFollowTheScheduleAndEndInItsFinalPause() {
    for (Arrival a : Arrival.values()) {
      Clients c = clients(config(a, STEPS), 1, new int[] {0}, 3);
      List<Submission> all = until(c, Long.MAX_VALUE);
      long first = all.stream().filter(s -> s.atNanos() < 10 * S).count();
      long paused = all.stream().filter(s -> s.atNanos() >= 10 * S && s.atNanos() < 20 * S)
          .count();
      long second = all.stream().filter(s -> s.atNanos() >= 20 * S).count();
      assertEquals(0, paused, a + ": nothing in the pause");
      assertTrue(Math.abs(first - 1000) <= (a == Arrival.POISSON ? 130 : 0), a + ": " + first);
      assertTrue(Math.abs(second - 500) <= (a == Arrival.POISSON ? 90 : 0), a + ": " + second);
      assertTrue(all.get(all.size() - 1).atNanos() < 30 * S);
      assertNull(c.next(), "still ended");
    }
  }

  @Test
  void constantArrivalsCrossAStepAtTheNewSpacing() {
    Clients c = clients(config(Arrival.CONSTANT, List.of(new RateStep(0, 2),
        new RateStep(S, 4))), 1, new int[] {0}, 1);
    assertEquals(List.of(0L, 500 * MS, S, 1250 * MS, 1500 * MS),
        until(c, 1600 * MS).stream().map(Submission::atNanos).toList());
  }

  @Test
  void aScheduleStartsAtZeroAscendsAndHasARate() {
    assertThrows(IllegalArgumentException.class,
        () -> new RateSchedule(List.of(new RateStep(S, 1))));
    assertThrows(IllegalArgumentException.class, () -> new RateSchedule(List.of(
        new RateStep(0, 1), new RateStep(2 * S, 1), new RateStep(2 * S, 3))));
    assertThrows(IllegalArgumentException.class, () -> new RateStep(0, -1));
  }

  @Test
  void aScheduleWithoutARateSubmitsNothing() {
    for (Arrival a : Arrival.values()) {
      assertNull(clients(config(a, List.of(new RateStep(0, 0))), 1, new int[] {0}, 1).next(),
          a.toString());
      assertNull(clients(config(a, List.of()), 0, new int[] {0}, 1).next(), a + " at rate 0");
      assertEquals(0, auto(config(a, List.of()), 0).cutBlock(100 * S).size(), a.toString());
    }
  }

  // ------------------------------------------------------------ poisson

  @Test
  void poissonClientsKeepTheRateOverALongWindow() {
    Clients c = clients(ArrivalConfig.defaults(), 400, new int[] {0}, 11);
    List<Submission> s = until(c, 1000 * S);
    // 400,000 expected, standard deviation 632: within 5 of them
    assertTrue(Math.abs(s.size() - 400_000) < 3200, "1000 s at 400 tx/s: " + s.size());
  }

  @Test
  void poissonBlocksWithAScheduleKeepItsMean() {
    Workload w = auto(config(Arrival.POISSON, List.of(new RateStep(0, 1000),
        new RateStep(50 * S, 3000))), 1);
    long before = 0;
    long after = 0;
    for (int s = 1; s <= 100; s++) {
      long n = w.cutBlock(s * S).size();
      if (s <= 50) {
        before += n;
      } else {
        after += n;
      }
    }
    assertTrue(Math.abs(before - 50_000) < 1200, "50 s at 1000 tx/s: " + before);
    assertTrue(Math.abs(after - 150_000) < 2000, "50 s at 3000 tx/s: " + after);
  }

  // ------------------------------------------------------------ the same arrivals either way

  @Property(tries = 30)
  void blocksAndClientsCountTheSameDeterministicArrivals(@ForAll @IntRange(min = 1, max = 3000)
      int rate, @ForAll @IntRange(min = 1, max = 2000) int intervalMs,
      @ForAll @IntRange(min = 1, max = 5000) int cutMs) {
    for (Arrival a : List.of(Arrival.CONSTANT, Arrival.BURSTS)) {
      ArrivalConfig cfg = config(a, intervalMs * MS, List.of(new RateStep(0, rate),
          new RateStep(2 * S, rate * 2.0)), EntryPoints.ALL);
      if (a.problem(cfg.schedule(1), cfg.burstIntervalNanos()).isPresent()) {
        continue;
      }
      Workload w = auto(cfg, 1);
      long blocks = 0;
      for (long t = cutMs * MS; t <= 6 * S; t += cutMs * MS) {
        blocks += w.cutBlock(t).size();
      }
      long last = (6 * S / (cutMs * MS)) * cutMs * MS;
      int streamed = until(clients(cfg, 1, new int[] {0}, 1), last).size();
      assertEquals(streamed, blocks, a + " up to " + last);
    }
  }

  @Property(tries = 20)
  void theSameSeedGivesTheSameSubmissions(@ForAll long seed,
      @ForAll @IntRange(min = 0, max = 2) int process) {
    ArrivalConfig cfg = config(Arrival.values()[process], S, List.of(), EntryPoints.ALL);
    Clients a = new Clients(cfg, 300, 500, MsgSizeDistribution.LOGNORMAL, new int[] {1, 4, 9},
        new SplittableRandom(seed));
    Clients b = new Clients(cfg, 300, 500, MsgSizeDistribution.LOGNORMAL, new int[] {1, 4, 9},
        new SplittableRandom(seed));
    long previous = 0;
    for (int i = 0; i < 500; i++) {
      Submission x = a.next();
      assertEquals(x, b.next());
      assertTrue(x.atNanos() >= previous, "times never go back");
      previous = x.atNanos();
    }
  }

  // ------------------------------------------------------------ entry points

  @Test
  void submissionsAreSpreadUniformlyOverTheEntryPoints() {
    int[] all = EntryPoints.ALL.validators(10, List.of("us-east"));
    Clients c = clients(ArrivalConfig.defaults(), 1000, all, 5);
    int[] per = new int[10];
    for (int i = 0; i < 100_000; i++) {
      per[c.next().entryValidator()]++;
    }
    for (int v = 0; v < 10; v++) {
      // 10,000 expected each, standard deviation 95
      assertTrue(Math.abs(per[v] - 10_000) < 500, "validator " + v + ": " + per[v]);
    }
  }

  @Test
  void entryPointsResolveToValidators() {
    List<String> regions = List.of("us-east", "eu-west", "ap-northeast");
    assertArrayEquals(new int[] {0, 1, 2, 3}, EntryPoints.ALL.validators(4, regions));
    assertArrayEquals(new int[] {3}, new EntryPoints.Validator(3).validators(4, regions));
    assertArrayEquals(new int[] {1, 4, 7}, new EntryPoints.Region("eu-west").validators(8,
        regions));
    assertThrows(IllegalArgumentException.class,
        () -> new EntryPoints.Validator(4).validators(4, regions));
    assertThrows(IllegalArgumentException.class,
        () -> new EntryPoints.Region("ap-northeast").validators(2, regions));
    Clients one = clients(ArrivalConfig.defaults(), 1000,
        new EntryPoints.Validator(3).validators(4, regions), 1);
    for (int i = 0; i < 100; i++) {
      assertEquals(3, one.next().entryValidator());
    }
  }

  @Test
  void payloadSizesFollowTheWorkloadsDistribution() {
    Clients fixed = clients(ArrivalConfig.defaults(), 1000, new int[] {0}, 1);
    assertEquals(100, fixed.next().payloadBytes());
    Clients uniform = new Clients(ArrivalConfig.defaults(), 1000, 1000,
        MsgSizeDistribution.UNIFORM, new int[] {0}, new SplittableRandom(1));
    for (int i = 0; i < 1000; i++) {
      int b = uniform.next().payloadBytes();
      assertTrue(b >= 500 && b <= 1500, "uniform in [500, 1500]: " + b);
    }
  }
}
