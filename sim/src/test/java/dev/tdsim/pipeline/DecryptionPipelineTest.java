package dev.tdsim.pipeline;

import static dev.tdsim.pipeline.PipelineFixture.POINTS_EACH;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.Block;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.pipeline.PipelineFixture.Priced;
import dev.tdsim.pipeline.PipelineFixture.Sent;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.OpSize;
import java.util.ArrayList;
import java.util.List;
import dev.tdsim.crypto.variant.Variants;
import org.junit.jupiter.api.Test;

/**
 * The decryption pipeline on a 4-validator committee with real keys and real crypto, driven by a
 * scripted consensus and network, with validators that commit at different times, over links of
 * different delays, on machines of different speeds. Expected times are computed from the
 * fixture's known timing function, so each assertion pins one step of the critical path.
 */
class DecryptionPipelineTest {

  private static final long MS = 1_000_000L;
  /**
   * What block_propose of {@code simple} is charged without faults: its shares are not verified,
   * so its combined results are checked (CHECK, no VERIFY); BLAME only when a fault was found.
   */
  private static final CryptoOp[] COMBINE_OPS = {CryptoOp.DECODE, CryptoOp.VALIDITY,
      CryptoOp.CHECK, CryptoOp.PREPARE, CryptoOp.COMBINE};

  /** Speeds 1, 2, 4 and 1: divisions by them are exact for the fixture's costs. */
  private static Hardware[] mixedHardware() {
    return new Hardware[] {new Hardware(1, 1.0), new Hardware(1, 2.0), new Hardware(1, 4.0),
        new Hardware(1, 1.0)};
  }

  private static OpSize shareSize(PipelineFixture f) {
    return new OpSize(f.msgsPerBlock, 1, POINTS_EACH, f.payloadBytes());
  }

  private static long combineNanos(PipelineFixture f, OpSize size, int combiner, boolean prepare) {
    long sum = 0;
    for (CryptoOp op : COMBINE_OPS) {
      if (op != CryptoOp.PREPARE || prepare) {
        sum += f.cost(op, size, combiner);
      }
    }
    return sum;
  }

