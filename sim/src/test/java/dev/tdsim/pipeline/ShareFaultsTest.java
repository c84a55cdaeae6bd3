package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.faults.FaultKind;
import dev.tdsim.faults.FaultKinds;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.FaultSpec;
import dev.tdsim.faults.FaultTarget;
import dev.tdsim.pipeline.PipelineFixture.Sent;
import dev.tdsim.timing.CryptoOp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The decryption-share faults on the fixture's 4 validators (2 key-share points each, threshold
 * 6: any 3 validators) with real keys, real shares and the real block_propose: height 1 is
 * proposed by 1 and decrypted by 2 (the proposer of height 2; its backup, the proposer of round
 * 1, is 3). Validator 0 is the faulty one; it commits first (10 ms), then 1 (20 ms), the combiner
 * 2 (30 ms) and 3 (40 ms), over 10 ms links, so 0's shares are among the first t that reach the
 * combiner. Every test compares with the same height without faults.
 */
class ShareFaultsTest {
  private static final long MS = 1_000_000L;
  private static final int FAULTY = 0;

  private static FaultPlan plan(FaultKind kind, int validator) {
    return FaultPlan.resolve(
        List.of(FaultSpec.of(kind, new FaultTarget.Validators(List.of(validator)))),
        dev.tdsim.faults.Committee.equal(PipelineFixture.VALIDATORS));
  }

