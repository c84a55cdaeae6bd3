package dev.tdsim.consensus.jolteon;

import static dev.tdsim.consensus.jolteon.JolteonWorld.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.CertificateCosts;
import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.consensus.jolteon.JolteonMessage.Proposal;
import dev.tdsim.consensus.jolteon.QuorumStore.Batch;
import dev.tdsim.consensus.jolteon.QuorumStore.ProofMsg;
import dev.tdsim.consensus.jolteon.QuorumStore.ProofOfStore;
import dev.tdsim.faults.FaultKinds;
import dev.tdsim.faults.FaultSpec;
import dev.tdsim.faults.FaultTarget;
import dev.tdsim.faults.FaultWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Quorum Store on a small committee with 10 ms links: the hops a height's batches take before
 * its proposal (batch, signatures, proof), back pressure, what a proposal carries, proofs
 * verified, and the faults.
 */
class QuorumStoreTest {
  /** Certificates of 1000 B and signatures of 64 B, free CPU. */
  private static final NodeCosts SIZED = new NodeCosts(0, 0, 0, 0, 0, 0, 0, 64,
      CertificateCosts.votes(0, 0, 64, 0, 1000));

  /** A world of 4 validators whose blocks hold 8 transactions of 1 KiB, QS on or off. */
  private static JolteonWorld world(boolean quorumStore) {
    JolteonWorld w = new JolteonWorld(4);
    w.quorumStore = quorumStore;
    w.txs = 8;
    w.heights = 6;
    return w;
  }

  /** When each proposal was first sent, by round. */
  private static List<Long> proposalTimes(JolteonWorld w) {
    List<Long> at = new ArrayList<>();
    w.delayMs = (from, to, m) -> {
      if (m instanceof Proposal p && to == (from + 1) % 4 && p.block().height() <= w.heights) {
        at.add(w.sim.nowNanos());
      }
      return 10;
    };
    return at;
  }

  @Test
  void theFirstHeightIsProposedThreeHopsLaterAndBacklogKeepsTheRoundAsShort() {
    JolteonWorld plain = world(false);
    List<Long> plainAt = proposalTimes(plain);
    plain.run();
    JolteonWorld qs = world(true);
    List<Long> qsAt = proposalTimes(qs);
    qs.run();
    // Batches at 0, signatures back at 10, the proof at everyone at 20 + 10: 3 hops of 10 ms.
    assertEquals(0, plainAt.get(0));
    assertEquals(30 * MS, qsAt.get(0));
    assertEquals(plainAt.size(), qsAt.size());
    for (int h = 1; h <= qs.heights; h++) {
      assertEquals(qs.firstOrderNanos(1) + 20 * MS * (h - 1), qs.firstOrderNanos(h),
          "every height's proofs are held ahead: one round (2 hops) per height, height " + h);
      assertEquals(plain.firstOrderNanos(h) + 30 * MS, qs.firstOrderNanos(h), "height " + h);
    }
  }

  @Test
  void batchSignaturesTheirChecksTheCombineAndTheProofCheckDelayTheFirstProposal() {
    // Sign 1 ms, verify 1 ms, combine 2 ms, check 3 ms: on top of the 3 hops, at least one of
    // each on the path (a receiver's signature, the author's check of it and its combine, the
    // leader's check of the proof).
    JolteonWorld w = world(true);
    w.costs = new NodeCosts(0, 0, 3 * MS, 0, 0, 0, 0, 64, new CertificateCosts("bls-aggregate",
        MS, MS, 96, 2 * MS, 3 * MS, 200, 0, dev.tdsim.consensus.PointQuorum.NONE));
    List<Long> at = proposalTimes(w);
    w.run();
    assertTrue(at.get(0) >= (30 + 1 + 1 + 2 + 3) * MS, "first proposal at " + at.get(0));
    assertEquals(4, w.orderedAll());
  }

  @Test
  void aBacklogLimitOfOneHeightShowsQuorumStoresHopsAtEveryHeight() {
    // With room for one height's 8 transactions, height h is batched once h - 1 is ordered:
    // each proposal waits for its proofs.
    JolteonWorld qs = world(true);
    qs.backlogTxnLimit = 8;
    List<Long> at = proposalTimes(qs);
    qs.run();
    assertEquals(4, qs.orderedAll(), "every validator orders every height");
    for (int h = 2; h <= qs.heights; h++) {
      assertEquals(qs.firstOrderNanos(h - 1) + 30 * MS, at.get(h - 1), "height " + h
          + " is proposed 3 hops after the height before is ordered");
    }
  }

  @Test
  void aProposalCarriesItsBatchesProofsInsteadOfTheirTransactions() {
    JolteonWorld plain = world(false);
    plain.costs = SIZED;
    List<Proposal> plainSent = proposals(plain);
    plain.run();
    JolteonWorld qs = world(true);
    qs.costs = SIZED;
    List<Proposal> qsSent = proposals(qs);
    JolteonProtocol p = qs.run();
    // 8 transactions over 4 authors: one batch each, one proof each (BatchInfo + certificate).
    assertEquals(4, p.quorumStore.batchesOf(1).size());
    long proofs = 4 * (QuorumStore.BATCH_INFO_BYTES + 1000);
    for (int i = 0; i < plainSent.size(); i++) {
      assertEquals(plainSent.get(i).wireBytes() - 8 * 1024 + proofs, qsSent.get(i).wireBytes(),
          "height " + plainSent.get(i).block().height());
    }
    assertTrue(qsSent.get(0).wireBytes() < plainSent.get(0).wireBytes());
  }

