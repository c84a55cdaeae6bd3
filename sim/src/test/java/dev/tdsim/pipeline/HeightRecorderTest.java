package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.engine.Simulation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link HeightRecorder#finish} alone: what the combiner reports at a height (the plaintexts it
 * opened, when its shares were in, its block_propose calls) becomes the height's record, each
 * payload checked against what its client sent. The recorder finishes the height 100 ms into the
 * run; executing a transaction takes 1 µs, so its 3 payloads are ready 3 µs later.
 */
class HeightRecorderTest {
  private static final long MS = 1_000_000L;
  private static final long FINISH_AT = 100 * MS;
  private static final byte[] P0 = {1, 1, 1};
  private static final byte[] P1 = {2, 2, 2};
  private static final byte[] P2 = {3, 3, 3};
  private static final byte[] SHIFTED = {9, 9, 9};

  private final Simulation sim = new Simulation();
  private final PipelineContext ctx = PipelineFixture.context(Designs.byName("simple"), sim,
      null, PipelineFixture.settings(Schedule.BEFORE_NEXT, h -> true, 1_000), null);
  private final HeightRecorder recorder =
      new HeightRecorder(ctx, new ConsensusHost(ctx, null));

  /** A block of height 1 proposed at 0; with a key-colliding payload 0 when {@code colliding}. */
  private ProposedBlock block(boolean colliding) {
    DesignKeys.Colliding c = null;
    if (colliding) {
      SealedTx tx = ctx.crypto.encryptAndAdmit(1, List.of(P0), ctx.random, new long[1])
          .value().get(0);
      c = new DesignKeys.Colliding(tx, P0, SHIFTED);
    }
    return new ProposedBlock(1, 0, List.of(P0, P1, P2), null, c, colliding ? 2 : -1, null, 0, 0,
        0, 500);
  }

  private static CombineTally oneCall() {
    return new CombineTally(1, 60 * MS, 5 * MS, 5 * MS, 0, 0, 0, 0, 3);
  }

  private static Map<Integer, byte[]> opened(byte[]... byIndex) {
    Map<Integer, byte[]> m = new HashMap<>();
    for (int i = 0; i < byIndex.length; i++) {
      if (byIndex[i] != null) {
        m.put(i, byIndex[i]);
      }
    }
    return m;
  }

  /**
   * Finishes the height with these plaintexts: decided at 0, the combiner committed at 20 ms
   * and had its shares at 40 ms, the last of them made in 15 ms.
   */
  private HeightRecord finish(ProposedBlock block, Map<Integer, byte[]> plaintexts) {
    return finish(block, 20 * MS, 40 * MS, -1, plaintexts, oneCall());
  }

  private HeightRecord finish(ProposedBlock block, long commitNanos, long sharesCompleteNanos,
      long reshareFromNanos, Map<Integer, byte[]> plaintexts, CombineTally tally) {
    HeightRecorder.Decrypted d = new HeightRecorder.Decrypted(block,
        new Decision(0, 0, ProcessingTime.NONE), 2, commitNanos, sharesCompleteNanos,
        15 * MS, Map.of(), 0, reshareFromNanos, plaintexts, tally);
    sim.schedule(FINISH_AT, s -> recorder.finish(d));
    sim.run();
    return recorder.record(1);
  }

  @Test
  void everyPayloadOpenedToWhatItsClientSentIsDecrypted() {
    HeightRecord r = finish(block(false), opened(P0.clone(), P1.clone(), P2.clone()));
    assertEquals(HeightStatus.DECRYPTED, r.status());
    assertEquals(List.of(3, 0, 0), List.of(r.opened(), r.refused(), r.openedWrong()));
    assertEquals("", r.why());
    assertEquals("", r.collidingPayload(), "no key-colliding payload in the block");
    assertEquals(0, recorder.mismatches());
  }

