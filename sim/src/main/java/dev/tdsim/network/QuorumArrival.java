package dev.tdsim.network;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * When does a receiver hold messages (votes, decryption shares) from senders with a threshold of
 * the stake? Arrival from sender s = send time of s + delay s to receiver; sort the arrivals and
 * walk the cumulative stake: the quorum time is the arrival at which the threshold is first met.
 * This answers a whole voting step in one call instead of V x V message events, which is what lets
 * thousands of validators be simulated.
 *
 * <p>Two paths for {@link #forAllReceivers}:
 *
 * <ul>
 *   <li>exact: every receiver, with delays from every sender (V^2 draws, V sorts of V arrivals:
 *       O(V^2 log V), about 0.3 M draws at V = 512);
 *   <li>aggregate: receivers in one region are exchangeable (same base latencies to every sender,
 *       i.i.d. jitter), so their quorum times share one distribution. Per region, {@code K}
 *       representatives drawn at random are computed exactly; every other receiver of the region
 *       takes the time of a representative drawn at random, which keeps the spread between
 *       receivers. Cost O(regions x K x V log V). What is lost: the receiver's own message (which
 *       reaches it at once) and its own overlay position under gossip; with V in the thousands,
 *       one validator's stake moves the quorum time by at most one order statistic.
 * </ul>
 *
 * <p>Senders that do not send (crashed, or not yet decided) have send time {@link #NEVER}; zero
 * stake senders are ignored; a threshold never met gives {@link #NEVER}. Total stake must fit in a
 * long.
 */
public final class QuorumArrival {

  /** "Never happens": a send time or a result for a message or quorum that never arrives. */
  public static final long NEVER = Long.MAX_VALUE;

  private final Dissemination dissemination;
  private final QuorumSettings settings;

  public QuorumArrival(Dissemination dissemination, QuorumSettings settings) {
    this.dissemination = Objects.requireNonNull(dissemination, "dissemination");
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  public Dissemination dissemination() {
    return dissemination;
  }

  public QuorumSettings settings() {
    return settings;
  }

  /**
   * The earliest time one receiver holds messages from senders with {@code threshold} of the
   * total stake, exact.
   *
   * @param sendTimesNanos by sender: absolute send time, or {@link #NEVER}
   * @param stakes by sender: stake weight, >= 0
   * @param delaysNanos by sender: delay to this receiver ({@link #NEVER} if it never arrives)
   * @return the quorum time, or {@link #NEVER}
   */
  public static long quorumTimeNanos(long[] sendTimesNanos, long[] stakes, long[] delaysNanos,
      StakeThreshold threshold) {
    int n = sendTimesNanos.length;
    if (stakes.length != n || delaysNanos.length != n) {
      throw new IllegalArgumentException("sendTimesNanos, stakes and delaysNanos must have one "
          + "entry per sender: " + n + ", " + stakes.length + ", " + delaysNanos.length);
    }
    long total = totalStake(stakes);
    long[] arrivals = new long[n];
    long[] weights = new long[n];
    int m = 0;
    for (int s = 0; s < n; s++) {
      long arrival = arrival(sendTimesNanos[s], delaysNanos[s]);
      if (stakes[s] > 0 && arrival != NEVER) {
        arrivals[m] = arrival;
        weights[m] = stakes[s];
        m++;
      }
    }
    PairSort.sort(arrivals, weights, m);
    long cumulative = 0;
    for (int k = 0; k < m; k++) {
      cumulative += weights[k];
      if (threshold.reachedBy(cumulative, total)) {
        return arrivals[k];
      }
    }
    return NEVER;
  }

  /** The quorum time of one receiver, with delays drawn from {@code rng}. */
  public long forReceiver(int receiver, long[] sendTimesNanos, long[] stakes, long bytes,
      StakeThreshold threshold, SplittableRandom rng) {
    checkSenders(sendTimesNanos, stakes);
    return quorumTimeNanos(sendTimesNanos, stakes,
        dissemination.delaysToNanos(receiver, bytes, rng), threshold);
  }

  /**
   * The quorum time of every receiver when every validator sends one message of {@code bytes} at
   * {@code sendTimesNanos[v]}, by the method {@link QuorumSettings#resolve} picks. Draws come from
   * {@code rng} in a fixed order, so the result is a function of the inputs and the stream.
   */
  public QuorumResult forAllReceivers(long[] sendTimesNanos, long[] stakes, long bytes,
      StakeThreshold threshold, SplittableRandom rng) {
    checkSenders(sendTimesNanos, stakes);
    int v = sendTimesNanos.length;
    if (settings.resolve(v) == QuorumMethod.EXACT) {
      long[] times = new long[v];
      for (int r = 0; r < v; r++) {
        times[r] = quorumTimeNanos(sendTimesNanos, stakes,
            dissemination.delaysToNanos(r, bytes, rng), threshold);
      }
      return new QuorumResult(times, QuorumMethod.EXACT, v);
    }
    return aggregate(sendTimesNanos, stakes, bytes, threshold, rng);
  }

  private QuorumResult aggregate(long[] sendTimesNanos, long[] stakes, long bytes,
      StakeThreshold threshold, SplittableRandom rng) {
    NetworkModel network = dissemination.network();
    int v = sendTimesNanos.length;
    List<List<Integer>> byRegion = new ArrayList<>();
    for (int r = 0; r < v; r++) {
      int region = network.regionOf(r);
      while (byRegion.size() <= region) {
        byRegion.add(new ArrayList<>());
      }
      byRegion.get(region).add(r);
    }
    long[] times = new long[v];
    int computed = 0;
    for (List<Integer> members : byRegion) {
      int size = members.size();
      if (size == 0) {
        continue;
      }
      int reps = Math.min(settings.representativesPerRegion(), size);
      int[] order = members.stream().mapToInt(Integer::intValue).toArray();
      for (int k = 0; k < reps; k++) { // partial Fisher-Yates: order[0..reps) are the sample
        int j = k + rng.nextInt(size - k);
        int t = order[k];
        order[k] = order[j];
        order[j] = t;
      }
      long[] repTimes = new long[reps];
      for (int k = 0; k < reps; k++) {
        repTimes[k] = quorumTimeNanos(sendTimesNanos, stakes,
            dissemination.delaysToNanos(order[k], bytes, rng), threshold);
        times[order[k]] = repTimes[k];
      }
      for (int k = reps; k < size; k++) {
        times[order[k]] = repTimes[rng.nextInt(reps)];
      }
      computed += reps;
    }
    return new QuorumResult(times, QuorumMethod.AGGREGATE, computed);
  }

  private void checkSenders(long[] sendTimesNanos, long[] stakes) {
    int v = dissemination.network().validators();
    if (sendTimesNanos.length != v || stakes.length != v) {
      throw new IllegalArgumentException("need one send time and one stake per validator (" + v
          + "), got " + sendTimesNanos.length + " and " + stakes.length);
    }
  }

  private static long arrival(long sendNanos, long delayNanos) {
    if (sendNanos == NEVER || delayNanos == NEVER) {
      return NEVER;
    }
    if (delayNanos < 0) {
      throw new IllegalArgumentException("delays must be >= 0, got " + delayNanos);
    }
    long sum = sendNanos + delayNanos;
    return sum < sendNanos ? NEVER : sum;
  }

  private static long totalStake(long[] stakes) {
    long total = 0;
    for (long s : stakes) {
      if (s < 0) {
        throw new IllegalArgumentException("stakes must be >= 0, got " + s);
      }
      total = Math.addExact(total, s);
    }
    return total;
  }
}