  @Test
  void sharesFromValidatorsThatCommitAtDifferentTimesCompleteTheSetAtTheThirdArrival() {
    // proposer(h) = h % 4: height 1 is proposed by 1 and decrypted by 2 (the proposer of 2).
    long[][] d = PipelineFixture.uniformDelays(MS);
    d[0][2] = 40 * MS;
    d[1][2] = 5 * MS;
    d[3][2] = 1 * MS;
    PipelineFixture f = PipelineFixture.builder("simple").delays(d).hardware(mixedHardware())
        .build();
    f.propose(1, 0);
    f.commitAll(1, 30 * MS, 20 * MS, 50 * MS, 200 * MS);
    f.run();

    HeightRecord r = f.record(1);
    OpSize share = shareSize(f);
    long create0 = f.cost(CryptoOp.SHARE_CREATE, share, 0);
    long create1 = f.cost(CryptoOp.SHARE_CREATE, share, 1);
    long create2 = f.cost(CryptoOp.SHARE_CREATE, share, 2);
    assertEquals(8_003_312L, create0, "fixture: 8 ms + 3 msgs + 1 validator + 2 points + 192 B");
    // Arrivals at the combiner: 1 at 20+c1+5, 2 (itself) at 50+c2, 0 at 30+c0+40 ms: the third
    // brings the points to exactly the threshold 6, so validator 0's share completes the set.
    assertTrue(20 * MS + create1 + 5 * MS < 50 * MS + create2);
    long complete = 30 * MS + create0 + 40 * MS;
    assertTrue(complete > 50 * MS + create2);

    assertEquals(1, r.height());
    assertEquals(0, r.round());
    assertEquals(3, r.txCount());
    assertEquals(Block.HEADER_BYTES + 3L * (64 + Ciphertext.OVERHEAD_BYTES), r.blockBytes());
    assertEquals(2, r.combiner());
    assertEquals(0, r.proposeNanos());
    // Decided when the first validator (1) committed, at 20 ms; the combiner committed at 50.
    assertEquals(20 * MS, r.decidedNanos());
    assertEquals(50 * MS, r.commitNanos());
    assertEquals(20 * MS, r.consensusNanos());
    long wait = complete - 50 * MS;
    long lag = 30 * MS;
    assertEquals(create0, r.shareCreateNanos());
    assertEquals(lag + wait - create0, r.shareGossipNanos(), "the combiner's own commit lag too");
    OpSize combine = new OpSize(3, 3, 3 * POINTS_EACH, f.payloadBytes());
    assertEquals(combineNanos(f, combine, 2, true), r.combineNanos());
    assertEquals(f.cost(CryptoOp.DECRYPT, combine, 2), r.decryptNanos());
    assertEquals(lag + wait + r.combineNanos() + r.decryptNanos(), r.decryptionLatencyNanos());
    assertEquals(3, r.signers());
    assertEquals(3, r.opened());
    assertTrue(r.realCrypto());
    assertEquals(0, f.pipeline.mismatches());
    // Without faults: no blame; the combined results' checks are simple's CHECK phase.
    assertEquals(0, r.blameNanos());
    assertEquals(f.cost(CryptoOp.CHECK, combine, 2), r.checkNanos());
    assertEquals(r.checkNanos(), r.firstProposeCheckNanos());
    assertEquals(r.combineNanos() - r.checkNanos(), r.combineOnlyNanos());
    assertEquals(0, r.reshareNanos());

    // Validator 3 committed after the combiner had enough shares: it sent none. Each share
    // message carries one GT element (576 B) per key-share point and the blinded share (96 B)
    // per message.
    List<Sent> shares = f.net.shares();
    assertEquals(List.of(1, 0, 2), shares.stream().map(Sent::from).toList());
    for (Sent s : shares) {
      assertEquals(2, s.to());
      assertEquals(3L * (576 * POINTS_EACH + 96), s.bytes());
    }
    assertEquals(List.of(20 * MS + create1, 30 * MS + create0, 50 * MS + create2),
        shares.stream().map(Sent::atNanos).toList());
  }

  @Test
  void pricesEachCallWithTheCallersSizeAndMachineAndTheRealCpuTime() {
    PipelineFixture f = PipelineFixture.builder("simple").hardware(mixedHardware()).build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 11 * MS, 12 * MS, 13 * MS);
    long thread0 = PipelineFixture.threadCpuNanos();
    long process0 = PipelineFixture.processCpuNanos();
    f.run();
    // A call's CPU time is part of the run's, read on the same clock: bounded by it.
    long threadBound = PipelineFixture.threadCpuNanos() - thread0;
    long processBound = PipelineFixture.processCpuNanos() - process0;

