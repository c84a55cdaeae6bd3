package dev.tdsim.mempool;

import dev.tdsim.cpu.NodeCpu;
import dev.tdsim.engine.Simulation;
import dev.tdsim.network.NetworkModel;
import dev.tdsim.network.Uplinks;
import dev.tdsim.random.RandomStreams;
import dev.tdsim.timing.CpuWork;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import dev.tdsim.workload.Submission;
import dev.tdsim.workload.TxBatch;

/**
 * Every validator's mempool and what moves transactions between them: clients submit to their
 * entry validator, CheckTx admits (each validator pays the design's admission check on its own
 * cores, beside consensus), the reactor gossips ({@link TxGossip}), the proposer reaps its
 * mempool front to back, and each validator's commit updates its mempool (the block's
 * transactions leave it and enter its cache; the rest are rechecked).
 *
 * <p>CheckTx of a batch of new transactions is one background call on the validator's cores
 * ({@link NodeCpu#background}), its checks split over the cores; its transactions join the
 * mempool when it is done, if the mempool still has room (CometBFT checks {@code isFull} again
 * when the response arrives; a refused transaction leaves the cache so that it may come again).
 * A recheck after each commit is a background call too, so admissions queue behind it as they
 * wait for CometBFT's mempool lock.
 */
public final class Mempools {
  /** A chain that made no block for this long stops its clients until the next block. */
  static final long CLIENT_PAUSE_NANOS = 60_000_000_000L;

  private final Simulation sim;
  private final MempoolConfig config;
  private final NodeCpu[] cpus;
  private AdmissionCost cost = AdmissionCost.FREE;
  private final ValidatorMempool[] pools;
  private final TxTable txs;
  private final TxGossip gossip;
  private final Supplier<Submission> clients;
  private final Map<Integer, int[]> blocks = new HashMap<>();
  /** Each author's position in its mempool's list: what lies before it was pulled. */
  private final long[] pullCursor;
  /** The transactions of each pulled batch, by handle. */
  private final List<int[]> pulledBatches = new ArrayList<>();
  /** Heights whose block was made of pulled batches. */
  private final java.util.BitSet carried = new java.util.BitSet();
  /** Heights whose block a limit cut short: more was waiting than fit. */
  private final java.util.BitSet fullBlocks = new java.util.BitSet();
  private final int[] committedHeight;
  private final long[] admissionCpuNanos;
  private final long[] recheckCpuNanos;
  private final long[] refusedFull;
  private final int lastHeight;
  /** Whether clients seal for one height, and how many heights past the last commit. */
  private final boolean sealsToHeight;
  private final int sealAhead;
  /** Sealed-for height -> the transactions sealed for it (designs that seal to a height). */
  private final Map<Integer, List<Integer>> sealedFor = new HashMap<>();
  private int firstCommitted;
  private Submission nextClientTx;
  private boolean clientsWaiting;
  private long lastReapNanos;
  private long refusedAtEntry;
  private long tooLarge;
  private long clientsPausedTxs;
  private long reincluded;

  /**
   * @param clients the clients' submissions in time order (null: no more)
   * @param peers each validator's peers (sorted; the graph is undirected)
   * @param uplinks the validators' uplinks, shared with consensus's bulk data
   * @param txOverheadBytes what sealing adds to a payload (the design's)
   * @param lastHeight the last height a block is made for: clients stop once it is reaped
   * @param sealAhead 0 when a transaction opens in any block; else clients seal for one height,
   *     this many past the last height their entry validator committed, and seal again for a
   *     later one what that height's block left out
   */
  public Mempools(Simulation sim, MempoolConfig config, NetworkModel network, int[][] peers,
      Uplinks uplinks, long flushThrottleNanos, NodeCpu[] cpus,
      RandomStreams streams, long txOverheadBytes, Supplier<Submission> clients, int lastHeight,
      int sealAhead) {
    if (sealAhead < 0) {
      throw new IllegalArgumentException("sealAhead must be >= 0");
    }
    this.sealsToHeight = sealAhead > 0;
    this.sealAhead = sealAhead;
    this.sim = sim;
    this.config = config;
    this.cpus = cpus;
    this.clients = clients;
    this.lastHeight = lastHeight;
    int v = network.validators();
    pools = new ValidatorMempool[v];
    SplittableRandom[] linkStreams = new SplittableRandom[v];
    for (int i = 0; i < v; i++) {
      pools[i] = new ValidatorMempool(config, peers[i].length);
      linkStreams[i] = streams.stream("mempool-link", i);
    }
    txs = new TxTable(streams, txOverheadBytes);
    int[][] relayTo = config.broadcast() ? peers : new int[v][0];
    gossip = new TxGossip(sim, network, relayTo, uplinks, flushThrottleNanos, pools, txs, this,
        linkStreams);
    committedHeight = new int[v];
    pullCursor = new long[v];
    admissionCpuNanos = new long[v];
    recheckCpuNanos = new long[v];
    refusedFull = new long[v];
  }

