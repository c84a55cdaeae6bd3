package dev.tdsim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Summaries;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import java.util.List;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;

/**
 * The builtin cost model against this machine's measurement of the same run (issue 7 D): a
 * scaled-down default scenario (64 validators, 2048 shares, 50 messages, 16-core validators)
 * under {@code timing: model} and {@code timing: measured}. The band is wider than the 10% goal
 * (met on the full default scenario, docs/PERFORMANCE.md) because CI machines differ from the
 * one the builtin model was calibrated on; a model that is off by a mechanism, not by noise,
 * (a per-phase CPU split, a wrong parallel scaling) lands well outside it.
 */
class ModelAgreesWithMeasurementTest {
  private static final String SCENARIO = String.join("\n",
      "name: agreement", "seed: 5", "heights: 2",
      "validators: {count: 64}", "keys: {shares: 2048, threshold: 1365}",
      "workload: {msgs_per_block: 50, msg_size: 1 KiB}", "crypto: {variant: fast}", "");

  private static ScenarioRunner.Result run(String timing) throws Exception {
    Scenario s = ScenarioLoader.parse(SCENARIO, "agreement.yaml",
        List.of("crypto.timing=" + timing));
    return new ScenarioRunner(line -> { }).run(s);
  }

  private static double mean(ScenarioRunner.Result r, ToLongFunction<HeightRecord> f) {
    return r.heights().stream().mapToLong(f).average().orElseThrow();
  }

  @Test
  void theCriticalPathUnderModelTimingIsWithinABandOfTheMeasuredOne() throws Exception {
    ScenarioRunner.Result model = run("model");
    ScenarioRunner.Result measured = run("measured");
    double combineModel = mean(model, h -> h.combineNanos() + h.decryptNanos());
    double combineMeasured = mean(measured, h -> h.combineNanos() + h.decryptNanos());
    assertTrue(Math.abs(combineModel / combineMeasured - 1) <= 0.35,
        "combine + decrypt: model " + combineModel / 1e6 + " ms, measured "
            + combineMeasured / 1e6 + " ms");
    double judgedModel = mean(model, h -> h.consensusNanos() + h.decryptionLatencyNanos());
    double judgedMeasured =
        mean(measured, h -> h.consensusNanos() + h.decryptionLatencyNanos());
    assertTrue(Math.abs(judgedModel / judgedMeasured - 1) <= 0.15,
        "consensus + decryption: model " + judgedModel / 1e6 + " ms, measured "
            + judgedMeasured / 1e6 + " ms");
    RunSummary a = Summaries.of(model, "test");
    RunSummary b = Summaries.of(measured, "test");
    for (int i = 0; i < a.verdicts().size(); i++) {
      assertEquals(a.verdicts().get(i).fits(), b.verdicts().get(i).fits(),
          "verdict at " + a.verdicts().get(i).blockTimeMs() + " ms");
    }
    // the model run checked every real call against the model it charged
    assertTrue(model.costCheck() != null && !((java.util.Map<?, ?>) model.costCheck()).isEmpty());
  }
}