    // All four committed before the set was complete, so all four created shares.
    List<Priced> creates = f.timing.of(CryptoOp.SHARE_CREATE);
    assertEquals(4, creates.size());
    for (int i = 0; i < 4; i++) {
      Priced c = creates.get(i);
      assertEquals(shareSize(f), c.size());
      assertEquals(f.hardware[i], c.hardware(), "validator " + i + " creates on its own machine");
      assertEquals(3, c.parallelUnits(), "one unit per message");
      assertTrue(c.measuredCpuNanos() > 0, "the real share creation's CPU time is passed on");
    }
    long phaseCpu = 0;
    for (CryptoOp op : List.of(CryptoOp.DECODE, CryptoOp.VALIDITY, CryptoOp.CHECK,
        CryptoOp.PREPARE, CryptoOp.COMBINE, CryptoOp.DECRYPT)) {
      List<Priced> calls = f.timing.of(op);
      assertEquals(1, calls.size(), op.toString());
      Priced c = calls.get(0);
      assertEquals(new OpSize(3, 3, 6, f.payloadBytes()), c.size(), op.toString());
      assertEquals(f.hardware[2], c.hardware(), "the combiner's machine prices " + op);
      assertTrue(c.measuredCpuNanos() >= 0, op.toString());
      phaseCpu += c.measuredCpuNanos();
    }
    assertTrue(f.timing.of(CryptoOp.VERIFY).isEmpty() && f.timing.of(CryptoOp.BLAME).isEmpty(),
        "simple does not verify shares, and nothing was blamed");
    assertTrue(phaseCpu <= processBound + 7, // + rounding of the phases
        "block_propose's CPU time is split over its phases: " + phaseCpu + " of " + processBound);
    assertTrue(f.pipeline.encryptCpuNanos() > 0 && f.pipeline.encryptCpuNanos() <= threadBound);
    assertTrue(f.pipeline.admissionCpuNanos() > 0
        && f.pipeline.admissionCpuNanos() <= threadBound);
    for (Priced c : creates) {
      assertTrue(c.measuredCpuNanos() <= threadBound);
    }
  }

  @Test
  void sharesThatArriveBeforeTheCombinerCommitsWaitForItsCommit() {
    PipelineFixture f = PipelineFixture.builder("simple").build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 12 * MS, 300 * MS, 15 * MS);
    f.run();

    HeightRecord r = f.record(1);
    assertEquals(300 * MS, r.commitNanos());
    assertEquals(10 * MS, r.decidedNanos());
    assertEquals(0, r.shareCreateNanos());
    assertEquals(290 * MS, r.shareGossipNanos(), "only the combiner's own commit lag");
    OpSize combine = new OpSize(3, 3, 6, f.payloadBytes());
    assertEquals(combineNanos(f, combine, 2, true), r.combineNanos());
    assertEquals(290 * MS + r.combineNanos() + r.decryptNanos(), r.decryptionLatencyNanos());
    assertEquals(3, r.opened());
    // The combiner's own share was not needed: 0, 1 and 3 had sent theirs.
    assertEquals(List.of(0, 1, 3), f.net.shares().stream().map(Sent::from).toList());
  }

  @Test
  void foldingVariantWaitsForTheAnnouncedSignerSetWidenedToTheThreshold() {
    // Link delays all differ: d(i, j) = 1 + i + 2j ms, except a slow 80 ms link from 2 to 3.
    PipelineFixture f = PipelineFixture.builder("folded")
        .delays((i, j) -> i == 2 && j == 3 ? 80 * MS : MS * (1 + i + 2 * j)).build();
    f.propose(1, 0);
    // The combiner (2) commits in round 1 on precommits of 2 and 3 only (4 points < 6): the
    // signer set is widened by the lowest-indexed other validator, 0, to exactly 6 points.
    f.commit(0, 1, 0, 10 * MS, List.of(0, 1, 2, 3));
    f.commit(1, 1, 0, 5 * MS, List.of(0, 1, 2, 3));
    f.commit(2, 1, 1, 50 * MS, List.of(2, 3));
    f.commit(3, 1, 1, 100 * MS, List.of(2, 3));
    f.run();

    List<Sent> announcements = f.net.broadcasts();
    assertEquals(1, announcements.size());
    assertEquals(2, announcements.get(0).from());
    assertEquals(50 * MS, announcements.get(0).atNanos());
    assertEquals(64 + 4L * 3, announcements.get(0).bytes());

    // Each validator folds for this set first: its coefficients, then its shares.
    long create = f.cost(CryptoOp.SHARE_CREATE, shareSize(f), 0) + coefficients(f, 0);
    // 0 committed before the combiner; 3 after it, but before the announcement reached it
    // (at 130 ms): both start when the announcement arrives. 1 is not a signer.
    long start0 = 50 * MS + f.net.delay(2, 0);
    long start3 = 50 * MS + f.net.delay(2, 3);
    assertEquals(130 * MS, start3);
    List<Sent> shares = f.net.shares();
    assertEquals(List.of(2, 0, 3), shares.stream().map(Sent::from).toList());
    assertEquals(List.of(50 * MS + create, start0 + create, start3 + create),
        shares.stream().map(Sent::atNanos).toList());
    for (Sent s : shares) {
      assertEquals(3L * 96, s.bytes(), "one G1 point per message");
    }
    long complete = Math.max(start0 + create + f.net.delay(0, 2),
        start3 + create + f.net.delay(3, 2));

    HeightRecord r = f.record(1);
    assertEquals(0, r.round(), "decided by validator 1's round-0 commit at 5 ms");
    assertEquals(5 * MS, r.decidedNanos());
    assertEquals(3, r.signers());
    assertEquals(3, r.opened());
    assertEquals(create, r.shareCreateNanos());
    assertEquals(complete - 5 * MS - create, r.shareGossipNanos());
    assertEquals(complete - 5 * MS + r.combineNanos() + r.decryptNanos(),
        r.decryptionLatencyNanos());
    assertEquals(0, f.pipeline.mismatches());
  }

  /** A validator's Lagrange coefficients of a signer set of 3 validators (6 points), new to it. */
  private static long coefficients(PipelineFixture f, int validator) {
    return f.cost(CryptoOp.SIGNER_COEFFICIENTS, new OpSize(1, 3, 6, 0), validator);
  }

  @Test
  void aFoldingCommitWithEnoughSignersIsNotWidened() {
    PipelineFixture f = PipelineFixture.builder("folded").build();
    f.propose(1, 0);
    List<Integer> signers = List.of(3, 1, 2); // arrival order, 6 points
    f.commit(0, 1, 0, 10 * MS, signers);
    f.commit(1, 1, 0, 11 * MS, signers);
    f.commit(2, 1, 0, 12 * MS, signers);
    f.commit(3, 1, 0, 200 * MS, signers); // long after the announcement reached it (22 ms)
    f.run();
    assertEquals(64 + 4L * 3, f.net.broadcasts().get(0).bytes());
    List<Sent> shares = f.net.shares();
    assertEquals(List.of(2, 1, 3), shares.stream().map(Sent::from).toList());
    long create = f.cost(CryptoOp.SHARE_CREATE, shareSize(f), 3) + coefficients(f, 3);
    assertEquals(200 * MS + create, shares.get(2).atNanos(), "3 starts at its own commit");
    assertEquals(3, f.record(1).signers());
    assertEquals(3, f.record(1).opened());
  }

  @Test
  void shareMessagesCarryTheRealEncodedSharesOfEveryMessage() {
    for (String variant : List.of("simple", "batch", "precomputed", "folded")) {
      assertEquals(3L * PipelineFixture.realShareBytes(variant), firstShareBytes(variant), variant);
    }
    assertEquals(3L * (576 + 96), firstShareBytes("precomputed"),
        "one GT element and the blinded share per message");
    assertEquals(3L * (576 * POINTS_EACH + 96), firstShareBytes("batch"),
        "one GT element per point and the blinded share");
  }

  @Test
  void fastShareMessagesCarryTheRealEncodedShares() {
    assertEquals(3L * PipelineFixture.realShareBytes("fast"), firstShareBytes("fast"));
  }

  private static long firstShareBytes(String variant) {
    PipelineFixture f = PipelineFixture.builder(variant).build();
    f.propose(1, 0);
    f.commitAll(1, MS, MS, MS, MS);
    f.run();
    assertEquals(3, f.record(1).opened(), variant);
    return f.net.shares().get(0).bytes();
  }

  @Test
  void prepareCombineIsPaidOncePerCombinerAndSignerSet() {
    for (boolean real : new boolean[] {true, false}) {
      // Combiner 2 decrypts heights 1 and 2, combiner 1 height 3; validator 3 is always too far
      // away to matter, so every height is combined from the same signers 0, 1, 2.
      PipelineFixture f = PipelineFixture.builder("simple")
          .proposer((h, r) -> h >= 4 ? 1 : 2)
          .delays((i, j) -> i == 3 ? 500 * MS : MS)
          .realCryptoAt(h -> real).build();
      // The shares arrive in a different order at each height (0 first, then 1 first): the
      // signer set is the same.
      for (int h = 1; h <= 3; h++) {
        long t = (h - 1) * 1000 * MS;
        f.propose(h, t);
        f.commitAll(h, t + (h == 2 ? 20 : 10) * MS, t + (h == 2 ? 10 : 20) * MS, t + 30 * MS,
            t + 10 * MS);
      }
      f.run();
      OpSize size = new OpSize(3, 3, 6, f.payloadBytes());
      long prepare = real
          ? f.cost(CryptoOp.PREPARE, size, 2)
          : PipelineFixture.sampledNanos(CryptoOp.PREPARE);
      long full = f.record(1).combineNanos();
      assertEquals(full - prepare, f.record(2).combineNanos(), "real=" + real);
      assertEquals(full, f.record(3).combineNanos(), "a new combiner prepares; real=" + real);
    }
  }

  @Test
  void heightsWithoutRealCryptoArePricedByTheCostModelAndOpenNothing() {
    PipelineFixture f = PipelineFixture.builder("simple").realCryptoAt(h -> h == 2).build();
    for (int h = 1; h <= 2; h++) {
      long t = (h - 1) * 1000 * MS;
      f.propose(h, t);
      f.commitAll(h, t + 10 * MS, t + 20 * MS, t + 30 * MS, t + 40 * MS);
    }
    f.run();
    HeightRecord sampled = f.record(1);
    assertFalse(sampled.realCrypto());
    assertEquals(0, sampled.opened());
    assertEquals(3, sampled.txCount());
    assertEquals(Block.HEADER_BYTES + 3L * (64 + Ciphertext.OVERHEAD_BYTES),
        sampled.blockBytes());
    long expectedCombine = 0;
    for (CryptoOp op : COMBINE_OPS) {
      expectedCombine += PipelineFixture.sampledNanos(op);
    }
    assertEquals(expectedCombine, sampled.combineNanos());
    assertEquals(PipelineFixture.sampledNanos(CryptoOp.DECRYPT), sampled.decryptNanos());
    long create = PipelineFixture.sampledNanos(CryptoOp.SHARE_CREATE);
    // Shares of 0 (10 ms), 1 (20 ms) and the combiner 2 (30 ms); 10 ms links.
    long complete = Math.max(20 * MS + create + 10 * MS, 30 * MS + create);
    // Decided by validator 0 at 10 ms; the combiner's commit at 30 ms is part of the wait.
    assertEquals(complete - 10 * MS, sampled.shareCreateNanos() + sampled.shareGossipNanos());
    // Only height 2 went through the real-crypto timing; its payloads really opened.
    assertTrue(f.timing.calls.stream().allMatch(c -> c.measuredCpuNanos() >= 0));
    assertEquals(4, f.timing.of(CryptoOp.SHARE_CREATE).size(), "all four committed in time");
    HeightRecord real = f.record(2);
    assertTrue(real.realCrypto());
    assertEquals(3, real.opened());
    assertEquals(sampled.blockBytes(), real.blockBytes());
  }

  @Test
  void noRealCryptoMeansNoEncryptionCost() {
    PipelineFixture f = PipelineFixture.builder("simple").realCryptoAt(h -> false).build();
    f.propose(1, 0);
    f.commitAll(1, MS, MS, MS, MS);
    f.run();
    assertEquals(0, f.pipeline.encryptCpuNanos());
    assertEquals(0, f.pipeline.admissionCpuNanos());
    assertTrue(f.timing.calls.isEmpty());
    assertEquals(0, f.pipeline.mismatches());
  }

  @Test
  void beforeNextHoldsTheNextProposalUntilDecryptedPipelinedDoesNot() {
    for (boolean pipelined : new boolean[] {false, true}) {
      PipelineFixture f = PipelineFixture.builder("simple").pipelined(pipelined).build();
      List<Long> proposedAt = new ArrayList<>();
      f.sim.schedule(0, s -> f.pipeline.whenMayPropose(1, 1, () -> proposedAt.add(s.nowNanos())));
      f.propose(1, 0);
      f.commitAll(1, 10 * MS, 10 * MS, 10 * MS, 10 * MS);
      f.sim.schedule(10 * MS,
          s -> f.pipeline.whenMayPropose(2, 2, () -> proposedAt.add(f.sim.nowNanos())));
      f.run();
      HeightRecord r = f.record(1);
      long ready = r.commitNanos() + r.decryptionLatencyNanos();
      assertTrue(ready > 10 * MS);
      assertEquals(List.of(0L, pipelined ? 10 * MS : ready), proposedAt, "pipelined=" + pipelined);

      // Once height 1 is decrypted, height 2 may be proposed at once.
      long after = ready + MS;
      f.sim.schedule(after,
          s -> f.pipeline.whenMayPropose(2, 2, () -> proposedAt.add(f.sim.nowNanos())));
      f.run();
      assertEquals(after, proposedAt.get(2));
    }
  }

  @Test
  void aReproposalInALaterRoundKeepsTheBlockAndItsProposalTime() {
    PipelineFixture f = PipelineFixture.builder("simple").build();
    List<Block> proposals = new ArrayList<>();
    f.sim.schedule(5 * MS, s -> proposals.add(f.pipeline.blockFor(1, 0, 1)));
    f.sim.schedule(90 * MS, s -> proposals.add(f.pipeline.blockFor(1, 1, 2)));
    f.commitAll(1, 100 * MS, 100 * MS, 100 * MS, 100 * MS);
    f.run();
    assertEquals(new Block(1, 3, proposals.get(0).bytes()), proposals.get(0));
    assertEquals(proposals.get(0), proposals.get(1), "the same block in every round");
    HeightRecord r = f.record(1);
    assertEquals(5 * MS, r.proposeNanos());
    assertEquals(95 * MS, r.consensusNanos());
    assertEquals(3, r.opened(), "the payloads encrypted at round 0 are the ones decrypted");
  }

  @Test
  void recordsComeBackInHeightOrder() {
    PipelineFixture f = PipelineFixture.builder("simple")
        .delays((i, j) -> MS).realCryptoAt(h -> false).build();
    // Height 2 decrypts long before height 1 (whose combiner commits late).
    f.propose(1, 0);
    f.commitAll(1, MS, MS, 900 * MS, MS);
    f.propose(2, 0);
    f.commitAll(2, 2 * MS, 2 * MS, 2 * MS, 2 * MS);
    f.run();
    assertEquals(List.of(1, 2), f.pipeline.records().stream().map(HeightRecord::height).toList());
    f.pipeline.records().clear();
    assertEquals(2, f.pipeline.records().size(), "records() is a copy");
  }

  @Test
  void payloadsThatDoNotOpenAreRefusedNeverCountedAsOpenedWrong() {
    // The first message of every block gets a wrong shared secret: it cannot be opened (and no
    // share can be blamed), so each height opens 2 of its 3 payloads and refuses the third (a
    // key that opens nothing: refused, not a wrong plaintext; issue 19).
    CorruptingVariant<?> buggy = CorruptingVariant.of(Variants.byName("simple"), i -> i % 3 == 0);
    PipelineFixture f = PipelineFixture.builder(buggy).build();
    for (int h = 1; h <= 2; h++) {
      long t = (h - 1) * 1000 * MS;
      f.propose(h, t);
      f.commitAll(h, t + 10 * MS, t + 10 * MS, t + 10 * MS, t + 10 * MS);
    }
    f.run();
    assertEquals(6, buggy.combineCalls());
    assertEquals(2, f.record(1).opened());
    assertEquals(2, f.record(2).opened());
    assertEquals(0, f.pipeline.mismatches());
    for (int h = 1; h <= 2; h++) {
      assertTrue(f.record(h).blameNanos() > 0,
          "a combined secret that failed its check is searched for a faulty share");
      assertEquals(1, f.record(h).refused());
      assertEquals(0, f.record(h).openedWrong());
      assertEquals(HeightStatus.REFUSED, f.record(h).status());
      assertTrue(f.record(h).why().contains("block_propose could not open"), f.record(h).why());
    }
  }

  /**
   * A design that folds the signer set, with a payload that opens to nothing and no share to
   * blame: nobody new to leave out, so no reshare (it would find the same); refused.
   */
  @Test
  void aFoldedPayloadThatDoesNotOpenWithNobodyToBlameIsRefusedWithoutAReshare() {
    CorruptingVariant<?> buggy = CorruptingVariant.of(Variants.byName("folded"), i -> i == 0);
    PipelineFixture f = PipelineFixture.builder(buggy).build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 10 * MS, 10 * MS, 10 * MS);
    f.run();
    HeightRecord r = f.record(1);
    assertEquals(List.of(2, 1), List.of(r.opened(), r.refused()));
    assertEquals(0, r.reshares());
    assertEquals(List.of(), r.faulty());
    assertEquals(1, f.net.broadcasts().size(), "one signer set announced");
  }

  /** Each phase of a real block_propose is priced from its CPU time measured here. */
  @Test
  void theCombinersPhasesArePricedFromTheirMeasuredTimes() {
    PipelineFixture f = PipelineFixture.builder("simple").build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 10 * MS, 10 * MS, 10 * MS);
    f.run();
    for (CryptoOp op : List.of(CryptoOp.COMBINE, CryptoOp.DECRYPT)) {
      List<PipelineFixture.Priced> calls = f.timing.of(op);
      assertEquals(1, calls.size(), op.name());
      assertTrue(calls.get(0).measuredCpuNanos() > 0, op + ": " + calls.get(0));
    }
  }

  /** A (buggy) design that opens a payload to another plaintext: counted, never hidden. */
  @Test
  void aPayloadOpenedToAnotherPlaintextIsAMismatch() {
    PipelineFixture f = PipelineFixture.builder(BundledDesign.openingWrong(1)).build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 10 * MS, 10 * MS, 10 * MS);
    f.run();
    HeightRecord r = f.record(1);
    assertEquals(List.of(2, 0, 1), List.of(r.opened(), r.refused(), r.openedWrong()));
    assertEquals(HeightStatus.OPENED_WRONG, r.status());
    assertEquals(1, f.pipeline.mismatches());
    assertEquals(0, f.pipeline.collidingOpenedShifted(), "no key-colliding payload");
  }

  @Test
  void theSameWrapperWithoutCorruptionOpensEverything() {
    CorruptingVariant<?> honest = CorruptingVariant.of(Variants.byName("simple"), i -> false);
    PipelineFixture f = PipelineFixture.builder(honest).build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 10 * MS, 10 * MS, 10 * MS);
    f.run();
    assertEquals(3, honest.combineCalls());
    assertEquals(3, f.record(1).opened());
    assertEquals(0, f.pipeline.mismatches());
  }

  @Test
  void judgedTimeIsTheSumBeforeNextAndTheSlowerStagePipelined() {
    // consensus 50, decryption latency 70, execution 5
    HeightRecord r = record(50, 70, 5);
    assertEquals(125, Schedule.BEFORE_NEXT.judgedNanos(r));
    assertEquals(75, Schedule.PIPELINED.judgedNanos(r));
    assertEquals(90, Schedule.PIPELINED.judgedNanos(record(90, 70, 5)));
    assertTrue(Schedule.BEFORE_NEXT.holdsNextProposal());
    assertFalse(Schedule.PIPELINED.holdsNextProposal());
    assertEquals(Schedule.PIPELINED, Schedule.byName("pipelined"));
  }

  private static HeightRecord record(long consensus, long decryption, long execution) {
    return new HeightRecord(1, 0, 3, 100, 2, 0, consensus, consensus, consensus, 1, 2, 3, 4, 5,
        6, 7, decryption, execution, 0, 3, 3, true);
  }

  @Test
  void validatorsThatCommitAtTimeZeroSendTheirShares() {
    // Time 0 is a time like any other: a commit (or a signer-set announcement) at 0 counts.
    for (String variant : List.of("simple", "folded")) {
      PipelineFixture f = PipelineFixture.builder(variant).realCryptoAt(h -> false).build();
      f.propose(1, 0);
      f.commitAll(1, 0, 0, 0, 0);
      f.run();
      assertEquals(0, f.record(1).commitNanos(), variant);
      List<Integer> senders = f.net.shares().stream().map(Sent::from).sorted().toList();
      assertEquals(List.of(0, 1, 2, 3), senders, variant + ": all committed before any share");
      // simple: the combiner's own share, then the first two of three simultaneous arrivals
      // reach the threshold; folded: the announced signer set is all four.
      assertEquals(variant.equals("simple") ? 3 : 4, f.record(1).signers(), variant);
    }
  }
}
