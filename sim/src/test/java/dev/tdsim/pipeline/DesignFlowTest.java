package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.Block;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.faults.FaultKind;
import dev.tdsim.faults.FaultKinds;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.FaultSpec;
import dev.tdsim.faults.FaultTarget;
import dev.tdsim.pipeline.PipelineFixture.Sent;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.OpSize;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each design's own message flow in the pipeline, on the fixture's 4 validators with real keys:
 * shares on the wire as the design sizes them, the proposer's digest delaying the proposal and
 * travelling with it, the combiner's prepare running from the proposal on in parallel with the
 * voting, and share faults named. {@link BundledDesign} (fast's real shares bundled into one
 * share per block, with a digest and a prepare) stands for the one-share-per-block designs;
 * height 1 is proposed by 1 and decrypted by 2.
 */
class DesignFlowTest {
  private static final long MS = 1_000_000L;
  private static final long TX_BYTES = 64 + 165; // a 64-byte payload sealed by fast

  @Test
  void sharesOnTheWireFollowTheDesign() {
    for (int m : new int[] {3, 8}) {
      PipelineFixture fast = run(PipelineFixture.builder("fast").msgs(m, 64), 10 * MS);
      long perShare = PipelineFixture.realShareBytes("fast");
      for (Sent s : fast.net.shares()) {
        assertEquals(m * perShare, s.bytes(), "fast: one share per transaction");
      }
      PipelineFixture bundled =
          run(PipelineFixture.builder(new BundledDesign()).msgs(m, 64), 10 * MS);
      assertEquals(4, bundled.net.shares().size(), "every validator sends its shares once");
      for (Sent s : bundled.net.shares()) {
        assertEquals(BundledDesign.SHARE_BYTES, s.bytes(), "one share per block, any size");
      }
      assertEquals(m, bundled.record(1).opened(), "every payload opened to what was sent");
      assertEquals(0, bundled.pipeline.mismatches());
    }
  }

  /** The real designs: one uncompressed G1 point per validator per block. */
  @Test
  void theRealOneSharePerBlockDesignsSendOneG1PointPerValidator() {
    for (String design : List.of("block-key", "batched")) {
      for (int m : new int[] {3, 8}) {
        PipelineFixture f = run(PipelineFixture.builder(design).msgs(m, 64), 10 * MS);
        List<Sent> shares = f.net.shares();
        assertEquals(4, shares.size(), design + ": each signer sends once");
        for (Sent s : shares) {
          assertEquals(96, s.bytes(), design + ", " + m + " transactions");
        }
        assertEquals(m, f.record(1).opened(), design);
        assertEquals(0, f.pipeline.mismatches());
      }
    }
  }

