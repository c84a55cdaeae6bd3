package dev.tdsim.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.BlockPace;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.pipeline.Schedule;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeepingPaceTest {
  private static final long MS = 1_000_000;

  /**
   * A height proposed at {@code proposeMs} after its proposer waited {@code waitMs} for
   * decryption, with consensus {@code c}, share creation {@code create}, a decryption latency
   * {@code d} of which {@code work} is the combiner's block_propose (combine) and decryption,
   * and execution {@code e} (ms), combined by {@code combiner}.
   */
  private static HeightRecord h(int height, int combiner, long proposeMs, long waitMs, long c,
      long create, long d, long work, long e) {
    return new HeightRecord(height, 0, 10, 1000, combiner, proposeMs * MS,
        (proposeMs + c) * MS, (proposeMs + c) * MS, c * MS, 0, 0, 0, create * MS, 0,
        (work - 1) * MS, MS, d * MS, e * MS, waitMs * MS, 3, 10, true);
  }

  /** Heights 1..n proposed every {@code roundMs}, each with the same phases. */
  private static List<HeightRecord> chain(int n, long roundMs, long c, long d, long work,
      long e, boolean rotatingCombiner) {
    List<HeightRecord> out = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      out.add(h(i, rotatingCombiner ? i % 4 : 0, i * roundMs, 0, c, 1, d, work, e));
    }
    return out;
  }

  @Test
  void aSequentialChainNeedsItsConsensusTimeAPipelinedOneItsRound() {
    List<HeightRecord> hs = List.of(h(1, 0, 0, 0, 300, 1, 100, 60, 1),
        h(2, 1, 120, 20, 310, 1, 100, 60, 1), h(3, 2, 250, 0, 290, 1, 100, 60, 1));
    assertArrayEquals(new long[] {300 * MS, 310 * MS, 290 * MS},
        KeepingPace.paceNanos(hs, BlockPace.SEQUENTIAL));
    // height 1 to 2: 120 ms, of which 20 ms its proposer waited for decryption; 2 to 3: 130 ms;
    // the last height has no next proposal and takes its predecessor's round
    assertArrayEquals(new long[] {100 * MS, 130 * MS, 130 * MS},
        KeepingPace.paceNanos(hs, BlockPace.PIPELINED));
  }

  @Test
  void decryptionFasterThanTheBlockTimeKeepsPaceAndAddsItsLatency() {
    List<HeightRecord> hs = chain(20, 100, 300, 150, 60, 5, false);
    KeepingPace.Replay r = new KeepingPace(hs, BlockPace.PIPELINED, Schedule.STREAMED, true)
        .at(100 * MS, true);
    assertTrue(r.keepsPace());
    assertEquals(0.6, r.utilisation(), 1e-9, "60 ms of decryption per 100 ms block");
    for (long added : r.addedNanos()) {
      assertEquals(150 * MS, added, "the shares' wait and the work, nothing queued");
    }
    // decryption takes 150 ms, one block every 100 ms: one block still waits when the next
    // is ordered
    assertEquals(1, r.maxWaitingForKeys());
  }

  @Test
  void decryptionSlowerThanTheBlockTimeFallsBehindAndTheBacklogGrows() {
    List<HeightRecord> hs = chain(20, 40, 300, 150, 60, 5, false);
    KeepingPace replay = new KeepingPace(hs, BlockPace.PIPELINED, Schedule.STREAMED, true);
    KeepingPace.Replay at50 = replay.at(50 * MS, true);
    assertFalse(at50.keepsPace());
    assertEquals(60.0 / 50, at50.utilisation(), 1e-9);
    long[] added = at50.addedNanos();
    assertTrue(added[19] > added[10] && added[10] > added[0],
        "each block waits 10 ms longer than the one before");
    assertEquals(150 * MS + 19 * 10 * MS, added[19]);
    assertTrue(at50.maxWaitingForKeys() > 3);
    // at 100 ms per block the same work keeps pace
    assertTrue(replay.at(100 * MS, true).keepsPace());
  }

  @Test
  void aRotatingCombinerSpreadsTheWorkOverValidators() {
    List<HeightRecord> hs = chain(20, 40, 300, 150, 60, 5, true);
    KeepingPace.Replay r = new KeepingPace(hs, BlockPace.PIPELINED, Schedule.STREAMED, false)
        .at(50 * MS, true);
    assertTrue(r.keepsPace(), "each of 4 combiners decrypts every 4th block");
    assertEquals(5 * 60.0 / (20 * 50), r.utilisation(), 1e-9);
  }

  @Test
  void shareCreationOnEveryValidatorCountsAsWork() {
    List<HeightRecord> hs = new ArrayList<>();
    for (int i = 1; i <= 10; i++) {
      hs.add(h(i, i % 4, i * 40, 0, 300, 70, 150, 60, 5));
    }
    KeepingPace.Replay r = new KeepingPace(hs, BlockPace.PIPELINED, Schedule.STREAMED, false)
        .at(50 * MS, true);
    assertFalse(r.keepsPace(), "70 ms of share creation per 50 ms block on every validator");
    assertEquals(70.0 / 50, r.utilisation(), 1e-9);
  }

  @Test
  void executionWaitsForTheBlockBeforeIt() {
    // block 1's keys take 500 ms, block 2's 100 ms: block 2 still executes after block 1
    List<HeightRecord> hs = List.of(h(1, 0, 0, 0, 300, 1, 500, 10, 5),
        h(2, 1, 100, 0, 300, 1, 100, 10, 5));
    KeepingPace.Replay r = new KeepingPace(hs, BlockPace.PIPELINED, Schedule.STREAMED, false)
        .at(100 * MS, true);
    assertEquals(500 * MS, r.addedNanos()[0]);
    assertEquals(400 * MS + 5 * MS, r.addedNanos()[1],
        "block 1 executed at 805 ms, block 2 after it at 810 ms instead of at 405 ms");
  }

  @Test
  void aScheduleThatHoldsTheNextProposalNeverQueues() {
    List<HeightRecord> hs = chain(5, 100, 300, 150, 60, 5, false);
    KeepingPace replay = new KeepingPace(hs, BlockPace.SEQUENTIAL, Schedule.BEFORE_NEXT, true);
    KeepingPace.Replay fits = replay.at(500 * MS, true);
    assertTrue(fits.keepsPace());
    assertTrue(Double.isNaN(fits.utilisation()));
    assertEquals(150 * MS, fits.addedNanos()[4], "its decryption latency, nothing queued");
    assertFalse(replay.at(100 * MS, false).keepsPace(), "keeps pace exactly when it fits");
  }

  @Test
  void aStreamedBudgetFitsOnlyWhenDecryptionKeepsPace() {
    List<HeightRecord> hs = chain(20, 40, 300, 150, 60, 5, false);
    List<Verdict> v = Verdicts.judge(hs, List.of(50 * MS, 100 * MS), Schedule.STREAMED, 20,
        false, 0, BlockPace.PIPELINED, true);
    assertEquals(1.0, v.get(0).shareOfHeightsFitting(), "every 40 ms round fits 50 ms");
    assertFalse(v.get(0).keepsPace());
    assertFalse(v.get(0).fits(), "the chain keeps 50 ms but decryption falls behind");
    assertTrue(v.get(1).fits());
    assertEquals(150.0, v.get(1).addedP95Ms(), 1e-9);
    // pipelined (one block behind) judges each height by its latency instead: 150 + 5 ms
    List<Verdict> oneBehind = Verdicts.judge(hs, List.of(100 * MS), Schedule.PIPELINED, 20,
        false, 0, BlockPace.PIPELINED, true);
    assertFalse(oneBehind.get(0).fits());
    assertTrue(oneBehind.get(0).keepsPace());
  }

  @Test
  void aHeightNeverDecryptedStopsExecutionSoNothingKeepsPace() {
    List<HeightRecord> hs = chain(20, 40, 300, 150, 60, 5, false);
    List<Verdict> v = Verdicts.judge(hs, List.of(2000 * MS), Schedule.STREAMED, 21, false, 1,
        BlockPace.PIPELINED, true);
    assertFalse(v.get(0).keepsPace());
    assertFalse(v.get(0).fits());
  }
}
