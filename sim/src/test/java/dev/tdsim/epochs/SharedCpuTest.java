package dev.tdsim.epochs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The DKG and consensus on the same cores (cpu.NodeCpu), end to end: 64 shares over 8
 * validators at 1/20 of this machine's speed (the DKG's calls then last seconds of simulated
 * time and overlap several heights, at no extra real CPU), a 2 ms network, and the pipelined
 * schedule (consensus does not wait for the key).
 */
class SharedCpuTest {
  private static final String SCENARIO = """
      heights: 10
      validators: {count: 8, cores: %d, speed: 0.05}
      network: {model: uniform, latency: 2 ms}
      keys: {shares: 64, setup: dkg}
      workload: {msgs_per_block: 6, msg_size: 256 B}
      crypto: {variant: fast, timing: measured, schedule: pipelined}
      """;

  private static final Pattern NOTE = Pattern.compile("shared cores: beside the DKG, consensus"
      + " actions took ([0-9.]+) ms longer per validator on average .* the DKG calls took"
      + " ([0-9.]+) ms longer per validator on average");

  private static ScenarioRunner.Result run(int cores) throws Exception {
    Scenario s = ScenarioLoader.parse(SCENARIO.formatted(cores), "test.yaml", List.of());
    return new ScenarioRunner(line -> { }).run(s);
  }

  /** {consensus slowed, DKG slowed} in ms per validator, from the run's note. */
  private static double[] sharing(ScenarioRunner.Result r) {
    for (String n : r.notes()) {
      Matcher m = NOTE.matcher(n);
      if (m.find()) {
        return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))};
      }
    }
    throw new AssertionError("no shared-cores note in " + r.notes());
  }

  private static double meanConsensusMs(List<HeightRecord> hs) {
    return hs.stream().mapToLong(HeightRecord::consensusNanos).average().orElseThrow() / 1e6;
  }

  @Test
  void onOneCoreTheDkgSlowsConsensusAndConsensusSlowsTheDkg() throws Exception {
    ScenarioRunner.Result r = run(1);
    DkgOutcome.Epoch e = r.dkg().epochs().get(0);
    assertEquals(8, e.validatorsReady());
    long dkgEnd = e.startNanos() + e.durationNanos();
    // Heights proposed while every validator still computes the DKG against those after it.
    List<HeightRecord> during = r.heights().stream()
        .filter(h -> h.decidedNanos() < e.thresholdReadyNanos()).toList();
    List<HeightRecord> after = r.heights().stream()
        .filter(h -> h.proposeNanos() > dkgEnd).toList();
    assertTrue(during.size() >= 2 && after.size() >= 3, "heights " + during.size() + " during, "
        + after.size() + " after the DKG (ends at " + dkgEnd / 1e6 + " ms)");
    // One core for two runnable threads: each consensus action's CPU part takes twice as long
    // (the proposal's validation, ~90 ms here, dominates), ~+90 ms a height.
    double slower = meanConsensusMs(during) - meanConsensusMs(after);
    assertTrue(slower > 40, "consensus during the DKG " + meanConsensusMs(during)
        + " ms, after " + meanConsensusMs(after) + " ms");
    // Measured timing: the amounts follow this machine's load (99 ms was seen once for the DKG
    // under a loaded CI run, 100-200 ms quiet); 64 cores give under 2 ms (the next test).
    double[] s = sharing(r);
    assertTrue(s[0] > 50, "consensus slowed " + s[0] + " ms per validator");
    assertTrue(s[1] > 50, "the DKG slowed " + s[1] + " ms per validator");
  }

  @Test
  void withManyCoresSharingChangesLittle() throws Exception {
    // 64 cores: the DKG's calls run on 64 threads, so the consensus thread gets 64/65 of a core
    // while they run, and the calls are slowed by at most what consensus takes from them.
    ScenarioRunner.Result many = run(64);
    double[] s = sharing(many);
    assertTrue(s[0] < 2, "consensus slowed " + s[0] + " ms per validator");
    assertTrue(s[1] < 2, "the DKG slowed " + s[1] + " ms per validator");
    assertEquals(8, many.dkg().epochs().get(0).validatorsReady());
  }
}
