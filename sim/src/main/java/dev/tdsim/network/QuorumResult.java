package dev.tdsim.network;

import java.util.Arrays;
import java.util.Objects;

/**
 * The time each receiver first holds a quorum of messages.
 *
 * @param timesNanos by receiver: absolute time, or {@link QuorumArrival#NEVER}
 * @param method {@link QuorumMethod#EXACT} or {@link QuorumMethod#AGGREGATE}: the one used
 * @param receiversComputed receivers whose time was computed from all senders' messages (V when
 *     exact, the representatives when aggregate)
 */
public record QuorumResult(long[] timesNanos, QuorumMethod method, int receiversComputed) {

  public QuorumResult {
    timesNanos = timesNanos.clone();
    Objects.requireNonNull(method, "method");
    if (method == QuorumMethod.AUTO) {
      throw new IllegalArgumentException("a result reports EXACT or AGGREGATE, not AUTO");
    }
  }

  @Override
  public long[] timesNanos() {
    return timesNanos.clone();
  }

  public long timeNanos(int receiver) {
    return timesNanos[receiver];
  }

  public int receivers() {
    return timesNanos.length;
  }

  public boolean exact() {
    return method == QuorumMethod.EXACT;
  }

  /** The k-th smallest receiver time (0-based): e.g. when 2/3 of validators can commit. */
  public long orderStatisticNanos(int k) {
    long[] sorted = timesNanos.clone();
    Arrays.sort(sorted);
    return sorted[k];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof QuorumResult r && Arrays.equals(timesNanos, r.timesNanos)
        && method == r.method && receiversComputed == r.receiversComputed;
  }

  @Override
  public int hashCode() {
    return 31 * (31 * Arrays.hashCode(timesNanos) + method.hashCode()) + receiversComputed;
  }

  @Override
  public String toString() {
    return "QuorumResult[" + method + ", receivers=" + timesNanos.length + ", computed="
        + receiversComputed + "]";
  }
}