  /**
   * Schedules the first client submission; CheckTx costs {@code cost} from now on (the design's
   * admission check, known once the pipeline is built on these mempools).
   */
  public void start(AdmissionCost cost) {
    this.cost = java.util.Objects.requireNonNull(cost, "cost");
    scheduleNextClientTx();
  }

  // ---- clients ----

  private void scheduleNextClientTx() {
    nextClientTx = clients.get();
    if (nextClientTx != null) {
      sim.schedule(Math.max(sim.nowNanos(), nextClientTx.atNanos()), s -> submitDue());
    }
  }

  /** Submits every client transaction due now, each to its entry validator. */
  private void submitDue() {
    long now = sim.nowNanos();
    Map<Integer, List<Integer>> byEntry = new java.util.TreeMap<>();
    while (nextClientTx != null && nextClientTx.atNanos() <= now) {
      Submission c = nextClientTx;
      int e = c.entryValidator();
      submit(txs.add(now, e, c.payloadBytes(), target(e)), byEntry);
      nextClientTx = clients.get();
    }
    checkSubmitted(byEntry);
    if (nextClientTx == null || lastHeightReaped()) {
      return;
    }
    if (now - lastReapNanos > CLIENT_PAUSE_NANOS) {
      clientsWaiting = true; // resumed by the next reap
      return;
    }
    sim.schedule(nextClientTx.atNanos(), s -> submitDue());
  }

  /** The height a client of {@code entry} seals for now (0: any). */
  private int target(int entry) {
    return sealsToHeight ? committedHeight[entry] + sealAhead : 0;
  }

  /** A client's transaction reaches its entry validator (gathered by entry for CheckTx). */
  private void submit(int id, Map<Integer, List<Integer>> byEntry) {
    int e = txs.entry(id);
    ValidatorMempool pool = pools[e];
    if (txs.txBytes(id) > config.maxTxBytes()) {
      tooLarge++; // ErrTxTooLarge: CometBFT refuses it before anything else
      return;
    }
    if (pool.full(txs.txBytes(id))) {
      refusedAtEntry++;
      return;
    }
    if (sealsToHeight) {
      sealedFor.computeIfAbsent(txs.targetHeight(id), h -> new ArrayList<>()).add(id);
    }
    if (pool.cache.push(id)) {
      byEntry.computeIfAbsent(e, k -> new ArrayList<>()).add(id);
    }
  }

  private void checkSubmitted(Map<Integer, List<Integer>> byEntry) {
    byEntry.forEach((e, ids) ->
        check(e, ids.stream().mapToInt(Integer::intValue).toArray(), ids.size(), -1));
  }

  /**
   * {@code height} committed: its clients seal again, for a later height, each of their
   * transactions sealed for it that its block left out, and submit them at once.
   */
  private void resealLeftOut(int height) {
    List<Integer> sealed = sealedFor.remove(height);
    if (sealed == null) {
      return;
    }
    Map<Integer, List<Integer>> byEntry = new java.util.TreeMap<>();
    for (int id : sealed) {
      if (txs.firstHeight(id) == 0) {
        submit(txs.reseal(id, Math.max(height + 1, target(txs.entry(id)))), byEntry);
      }
    }
    checkSubmitted(byEntry);
  }

  /** After a stall: the submissions that fell in it are skipped (counted), the rest go on. */
  private void resumeClients() {
    clientsWaiting = false;
    long now = sim.nowNanos();
    while (nextClientTx != null && nextClientTx.atNanos() < now) {
      clientsPausedTxs++;
      nextClientTx = clients.get();
    }
    if (nextClientTx != null) {
      sim.schedule(nextClientTx.atNanos(), s -> submitDue());
    }
  }