  @Test
  void aPayloadOpenedToAnotherPlaintextIsCountedWrong() {
    HeightRecord r = finish(block(false), opened(P0, SHIFTED, P2));
    assertEquals(HeightStatus.OPENED_WRONG, r.status());
    assertEquals(List.of(2, 0, 1), List.of(r.opened(), r.refused(), r.openedWrong()));
    assertEquals(1, recorder.mismatches());
    assertEquals(0, recorder.collidingOpenedShifted(), "not a key-colliding payload");
    assertEquals("", r.collidingPayload());
  }

  @Test
  void aKeyCollidingPayloadOpenedToTheAttackersPlaintextIsShifted() {
    HeightRecord r = finish(block(true), opened(SHIFTED, P1, P2));
    assertEquals("shifted", r.collidingPayload());
    assertEquals(HeightStatus.OPENED_WRONG, r.status());
    assertEquals(1, r.openedWrong());
    assertEquals(1, recorder.collidingOpenedShifted());
    assertEquals(1, recorder.mismatches());
  }

  @Test
  void aKeyCollidingPayloadOpenedToSomethingElseIsWrongButNotShifted() {
    HeightRecord r = finish(block(true), opened(P2, P1, P2));
    assertEquals("other", r.collidingPayload());
    assertEquals(1, r.openedWrong());
    assertEquals(1, recorder.mismatches());
  }

  @Test
  void aKeyCollidingPayloadOpenedHonestly() {
    HeightRecord r = finish(block(true), opened(P0, P1, P2));
    assertEquals("honest", r.collidingPayload());
    assertEquals(HeightStatus.DECRYPTED, r.status());
    assertEquals(0, recorder.collidingOpenedShifted());
  }

  @Test
  void unopenedPayloadsAreRefusedWithWhy() {
    HeightRecord r = finish(block(true), opened(null, null, P2));
    assertEquals(HeightStatus.REFUSED, r.status());
    assertEquals(List.of(1, 2, 0), List.of(r.opened(), r.refused(), r.openedWrong()));
    assertEquals("unopened", r.collidingPayload());
    assertEquals("a key-colliding payload refused; block_propose could not open it (fewer than"
        + " t honest shares, or a key that opened nothing)", r.why());
    assertEquals(0, recorder.mismatches(), "a refusal is a correct outcome");
  }

  @Test
  void anUnopenedPayloadOfABlockWithoutCollisionIsNotCalledColliding() {
    HeightRecord r = finish(block(false), opened(null, P1, P2));
    assertEquals("", r.collidingPayload());
    assertEquals(HeightStatus.REFUSED, r.status());
  }

  /**
   * Shares complete at 0, the instant the combiner committed: no wait for shares, so none of it
   * is share creation or gossip.
   */
  @Test
  void sharesInWhenTheCombinerCommittedAtTimeZeroMeanNoShareWait() {
    HeightRecord r = finish(block(false), 0, 0, -1, opened(P0, P1, P2), oneCall());
    assertEquals(0, r.shareCreateNanos());
    assertEquals(0, r.shareGossipNanos());
    assertEquals(FINISH_AT, r.decryptionLatencyNanos());
  }

  /**
   * One block_propose that opened everything has no reshare time; a second call, or a first
   * that left payloads unopened (reshareFrom >= 0, even at 0), makes everything after the first
   * call's combine and decrypt (60 + 5 + 5 ms) up to the plaintexts (100 ms) reshare time.
   */
  @Test
  void reshareTimeIsCountedOnlyAfterAFirstCallThatLeftPayloadsUnopened() {
    assertEquals(0, finish(block(false), 20 * MS, 40 * MS, -1, opened(P0, P1, P2), oneCall())
        .reshareNanos());
  }

  @Test
  void aFirstCallThatLeftPayloadsUnopenedAtTimeZeroStartsTheReshare() {
    assertEquals(30 * MS, finish(block(false), 20 * MS, 40 * MS, 0, opened(P0, P1, P2),
        oneCall()).reshareNanos());
  }

  @Test
  void aSecondCallMeansAReshare() {
    CombineTally two = new CombineTally(2, 60 * MS, 5 * MS, 5 * MS, 0, 0, 0, 0, 3);
    assertEquals(30 * MS, finish(block(false), 20 * MS, 40 * MS, -1, opened(P0, P1, P2), two)
        .reshareNanos());
  }
}
