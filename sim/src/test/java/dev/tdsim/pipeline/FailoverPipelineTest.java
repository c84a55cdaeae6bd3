package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.faults.FaultKinds;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.FaultSpec;
import dev.tdsim.faults.FaultTarget;
import dev.tdsim.faults.FaultWindow;
import dev.tdsim.pipeline.PipelineFixture.Sent;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The failover ({@code crypto.combiner: failover}) in the pipeline: height 1's designated
 * combiner, 2, crashes at 25 ms, after the first commits chose it and before it committed. The
 * others (0, 1, 3 commit at 10, 20, 40 ms) wait the 3 s combiner timeout after their shares
 * left, then send them to the next candidate, 3, which combines; it announces the plaintexts so
 * that nobody fails over further.
 */
class FailoverPipelineTest {
  private static final long MS = 1_000_000L;
  private static final long TIMEOUT = DecryptionPipeline.DEFAULT_COMBINER_TIMEOUT_NANOS;

  private static PipelineFixture crashedCombiner(String variant) {
    FaultPlan plan = FaultPlan.resolve(List.of(new FaultSpec(FaultKinds.CRASH,
            new FaultTarget.Validators(List.of(2)),
            new FaultWindow(25 * MS, FaultWindow.FOREVER_NANOS, 1, FaultWindow.NO_LAST_HEIGHT),
            Map.of())),
        dev.tdsim.faults.Committee.equal(PipelineFixture.VALIDATORS));
    PipelineFixture f = PipelineFixture.builder(variant).faults(plan).build();
    f.propose(1, 0);
    for (int v : new int[] {0, 1, 3}) {
      f.commit(v, 1, 0, (v == 3 ? 40 : 10 + 10 * v) * MS, List.of(0, 1, 3));
    }
    f.run();
    return f;
  }

  @Test
  void theNextCandidateCombinesOnceTheOthersTimedOutOnTheCrashedOne() {
    PipelineFixture f = crashedCombiner("simple");
    HeightRecord r = f.record(1);
    assertEquals(3, r.combiner());
    assertEquals(40 * MS, r.commitNanos());
    assertEquals(3, r.opened());
    assertEquals(0, f.pipeline.mismatches());

    long create = f.cost(CryptoOp.SHARE_CREATE,
        new OpSize(3, 1, PipelineFixture.POINTS_EACH, f.payloadBytes()), 0);
    List<Sent> shares = f.net.shares();
    assertEquals(List.of(2, 2, 2, 3, 3, 3), shares.stream().map(Sent::to).toList());
    assertEquals(List.of(0, 1, 3, 0, 1, 3), shares.stream().map(Sent::from).toList());
    // Each waited the timeout from when its shares left, then made them again for 3.
    assertEquals(List.of(10 * MS + create, 20 * MS + create, 40 * MS + create,
        10 * MS + 2 * create + TIMEOUT, 20 * MS + 2 * create + TIMEOUT,
        40 * MS + 2 * create + TIMEOUT), shares.stream().map(Sent::atNanos).toList());

    // The plaintexts announced by 3: a header and one combined share per share a validator
    // sends; everyone learned them, so nobody moved on to candidate 0.
    List<Sent> announced = f.net.broadcasts();
    assertEquals(1, announced.size());
    assertEquals(3, announced.get(0).from());
    assertEquals(64 + 3L * PipelineFixture.realShareBytes("simple"), announced.get(0).bytes());
  }

  /**
   * A validator that commits the next height learned this height's plaintexts (its block executed
   * them): it does not fail over for this height any more.
   */
  @Test
  void committingTheNextHeightEndsTheFailoverOfThisOne() {
    FaultPlan plan = FaultPlan.resolve(List.of(new FaultSpec(FaultKinds.CRASH,
            new FaultTarget.Validators(List.of(2)),
            new FaultWindow(25 * MS, FaultWindow.FOREVER_NANOS, 1, FaultWindow.NO_LAST_HEIGHT),
            Map.of())),
        dev.tdsim.faults.Committee.equal(PipelineFixture.VALIDATORS));
    PipelineFixture f = PipelineFixture.builder("simple").faults(plan).build();
    f.propose(1, 0);
    f.propose(2, 500 * MS);
    for (int v : new int[] {0, 1, 3}) {
      f.commit(v, 1, 0, (v == 3 ? 40 : 10 + 10 * v) * MS, List.of(0, 1, 3));
      f.commit(v, 2, 0, 1000 * MS, List.of(0, 1, 3));
    }
    f.run();
    assertEquals(3, f.record(2).opened());
    assertEquals(List.of(), f.net.shares().stream().filter(s -> s.atNanos() > 2000 * MS)
        .toList(), "nobody sent height 1's shares to another candidate");
  }