  @Test
  void theDigestDelaysTheProposalOnTheProposersHardwareAndTravelsWithIt() {
    PipelineFixture fast = PipelineFixture.builder("fast").build();
    Block plain = fast.pipeline.blockFor(1, 0, 1);
    assertEquals(0, plain.buildNanos(), "Ferveo's designs publish nothing beyond the block");
    assertEquals(Block.HEADER_BYTES + 3 * TX_BYTES, plain.bytes());
    assertTrue(fast.timing.of(CryptoOp.DIGEST).isEmpty());

    Hardware slow = new Hardware(1, 0.5);
    Hardware[] hw = PipelineFixture.sameHardware();
    hw[1] = slow;
    PipelineFixture bundled =
        PipelineFixture.builder(new BundledDesign()).hardware(hw).build();
    Block b = bundled.pipeline.blockFor(1, 0, 1);
    OpSize size = new OpSize(3, 1, PipelineFixture.POINTS_EACH, 3 * 64);
    assertEquals(bundled.timing.cost(CryptoOp.DIGEST, size, slow), b.buildNanos(),
        "the digest's time on the proposer's (slow) hardware");
    assertEquals(2 * bundled.timing.cost(CryptoOp.DIGEST, size, new Hardware(1, 1.0)),
        b.buildNanos(), 2, "half speed, twice the time");
    assertEquals(Block.HEADER_BYTES + BundledDesign.DIGEST_BYTES + 3 * TX_BYTES, b.bytes(),
        "the digest's bytes are part of the proposal");
    // The real batched design: its KZG commitment (48 B) travels with the proposal, and the
    // digest is charged to the proposer; block-key's identity adds no bytes.
    PipelineFixture batched = PipelineFixture.builder("batched").build();
    Block kzg = batched.pipeline.blockFor(1, 0, 1);
    assertEquals(batched.timing.cost(CryptoOp.DIGEST, size, new Hardware(1, 1.0)),
        kzg.buildNanos());
    long batchedTxs = kzg.bytes() - Block.HEADER_BYTES - 48;
    assertEquals(3 * (64 + batched.pipeline.txOverheadBytes()), batchedTxs);
    PipelineFixture blockKey = PipelineFixture.builder("block-key").build();
    Block id = blockKey.pipeline.blockFor(1, 0, 1);
    assertEquals(Block.HEADER_BYTES + 3 * (64 + blockKey.pipeline.txOverheadBytes()), id.bytes());
    // Every other validator checks the transactions and recomputes the digest before its prevote.
    OpSize checked = new OpSize(3, 1, PipelineFixture.POINTS_EACH, 3 * 64);
    Hardware one = new Hardware(1, 1.0);
    assertEquals(bundled.timing.cost(CryptoOp.ADMISSION_CHECK, checked, one)
        + bundled.timing.cost(CryptoOp.DIGEST, checked, one),
        bundled.pipeline.validationNanos(1, 3));
    assertEquals(fast.timing.cost(CryptoOp.ADMISSION_CHECK, checked, one),
        fast.pipeline.validationNanos(1, 3), "Ferveo's designs: the validity checks only");
    // Another round's proposer computes it again, on its own hardware.
    Block again = bundled.pipeline.blockFor(1, 1, 2);
    assertEquals(bundled.timing.cost(CryptoOp.DIGEST, size, new Hardware(1, 1.0)),
        again.buildNanos());
  }

  /**
   * The combiner (2) holds the block at 1 ms and prepares from then on (60 ms and a bit): when
   * the voting ends at 200 ms the prepare is long done and the combine phase holds none of it;
   * when it ends at 10 ms, the first block_propose waits for the prepare, and the combine phase
   * holds exactly what was left of it.
   */
  @Test
  void thePrepareOverlapsTheVotingAndOnlyWhatOutlastsItIsOnTheCriticalPath() {
    HeightRecord longVote = prepared(200 * MS);
    HeightRecord shortVote = prepared(10 * MS);
    long prepare = PipelineFixture.builder(new BundledDesign()).build().timing.cost(
        CryptoOp.EVAL_PROOFS, new OpSize(3, 4, 8, 3 * 64), new Hardware(1, 1.0));
    long prepareDone = 1 * MS + prepare;
    long longStart = attemptStart(longVote);
    long shortStart = attemptStart(shortVote);
    assertTrue(prepareDone < longStart, "done before the shares are in");
    assertTrue(prepareDone > shortStart, "not done when the shares are in");
    long combine = longVote.combineNanos();
    assertEquals(combine + prepareDone - shortStart, shortVote.combineNanos(),
        "the prepare left after the shares are in is part of the combine phase");
    assertEquals(shortVote.decidedNanos() + shortVote.decryptionLatencyNanos(),
        prepareDone + combine + shortVote.decryptNanos(),
        "plaintexts ready = prepare done + block_propose");
    for (HeightRecord r : List.of(longVote, shortVote)) {
      assertEquals(r.decryptionLatencyNanos(), r.shareCreateNanos() + r.shareGossipNanos()
          + r.combineNanos() + r.decryptNanos() + r.reshareNanos(), "phases add up");
      assertEquals(3, r.opened());
    }
  }