  private static List<Proposal> proposals(JolteonWorld w) {
    List<Proposal> sent = new ArrayList<>();
    w.delayMs = (from, to, m) -> {
      if (m instanceof Proposal p && to == (from + 1) % 4 && p.block().height() <= w.heights) {
        sent.add(p);
      }
      return 10;
    };
    return sent;
  }

  @Test
  void batchesRespectTheBatchLimitsAndCoverTheHeight() {
    JolteonWorld w = world(true);
    w.txs = 1000;
    JolteonProtocol p = w.run();
    List<Batch> batches = p.quorumStore.batchesOf(2);
    // 250 transactions each over 4 authors, at most 100 a batch: 100, 100, 50 each.
    assertEquals(12, batches.size());
    assertEquals(1000, batches.stream().mapToInt(Batch::txCount).sum());
    assertEquals(1000 * 1024, batches.stream().mapToLong(Batch::txBytes).sum());
    assertTrue(batches.stream().allMatch(b -> b.txCount() <= 100));
  }

  @Test
  void aProofWithAWrongAggregateOrUnderAQuorumIsRefusedWithItsReason() {
    JolteonWorld w = world(true);
    JolteonProtocol p = w.run();
    QuorumStore qs = p.quorumStore;
    Batch b = qs.batchesOf(1).get(0);
    Batch other = qs.batchesOf(1).get(1);
    assertEquals(java.util.Optional.empty(), qs.refusal(new ProofOfStore(b, List.of(0, 1, 2),
        b.id())));
    String under = qs.refusal(new ProofOfStore(b, List.of(0, 1, 1), b.id())).orElseThrow();
    assertTrue(under.contains("its signers hold 2 of 4 stake, under the quorum 3"), under);
    String wrong = qs.refusal(new ProofOfStore(b, List.of(0, 1, 2, 3), other.id()))
        .orElseThrow();
    assertTrue(wrong.contains("aggregate signature does not verify against the batch's"
        + " BatchInfo (it signs batch " + other.id() + "'s)"), wrong);
    // A validator that receives such a proof refuses it and does not hold it.
    Batch fresh = new Batch(10_000, 1, 0, 1, 1024, -1);
    qs.deliver(2, new ProofMsg(new ProofOfStore(fresh, List.of(0, 1), fresh.id()), 100));
    w.sim.runUntil(JolteonWorld.RUN_LIMIT_NANOS + 1000 * MS);
    assertFalse(qs.holdsProof(2, fresh));
    assertTrue(qs.refusals().get(0).startsWith("validator 2 refused the proof of store of batch"
        + " 10000"), qs.refusals().toString());
  }

  @Test
  void aCrashedAuthorsBatchIsCutAgainByALiveValidator() {
    // Validator 2 crashes at 5 ms, after broadcasting its batches and before its proofs form.
    JolteonWorld w = world(true);
    w.faults = JolteonWorld.faults(4, new FaultSpec(FaultKinds.CRASH,
        new FaultTarget.Validators(List.of(2)),
        new FaultWindow(5 * MS, FaultWindow.FOREVER_NANOS, 1, FaultWindow.NO_LAST_HEIGHT),
        Map.of()));
    JolteonProtocol p = w.run();
    for (int h = 1; h <= w.heights; h++) {
      assertEquals(3, w.ordersOf(h).size(), "height " + h);
      assertTrue(p.quorumStore.batchesOf(h).stream().noneMatch(b -> b.author() == 2));
      assertEquals(8, p.quorumStore.batchesOf(h).stream().mapToInt(Batch::txCount).sum());
    }
    assertEquals(0, p.conflictingHeights().cardinality());
  }

  @ParameterizedTest
  @ValueSource(strings = {"crash", "silent-proposer", "slow", "loss", "delay", "partition",
      "equivocate"})
  void everyJolteonFaultStillOrdersEveryHeightWithQuorumStore(String kind) {
    JolteonWorld w = world(true);
    w.heights = 8;
    w.initialTimeoutMs(200);
    FaultWindow window = new FaultWindow(0, 1500 * MS, 1, FaultWindow.NO_LAST_HEIGHT);
    FaultTarget one = new FaultTarget.Validators(List.of(1));
    FaultSpec spec = switch (kind) {
      case "crash" -> new FaultSpec(FaultKinds.CRASH, one, window, Map.of());
      case "silent-proposer" -> new FaultSpec(FaultKinds.SILENT_PROPOSER, one, window, Map.of());
      case "slow" -> new FaultSpec(FaultKinds.SLOW, one, window,
          Map.of("cpu_factor", 4.0, "extra_delay", 200 * MS));
      case "loss" -> new FaultSpec(FaultKinds.LOSS, one, window, Map.of("probability", 0.3));
      case "delay" -> new FaultSpec(FaultKinds.DELAY, one, window, Map.of("extra", 300 * MS));
      case "partition" -> new FaultSpec(FaultKinds.PARTITION, FaultTarget.ALL, window,
          Map.of("groups", List.of(List.of("0", "1"), List.of("2", "3"))));
      default -> new FaultSpec(FaultKinds.EQUIVOCATE, one, window, Map.of("role", "both"));
    };
    w.faults = JolteonWorld.faults(4, spec);
    JolteonProtocol p = w.run();
    assertEquals(0, p.conflictingHeights().cardinality());
    IntStream.rangeClosed(1, w.heights).forEach(h ->
        assertTrue(p.decidedRound(h) > 0, kind + ": height " + h + " is ordered"));
    assertTrue(w.ordersOf(w.heights).size() >= 3, kind);
  }
}