  @Test
  void aCandidateOfAFoldingDesignAnnouncesItsOwnSignerSet() {
    PipelineFixture f = crashedCombiner("folded");
    HeightRecord r = f.record(1);
    assertEquals(3, r.combiner());
    assertEquals(3, r.opened());
    assertEquals(0, f.pipeline.mismatches());
    // The crashed combiner never announced a set: nobody sent it shares. Each moved on 3 s
    // after it committed; 3 announced its set when it moved (at 3.04 s), then the plaintexts.
    List<Sent> shares = f.net.shares();
    assertEquals(List.of(3, 3, 3), shares.stream().map(Sent::to).toList());
    List<Sent> announced = f.net.broadcasts();
    assertEquals(List.of(3, 3), announced.stream().map(Sent::from).toList());
    assertEquals(40 * MS + TIMEOUT, announced.get(0).atNanos());
    assertEquals(64 + 4L * 3, announced.get(0).bytes(), "a set of 3 signers");
  }

  /** The runner's rule (faults may keep the round-0 proposer from serving) picks the combiner. */
  @Test
  void theRunnersCombinerRuleChoosesWhoCombines() {
    PipelineFixture f = PipelineFixture.builder("simple").build();
    f.pipeline.combinerRule(h -> 0);
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 20 * MS, 30 * MS, 40 * MS);
    f.run();
    assertEquals(0, f.record(1).combiner(), "not 2, the next height's round-0 proposer");
    assertEquals(List.of(0), f.net.shares().stream().map(Sent::to).distinct().toList());
  }

  /**
   * Every candidate fails in the first pass: 3 is down throughout, the designated 2 crashes at
   * 15 ms (after 0's first commit chose it) until 20 s, and 0 and 1 hold too few points alone.
   * Once the faults change (20 s) the validators start again from the first candidate, 2, and
   * send their shares anew (those of the first pass were lost with the crashed 2), which
   * combines once it has committed.
   */
  @Test
  void afterEveryCandidateFailedTheLaterPassSendsTheSharesAgain() {
    long back = 20_000 * MS;
    FaultPlan plan = FaultPlan.resolve(List.of(
            new FaultSpec(FaultKinds.CRASH, new FaultTarget.Validators(List.of(2)),
                new FaultWindow(15 * MS, back, 1, FaultWindow.NO_LAST_HEIGHT), Map.of()),
            new FaultSpec(FaultKinds.CRASH, new FaultTarget.Validators(List.of(3)),
                FaultWindow.ALWAYS, Map.of())),
        dev.tdsim.faults.Committee.equal(PipelineFixture.VALIDATORS));
    PipelineFixture f = PipelineFixture.builder("simple").faults(plan).build();
    f.propose(1, 0);
    f.commit(0, 1, 0, 10 * MS, List.of(0, 1, 2));
    f.commit(1, 1, 0, 20 * MS, List.of(0, 1, 2));
    f.commit(2, 1, 0, back + MS, List.of(0, 1, 2));
    f.run();
    HeightRecord r = f.record(1);
    assertEquals(2, r.combiner());
    assertEquals(3, r.opened());
    for (int v : new int[] {0, 1}) {
      int from = v;
      List<Long> toTwo = f.net.shares().stream().filter(m -> m.from() == from && m.to() == 2)
          .map(Sent::atNanos).toList();
      assertEquals(2, toTwo.size(), v + " sent to 2 in both passes: " + toTwo);
      assertTrue(toTwo.get(0) < 15 * MS + TIMEOUT && toTwo.get(1) >= back, toTwo.toString());
    }
  }
}