  @Test
  void shareFaultsAreNamedUnderAOneSharePerBlockDesign() {
    for (FaultKind kind : List.of(FaultKinds.BAD_SHARE, FaultKinds.MALFORMED_SHARE,
        FaultKinds.EQUIVOCATE_SHARE)) {
      PipelineFixture f = PipelineFixture.builder(new BundledDesign()).faults(plan(kind, 0))
          .build();
      f.propose(1, 0);
      f.commitAll(1, 10 * MS, 20 * MS, 30 * MS, 40 * MS);
      f.run();
      HeightRecord r = f.record(1);
      assertEquals(List.of(0), r.faulty(), kind + ": the faulty validator is named");
      assertEquals(3, r.opened(), kind + ": every payload opened from the honest shares");
      assertEquals(0, f.pipeline.mismatches());
    }
  }

  /**
   * The combiner (2) checked the proposal at time 0 (and again at 5 ms, which changes nothing):
   * its prepare runs from 0, and what is left of it at the commit (10 ms) delays the combine.
   */
  @Test
  void aCombinerThatHeldTheBlockAtTimeZeroPreparesFromThen() {
    PipelineFixture f = PipelineFixture.builder(new BundledDesign()).build();
    f.sim.schedule(0, s -> {
      f.pipeline.blockFor(1, 0, 1);
      f.pipeline.validationNanos(1, 2);
    });
    f.sim.schedule(5 * MS, s -> f.pipeline.validationNanos(1, 2));
    f.commitAll(1, 10 * MS, 10 * MS, 10 * MS, 10 * MS);
    f.run();
    HeightRecord r = f.record(1);
    long prepare = f.timing.cost(CryptoOp.EVAL_PROOFS, new OpSize(3, 4, 8, 3 * 64),
        new Hardware(1, 1.0));
    assertEquals(prepare + prepared(200 * MS).combineNanos() + r.decryptNanos(),
        r.decidedNanos() + r.decryptionLatencyNanos(), "prepare from 0, then block_propose");
  }

  /** A height priced by the cost model carries the digest bytes of the last real one. */
  @Test
  void aSampledHeightsBlockCarriesTheDigestOfTheLastRealHeight() {
    PipelineFixture f = PipelineFixture.builder("batched").realCryptoAt(h -> h == 1).build();
    Block[] blocks = new Block[2];
    f.sim.schedule(0, s -> blocks[0] = f.pipeline.blockFor(1, 0, 1));
    f.sim.schedule(MS, s -> blocks[1] = f.pipeline.blockFor(2, 0, 2));
    f.run();
    assertEquals(Block.HEADER_BYTES + 48 + 3 * (64 + f.pipeline.txOverheadBytes()),
        blocks[1].bytes(), "the KZG commitment (48 B) and the sealed payloads");
    assertEquals(blocks[0].bytes(), blocks[1].bytes());
  }

  private static HeightRecord prepared(long commitNanos) {
    PipelineFixture f = PipelineFixture.builder(new BundledDesign()).build();
    f.propose(1, 0);
    f.sim.schedule(1 * MS, s -> f.pipeline.validationNanos(1, 2));
    f.commitAll(1, commitNanos, commitNanos, commitNanos, commitNanos);
    f.run();
    assertEquals(1, f.timing.of(CryptoOp.EVAL_PROOFS).size(), "prepared once, by the combiner");
    return f.record(1);
  }

  /** When the first block_propose could start: the shares in and the combiner committed. */
  private static long attemptStart(HeightRecord r) {
    return r.decidedNanos() + r.shareCreateNanos() + r.shareGossipNanos();
  }

  private static PipelineFixture run(PipelineFixture.Builder b, long commitNanos) {
    PipelineFixture f = b.build();
    f.propose(1, 0);
    f.commitAll(1, commitNanos, commitNanos, commitNanos, commitNanos);
    f.run();
    return f;
  }

  private static FaultPlan plan(FaultKind kind, int validator) {
    return FaultPlan.resolve(
        List.of(FaultSpec.of(kind, new FaultTarget.Validators(List.of(validator)))),
        dev.tdsim.faults.Committee.equal(PipelineFixture.VALIDATORS));
  }

  static BlockDesign bundled() {
    return new BundledDesign();
  }
}
