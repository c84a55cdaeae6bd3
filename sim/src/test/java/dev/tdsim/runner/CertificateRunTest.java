package dev.tdsim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.CertificateCosts;
import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Summaries;
import dev.tdsim.scenario.ScenarioLoader;
import dev.tdsim.timing.CostModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code consensus.certificate}: each scheme end to end, its sizes, its costs from real code. */
class CertificateRunTest {
  private static final String SMALL = String.join("\n",
      "name: tiny",
      "seed: 7",
      "heights: 3",
      "validators: {count: 8}",
      "keys: {shares: 16}",
      "workload: {msgs_per_block: 4, msg_size: 200 B}",
      "crypto: {variant: fast, timing: model}",
      "");

  private static ScenarioRunner.Result run(String... overrides) throws Exception {
    return new ScenarioRunner(line -> { }).run(
        ScenarioLoader.parse(SMALL, "test.yaml", List.of(overrides)));
  }

  @Test
  void everyCertificateRunsEndToEndAndTheReportNamesIt() throws Exception {
    List<HeightRecord> byDefault = run().heights();
    for (String scheme : List.of("votes", "bls-aggregate", "threshold-bls")) {
      ScenarioRunner.Result r = run("consensus.certificate=" + scheme);
      assertEquals(3, r.heights().size(), scheme);
      assertEquals(0, r.mismatches(), scheme);
      assertEquals(scheme, r.nodeCosts().certificate().scheme());
      RunSummary s = Summaries.of(r, "test");
      assertTrue(s.chain().certificate().startsWith("commit certificate " + scheme + ": sign "),
          s.chain().certificate());
      assertTrue(Summaries.table(s).contains("commit certificate " + scheme), scheme);
      if (scheme.equals("votes")) {
        assertEquals(byDefault, r.heights(), "votes is the default, unchanged");
      } else {
        CertificateCosts c = r.nodeCosts().certificate();
        assertTrue(c.combineNanos() > 0 && c.checkNanos() > 0 && c.signNanos() > 0
            && c.verifyNanos() > 0, c.toString());
        assertEquals(c.checkNanos(), r.nodeCosts().commitVerifyNanos(), scheme);
        // heights 2 and 3 pay the combine and the check: consensus cannot be cheaper than that
        for (HeightRecord h : r.heights().subList(1, 3)) {
          assertTrue(h.consensusNanos() >= c.combineNanos() + 2 * c.checkNanos(), scheme);
        }
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("commit certificate " + scheme)),
            r.notes().toString());
      }
    }
  }

  /**
   * threshold-bls needs t points, not only +2/3 of the stake: with t = 14 of 16 points (2 per
   * validator) a combiner needs 7 of the 8 precommits where 6 make a stake quorum. Validators 6
   * and 7 are 400 ms away, so the seventh precommit comes late: the next proposer waits for it
   * (with t = 12 it does not). Pipelined decryption and no commit pause, so that nothing else
   * holds the proposal back.
   */
  @Test
  void thresholdBlsProposersWaitForTheirThresholdOfPoints() throws Exception {
    String[] common = {"consensus.certificate=threshold-bls", "crypto.schedule=pipelined",
        "consensus.timeout_commit=0 ms",
        "faults=[{kind: slow, validators: [6, 7], extra_delay: 400 ms}]"};
    ScenarioRunner.Result t14 = run(with(common, "keys.threshold=14"));
    ScenarioRunner.Result t12 = run(with(common, "keys.threshold=12"));
    assertEquals(14, t14.nodeCosts().certificate().points().needed());
    assertEquals(3, t14.heights().size());
    assertEquals(3, t12.heights().size());
    for (int h = 1; h < 3; h++) {
      long gap14 = t14.heights().get(h).proposeNanos() - t14.heights().get(h - 1).decidedNanos();
      long gap12 = t12.heights().get(h).proposeNanos() - t12.heights().get(h - 1).decidedNanos();
      assertTrue(gap14 > gap12 + 300_000_000L, "height " + (h + 1) + ": the proposer waits for"
          + " a far precommit: " + gap14 + " ns vs " + gap12 + " ns");
    }
  }

  /**
   * The large-committee model too: with t = all 16 points the next proposer waits for the
   * farthest validator's precommit, with t = 12 for the sixth.
   */
  @Test
  void theLargeCommitteeModelWaitsForTheThresholdToo() throws Exception {
    String[] common = {"consensus.certificate=threshold-bls", "crypto.schedule=pipelined",
        "consensus.timeout_commit=0 ms", "consensus.simulation=large"};
    ScenarioRunner.Result all = run(with(common, "keys.threshold=16"));
    ScenarioRunner.Result six = run(with(common, "keys.threshold=12"));
    assertEquals("large-committee", all.consensus().mode());
    for (int h = 1; h < 3; h++) {
      long gapAll = all.heights().get(h).proposeNanos() - all.heights().get(h - 1).decidedNanos();
      long gapSix = six.heights().get(h).proposeNanos() - six.heights().get(h - 1).decidedNanos();
      assertTrue(gapAll > gapSix, "height " + (h + 1) + ": " + gapAll + " vs " + gapSix);
    }
  }

  private static String[] with(String[] common, String more) {
    String[] out = Arrays.copyOf(common, common.length + 1);
    out[common.length] = more;
    return out;
  }

  private static CertificateCosts cert(String scheme, int validators) {
    long[] stake = new long[validators];
    Arrays.fill(stake, 1);
    NodeCosts c = NodeCostsFactory.of(
        ScenarioLoader.defaults(List.of("consensus.certificate=" + scheme)).consensus(),
        Committee.equal(64, Committee.defaultThreshold(64), validators), stake,
        CostModel.builtin(), true, new ArrayList<>());
    return c.certificate();
  }

  @Test
  void votesGrowWithTheCommitteeAndTheOthersAreOneSignaturePlusABitmap() {
    CertificateCosts votes8 = cert("votes", 8);
    CertificateCosts votes32 = cert("votes", 32);
    assertEquals(8 * 64 + 1, votes8.wireBytes(), "eight ed25519 signatures and the bitmap");
    assertEquals(32 * 64 + 4, votes32.wireBytes());
    assertEquals(0, votes32.blockExtraBytes(), "kept inside the header's allowance");
    assertEquals(96 + 1, cert("bls-aggregate", 8).wireBytes());
    assertEquals(96 + 4, cert("bls-aggregate", 32).wireBytes());
    assertEquals(96, cert("bls-aggregate", 32).signatureBytes(), "a BLS signature per precommit");
    CertificateCosts t8 = cert("threshold-bls", 8);
    CertificateCosts t32 = cert("threshold-bls", 32);
    assertEquals(48, t8.wireBytes(), "one G1 point, no bitmap");
    assertEquals(48, t32.wireBytes());
    assertEquals(48, t8.blockExtraBytes());
    // a precommit carries one uncompressed 96-byte G1 point per key share its sender holds
    assertEquals(8 * 96, t8.signatureBytes());
    assertEquals(2 * 96, t32.signatureBytes());
    // checking the votes grows with V; one pairing check does not
    assertEquals(32 * cert("votes", 32).verifyNanos(), votes32.checkNanos());
  }

  private static NodeCosts nodeCosts(String scheme, CostModel model, boolean fromCostModel,
      List<String> notes) {
    long[] stake = new long[8];
    Arrays.fill(stake, 1);
    return NodeCostsFactory.of(
        ScenarioLoader.defaults(List.of("consensus.certificate=" + scheme)).consensus(),
        Committee.equal(64, Committee.defaultThreshold(64), 8), stake, model, fromCostModel,
        notes);
  }

  /**
   * Under {@code timing: model} an aggregate certificate is priced by the cost model's
   * calibrated terms at the committee's signer and quorum, so that every run charges the same:
   * a model whose every certificate call costs 5 ms charges exactly that (measured costs would
   * not), and the builtin model has both aggregating schemes.
   */
  @Test
  void modelTimingPricesAggregateCertificatesFromTheCostModel() {
    dev.tdsim.timing.CostModel.Coefficients fiveMs =
        new dev.tdsim.timing.CostModel.Coefficients(5e6, 0, 0, 0, 0, 0, 0);
    java.util.Map<dev.tdsim.timing.CertificateCost.Op, dev.tdsim.timing.CostModel.Coefficients>
        ops = new java.util.EnumMap<>(dev.tdsim.timing.CertificateCost.Op.class);
    for (dev.tdsim.timing.CertificateCost.Op op : dev.tdsim.timing.CertificateCost.Op.values()) {
      ops.put(op, fiveMs);
    }
    dev.tdsim.timing.CertificateCost flat =
        new dev.tdsim.timing.CertificateCost(ops, java.util.Map.of());
    for (String scheme : List.of("bls-aggregate", "threshold-bls")) {
      assertTrue(CostModel.builtin().certificateCost(scheme).isPresent(), scheme);
      CostModel model = CostModel.builtin().withCertificates(java.util.Map.of(scheme, flat));
      List<String> notes = new ArrayList<>();
      CertificateCosts c = nodeCosts(scheme, model, true, notes).certificate();
      assertEquals(5_000_000, c.combineNanos(), scheme);
      assertEquals(5_000_000, c.checkNanos(), scheme);
      // each precommit: its share of the quorum's batch check (6 signers of 8), cheaper alone
      assertEquals(Math.round(5e6 / 6), c.verifyNanos(), scheme);
      assertTrue(notes.get(notes.size() - 1).contains("from the cost model builtin"),
          notes.toString());
      assertTrue(notes.stream().noneMatch(n -> n.contains("not reproducible")), notes.toString());
      // the builtin model's own terms, at this committee's shape
      CertificateCosts builtin = nodeCosts(scheme, CostModel.builtin(), true, notes)
          .certificate();
      dev.tdsim.timing.CertificateCost cost =
          CostModel.builtin().certificateCost(scheme).orElseThrow();
      assertEquals(cost.nanos(dev.tdsim.timing.CertificateCost.Op.COMBINE,
          dev.tdsim.timing.CertificateCost.quorumSize(6, scheme.equals("threshold-bls")
              ? 48 : 0)), builtin.combineNanos(), scheme);
      // measured timing still measures, and says so
      List<String> measured = new ArrayList<>();
      nodeCosts(scheme, model, false, measured);
      assertTrue(measured.get(measured.size() - 1).contains("measured in this run"),
          measured.toString());
    }
  }

  @Test
  void aModelWithoutCertificateCostsMeasuresThemAndSaysTheRunIsNotReproducible() {
    CostModel none = CostModel.builtin().withCertificates(java.util.Map.of());
    List<String> notes = new ArrayList<>();
    nodeCosts("bls-aggregate", none, true, notes);
    assertTrue(notes.get(notes.size() - 1).contains("has no bls-aggregate certificate costs, so"
        + " consensus times are not reproducible"), notes.toString());
  }
}