  // ---- admission ----

  /** Whether {@code v}'s mempool is too full for {@code id}; counts the refusal. */
  boolean refusesFull(int v, int id) {
    if (pools[v].full(txs.txBytes(id))) {
      refusedFull[v]++;
      return true;
    }
    return false;
  }

  /**
   * CheckTx of {@code k} new transactions at {@code v} (already in its cache), sent by the peer
   * of index {@code sender} (-1: a client): the design's check and the application's, on {@code
   * v}'s cores; the transactions join its mempool when done.
   */
  void check(int v, int[] ids, int k, int sender) {
    long payload = 0;
    for (int i = 0; i < k; i++) {
      payload += txs.payloadBytes(ids[i]);
    }
    CpuWork design = cost.checkTx(v, k, payload);
    long nanos = Math.addExact(design.singleCoreNanos(), k * config.checkTxNanos());
    admissionCpuNanos[v] += nanos;
    if (nanos == 0) {
      admit(v, ids, k, sender);
    } else {
      cpus[v].background(new CpuWork(nanos, Math.max(1, Math.min(k, design.parallelUnits())),
          design.scaling()), () -> admit(v, ids, k, sender));
    }
  }

  private void admit(int v, int[] ids, int k, int sender) {
    ValidatorMempool pool = pools[v];
    long now = sim.nowNanos();
    boolean any = false;
    for (int i = 0; i < k; i++) {
      int id = ids[i];
      if (pool.holds(id)) {
        continue;
      }
      if (pool.full(txs.txBytes(id))) {
        pool.cache.remove(id);
        refusedFull[v]++;
        continue;
      }
      pool.add(id, txs.txBytes(id), sender, now);
      any = true;
    }
    if (any) {
      gossip.admitted(v);
    }
  }

  // ---- blocks ----

  /**
   * The transactions {@code proposer} reaps for {@code height}: its mempool front to back, up to
   * {@code maxTxs} and {@code maxBytes} of sealed transactions, stopping at the first that does
   * not fit (CometBFT's {@code ReapMaxBytesMaxGas}); a transaction already in a block the
   * proposer has not committed yet is left (it is in flight, as Aptos excludes transactions in
   * progress). The block is remembered for the validators' commits.
   */
  public int[] reap(int height, int proposer, int maxTxs, long maxBytes) {
    ValidatorMempool pool = pools[proposer];
    int[] out = new int[Math.min(maxTxs, Math.max(16, pool.count()))];
    int n = 0;
    long bytes = 0;
    for (long p = pool.logStart(); p < pool.logEnd() && n < maxTxs; p++) {
      int id = pool.idAt(p);
      if (!pool.holds(id) || txs.firstHeight(id) > committedHeight[proposer]
          || (sealsToHeight && txs.targetHeight(id) != height)) {
        continue;
      }
      long b = txs.txBytes(id);
      if (bytes + b > maxBytes) {
        fullBlocks.set(height);
        break;
      }
      bytes += b;
      if (n == out.length) {
        out = java.util.Arrays.copyOf(out, Math.min(maxTxs, n * 2));
      }
      out[n++] = id;
    }
    if (n == maxTxs) {
      fullBlocks.set(height);
    }
    return include(height, java.util.Arrays.copyOf(out, n));
  }

  /** {@code block} is {@code height}'s: remembered for the commits; clients waiting resume. */
  private int[] include(int height, int[] block) {
    for (int id : block) {
      if (txs.firstHeight(id) != 0) {
        reincluded++;
      }
      txs.included(id, height);
    }
    blocks.put(height, block);
    lastReapNanos = sim.nowNanos();
    if (clientsWaiting) {
      resumeClients();
    }
    return block;
  }

  /** {@code height}'s block, once reaped or carried; null before. */
  public int[] block(int height) {
    return blocks.get(height);
  }

  // ---- batches pulled by a protocol that spreads them (Quorum Store) ----

