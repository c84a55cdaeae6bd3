package dev.tdsim.epochs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.report.DkgReport;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.InputException;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Key sets from the weighted PVSS DKG over the simulated network (keys.setup: dkg, key epochs),
 * end to end through the scenario runner with the real crypto: 64 shares over 8 validators.
 */
class EpochsTest {
  private static final String BASE = """
      heights: %d
      validators: {count: 8}
      keys: {shares: 64, %s}
      workload: {msgs_per_block: 6, msg_size: 256 B}
      crypto: {variant: fast, timing: measured}
      %s
      """;

  private static ScenarioRunner.Result run(int heights, String keys, String faults)
      throws Exception {
    Scenario s = ScenarioLoader.parse(BASE.formatted(heights, keys, faults), "test.yaml",
        List.of());
    return new ScenarioRunner(line -> { }).run(s);
  }

  private static void everyPlaintextChecked(ScenarioRunner.Result r, int heights) {
    assertEquals(heights, r.heights().size());
    assertEquals(0, r.mismatches(), "every plaintext is what its client sent");
    for (HeightRecord h : r.heights()) {
      assertTrue(h.realCrypto());
      assertEquals(h.txCount(), h.opened(), "height " + h.height());
    }
  }

  @Test
  void dkgSetupGivesTheFirstKeySetAndEveryPlaintextOpens() throws Exception {
    ScenarioRunner.Result r = run(3, "setup: dkg", "");
    everyPlaintextChecked(r, 3);
    DkgOutcome d = r.dkg();
    assertEquals(1, d.epochs().size());
    DkgOutcome.Epoch e = d.epochs().get(0);
    assertEquals(0, e.startNanos());
    assertEquals(8, e.aggregated());
    assertEquals(8, e.validatorsReady());
    assertTrue(e.durationNanos() > 0, "dealing, sending and verifying take simulated time");
    assertTrue(e.thresholdReadyNanos() > 0 && e.thresholdReadyNanos() <= e.durationNanos());
    // 8 transcripts of 64 (G1 + G2) uncompressed points to 7 others, plus private evaluations.
    assertTrue(e.bytes() > 8L * 7 * 64 * 288, "bytes " + e.bytes());
  }

  @Test
  void anEpochChangeRunsADkgAndLaterHeightsDecryptUnderTheNewKey() throws Exception {
    ScenarioRunner.Result r = run(6, "setup: dkg, epoch_length: 3, dkg_lead: 1", "");
    everyPlaintextChecked(r, 6);
    List<DkgOutcome.Epoch> eps = r.dkg().epochs();
    assertEquals(2, eps.size());
    assertEquals(2, eps.get(1).startHeight(), "epoch 1's DKG starts when height 3 - 1 commits");
    assertTrue(eps.get(1).startNanos() > 0);
    assertEquals(8, eps.get(1).validatorsReady());
    assertNotEquals(eps.get(0).publicKeyHex(), eps.get(1).publicKeyHex(), "a new key set");
  }

  @Test
  void epochStakesChangeTheNextKeySetsLayout() throws Exception {
    ScenarioRunner.Result r = run(4, "epoch_length: 2, epoch_stakes: [[9, 1, 1, 1, 1, 1, 1, 1]]",
        "");
    everyPlaintextChecked(r, 4);
    DkgOutcome.Epoch e = r.dkg().epochs().get(0);
    assertEquals(1, e.epoch());
    // 64 shares by stake 9:1:...: one reserved each, the other 56 in proportion (56 * 9 / 16).
    assertEquals(List.of(33, 5, 5, 5, 4, 4, 4, 4), e.keyShares());
    assertEquals(8, e.validatorsReady());
  }

  @Test
  void dealerSetupWithEpochsRunsOnlyTheLaterEpochsDkgs() throws Exception {
    ScenarioRunner.Result r = run(4, "epoch_length: 2", "");
    everyPlaintextChecked(r, 4);
    assertEquals(List.of(1), r.dkg().epochs().stream().map(DkgOutcome.Epoch::epoch).toList());
    assertEquals(2, r.dkg().epochs().get(0).startHeight());
  }

  @Test
  void aCrashedDealerIsExcludedAndHeightsWaitingForTheKeyAreReported() throws Exception {
    // Validators wait 3 s for the dealer that sent nothing: height 1 is committed before that.
    ScenarioRunner.Result r = run(3, "setup: dkg, dkg_timeout: 3 s",
        "faults: [{kind: crashed-dealer, validators: [2]}]");
    everyPlaintextChecked(r, 3);
    DkgOutcome.Epoch e = r.dkg().epochs().get(0);
    assertEquals(List.of(2), e.crashed());
    assertEquals(7, e.aggregated());
    assertTrue(e.durationNanos() >= 3_000_000_000L, "waited dkg_timeout for the crashed dealer");
    assertTrue(r.dkg().keyWaitNanos().containsKey(1), "height 1 waited: " + r.dkg());
    assertTrue(r.dkg().keyWaitNanos().get(1) > 0);
    HeightRecord h1 = r.heights().get(0);
    assertTrue(h1.decryptionLatencyNanos() >= r.dkg().keyWaitNanos().get(1),
        "the wait is part of the decryption latency");
    assertEquals(1, DkgReport.of(r.dkg()).heightsWaitingForKey().get(0).height());
  }

  @Test
  void aLyingDealerIsRejectedByVerificationAndNamed() throws Exception {
    ScenarioRunner.Result r = run(2, "setup: dkg",
        "faults: [{kind: lying-dealer, validators: [5]}]");
    everyPlaintextChecked(r, 2);
    DkgOutcome.Epoch e = r.dkg().epochs().get(0);
    assertEquals(List.of(5), List.copyOf(e.rejected().keySet()));
    assertTrue(e.rejected().get(5).contains("pairing check"), e.rejected().toString());
    assertEquals(7, e.aggregated());
    assertEquals(List.of(), e.crashed());
  }

  @Test
  void eachValidatorPaysItsOwnDkgComputationOnItsOwnHardware() throws Exception {
    // Validator 7's CPU is 200 times slower for the whole run (a margin far above the noise of
    // the measured DKG costs on a loaded machine): its deal, its verifications and
    // its aggregation take longer, so it holds the key last; the others are not slowed.
    ScenarioRunner.Result fast = run(2, "setup: dkg", "");
    ScenarioRunner.Result slow = run(2, "setup: dkg",
        "faults: [{kind: slow, validators: [7], cpu_factor: 200}]");
    long[] ready = slow.dkg().epochs().get(0).readyNanos();
    // -1: it had not got the key when the run ended, which is later still.
    long last = ready[7] < 0 ? Long.MAX_VALUE : ready[7];
    for (int v = 0; v < 7; v++) {
      assertTrue(ready[v] >= 0 && last > ready[v],
          "validator 7 last: " + java.util.Arrays.toString(ready));
    }
    long[] base = fast.dkg().epochs().get(0).readyNanos();
    assertTrue(last > base[7], "slower than on its normal hardware");
  }

  @Test
  void tooFewHonestDealersIsBadInput() {
    InputException ex = assertThrows(InputException.class, () -> run(2, "setup: dkg",
        "faults: [{kind: crashed-dealer, validators: [0, 1, 2]}]"));
    assertTrue(ex.getMessage().contains("below the threshold 42"), ex.getMessage());
  }

  @Test
  void defaultRunsHaveNoDkg() throws Exception {
    ScenarioRunner.Result r = run(2, "threshold: 42", "");
    everyPlaintextChecked(r, 2);
    assertNull(r.dkg());
  }
}
