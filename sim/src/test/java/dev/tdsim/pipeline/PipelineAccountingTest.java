package dev.tdsim.pipeline;

import static dev.tdsim.pipeline.PipelineFixture.POINTS_EACH;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.pipeline.PipelineFixture.Priced;
import dev.tdsim.timing.CostCheck;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.OpSize;
import dev.tdsim.timing.Scaling;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the pipeline charges and records besides the decryption's critical path: each
 * validator's validity checks of a proposed block, the consensus processing of the first
 * committer, execution of the decrypted block, how long a proposer waited for the previous
 * height, the combine split, the cost check of real calls, and the schedules' names.
 */
class PipelineAccountingTest {
  private static final long MS = 1_000_000L;
  private static final List<Integer> ALL = List.of(0, 1, 2, 3);

  @Test
  void eachValidatorIsChargedTheBlocksRealValidityChecksOnItsOwnMachine() {
    Hardware[] hw = {new Hardware(1, 1.0), new Hardware(1, 2.0), new Hardware(1, 4.0),
        new Hardware(1, 1.0)};
    PipelineFixture f = PipelineFixture.builder("simple").hardware(hw).build();
    List<Long> charged = new ArrayList<>();
    f.sim.schedule(0, s -> {
      charged.add(f.pipeline.validationNanos(1, 0)); // no block of height 1 yet: nothing to check
      f.pipeline.blockFor(1, 0, 1);
      for (int v = 0; v < 4; v++) {
        charged.add(f.pipeline.validationNanos(1, v));
      }
    });
    f.run();
    OpSize size = new OpSize(3, 1, POINTS_EACH, f.payloadBytes());
    List<Long> expected = new ArrayList<>(List.of(0L));
    for (int v = 0; v < 4; v++) {
      expected.add(f.cost(CryptoOp.ADMISSION_CHECK, size, v));
    }
    assertEquals(expected, charged);
    List<Priced> calls = f.timing.of(CryptoOp.ADMISSION_CHECK);
    assertEquals(4, calls.size());
    for (int v = 0; v < 4; v++) {
      Priced c = calls.get(v);
      assertEquals(size, c.size());
      assertEquals(hw[v], c.hardware());
      assertEquals(3, c.parallelUnits(), "one unit per ciphertext");
      // the CPU time of the real checks made when the block was cut, the same for everyone
      assertEquals(f.pipeline.admissionCpuNanos(), c.measuredCpuNanos());
      assertTrue(c.measuredCpuNanos() > 0);
    }
  }

  @Test
  void theFirstCommittersProcessingIsTheHeightsAndTheRestIsNetwork() {
    PipelineFixture f = PipelineFixture.builder("simple").realCryptoAt(h -> false).build();
    f.propose(1, 5 * MS);
    f.commit(0, 1, 0, 30 * MS, ALL, new ProcessingTime(9 * MS, 9 * MS, 9 * MS));
    f.commit(1, 1, 0, 20 * MS, ALL, new ProcessingTime(1 * MS, 2 * MS, 3 * MS));
    f.commit(2, 1, 0, 25 * MS, ALL, new ProcessingTime(8 * MS, 8 * MS, 8 * MS));
    f.commit(3, 1, 0, 40 * MS, ALL, new ProcessingTime(7 * MS, 7 * MS, 7 * MS));
    f.run();
    HeightRecord r = f.record(1);
    assertEquals(15 * MS, r.consensusNanos());
    assertEquals(1 * MS, r.validationNanos());
    assertEquals(2 * MS, r.signatureNanos());
    assertEquals(3 * MS, r.walNanos());
    assertEquals(9 * MS, r.consensusNetworkNanos());
  }

  @Test
  void networkTimeIsNeverNegative() {
    assertEquals(0, record(10, 3, 4, 5).consensusNetworkNanos());
    assertEquals(8, record(20, 3, 4, 5).consensusNetworkNanos());
    assertEquals(0, record(12, 3, 4, 5).consensusNetworkNanos());
  }

  private static HeightRecord record(long consensus, long validation, long signature, long wal) {
    return new HeightRecord(1, 0, 3, 100, 2, 0, consensus, consensus, consensus, validation,
        signature, wal, 0, 0, 0, 0, 0, 0, 0, 3, 3, true);
  }