  private static PipelineFixture run(String variant, FaultPlan faults) {
    PipelineFixture f = PipelineFixture.builder(variant).faults(faults).build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 20 * MS, 30 * MS, 40 * MS);
    f.run();
    return f;
  }

  private static HeightRecord faultFree(String variant) {
    return run(variant, FaultPlan.NONE).record(1);
  }

  /** Detected, named, decrypted from honest shares, correct, charged, and slower than without. */
  private static HeightRecord assertRecovered(String variant, FaultKind kind) {
    PipelineFixture f = run(variant, plan(kind, FAULTY));
    HeightRecord r = f.record(1);
    assertEquals(List.of(FAULTY), r.faulty(), kind + " on " + variant + ": the faulty is named");
    assertEquals(3, r.opened(), "every payload opened to what its client sent");
    assertEquals(0, f.pipeline.mismatches());
    assertTrue(r.decryptionLatencyNanos() > faultFree(variant).decryptionLatencyNanos(),
        "the fault costs time: " + r.decryptionLatencyNanos() + " vs "
            + faultFree(variant).decryptionLatencyNanos());
    assertEquals(r.decryptionLatencyNanos(), r.shareCreateNanos() + r.shareGossipNanos()
        + r.combineNanos() + r.decryptNanos() + r.reshareNanos(),
        "the latency is the sum of its parts, the reshare included");
    assertEquals(r.decryptionLatencyNanos(), r.shareCreateNanos() + r.shareGossipNanos()
        + r.combineOnlyNanos() + r.checkNanos() + r.blameNanos() + r.decryptNanos()
        + r.reshareOnlyNanos(), "the critical-path phases (blame and check apart) add up too");
    assertTrue(r.combineOnlyNanos() >= 0 && r.reshareOnlyNanos() >= 0, r.toString());
    assertTrue(r.firstProposeBlameNanos() <= r.blameNanos()
        && r.firstProposeCheckNanos() <= r.checkNanos(), r.toString());
    // Same seed, same run.
    assertEquals(r, run(variant, plan(kind, FAULTY)).record(1), "deterministic");
    return r;
  }

  /**
   * Every variant names the faulty on its own check (simple, batch, precomputed: against the
   * blinded share their shares carry, docs/CRYPTO.md); the combiner's first t points (0, 1 and
   * itself) are then too few, so it waits for the fourth validator's shares (a retry), or, for
   * the folding variants, reshares for the set without the faulty.
   */
  @ParameterizedTest
  @ValueSource(strings = {"fast", "folded", "simple", "batch", "precomputed"})
  void aBadShareIsBlamedAndTheBlockDecryptsFromTheOthers(String variant) {
    HeightRecord r = assertRecovered(variant, FaultKinds.BAD_SHARE);
    assertTrue(r.blameNanos() > 0, "blame is charged on the combiner");
    assertEquals("", r.collidingPayload(), "no key-colliding payload without its fault");
    assertTrue(r.reshareNanos() > 0);
    if (variant.equals("folded") || variant.equals("precomputed")) {
      assertEquals(1, r.reshares(), "one new signer set without the faulty");
    } else {
      assertEquals(1, r.reshares(), "one retry with the fourth validator's shares");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"fast", "folded", "simple"})
  void aMalformedShareIsRejectedByDecodeAndTheBlockDecrypts(String variant) {
    HeightRecord r = assertRecovered(variant, FaultKinds.MALFORMED_SHARE);
    assertTrue(r.reshareNanos() > 0);
    assertEquals(1, r.reshares());
    if (variant.equals("folded")) {
      // all three of the set's shares in, one does not decode: nothing is combined, nobody is
      // searched for by value (blame): the set is redone without the malformed one
      assertEquals(0, r.blameNanos(), "decode names it; no blame");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"fast", "folded", "simple"})
  void anEquivocatedShareSendsTheWrongShareToTheCombinerAndTheRightOneToTheBackup(
      String variant) {
    HeightRecord r = assertRecovered(variant, FaultKinds.EQUIVOCATE_SHARE);
    assertTrue(r.blameNanos() > 0);
    PipelineFixture f = run(variant, plan(FaultKinds.EQUIVOCATE_SHARE, FAULTY));
    List<Sent> fromFaulty = f.net.shares().stream().filter(m -> m.from() == FAULTY).toList();
    assertTrue(fromFaulty.stream().anyMatch(m -> m.to() == 2), "to the combiner");
    assertTrue(fromFaulty.stream().anyMatch(m -> m.to() == 3), "to the backup combiner");
  }

  @ParameterizedTest
  @ValueSource(strings = {"fast", "folded"})
  void whenTheDesignatedCombinerIsCrashedTheBackupCombinesAndGetsTheCorrectShares(
      String variant) {
    FaultPlan faults = FaultPlan.resolve(List.of(
            FaultSpec.of(FaultKinds.EQUIVOCATE_SHARE, new FaultTarget.Validators(List.of(0))),
            FaultSpec.of(FaultKinds.CRASH, new FaultTarget.Validators(List.of(2)))),
        dev.tdsim.faults.Committee.equal(PipelineFixture.VALIDATORS));
    PipelineFixture f = PipelineFixture.builder(variant).faults(faults).build();
    f.propose(1, 0);
    // The crashed combiner 2 never commits; 0, 1 and 3 do, and 3 (round 1's proposer) combines: it gets 0's correct shares.
    for (int v : new int[] {0, 1, 3}) {
      f.commit(v, 1, 0, (10 + 10 * v) * MS, List.of(0, 1, 3));
    }
    f.run();
    HeightRecord r = f.record(1);
    assertEquals(3, r.combiner());
    assertEquals(List.of(), r.faulty(), "the backup got 0's correct shares");
    assertEquals(3, r.opened());
    assertEquals(0, r.reshares());
  }

  @ParameterizedTest
  @ValueSource(strings = {"fast", "folded", "simple", "precomputed"})
  void aKeyCollidingPayloadOpensToTheHonestPlaintextAndTheColluderIsNamed(String variant) {
    HeightRecord r = assertRecovered(variant, FaultKinds.COLLUDING_ENCRYPTOR);
    assertEquals("honest", r.collidingPayload());
    assertTrue(r.blameNanos() > 0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"fast", "folded"})
  void aWithheldShare(String variant) {
    PipelineFixture f = PipelineFixture.builder(variant).faults(plan(FaultKinds.WITHHOLD_SHARE,
        FAULTY)).shareTimeout(200 * MS).build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 20 * MS, 30 * MS, 40 * MS);
    f.run();
    HeightRecord r = f.record(1);
    assertEquals(3, r.opened());
    assertEquals(0, f.pipeline.mismatches());
    assertTrue(f.net.shares().stream().noneMatch(m -> m.from() == FAULTY), "it sends nothing");
    HeightRecord free = faultFree(variant);
    assertTrue(r.decryptionLatencyNanos() > free.decryptionLatencyNanos());
    if (variant.equals("folded")) {
      // The combiner waits for the announced set until the timeout, then reshares without it:
      // missing (no share in time), never named faulty on its absence alone (issue 19).
      assertEquals(List.of(), r.faulty());
      assertEquals(List.of(FAULTY), r.missing());
      assertEquals(1, r.reshares());
      assertTrue(r.decryptionLatencyNanos() >= 200 * MS);
      assertTrue(r.reshareNanos() > 0);
    } else {
      // Its shares are not needed: the combiner takes t points from the others, names no one.
      assertEquals(List.of(), r.faulty());
      assertEquals(0, r.reshares());
      assertTrue(r.decryptionLatencyNanos() < 200 * MS);
    }
  }

  @org.junit.jupiter.api.Test
  void blameIsPricedOnTheCombinersMachineAndNotWithoutFaults() {
    PipelineFixture clean = run("folded", FaultPlan.NONE);
    assertTrue(clean.timing.of(CryptoOp.BLAME).isEmpty(), "no fault, no blame charged");
    PipelineFixture f = run("folded", plan(FaultKinds.BAD_SHARE, FAULTY));
    List<PipelineFixture.Priced> blame = f.timing.of(CryptoOp.BLAME);
    assertEquals(1, blame.size());
    assertEquals(f.hardware[2], blame.get(0).hardware());
    // The reshare: every honest validator makes new shares for the new set, on its own machine.
    List<PipelineFixture.Priced> creates = new ArrayList<>(f.timing.of(CryptoOp.SHARE_CREATE));
    assertEquals(4 + 3, creates.size(), "4 first shares, then 3 for the new set");
    assertEquals(2, f.net.broadcasts().size(), "the signer set, then the new one");
    assertEquals(2, f.timing.of(CryptoOp.PREPARE).size(), "prepare_combine for each set");
  }

  @org.junit.jupiter.api.Test
  void theCpuSpentBecauseOfShareFaultsIsCounted() {
    assertEquals(0, run("simple", FaultPlan.NONE).pipeline.shareFaultCpuNanos());
    assertEquals(0, run("folded", FaultPlan.NONE).pipeline.shareFaultCpuNanos(),
        "the first signer set's shares are no fault's cost");
    // simple retries with the fourth validator's shares: block_propose calls only (no new set)
    assertTrue(run("simple", plan(FaultKinds.BAD_SHARE, FAULTY)).pipeline.shareFaultCpuNanos()
        > 0);
    // folded reshares: the new set's shares and the block_propose calls
    assertTrue(run("folded", plan(FaultKinds.BAD_SHARE, FAULTY)).pipeline.shareFaultCpuNanos()
        > 0);
  }

  private static FaultPlan plan(FaultKind kind, Integer... validators) {
    return FaultPlan.resolve(
        List.of(FaultSpec.of(kind, new FaultTarget.Validators(List.of(validators)))),
        dev.tdsim.faults.Committee.equal(PipelineFixture.VALIDATORS));
  }

  /**
   * Two of four validators (0 and 1) send bad shares: a design that folds the signer set names
   * both, and the two left hold fewer than t points: nothing to reshare for, so the height ends
   * with its payloads refused (never waiting for validators that are faulty, not missing).
   */
  @Test
  void withMoreFaultyThanTheThresholdAllowsTheFoldedHeightEndsRefused() {
    PipelineFixture f = run("folded", plan(FaultKinds.BAD_SHARE, 0, 1));
    HeightRecord r = f.record(1);
    assertEquals(List.of(0, 1), r.faulty());
    assertEquals(List.of(), r.missing());
    assertEquals(HeightStatus.REFUSED, r.status());
    assertEquals(List.of(0, 3, 0), List.of(r.opened(), r.refused(), r.openedWrong()));
    assertEquals(0, f.pipeline.mismatches());
  }

  /**
   * A retry after a short block_propose combines the shares of the validators not named: t of
   * them (3), never the named one's again.
   */
  @Test
  void aRetryLeavesTheNamedValidatorsSharesOut() {
    PipelineFixture f = run("simple", plan(FaultKinds.BAD_SHARE, FAULTY));
    List<PipelineFixture.Priced> decodes = f.timing.of(CryptoOp.DECODE);
    assertEquals(2, decodes.size(), "the short call, then the retry");
    assertEquals(List.of(3, 3), decodes.stream().map(p -> p.size().validators()).toList());
    assertEquals(List.of(FAULTY), f.record(1).faulty());
  }

  /**
   * The same with a design that retries with more shares (simple): once every validator's shares
   * are in and those not named hold fewer than t points, nothing more can come, so the height
   * ends with its payloads refused rather than waiting forever.
   */
  @Test
  void withMoreFaultyThanTheThresholdAllowsARetryingHeightEndsRefused() {
    // 3's shares arrive while the first (short) block_propose runs, or long after it
    for (long last : new long[] {40 * MS, 300 * MS}) {
      PipelineFixture f = PipelineFixture.builder("simple")
          .faults(plan(FaultKinds.BAD_SHARE, 0, 1)).build();
      f.propose(1, 0);
      f.commitAll(1, 10 * MS, 20 * MS, 30 * MS, last);
      f.run();
      HeightRecord r = f.record(1);
      assertEquals(List.of(0, 1), r.faulty());
      assertEquals(HeightStatus.REFUSED, r.status());
      assertEquals(List.of(0, 3, 0), List.of(r.opened(), r.refused(), r.openedWrong()));
      if (last == 40 * MS) {
        assertEquals(0, r.reshares(), "all in when the short call ended: no retry could run");
      }
      assertTrue(r.decidedNanos() + r.decryptionLatencyNanos() > last, "ended once all were in");
    }
  }
}
