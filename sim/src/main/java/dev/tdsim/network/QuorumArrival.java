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

  /**
   * Quorum times of one receiver whose CPU handles its messages one at a time in arrival order
   * (ties by index), as a validator verifies received vote signatures: message m arrives at
   * {@code arrivalNanos[m]} ({@link #NEVER}: never), then occupies the CPU for
   * {@code costNanos[m]} and counts when done, {@code done_k = max(arrival_k, done_(k-1)) +
   * cost_k}. So a quorum that needs k verified messages stands at least k verifications after
   * the first arrival, however fast the network.
   *
   * @param weights by count c, by message: the stake message m adds to count c (>= 0)
   * @param thresholds by count c: what count c must reach of {@code totalStake}
   * @return by count c: the done time at which count c first meets its threshold (or
   *     {@link #NEVER}) and how many messages the CPU had handled by then
   */
  public static Served servedQuorumTimesNanos(long[] arrivalNanos, long[] costNanos,
      long[][] weights, StakeThreshold[] thresholds, long totalStake) {
    return servedQuorumTimesNanos(arrivalNanos, costNanos, weights, thresholds, totalStake,
        Backlog.NONE, NEVER);
  }

  /**
   * As {@link #servedQuorumTimesNanos(long[], long[], long[][], StakeThreshold[], long)}, on a
   * CPU that still has an earlier step's queue: of {@code earlier}'s messages, those the CPU
   * had not finished by {@code continueFromNanos} (the receiver's move to this step, when it
   * queues its own message) are still to be verified, and they share the queue with this step's
   * messages in arrival order (an earlier message first on a tie). They count towards no
   * threshold of this step, and {@code handled} counts only this step's messages. With
   * {@code continueFromNanos} = {@link #NEVER} the earlier queue is dropped.
   */
  public static Served servedQuorumTimesNanos(long[] arrivalNanos, long[] costNanos,
      long[][] weights, StakeThreshold[] thresholds, long totalStake, Backlog earlier,
      long continueFromNanos) {
    int n = arrivalNanos.length;
    int counts = weights.length;
    if (costNanos.length != n || thresholds.length != counts) {
      throw new IllegalArgumentException("need one cost per message and one threshold per count");
    }
    Backlog step = Backlog.sorted(arrivalNanos, costNanos);
    long[] keys = step.arrivalsNanos();
    int[] index = step.messages();
    int m = keys.length;
    // Where the earlier queue stands at continueFromNanos: its unfinished messages come first.
    long[] before = earlier.arrivalsNanos();
    long[] beforeCost = earlier.costsNanos();
    int next = before.length;
    long done = Long.MIN_VALUE;
    if (continueFromNanos != NEVER) {
      long finished = earlier.startNanos();
      for (next = 0; next < before.length; next++) {
        long end = Math.max(before[next], finished) + beforeCost[next];
        if (end > continueFromNanos) {
          break;
        }
        finished = end;
      }
      done = finished;
    }
    Backlog queue = step.after(done, earlier, next);
    long[] times = new long[counts];
    int[] handled = new int[counts];
    java.util.Arrays.fill(times, NEVER);
    long[] held = new long[counts];
    int open = counts;
    for (int k = 0; k < m && open > 0; k++) {
      while (next < before.length && before[next] <= keys[k]) {
        done = Math.max(before[next], done) + beforeCost[next];
        next++;
      }
      int i = index[k];
      done = Math.max(keys[k], done) + costNanos[i];
      for (int c = 0; c < counts; c++) {
        if (times[c] == NEVER) {
          held[c] += weights[c][i];
          if (weights[c][i] > 0 && thresholds[c].reachedBy(held[c], totalStake)) {
            times[c] = done;
            handled[c] = k + 1;
            open--;
          }
        }
      }
    }
    return new Served(times, handled, queue);
  }

  /**
   * One receiver's verification queue of a voting step, in the order its CPU takes it: from
   * {@code startNanos} on (the CPU busy until then with what came before; {@code
   * Long.MIN_VALUE}: idle), the messages that arrive (by arrival time, ties by message index),
   * each with its CPU cost. {@link #forAllReceiversServed} keeps it so that the round's next
   * step starts behind the messages of this one still unverified, as a validator's single
   * consensus thread does.
   */
  public record Backlog(long startNanos, long[] arrivalsNanos, long[] costsNanos,
      int[] messages) {
    /** No earlier queue. */
    public static final Backlog NONE =
        new Backlog(Long.MIN_VALUE, new long[0], new long[0], new int[0]);

    public Backlog {
      if (arrivalsNanos.length != costsNanos.length || arrivalsNanos.length != messages.length) {
        throw new IllegalArgumentException("need one arrival, cost and index per message");
      }
    }

    /**
     * This queue continued from an earlier one, as the CPU takes it: from {@code fromNanos}, with
     * {@code earlier}'s messages from index {@code first} on still to verify, merged with this
     * one's by arrival (an earlier message first on a tie; carried messages have index -1), so
     * that walking the result from its start gives the same done times as the step's walk.
     */
    Backlog after(long fromNanos, Backlog earlier, int first) {
      int carried = Math.max(0, earlier.arrivalsNanos.length - first);
      if (carried == 0 && fromNanos == startNanos) {
        return this;
      }
      int n = carried + arrivalsNanos.length;
      long[] arrivals = new long[n];
      long[] costs = new long[n];
      int[] messages = new int[n];
      int k = 0;
      int i = first;
      int j = 0;
      while (k < n) {
        boolean fromEarlier = j == arrivalsNanos.length || (i < earlier.arrivalsNanos.length
            && earlier.arrivalsNanos[i] <= arrivalsNanos[j]);
        if (fromEarlier) {
          arrivals[k] = earlier.arrivalsNanos[i];
          costs[k] = earlier.costsNanos[i++];
          messages[k++] = -1;
        } else {
          arrivals[k] = arrivalsNanos[j];
          costs[k] = costsNanos[j];
          messages[k++] = this.messages[j++];
        }
      }
      return new Backlog(fromNanos, arrivals, costs, messages);
    }

    /**
     * When the CPU, walking this queue from its start, finishes the first of the step's own
     * messages (not one carried from an earlier queue) that it finishes after {@code afterNanos};
     * {@link #NEVER} if none does.
     */
    public long firstDoneAfter(long afterNanos) {
      long done = startNanos;
      for (int k = 0; k < arrivalsNanos.length; k++) {
        done = Math.max(arrivalsNanos[k], done) + costsNanos[k];
        if (messages[k] >= 0 && done > afterNanos) {
          return done;
        }
      }
      return NEVER;
    }

    /** The messages that arrive, in arrival order, on an idle CPU. */
    static Backlog sorted(long[] arrivalNanos, long[] costNanos) {
      int n = arrivalNanos.length;
      long[] keys = new long[n];
      long[] order = new long[n];
      int m = 0;
      for (int i = 0; i < n; i++) {
        if (arrivalNanos[i] != NEVER) {
          keys[m] = arrivalNanos[i];
          order[m] = i;
          m++;
        }
      }
      PairSort.sort(keys, order, m);
      long[] arrivals = java.util.Arrays.copyOf(keys, m);
      long[] costs = new long[m];
      int[] messages = new int[m];
      for (int k = 0; k < m; k++) {
        messages[k] = (int) order[k];
        costs[k] = costNanos[messages[k]];
      }
      return new Backlog(Long.MIN_VALUE, arrivals, costs, messages);
    }
  }

  /** What {@link #servedQuorumTimesNanos} found, by count, and the step's queue. */
  public record Served(long[] timesNanos, int[] handled, Backlog queue) {}

  /**
   * {@link #forAllReceiversServed}'s answer, by count and receiver, and each receiver's queue
   * (under aggregation, that of the representative whose times it took).
   */
  public record ServedQuorums(long[][] timesNanos, int[][] handled, QuorumMethod method,
      Backlog[] queues) {}

  /**
   * The quorum times of every receiver when every validator v sends one message of {@code bytes}
   * at {@code sendTimesNanos[v]} ({@link #NEVER}: none), {@code weights[c][v]} of its
   * {@code stakes[v]} counting towards count c, and each receiver verifies the others'
   * messages one at a time, {@code verifyNanos} each, in arrival order
   * ({@link #servedQuorumTimesNanos}). A receiver's own message does not cross the network: it is
   * ready for its CPU at {@code ownReadyNanos[r]} and takes {@code ownCostNanos[r]} (for a vote:
   * validating, signing, syncing), in the same queue. Arrivals come from
   * {@link Dissemination#receiveNanos}, so the senders' send loops apply where the dissemination
   * models them. Exact or aggregate as {@link #forAllReceivers}; under aggregation a receiver
   * outside the sample takes the times of a representative of its region drawn at random, moved
   * by the difference of their own messages' costs when those were handled before the quorum.
   * Each receiver's CPU may still hold an earlier queue ({@code earlier[r]}; {@code earlier} null
   * for none at all): the round's previous step ({@link ServedQuorums#queues}) or the check of a
   * proposal that arrived before the votes. Its messages not yet verified when the receiver
   * queues its own message (at {@code ownReadyNanos[r]}) are verified in arrival order among this
   * step's ({@link #servedQuorumTimesNanos(long[], long[], long[][], StakeThreshold[], long,
   * Backlog, long)}).
   */
  public ServedQuorums forAllReceiversServed(long[] sendTimesNanos, long[] stakes,
      long[][] weights, StakeThreshold[] thresholds, long bytes, long verifyNanos,
      long[] ownReadyNanos, long[] ownCostNanos, Backlog[] earlier, SplittableRandom rng) {
    int v = sendTimesNanos.length;
    checkSenders(sendTimesNanos, stakes);
    long total = totalStake(stakes);
    int counts = weights.length;
    long[][] times = new long[counts][v];
    int[][] handled = new int[counts][v];
    Backlog[] queues = new Backlog[v];
    boolean exact = settings.resolve(v) == QuorumMethod.EXACT;
    List<List<Integer>> groups = new ArrayList<>();
    if (exact) {
      for (int r = 0; r < v; r++) {
        groups.add(List.of(r));
      }
    } else {
      NetworkModel network = dissemination.network();
      for (int r = 0; r < v; r++) {
        int region = network.regionOf(r);
        while (groups.size() <= region) {
          groups.add(new ArrayList<>());
        }
        groups.get(region).add(r);
      }
    }
    long[] cost = new long[v];
    for (List<Integer> members : groups) {
      int size = members.size();
      if (size == 0) {
        continue;
      }
      int reps = exact ? 1 : Math.min(settings.representativesPerRegion(), size);
      int[] order = members.stream().mapToInt(Integer::intValue).toArray();
      for (int k = 0; k < reps && !exact; k++) {
        int j = k + rng.nextInt(size - k);
        int t = order[k];
        order[k] = order[j];
        order[j] = t;
      }
      for (int k = 0; k < reps; k++) {
        int r = order[k];
        long[] arrivals = dissemination.receiveNanos(r, bytes, sendTimesNanos, rng);
        java.util.Arrays.fill(cost, verifyNanos);
        arrivals[r] = ownReadyNanos[r];
        cost[r] = ownCostNanos[r];
        Served s = servedQuorumTimesNanos(arrivals, cost, weights, thresholds, total,
            earlier == null ? Backlog.NONE : earlier[r], ownReadyNanos[r]);
        queues[r] = s.queue();
        for (int c = 0; c < counts; c++) {
          times[c][r] = s.timesNanos()[c];
          handled[c][r] = s.handled()[c];
        }
      }
      for (int k = reps; k < size; k++) {
        int q = order[rng.nextInt(reps)];
        int r = order[k];
        queues[r] = queues[q];
        for (int c = 0; c < counts; c++) {
          long t = times[c][q];
          handled[c][r] = handled[c][q];
          times[c][r] = t == NEVER ? NEVER
              : t + ownShare(r, t, ownReadyNanos, ownCostNanos)
                  - ownShare(q, t, ownReadyNanos, ownCostNanos);
        }
      }
    }
    return new ServedQuorums(times, handled, exact ? QuorumMethod.EXACT : QuorumMethod.AGGREGATE,
        queues);
  }

  /** The CPU time a receiver's own message takes before {@code quorumNanos}, if it starts then. */
  private static long ownShare(int r, long quorumNanos, long[] ownReadyNanos, long[] ownCostNanos) {
    return ownReadyNanos[r] != NEVER && ownReadyNanos[r] < quorumNanos ? ownCostNanos[r] : 0;
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
