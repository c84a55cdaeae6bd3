package dev.tdsim.mempool;

import dev.tdsim.engine.Simulation;
import dev.tdsim.network.NetworkModel;
import dev.tdsim.network.PeerSendLoops;
import dev.tdsim.network.QuorumArrival;
import dev.tdsim.network.Uplinks;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The mempool reactor's gossip (CometBFT {@code mempool/reactor.go}) over the peer graph: a
 * validator that admits a transaction sends it to every peer except the ones it came from, one
 * transaction per message, on the same connection as consensus messages.
 *
 * <p>Each per-peer routine walks the mempool's list with its own cursor; what it writes sits in
 * the connection's buffer until the connection's flush timer fires, {@code
 * p2p.flush_throttle_timeout} after the first write since the last flush (CometBFT's {@code
 * MConnection}). So the simulation keeps one flush timer per validator: the first admission after
 * a flush arms it, and when it fires every peer's cursor takes the transactions admitted since
 * (skipping the peer's own, and those removed meanwhile) as one batch per link. A batch leaves
 * through the validator's uplink queue ({@link Uplinks}, shared with the block parts the
 * validator relays), at the connection's send rate and the uplink's bandwidth, then crosses the
 * link's jittered latency. All of one flush's batches are one queue entry.
 *
 * <p>The receiver handles a batch as CometBFT's {@code Receive}/{@code CheckTx} does, transaction
 * by transaction: one it holds gains a sender; one its cache remembers is a duplicate (the cache
 * entry is refreshed); one that does not fit a full mempool is refused (and not cached); the rest
 * go to CheckTx ({@link Mempools#check}).
 *
 * <p>Not modelled: the peer-lag gate (a routine holds a transaction back from a peer two heights
 * behind), the 64 KiB buffer flushing early (a batch's bytes are serialised whole anyway), and the
 * connection's priority share between channels (bulk data queues first come, first served).
 */
final class TxGossip {
  /** Protobuf framing of a {@code Message{Txs{[tx]}}} around one transaction. */
  static final int MESSAGE_FRAMING_BYTES = 6;
  /** A packet's framing plus its secret-connection frame (length and Poly1305 tag). */
  static final int PACKET_OVERHEAD_BYTES = 12 + 20;

  private final Simulation sim;
  private final NetworkModel network;
  private final int[][] peers;
  private final Uplinks uplinks;
  private final long flushThrottleNanos;
  private final ValidatorMempool[] pools;
  private final TxTable txs;
  private final Mempools owner;
  /** By validator: its log position up to which every peer's routine has sent (all of them
   * take the same window at each flush, so one cursor serves all). */
  private final long[] cursor;
  private final boolean[] flushArmed;
  private final SplittableRandom[] linkStreams;
  private final long[] bytesSent;
  private final long[] txMessagesSent;
  private final long[] duplicatesReceived;
  private long flushes;

  TxGossip(Simulation sim, NetworkModel network, int[][] peers, Uplinks uplinks,
      long flushThrottleNanos, ValidatorMempool[] pools, TxTable txs, Mempools owner,
      SplittableRandom[] linkStreams) {
    this.sim = sim;
    this.network = network;
    this.peers = peers;
    this.uplinks = uplinks;
    this.flushThrottleNanos = flushThrottleNanos;
    this.pools = pools;
    this.txs = txs;
    this.owner = owner;
    this.linkStreams = linkStreams;
    int v = pools.length;
    cursor = new long[v];
    flushArmed = new boolean[v];
    bytesSent = new long[v];
    txMessagesSent = new long[v];
    duplicatesReceived = new long[v];
  }

  /** The wire bytes of one transaction's message: framing, packets and their frames. */
  static long messageBytes(int txBytes) {
    long message = (long) txBytes + MESSAGE_FRAMING_BYTES;
    long packets = (message + PeerSendLoops.PACKET_BYTES - 1) / PeerSendLoops.PACKET_BYTES;
    return message + packets * PACKET_OVERHEAD_BYTES;
  }

  /** {@code u} admitted a transaction now: its connections flush after the throttle. */
  void admitted(int u) {
    if (!flushArmed[u] && peers[u].length > 0) {
      flushArmed[u] = true;
      sim.schedule(sim.nowNanos() + flushThrottleNanos, s -> flush(u));
    }
  }

  private void flush(int u) {
    flushArmed[u] = false;
    flushes++;
    long now = sim.nowNanos();
    ValidatorMempool pool = pools[u];
    long end = pool.logEnd();
    // the window admitted since the last flush, still held: read once for every peer
    int window = 0;
    int[] ids = new int[(int) Math.max(0, end - Math.max(cursor[u], pool.logStart()))];
    int[] slots = new int[ids.length];
    long[] wire = new long[ids.length];
    for (long p = Math.max(cursor[u], pool.logStart()); p < end; p++) {
      int id = pool.idAt(p);
      int slot = pool.slot(id);
      if (slot >= 0) {
        ids[window] = id;
        slots[window] = slot;
        wire[window++] = messageBytes(txs.txBytes(id));
      }
    }
    cursor[u] = end;
    pool.dropBefore(end);
    int[] mine = peers[u];
    long[] delays = null;
    int[][] batchTo = null;
    int[] buffer = new int[window];
    for (int i = 0; i < mine.length && window > 0; i++) {
      int n = 0;
      long bytes = 0;
      for (int k = 0; k < window; k++) {
        if (!pool.slotSentBy(slots[k], i)) {
          buffer[n++] = ids[k];
          bytes += wire[k];
        }
      }
      if (n == 0) {
        continue;
      }
      if (delays == null) {
        delays = new long[pools.length];
        Arrays.fill(delays, QuorumArrival.NEVER);
        batchTo = new int[pools.length][];
      }
      int w = mine[i];
      long start = uplinks.reserve(u, now, network.serializationNanos(bytes));
      delays[w] = start - now + network.serializationNanos(bytes, 1)
          + network.propagationNanos(u, w, linkStreams[u]);
      batchTo[w] = Arrays.copyOf(buffer, n);
      bytesSent[u] += bytes;
      txMessagesSent[u] += n;
    }
    if (delays != null) {
      int[][] batches = batchTo;
      sim.scheduleFanout(delays, w -> receive(w, u, batches[w]));
    }
  }

  private void receive(int w, int from, int[] batch) {
    ValidatorMempool pool = pools[w];
    int sender = Arrays.binarySearch(peers[w], from);
    int[] fresh = null;
    int k = 0;
    for (int id : batch) {
      if (pool.holds(id)) {
        pool.addSender(id, sender);
        pool.cache.push(id);
        duplicatesReceived[w]++;
      } else if (pool.cache.contains(id)) {
        pool.cache.push(id);
        duplicatesReceived[w]++;
      } else if (owner.refusesFull(w, id)) {
        continue;
      } else {
        pool.cache.push(id);
        if (fresh == null) {
          fresh = new int[batch.length];
        }
        fresh[k++] = id;
      }
    }
    if (k > 0) {
      owner.check(w, fresh, k, sender);
    }
  }

  long bytesSent(int v) {
    return bytesSent[v];
  }

  long txMessagesSent(int v) {
    return txMessagesSent[v];
  }

  long duplicatesReceived(int v) {
    return duplicatesReceived[v];
  }

  long flushes() {
    return flushes;
  }
}
