package dev.tdsim.runner;

import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Summaries;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The builtin cost model against this machine's measurement of the same run (issue 7 D): a
 * scaled-down default scenario (64 validators, 2048 shares, 50 messages, 16-core validators)
 * under {@code timing: model} and {@code timing: measured}. A benchmark, not a unit test: its
 * answer depends on the machine and on what else runs on it (a CI run on a loaded machine
 * measured combine + decrypt 57% slower than the model calibrated on a quiet one), and the house
 * rule is that speed is checked by benchmarks, never by timed unit tests. Run with
 * {@code make model-check}
 * (docs/PERFORMANCE.md, "Model against measurement"); it exits 1 outside the band: 35% on
 * combine + decrypt, 15% on consensus + decryption, and the same verdict at every budget.
 */
public final class ModelAgreement {
  private static final String SCENARIO = String.join("\n",
      "name: agreement", "seed: 5", "heights: 2",
      "validators: {count: 64}", "keys: {shares: 2048, threshold: 1365}",
      "workload: {msgs_per_block: 50, msg_size: 1 KiB}", "crypto: {variant: fast}", "");

  private ModelAgreement() {}

  private static ScenarioRunner.Result run(String timing) throws Exception {
    Scenario s = ScenarioLoader.parse(SCENARIO, "agreement.yaml",
        List.of("crypto.timing=" + timing));
    return new ScenarioRunner(line -> { }).run(s);
  }

  private static double mean(ScenarioRunner.Result r, ToLongFunction<HeightRecord> f) {
    return r.heights().stream().mapToLong(f).average().orElseThrow();
  }

  private static boolean within(String what, double model, double measured, double band) {
    double off = model / measured - 1;
    boolean ok = Math.abs(off) <= band;
    System.out.printf("%s: model %.1f ms, measured %.1f ms, %+.1f%% (band %.0f%%) %s%n", what,
        model / 1e6, measured / 1e6, 100 * off, 100 * band, ok ? "ok" : "OUTSIDE");
    return ok;
  }

  public static void main(String[] args) throws Exception {
    // The builtin model is fitted on warm code; the first runs of a JVM pay the JIT's warm-up
    // (cold DECODE and DECRYPT calls measure 8-12x their warm cost), so two runs warm it first.
    run("measured");
    ScenarioRunner.Result model = run("model");
    ScenarioRunner.Result measured = run("measured");
    boolean ok = within("combine + decrypt",
        mean(model, h -> h.combineNanos() + h.decryptNanos()),
        mean(measured, h -> h.combineNanos() + h.decryptNanos()), 0.35);
    ok &= within("consensus + decryption",
        mean(model, h -> h.consensusNanos() + h.decryptionLatencyNanos()),
        mean(measured, h -> h.consensusNanos() + h.decryptionLatencyNanos()), 0.15);
    RunSummary a = Summaries.of(model, "model");
    RunSummary b = Summaries.of(measured, "measured");
    for (int i = 0; i < a.verdicts().size(); i++) {
      boolean same = a.verdicts().get(i).fits() == b.verdicts().get(i).fits();
      System.out.printf("verdict at %.0f ms: model %s, measured %s%s%n",
          a.verdicts().get(i).blockTimeMs(), a.verdicts().get(i).fits(),
          b.verdicts().get(i).fits(), same ? "" : " DIFFER");
      ok &= same;
    }
    System.exit(ok ? 0 : 1);
  }
}