  /**
   * {@code author} pulls the transactions it holds past its last pull, front to back, up to
   * {@code maxTxs} and {@code maxBytes} (at least one), into batches of at most {@code batchTxs}
   * and {@code batchBytes} (Aptos' mempool {@code get_batch}, which excludes what the author's
   * batches already hold); a transaction sealed for a height goes into a batch of that height's,
   * and one sealed for a height the author committed is passed (its recheck removes it).
   */
  public List<TxBatch> pull(int author, int maxTxs, long maxBytes, int batchTxs,
      long batchBytes) {
    ValidatorMempool pool = pools[author];
    List<TxBatch> out = new ArrayList<>();
    Map<Integer, OpenBatch> open = new java.util.TreeMap<>();
    int n = 0;
    long bytes = 0;
    long p = Math.max(pullCursor[author], pool.logStart());
    for (; p < pool.logEnd() && n < maxTxs; p++) {
      int id = pool.idAt(p);
      int target = txs.targetHeight(id);
      if (!pool.holds(id) || (sealsToHeight && target <= committedHeight[author])) {
        continue;
      }
      int b = txs.txBytes(id);
      if (n > 0 && bytes + b > maxBytes) {
        break;
      }
      n++;
      bytes += b;
      OpenBatch batch = open.computeIfAbsent(target, t -> new OpenBatch());
      if (batch.count > 0 && (batch.count == batchTxs || batch.bytes + b > batchBytes)) {
        out.add(close(batch, target));
      }
      batch.add(id, b);
    }
    pullCursor[author] = p;
    for (Map.Entry<Integer, OpenBatch> e : open.entrySet()) {
      if (e.getValue().count > 0) {
        out.add(close(e.getValue(), e.getKey()));
      }
    }
    return out;
  }

  /** Closes {@code batch} as a pulled batch (for {@code target}: 0 = any height) and empties it. */
  private TxBatch close(OpenBatch batch, int target) {
    pulledBatches.add(java.util.Arrays.copyOf(batch.ids, batch.count));
    TxBatch closed = new TxBatch(pulledBatches.size() - 1, batch.count, batch.bytes, target);
    batch.count = 0;
    batch.bytes = 0;
    return closed;
  }

  /** A batch being filled by one pull. */
  private static final class OpenBatch {
    int[] ids = new int[16];
    int count;
    long bytes;

    void add(int id, int txBytes) {
      if (count == ids.length) {
        ids = java.util.Arrays.copyOf(ids, count * 2);
      }
      ids[count++] = id;
      bytes += txBytes;
    }
  }

  /**
   * {@code height}'s block carries the first of the pulled batches {@code candidates} that fit
   * {@code maxTxs} and {@code maxBytes}, stopping at the first that does not; returns how many.
   */
  public int carry(int height, int[] candidates, int maxTxs, long maxBytes) {
    if (blocks.containsKey(height)) {
      throw new IllegalStateException("height " + height + "'s block is already cut");
    }
    int taken = 0;
    int n = 0;
    long bytes = 0;
    for (int handle : candidates) {
      int[] ids = pulledBatches.get(handle);
      long b = 0;
      for (int id : ids) {
        b += txs.txBytes(id);
      }
      if (n + ids.length > maxTxs || bytes + b > maxBytes) {
        break;
      }
      n += ids.length;
      bytes += b;
      taken++;
    }
    int[] block = new int[n];
    int k = 0;
    for (int i = 0; i < taken; i++) {
      int[] ids = pulledBatches.get(candidates[i]);
      System.arraycopy(ids, 0, block, k, ids.length);
      k += ids.length;
    }
    carried.set(height);
    if (taken < candidates.length) {
      fullBlocks.set(height);
    }
    include(height, block);
    return taken;
  }

  /** Whether {@code height}'s block is made of pulled batches (checked when they came). */
  public boolean carried(int height) {
    return carried.get(height);
  }

  /**
   * The design's check of a pulled batch's transactions at a validator that receives it (Aptos'
   * {@code Batch::verify} of encrypted transactions), counted as that validator's admission.
   */
  public CpuWork checkBatch(int validator, int handle) {
    int[] ids = pulledBatches.get(handle);
    long payload = 0;
    for (int id : ids) {
      payload += txs.payloadBytes(id);
    }
    CpuWork work = cost.checkTx(validator, ids.length, payload);
    admissionCpuNanos[validator] += work.singleCoreNanos();
    return work;
  }