  @Test
  void executionFollowsDecryptionAndTheNextProposerWaitsForBoth() {
    // before-next: height 2's proposer asks at 12 ms and again (a later round's proposer) at
    // 13 ms; both may propose once height 1's 3 transactions are decrypted and executed (4 ms
    // each). The wait is counted from the first ask.
    PipelineFixture f = PipelineFixture.builder("simple").executionPerTx(4 * MS)
        .realCryptoAt(h -> false).build();
    List<long[]> decrypted = new ArrayList<>();
    f.pipeline.onDecrypted(h -> decrypted.add(new long[] {h, f.sim.nowNanos(),
        f.pipeline.record(h) == null ? 0 : 1, f.pipeline.decryptedHeights()}));
    List<Long> proposedAt = new ArrayList<>();
    List<HeightRecord> before = new ArrayList<>();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 10 * MS, 10 * MS, 10 * MS);
    f.sim.schedule(11 * MS, s -> before.add(f.pipeline.record(1)));
    f.sim.schedule(12 * MS, s -> f.pipeline.whenMayPropose(2, 2, () -> {
      proposedAt.add(f.sim.nowNanos());
      f.pipeline.blockFor(2, 0, 2);
    }));
    f.sim.schedule(13 * MS, s -> f.pipeline.whenMayPropose(3, 2,
        () -> proposedAt.add(f.sim.nowNanos())));
    f.commitAll(2, 2000 * MS, 2000 * MS, 2000 * MS, 2000 * MS);
    f.run();
    assertNull(before.get(0), "no record before the height is decrypted");
    HeightRecord r1 = f.record(1);
    assertEquals(12 * MS, r1.executionNanos());
    long ready1 = r1.decidedNanos() + r1.decryptionLatencyNanos() + r1.executionNanos();
    assertEquals(r1.shareCreateNanos() + r1.shareGossipNanos() + r1.combineNanos()
        + r1.decryptNanos(), r1.decryptionLatencyNanos(), "execution comes after decryption");
    assertEquals(10 * MS, r1.shareGossipNanos(), "the shares' 10 ms link");
    assertEquals(List.of(ready1, ready1), proposedAt);
    assertEquals(0, r1.proposalWaitNanos());
    HeightRecord r2 = f.record(2);
    assertEquals(ready1 - 12 * MS, r2.proposalWaitNanos());
    assertEquals(ready1, r2.proposeNanos());
    long ready2 = r2.decidedNanos() + r2.decryptionLatencyNanos() + r2.executionNanos();
    assertEquals(2, decrypted.size());
    assertEquals(List.of(1L, ready1, 1L, 1L), List.of(decrypted.get(0)[0], decrypted.get(0)[1],
        decrypted.get(0)[2], decrypted.get(0)[3]));
    assertEquals(List.of(2L, ready2, 1L, 2L), List.of(decrypted.get(1)[0], decrypted.get(1)[1],
        decrypted.get(1)[2], decrypted.get(1)[3]));
    assertEquals(r2.consensusNanos() + r2.decryptionLatencyNanos() + 12 * MS,
        Schedule.BEFORE_NEXT.judgedNanos(r2));
  }

  @Test
  void theMeanCombineSplitAveragesTheCombinesPhases() {
    PipelineFixture f = PipelineFixture.builder("simple").build();
    assertTrue(f.pipeline.meanCombineSplit().isEmpty());
    for (int h = 1; h <= 2; h++) {
      long t = (h - 1) * 1000 * MS;
      f.propose(h, t);
      f.commitAll(h, t + 10 * MS, t + 11 * MS, t + 12 * MS, t + 13 * MS);
    }
    f.run();
    // The fixture's timing splits every call into wall = measured wall = its duration, 1 core.
    long sum = 0;
    for (int h = 1; h <= 2; h++) {
      sum += f.record(h).combineNanos() + f.record(h).decryptNanos();
    }
    assertEquals(new Scaling.Split(sum / 2, sum / 2, 1, 1), f.pipeline.meanCombineSplit().get());
  }

  @Test
  void theCostCheckSeesEveryRealCallOnceAndNoSampledOne() {
    // A model that predicts the admission check and share creation (the other operations are
    // timed from the process CPU clock, which may read 0 for a short call).
    // 1 ms + 1 us per message + 100 ns per validator + 10 ns per share point + 1 ns per byte
    CostModel.Coefficients oneMs = new CostModel.Coefficients(1e6, 1000, 100, 0, 10, 0, 1);
    CostModel model = new CostModel(Map.of("simple", Map.of(CryptoOp.ADMISSION_CHECK, oneMs,
        CryptoOp.SHARE_CREATE, oneMs)), Map.of(), "test");
    PipelineFixture f = PipelineFixture.builder("simple").realCryptoAt(h -> h == 1).build();
    CostCheck check = new CostCheck(model, "simple", 1);
    f.pipeline.checkCosts(check);
    for (int h = 1; h <= 2; h++) {
      long t = (h - 1) * 1000 * MS;
      f.propose(h, t);
      f.commitAll(h, t + 10 * MS, t + 10 * MS, t + 10 * MS, t + 10 * MS);
    }
    // each validator's validation charge reuses the one real check: not a new call
    f.sim.schedule(5 * MS, s -> {
      for (int v = 0; v < 4; v++) {
        f.pipeline.validationNanos(1, v);
      }
    });
    f.run();
    Map<CryptoOp, CostCheck.OpCheck> byOp = check.summary().byOp();
    assertEquals(1, byOp.get(CryptoOp.ADMISSION_CHECK).calls(), "height 1's block");
    assertEquals(4, byOp.get(CryptoOp.SHARE_CREATE).calls(), "height 1's four share batches");
    // the sizes the calls were predicted at: 3 messages of 64 B, checked once (1 validator, 1
    // point); shares of one validator (2 points)
    assertEquals(1_000_000 + 3 * 1000 + 100 + 10 + 192,
        byOp.get(CryptoOp.ADMISSION_CHECK).medianPredictedNanos());
    assertEquals(1_000_000 + 3 * 1000 + 100 + 2 * 10 + 192,
        byOp.get(CryptoOp.SHARE_CREATE).medianPredictedNanos());
  }

  @Test
  void encryptionCostsAddUpOverRealHeights() {
    PipelineFixture f = PipelineFixture.builder("simple").build();
    long[] afterFirst = new long[2];
    f.propose(1, 0);
    f.sim.schedule(MS, s -> {
      afterFirst[0] = f.pipeline.encryptCpuNanos();
      afterFirst[1] = f.pipeline.admissionCpuNanos();
    });
    f.propose(2, 2 * MS);
    f.run();
    assertTrue(afterFirst[0] > 0 && afterFirst[1] > 0);
    assertTrue(f.pipeline.encryptCpuNanos() > afterFirst[0]);
    assertTrue(f.pipeline.admissionCpuNanos() > afterFirst[1]);
  }

  @Test
  void eachScheduleJudgesAHeightByTheChainsOwnTimePerBlockItsOwnWay() {
    // consensus 300, decryption latency 500, execution 40; the chain's own time per block 120
    HeightRecord h = new HeightRecord(1, 0, 3, 100, 2, 0, 300, 300, 300, 0, 0, 0, 0, 0, 0, 0,
        500, 40, 0, 3, 3, true);
    assertEquals(840, Schedule.BEFORE_NEXT.judgedNanos(h, 120), "consensus + dec + execution");
    assertEquals(540, Schedule.PIPELINED.judgedNanos(h, 120), "the slower stage");
    assertEquals(900, Schedule.PIPELINED.judgedNanos(h, 900));
    assertEquals(120, Schedule.STREAMED.judgedNanos(h, 120), "the chain's own time only");
    assertEquals(300, Schedule.STREAMED.judgedNanos(h), "sequential: its consensus time");
    assertTrue(Schedule.STREAMED.needsKeepingPace());
    assertFalse(Schedule.PIPELINED.needsKeepingPace() || Schedule.BEFORE_NEXT.needsKeepingPace());
    assertFalse(Schedule.STREAMED.holdsNextProposal());
    assertTrue(Schedule.STREAMED.judgedTime().startsWith("the chain's own time per block"));
  }

  @Test
  void schedulesByName() {
    assertEquals(List.of("before-next", "pipelined", "streamed"), Schedule.names());
    assertEquals(Schedule.BEFORE_NEXT, Schedule.byName("before-next"));
    assertEquals("pipelined", Schedule.PIPELINED.scenarioName());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Schedule.byName("eager"));
    assertEquals("unknown schedule 'eager'; known: before-next, pipelined, streamed", e.getMessage());
    assertTrue(Schedule.BEFORE_NEXT.judgedTime().startsWith("consensus (proposal to commit) plus"));
    assertTrue(Schedule.PIPELINED.judgedTime().startsWith("the slower of the chain's time per block"));
  }

  @Test
  void aHeightDecidedAtTimeZeroKeepsItsFirstCommit() {
    // time 0 is a time like any other: the commit at 0 decides, the one at 5 ms does not
    PipelineFixture f = PipelineFixture.builder("simple").realCryptoAt(h -> false).build();
    f.propose(1, 0);
    f.commit(3, 1, 0, 0, ALL, new ProcessingTime(1, 2, 3));
    f.commit(0, 1, 1, 5 * MS, ALL, new ProcessingTime(7, 7, 7));
    f.commit(1, 1, 1, 5 * MS, ALL, new ProcessingTime(7, 7, 7));
    f.commit(2, 1, 1, 5 * MS, ALL, new ProcessingTime(7, 7, 7));
    f.run();
    HeightRecord r = f.record(1);
    assertEquals(0, r.decidedNanos());
    assertEquals(0, r.round());
    assertEquals(List.of(1L, 2L, 3L), List.of(r.validationNanos(), r.signatureNanos(),
        r.walNanos()));
  }

  @Test
  void eachBlockIsChargedItsOwnChecksNotTheRunsTotal() {
    PipelineFixture f = PipelineFixture.builder("simple").build();
    long[] admitted = new long[2];
    f.sim.schedule(0, s -> {
      f.pipeline.blockFor(1, 0, 1);
      admitted[0] = f.pipeline.admissionCpuNanos();
      f.pipeline.blockFor(2, 0, 2);
      admitted[1] = f.pipeline.admissionCpuNanos();
      f.pipeline.validationNanos(1, 0);
      f.pipeline.validationNanos(2, 0);
    });
    f.run();
    List<Priced> calls = f.timing.of(CryptoOp.ADMISSION_CHECK);
    assertEquals(admitted[0], calls.get(0).measuredCpuNanos());
    assertEquals(admitted[1] - admitted[0], calls.get(1).measuredCpuNanos());
  }

  /**
   * A height whose first block_propose (50) blamed for 10 and checked for 5, and whose reshare
   * (100) held later block_propose calls that blamed for 20 and checked for 15: the critical
   * path's combine and reshare phases leave every blame and check out, which are counted apart.
   */
  @Test
  void theCombineAndReshareOnlyPhasesLeaveOutEveryBlameAndCheck() {
    HeightRecord r = new HeightRecord(1, 0, 3, 100, 2, 0, 0, 0, 0, 0, 0, 0, 200, 300, 50, 100,
        750, 0, 0, 3, 3, true, List.of(0), 30, 20, 100, 1, "", 10, 5);
    assertEquals(35, r.combineOnlyNanos());
    assertEquals(65, r.reshareOnlyNanos());
    assertEquals(r.decryptionLatencyNanos(), r.shareCreateNanos() + r.shareGossipNanos()
        + r.combineOnlyNanos() + r.checkNanos() + r.blameNanos() + r.decryptNanos()
        + r.reshareOnlyNanos());
  }

  /**
   * The cost check compares real calls only at real heights, and not a call whose CPU clock read
   * 0 (the process clock may tick in 10 ms steps: 0 says nothing about the call).
   */
  @Test
  void theCostCheckSkipsCallsThatReadNoCpuAndSampledHeights() {
    CostModel.Coefficients oneMs = new CostModel.Coefficients(1e6, 0, 0, 0, 0, 0, 0);
    CostModel model = new CostModel(Map.of("simple", Map.of(CryptoOp.SHARE_CREATE, oneMs)),
        Map.of(), "test");
    CostCharger charger = new CostCharger(new PipelineFixture.KnownTiming(Map.of()),
        new dev.tdsim.timing.ModelTiming(model, "simple"), h -> h == 1);
    CostCheck check = new CostCheck(model, "simple", 1);
    charger.checkCosts(check);
    OpSize size = new OpSize(3, 1, 2, 192);
    charger.check(1, CryptoOp.SHARE_CREATE, size, 0);
    charger.check(2, CryptoOp.SHARE_CREATE, size, 2_000_000);
    assertNull(check.summary().byOp().get(CryptoOp.SHARE_CREATE), "nothing compared yet");
    charger.check(1, CryptoOp.SHARE_CREATE, size, 1);
    charger.check(1, CryptoOp.SHARE_CREATE, size, 2_000_000);
    assertEquals(2, check.summary().byOp().get(CryptoOp.SHARE_CREATE).calls());
  }

  /**
   * A sampled height's block is sized as the last real height sealed: same payloads, same bytes
   * on the wire (its transactions' overhead and, for designs with one, the digest).
   */
  @Test
  void aSampledBlockWeighsWhatTheSameRealBlockWeighs() {
    for (String design : List.of("simple", "batched")) {
      PipelineFixture f = PipelineFixture.builder(design).realCryptoAt(h -> h == 1).build();
      for (int h = 1; h <= 2; h++) {
        long t = (h - 1) * 1000 * MS;
        f.propose(h, t);
        f.commitAll(h, t + 10 * MS, t + 10 * MS, t + 10 * MS, t + 10 * MS);
      }
      f.run();
      assertTrue(f.record(1).realCrypto() && !f.record(2).realCrypto());
      assertTrue(f.record(1).blockBytes() > 3 * 64, design + ": sealed transactions weigh more");
      assertEquals(f.record(1).blockBytes(), f.record(2).blockBytes(), design);
    }
  }
}
