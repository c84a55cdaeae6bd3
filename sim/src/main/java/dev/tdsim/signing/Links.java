package dev.tdsim.signing;

/**
 * The links between the parties of a {@link RoundSchedule}: each party has one uplink and one
 * downlink, each serving one message at a time at the same rate, and a message takes {@link
 * #oneWayNanos} from its last bit leaving the sender to its last bit arriving.
 */
public interface Links {
  /** Propagation delay from party {@code from} to party {@code to}, nanoseconds, at least 0. */
  long oneWayNanos(int from, int to);

  /** Time to put {@code bytes} on a link, nanoseconds. */
  long transmissionNanos(long bytes);
}
