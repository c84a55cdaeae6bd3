package dev.tdsim.network;

import java.util.Arrays;

/**
 * The send loops of a peer-to-peer node, one per connected peer, as CometBFT's consensus reactor
 * runs them (gossipDataRoutine, gossipVotesRoutine): a loop sends what its peer lacks, one message
 * after another; when it finds nothing to send it sleeps {@code sleepNanos}
 * ({@code peer_gossip_sleep_duration}, 100 ms by default) before it looks again. So a message that
 * becomes ready while the loop of a link sleeps waits for that loop's next look; one that becomes
 * ready while the loop is busy goes out right after the message before it.
 *
 * <p>Below the loop, the connection (CometBFT's MConnection) buffers writes and flushes them when
 * its flush timer fires, {@code flushThrottleNanos} after the first write since the last flush
 * ({@code p2p.flush_throttle_timeout}: 100 ms up to v0.38, 10 ms in v1.0), or at once when a
 * write fills its {@value #FLUSH_BUFFER_BYTES}-byte buffer (a whole block part does).
 *
 * <p>Each link's loop starts at its own phase in [0, sleep), a deterministic function of the seed
 * and the link. {@link #sendStartNanos} keeps each link's state (when its loop last finished
 * sending) and is exact for messages handed over in time order, as a direct sender does.
 * {@link #nextLookNanos} is the stateless form used inside a flood over the gossip overlay, where
 * a relay's links are computed ahead of time: it assumes the loop has been idle (it looks at its
 * phase + k x sleep).
 */
public final class PeerSendLoops {
  /** No sleeping loops: a message leaves as soon as it is ready. */
  public static final PeerSendLoops NONE = new PeerSendLoops(0, 0, 0, 0);

  /** The connection's write buffer (bufio.Writer of 64 KiB in CometBFT's MConnection). */
  public static final long FLUSH_BUFFER_BYTES = 65536;

  /**
   * The largest message that travels as one packet (CometBFT's
   * {@code p2p.max_packet_msg_payload_size}, 1024 B). The connection sends its channels' packets
   * in turn, so such a message (a vote, a proposal header) is not held up behind the packets of
   * a large one (a block part); larger messages queue on the node's uplink. Votes and block data
   * also have separate gossip loops (gossipVotesRoutine, gossipDataRoutine).
   */
  public static final long PACKET_BYTES = 1024;

  /** Whether a message of {@code bytes} is a stream of packets that queues on the uplink. */
  public static boolean bulk(long bytes) {
    return bytes > PACKET_BYTES;
  }

  private final int validators;
  private final long sleepNanos;
  private final long flushThrottleNanos;
  private final long seed;
  /** By sender, lazily: when each of its links' loops last finished sending (ns); one set of
   * loops for single-packet messages (votes), one for bulk data (block parts). */
  private final long[][] idleSince;
  private final long[][] bulkIdleSince;
  /** By sender, lazily: when each of its links' pending flush fires (ns). */
  private final long[][] flushAt;

  public PeerSendLoops(int validators, long sleepNanos, long flushThrottleNanos, long seed) {
    if (sleepNanos < 0 || flushThrottleNanos < 0) {
      throw new IllegalArgumentException("sleepNanos and flushThrottleNanos must be >= 0");
    }
    this.validators = validators;
    this.sleepNanos = sleepNanos;
    this.flushThrottleNanos = flushThrottleNanos;
    this.seed = seed;
    this.idleSince = new long[validators][];
    this.bulkIdleSince = new long[validators][];
    this.flushAt = new long[validators][];
  }

  /** Whether links add nothing (no loop sleep, no flush throttle). */
  public boolean none() {
    return sleepNanos == 0 && flushThrottleNanos == 0;
  }

  /**
   * When a message of {@code bytes} that the loop of link from->to starts sending at
   * {@code startNanos} leaves the node: at once when it fills the write buffer, else at the
   * link's next flush (a flush timer started by the first write since the last flush).
   */
  public long departureNanos(int from, int to, long startNanos, long bytes) {
    if (flushThrottleNanos == 0 || bytes >= FLUSH_BUFFER_BYTES) {
      return startNanos;
    }
    long[] row = flushAt[from];
    if (row == null) {
      row = new long[validators];
      Arrays.fill(row, Long.MIN_VALUE);
      flushAt[from] = row;
    }
    if (startNanos <= row[to]) {
      return row[to];
    }
    row[to] = startNanos + flushThrottleNanos;
    return row[to];
  }

  /** The stateless form of {@link #departureNanos} for relays: a full throttle when idle. */
  public long idleDepartureNanos(long startNanos, long bytes) {
    return flushThrottleNanos == 0 || bytes >= FLUSH_BUFFER_BYTES
        ? startNanos : startNanos + flushThrottleNanos;
  }

  public long sleepNanos() {
    return sleepNanos;
  }

  /** The loop of link from->to's phase in [0, sleep): a SplitMix64 hash of seed and link. */
  long phaseNanos(int from, int to) {
    long z = seed + 0x9E3779B97F4A7C15L * (((long) from << 32) ^ to ^ 0x5bd1e995L);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z ^= z >>> 31;
    return Math.floorMod(z, sleepNanos);
  }

  /**
   * When the loop of link from->to starts sending a message of {@code bytes} ready at
   * {@code readyNanos} that keeps the loop busy for {@code busyNanos}; records the loop as busy
   * until then. Messages of one link must be handed over in non-decreasing ready time.
   */
  public long sendStartNanos(int from, int to, long readyNanos, long bytes, long busyNanos) {
    if (sleepNanos == 0) {
      return readyNanos;
    }
    long[][] loops = bulk(bytes) ? bulkIdleSince : idleSince;
    long[] row = loops[from];
    if (row == null) {
      row = new long[validators];
      Arrays.fill(row, Long.MIN_VALUE);
      loops[from] = row;
    }
    long idle = row[to];
    long start;
    if (idle == Long.MIN_VALUE) {
      start = nextLookNanos(from, to, readyNanos);
    } else if (readyNanos <= idle) {
      start = idle; // the loop is still sending: this message goes right after
    } else {
      // The loop found nothing at `idle` and has been sleeping since, looking every sleepNanos.
      long k = (readyNanos - idle + sleepNanos - 1) / sleepNanos;
      start = idle + k * sleepNanos;
    }
    row[to] = start + busyNanos;
    return start;
  }

  /** The first look of an idle loop of link from->to at or after {@code atNanos}. */
  public long nextLookNanos(int from, int to, long atNanos) {
    if (sleepNanos == 0) {
      return atNanos;
    }
    long phase = phaseNanos(from, to);
    if (atNanos <= phase) {
      return phase;
    }
    long k = (atNanos - phase + sleepNanos - 1) / sleepNanos;
    return phase + k * sleepNanos;
  }
}
