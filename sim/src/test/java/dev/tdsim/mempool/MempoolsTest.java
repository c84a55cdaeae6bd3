package dev.tdsim.mempool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.cpu.NodeCpu;
import dev.tdsim.engine.Simulation;
import dev.tdsim.network.NetworkModel;
import dev.tdsim.network.NoJitter;
import dev.tdsim.network.UniformLatency;
import dev.tdsim.network.UplinkSharing;
import dev.tdsim.network.Uplinks;
import dev.tdsim.random.RandomStreams;
import dev.tdsim.timing.CpuWork;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.Scaling;
import dev.tdsim.workload.Submission;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class MempoolsTest {
  private static final long MS = 1_000_000L;

  /** A chain of mempools on a given peer graph, 10 ms links, 10 Gbit/s, no jitter. */
  private static final class Chain {
    final Simulation sim = new Simulation();
    final Mempools mempools;
    final NodeCpu[] cpus;

    Chain(int[][] peers, MempoolConfig config, AdmissionCost cost, List<Submission> clients,
        long flushNanos, int cores) {
      this(peers, config, cost, clients, flushNanos, cores, 0);
    }

    Chain(int[][] peers, MempoolConfig config, AdmissionCost cost, List<Submission> clients,
        long flushNanos, int cores, int sealAhead) {
      int v = peers.length;
      NetworkModel network = new NetworkModel(new UniformLatency(10 * MS), new NoJitter(),
          10_000_000_000L, UplinkSharing.FAIR_SHARE, Collections.nCopies(v, "r"));
      Hardware[] hw = new Hardware[v];
      Arrays.fill(hw, new Hardware(cores, 1.0));
      cpus = NodeCpu.of(sim, hw);
      mempools = new Mempools(sim, config, network, peers, new Uplinks(v), flushNanos, cpus,
          new RandomStreams(1), 0, supplier(clients), 1000, sealAhead);
      mempools.start(cost);
    }
  }

  private static java.util.function.Supplier<Submission> supplier(List<Submission> load) {
    java.util.Iterator<Submission> it = load.iterator();
    return () -> it.hasNext() ? it.next() : null;
  }

  private static int[][] path(int n) {
    int[][] peers = new int[n][];
    for (int i = 0; i < n; i++) {
      List<Integer> p = new ArrayList<>();
      if (i > 0) {
        p.add(i - 1);
      }
      if (i < n - 1) {
        p.add(i + 1);
      }
      peers[i] = p.stream().mapToInt(Integer::intValue).toArray();
    }
    return peers;
  }

  private static int[][] complete(int n) {
    int[][] peers = new int[n][];
    for (int i = 0; i < n; i++) {
      int self = i;
      peers[i] = java.util.stream.IntStream.range(0, n).filter(j -> j != self).toArray();
    }
    return peers;
  }

  private static AdmissionCost perTx(long nanos) {
    return (v, count, bytes) -> new CpuWork(nanos * count, count, Scaling.LINEAR);
  }

  @Test
  void onAPathATransactionCrossesEachLinkOnceAwayFromItsEntry() {
    Chain c = new Chain(path(4), MempoolConfig.defaults(), AdmissionCost.FREE,
        List.of(new Submission(0, 0, 100)), 5 * MS, 1);
    c.sim.run();
    MempoolStats s = c.mempools.stats();
    for (MempoolStats.Validator v : s.validators()) {
      assertEquals(1, v.heldAtEnd());
      assertEquals(0, v.duplicatesReceived());
    }
    // 0 -> 1 -> 2 -> 3; nobody sends it back to where it came from
    assertEquals(List.of(1L, 1L, 1L, 0L),
        s.validators().stream().map(MempoolStats.Validator::gossipTxsSent).toList());
    // each hop: the 5 ms flush throttle, then 10 ms of latency; the last one's flush (at 50 ms)
    // finds nothing to send
    assertEquals(50 * MS, c.sim.nowNanos(), 1 * MS);
  }

  @Test
  void onACompleteGraphEveryValidatorGetsItAndNoLinkCarriesItTwiceOneWay() {
    int n = 6;
    Chain c = new Chain(complete(n), MempoolConfig.defaults(), AdmissionCost.FREE,
        List.of(new Submission(0, 2, 100)), 5 * MS, 1);
    c.sim.run();
    MempoolStats s = c.mempools.stats();
    long sent = s.validators().stream().mapToLong(MempoolStats.Validator::gossipTxsSent).sum();
    s.validators().forEach(v -> assertEquals(1, v.heldAtEnd()));
    // the entry sends to 5; each of them forwards to the 4 it did not get it from
    assertEquals(5 + 5 * 4, sent);
    assertTrue(sent <= (long) n * (n - 1), "at most once per directed link");
    long duplicates =
        s.validators().stream().mapToLong(MempoolStats.Validator::duplicatesReceived).sum();
    assertEquals(sent - (n - 1), duplicates, "every copy but the first at each is a duplicate");
  }

  @Test
  void aFullMempoolRefusesANewTransactionAndEvictsNothing() {
    MempoolConfig small = new MempoolConfig(MempoolType.FLOOD, 2, 1 << 20, 1 << 20, 100, true,
        true, 0);
    Chain c = new Chain(path(2), small, AdmissionCost.FREE,
        List.of(new Submission(0, 0, 10), new Submission(1, 0, 10), new Submission(2, 0, 10)),
        5 * MS, 1);
    c.sim.run();
    MempoolStats s = c.mempools.stats();
    assertEquals(3, s.submitted());
    assertEquals(1, s.refusedAtEntry());
    assertEquals(2, s.validators().get(0).heldAtEnd());
    assertEquals(2, s.validators().get(1).heldAtEnd());
    int[] block = c.mempools.reap(1, 0, 10, 1 << 20);
    assertArrayEquals(new int[] {0, 1}, block, "the first two, in arrival order");
  }

  @Test
  void maxTxsBytesCountsTheSealedSize() {
    MempoolConfig bytes = new MempoolConfig(MempoolType.FLOOD, 100, 250, 1 << 20, 100, true,
        true, 0);
    Chain c = new Chain(path(1), bytes, AdmissionCost.FREE,
        List.of(new Submission(0, 0, 100), new Submission(0, 0, 100), new Submission(0, 0, 100)),
        5 * MS, 1);
    c.sim.run();
    assertEquals(2, c.mempools.stats().validators().get(0).heldAtEnd());
  }

  @Test
  void reapTakesTheFrontAndStopsAtTheFirstTransactionThatDoesNotFit() {
    Chain c = new Chain(path(1), MempoolConfig.defaults(), AdmissionCost.FREE,
        List.of(new Submission(0, 0, 100), new Submission(1, 0, 300), new Submission(2, 0, 50)),
        5 * MS, 1);
    c.sim.run();
    assertArrayEquals(new int[] {0}, c.mempools.reap(1, 0, 10, 350),
        "stops at the 300-byte one, does not skip to the 50-byte one");
    assertArrayEquals(new int[] {1}, c.mempools.stats().fullHeights());
    // the block of height 1 is not committed yet: its transaction is in flight
    assertArrayEquals(new int[] {1, 2}, c.mempools.reap(2, 0, 10, 1000));
  }

  @Test
  void commitRemovesTheBlocksTransactionsAndTheCacheKeepsThemOut() {
    Chain c = new Chain(path(2), MempoolConfig.defaults(), AdmissionCost.FREE,
        List.of(new Submission(0, 0, 100), new Submission(0, 0, 100)), 5 * MS, 1);
    c.sim.run();
    int[] block = c.mempools.reap(1, 0, 1, 1 << 20);
    c.mempools.committed(0, 1);
    c.mempools.committed(1, 1);
    MempoolStats s = c.mempools.stats();
    assertEquals(1, s.validators().get(0).heldAtEnd());
    assertEquals(1, s.validators().get(1).heldAtEnd());
    assertEquals(0, c.mempools.uncheckedTxs(1, 1), "validator 1 admitted it through gossip");
    assertEquals(1, block.length);
  }

  @Test
  void eachValidatorPaysItsOwnAdmissionCheckOnItsCores() {
    Chain c = new Chain(path(3), MempoolConfig.defaults(), perTx(2 * MS),
        List.of(new Submission(0, 0, 100)), 5 * MS, 1);
    c.sim.run();
    MempoolStats s = c.mempools.stats();
    s.validators().forEach(v -> assertEquals(2 * MS, v.admissionCpuNanos()));
    // each of the 3 checks (2 ms) delays the hop after it: 3 x 2 + 2 x (5 + 10), and the last
    // one's empty flush 5 ms later
    assertEquals(41 * MS, c.sim.nowNanos(), 1 * MS);
  }

  @Test
  void aRecheckAfterCommitHoldsBackTheNextAdmission() {
    MempoolConfig slowApp = new MempoolConfig(MempoolType.FLOOD, 5000, 1 << 26, 1 << 20,
        10_000, true, true, 1 * MS);
    List<Submission> load = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      load.add(new Submission(0, 0, 100));
    }
    load.add(new Submission(100 * MS, 0, 100));
    Chain c = new Chain(path(1), slowApp, AdmissionCost.FREE, load, 5 * MS, 1);
    c.sim.runUntil(50 * MS);
    c.mempools.reap(1, 0, 2, 1 << 20);
    c.mempools.committed(0, 1); // 8 left: a recheck of 8 ms
    c.sim.run();
    MempoolStats.Validator v = c.mempools.stats().validators().get(0);
    assertEquals(8 * MS, v.recheckCpuNanos());
    assertEquals(11 * MS, v.admissionCpuNanos());
    assertEquals(9, v.heldAtEnd());
  }

  @Test
  void aRateAboveWhatBlocksTakeGrowsTheMempool() {
    List<Submission> load = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      load.add(new Submission(i * MS, i % 3, 100)); // 1000 tx/s
    }
    Chain c = new Chain(complete(3), MempoolConfig.defaults(), AdmissionCost.FREE, load,
        5 * MS, 1);
    int[] held = new int[4];
    for (int h = 1; h <= 4; h++) {
      c.sim.runUntil(h * 500 * MS);
      c.mempools.reap(h, h % 3, 100, 1 << 20); // 100 per 0.5 s = 200 tx/s
      for (int v = 0; v < 3; v++) {
        c.mempools.committed(v, h);
      }
      held[h - 1] = c.mempools.stats().validators().get(0).heldAtEnd();
    }
    for (int h = 1; h < 4; h++) {
      assertTrue(held[h] > held[h - 1] + 300, Arrays.toString(held));
    }
  }

  @Test
  void theSameLoadGivesTheSameRunTwice() {
    List<Submission> load = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      load.add(new Submission(i * 3 * MS, (i * 7) % 8, 100 + i));
    }
    MempoolStats a = runOn(load);
    MempoolStats b = runOn(load);
    assertEquals(a.validators(), b.validators());
    assertArrayEquals(a.latencies(h -> 0), b.latencies(h -> 0));
  }

  private static MempoolStats runOn(List<Submission> load) {
    Chain c = new Chain(complete(8), MempoolConfig.defaults(), perTx(100_000), load, 5 * MS, 2);
    c.sim.run();
    return c.mempools.stats();
  }

  @Test
  void aTransactionSealedForAHeightItsBlockLeftOutIsSealedAgainForALaterOne() {
    List<Submission> load = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      load.add(new Submission(0, 0, 100));
    }
    // sealed for height 0 + 1 (nothing committed yet, one ahead)
    Chain c = new Chain(path(2), MempoolConfig.defaults(), AdmissionCost.FREE, load, 5 * MS, 1,
        1);
    c.sim.run();
    assertArrayEquals(new int[0], c.mempools.reap(2, 0, 10, 1 << 20), "sealed for height 1");
    int[] first = c.mempools.reap(1, 0, 3, 1 << 20);
    assertArrayEquals(new int[] {0, 1, 2}, first);
    c.mempools.committed(0, 1);
    c.mempools.committed(1, 1);
    c.sim.run();
    MempoolStats s = c.mempools.stats();
    assertEquals(5, s.submitted());
    assertEquals(2, s.resealed(), "3 and 4 sealed again, for height 2");
    // the stale ones left both mempools on their recheck; the new ones were gossiped
    assertEquals(2, s.validators().get(1).heldAtEnd());
    int[] second = c.mempools.reap(2, 1, 10, 1 << 20);
    assertArrayEquals(new int[] {5, 6}, second);
    assertArrayEquals(c.mempools.payload(3), c.mempools.payload(5), "the same payload");
    long[] latencies = c.mempools.stats().latencies(h -> h * 100 * MS);
    assertEquals(5, latencies.length);
    assertEquals(200 * MS, latencies[4], "counted from the first submission");
  }

  @Test
  void withoutBroadcastATransactionStaysAtItsEntry() {
    MempoolConfig quiet = new MempoolConfig(MempoolType.FLOOD, 5000, 1 << 26, 1 << 20, 10_000,
        true, false, 0);
    Chain c = new Chain(complete(4), quiet, AdmissionCost.FREE,
        List.of(new Submission(0, 2, 100)), 5 * MS, 1);
    c.sim.run();
    List<Integer> held = c.mempools.stats().validators().stream()
        .map(MempoolStats.Validator::heldAtEnd).toList();
    assertEquals(List.of(0, 0, 1, 0), held);
  }

  @Test
  void aTransactionAboveMaxTxBytesIsRefusedAtItsEntry() {
    MempoolConfig small = new MempoolConfig(MempoolType.FLOOD, 5000, 1 << 26, 150, 10_000,
        true, true, 0);
    Chain c = new Chain(path(2), small, AdmissionCost.FREE,
        List.of(new Submission(0, 0, 100), new Submission(0, 0, 200)), 5 * MS, 1);
    c.sim.run();
    MempoolStats s = c.mempools.stats();
    assertEquals(1, s.tooLarge());
    assertEquals(0, s.refusedAtEntry());
    assertEquals(1, s.validators().get(1).heldAtEnd());
  }

  // ---- batches pulled by Quorum Store ----

  private static MempoolConfig noBroadcast() {
    return MempoolConfig.defaults().withBroadcast(false);
  }

  private static List<Submission> atEntry(int entry, int... payloadBytes) {
    List<Submission> load = new ArrayList<>();
    for (int b : payloadBytes) {
      load.add(new Submission(0, entry, b));
    }
    return load;
  }

  @Test
  void aPullCutsTheFrontIntoBatchesWithinTheirLimitsAndNeverPullsATransactionTwice() {
    Chain c = new Chain(complete(2), noBroadcast(), AdmissionCost.FREE,
        atEntry(0, 100, 100, 100, 100, 100, 100, 100), 5 * MS, 1);
    c.sim.run();
    // at most 5 transactions in all; batches of at most 2 transactions and 250 bytes
    List<dev.tdsim.workload.TxBatch> first = c.mempools.pull(0, 5, 1 << 20, 2, 250);
    assertEquals(List.of(2, 2, 1), first.stream().map(b -> b.count()).toList());
    assertEquals(List.of(0, 1, 2), first.stream().map(b -> b.handle()).toList());
    assertTrue(first.stream().allMatch(b -> b.forHeight() == 0), "any height");
    List<dev.tdsim.workload.TxBatch> rest = c.mempools.pull(0, 100, 1 << 20, 100, 1 << 20);
    assertEquals(1, rest.size());
    assertEquals(2, rest.get(0).count(), "only the two not pulled yet");
    assertEquals(List.of(), c.mempools.pull(0, 100, 1 << 20, 100, 1 << 20));
    assertEquals(List.of(), c.mempools.pull(1, 100, 1 << 20, 100, 1 << 20),
        "validator 1 holds nothing: without broadcast the transactions stay at their entry");
    // a byte limit smaller than one transaction still pulls one
    Chain d = new Chain(complete(1), noBroadcast(), AdmissionCost.FREE, atEntry(0, 100, 100),
        5 * MS, 1);
    d.sim.run();
    assertEquals(1, d.mempools.pull(0, 10, 50, 10, 1 << 20).get(0).count());
  }

  @Test
  void aBlockCarriesTheBatchesThatFitInOrderAndStopsAtTheFirstThatDoesNot() {
    Chain c = new Chain(complete(2), noBroadcast(), AdmissionCost.FREE,
        atEntry(0, 100, 100, 100, 100, 100), 5 * MS, 1);
    c.sim.run();
    List<dev.tdsim.workload.TxBatch> batches = c.mempools.pull(0, 5, 1 << 20, 2, 1 << 20);
    int[] handles = batches.stream().mapToInt(b -> b.handle()).toArray();
    assertEquals(1, c.mempools.carry(1, handles, 3, 1 << 20), "2 + 2 is above 3 transactions");
    assertArrayEquals(new int[] {1}, c.mempools.stats().fullHeights(), "a limit cut it short");
    assertTrue(c.mempools.carried(1));
    assertArrayEquals(new int[] {0, 1}, c.mempools.block(1));
    int[] later = {handles[1], handles[2]};
    assertEquals(2, c.mempools.carry(2, later, 100, 1 << 20));
    assertArrayEquals(new int[] {2, 3, 4}, c.mempools.block(2));
    c.mempools.committed(0, 1);
    c.mempools.committed(0, 2);
    assertEquals(0, c.mempools.stats().validators().get(0).heldAtEnd());
    assertEquals(5, c.mempools.stats().included());
  }

  @Test
  void aValidatorThatReceivesABatchPaysTheDesignsCheckOfEachTransaction() {
    Chain c = new Chain(complete(3), noBroadcast(), perTx(1000), atEntry(0, 100, 100, 100),
        5 * MS, 1);
    c.sim.run();
    dev.tdsim.workload.TxBatch b = c.mempools.pull(0, 10, 1 << 20, 10, 1 << 20).get(0);
    CpuWork w = c.mempools.checkBatch(2, b.handle());
    assertEquals(3000, w.singleCoreNanos());
    assertEquals(3000, c.mempools.stats().validators().get(2).admissionCpuNanos());
  }

  @Test
  void transactionsSealedForDifferentHeightsArePulledIntoBatchesOfTheirOwnHeight() {
    List<Submission> load = new ArrayList<>(atEntry(0, 100, 100));
    load.add(new Submission(50 * MS, 0, 100));
    Chain c = new Chain(complete(2), noBroadcast(), AdmissionCost.FREE, load, 5 * MS, 1, 2);
    c.sim.runUntil(10 * MS);
    int[] first = c.mempools.pull(0, 10, 1 << 20, 10, 1 << 20).stream()
        .mapToInt(b -> b.forHeight()).toArray();
    assertArrayEquals(new int[] {2}, first, "both sealed for 0 + 2");
    c.mempools.carry(1, new int[0], 10, 1 << 20);
    c.mempools.committed(0, 1);
    c.sim.run();
    List<dev.tdsim.workload.TxBatch> next = c.mempools.pull(0, 10, 1 << 20, 10, 1 << 20);
    assertEquals(List.of(3), next.stream().map(b -> b.forHeight()).toList(),
        "the one submitted after height 1 committed is sealed for 1 + 2");
  }
}