  /** The payload of transaction {@code id} (drawn from its own stream, the same every time). */
  public byte[] payload(int id) {
    return txs.payload(id);
  }

  public int payloadBytes(int id) {
    return txs.payloadBytes(id);
  }

  /**
   * How many of {@code height}'s block's transactions {@code validator} has not checked itself
   * (it neither holds them nor remembers them): it checks those when it validates the block.
   */
  public int uncheckedTxs(int height, int validator) {
    int[] block = blocks.get(height);
    if (block == null) {
      return 0;
    }
    ValidatorMempool pool = pools[validator];
    int n = 0;
    for (int id : block) {
      if (!pool.knows(id)) {
        n++;
      }
    }
    return n;
  }

  /**
   * {@code validator} committed {@code height}: CometBFT's {@code Update}: the block's
   * transactions leave its mempool and enter its cache; the rest are rechecked (the
   * application's CheckTx again, one after another, while new admissions wait).
   */
  public void committed(int validator, int height) {
    int[] block = blocks.get(height);
    ValidatorMempool pool = pools[validator];
    long now = sim.nowNanos();
    committedHeight[validator] = Math.max(committedHeight[validator], height);
    if (block != null) {
      for (int id : block) {
        pool.remove(id, now);
        pool.cache.push(id);
      }
    }
    if (sealsToHeight && config.recheck()) {
      // sealed for a height now past: its recheck fails (CometBFT removes it, and from the cache)
      for (long p = pool.logStart(); p < pool.logEnd(); p++) {
        int id = pool.idAt(p);
        if (pool.holds(id) && txs.targetHeight(id) <= height) {
          pool.remove(id, now);
          pool.cache.remove(id);
        }
      }
    }
    pool.dropBefore(pool.logEnd());
    if (height > firstCommitted) {
      firstCommitted = height;
      resealLeftOut(height);
    }
    if (config.recheck() && pool.count() > 0 && config.checkTxNanos() > 0) {
      long nanos = pool.count() * config.checkTxNanos();
      recheckCpuNanos[validator] += nanos;
      cpus[validator].background(new CpuWork(nanos, 1, dev.tdsim.timing.Scaling.LINEAR),
          () -> { });
    }
  }

  // ---- results ----

  /** What the mempools did, up to now. */
  public MempoolStats stats() {
    long now = sim.nowNanos();
    int v = pools.length;
    List<MempoolStats.Validator> perValidator = new ArrayList<>(v);
    for (int i = 0; i < v; i++) {
      ValidatorMempool p = pools[i];
      dev.tdsim.timing.Hardware hw = cpus[i].hardware();
      double share = now == 0 ? 0
          : (admissionCpuNanos[i] + recheckCpuNanos[i]) / hw.speed() / ((double) now * hw.cores());
      perValidator.add(new MempoolStats.Validator(p.count(), p.maxCount(),
          now == 0 ? 0 : (double) p.countNanosIntegral(now) / now, share, admissionCpuNanos[i],
          recheckCpuNanos[i], gossip.bytesSent(i), gossip.txMessagesSent(i),
          gossip.duplicatesReceived(i), refusedFull[i]));
    }
    // per client transaction: a payload sealed again is the same transaction, included at the
    // first height any of its sealings got into
    int n = txs.count();
    int[] index = new int[n];
    long[] submit = new long[n - txs.resealed()];
    int[] height = new int[submit.length];
    int k = 0;
    for (int id = 0; id < n; id++) {
      int origin = txs.origin(id);
      if (origin == id) {
        index[id] = k;
        submit[k++] = txs.submitNanos(id);
      }
      int first = txs.firstHeight(id);
      int o = index[origin];
      if (first > 0 && (height[o] == 0 || first < height[o])) {
        height[o] = first;
      }
    }
    return new MempoolStats(submit.length, txs.resealed(), refusedAtEntry, tooLarge,
        clientsPausedTxs,
        reincluded, submit, height, perValidator, gossip.flushes(), fullBlocks.stream().toArray());
  }

  /** Whether the last height's block was reaped: clients stop then. */
  private boolean lastHeightReaped() {
    return blocks.containsKey(lastHeight);
  }
}
