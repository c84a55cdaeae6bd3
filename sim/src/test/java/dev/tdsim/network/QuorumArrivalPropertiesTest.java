package dev.tdsim.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

class QuorumArrivalPropertiesTest {

  /** The sort-and-walk answer equals the brute-force "earliest arrival t with enough stake by t". */
  @Property(tries = 300)
  void matchesBruteForce(
      @ForAll @Size(min = 1, max = 80) List<@LongRange(min = 0, max = 50) Long> arrivals,
      @ForAll @Size(min = 80, max = 80) List<@LongRange(min = 0, max = 5) Long> stakeList,
      @ForAll @IntRange(min = 1, max = 5) int numerator, @ForAll boolean strict) {
    int n = arrivals.size();
    long[] send = new long[n];
    long[] delays = new long[n];
    long[] stakes = new long[n];
    long total = 0;
    for (int i = 0; i < n; i++) {
      delays[i] = arrivals.get(i) == 50 ? QuorumArrival.NEVER : arrivals.get(i);
      stakes[i] = stakeList.get(i);
      total += stakes[i];
    }
    StakeThreshold threshold = new StakeThreshold(numerator, 6, strict);
    long expected = QuorumArrival.NEVER;
    for (long t = 0; t < 50 && expected == QuorumArrival.NEVER; t++) {
      long stake = 0;
      for (int i = 0; i < n; i++) {
        if (delays[i] <= t) {
          stake += stakes[i];
        }
      }
      double fraction = total == 0 ? 0 : (double) stake / total;
      boolean met = stake > 0 && (strict ? fraction > numerator / 6.0 + 1e-12
          : fraction >= numerator / 6.0 - 1e-12);
      if (met) {
        expected = t;
      }
    }
    assertEquals(expected, QuorumArrival.quorumTimeNanos(send, stakes, delays, threshold));
  }
}
