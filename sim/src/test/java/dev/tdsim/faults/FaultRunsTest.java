package dev.tdsim.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Summaries;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Whole runs with faults on a small committee, model timing. */
class FaultRunsTest {
  static final String SMALL = String.join("\n",
      "name: faulty",
      "seed: 7",
      "heights: 8",
      "validators: {count: 8, regions: [us-east, eu-west]}",
      "keys: {shares: 16}",
      "network: {model: uniform, latency: 20 ms, jitter: none}",
      "workload: {msgs_per_block: 2, msg_size: 100 B}",
      "consensus: {timeout_commit: 200 ms, halt_after: 20 s}",
      "crypto: {variant: fast, timing: model}",
      "");

  static ScenarioRunner.Result run(String faults, String... overrides) throws Exception {
    Scenario s = ScenarioLoader.parse(SMALL + faults, "test.yaml", List.of(overrides));
    return new ScenarioRunner(line -> { }).run(s);
  }

  static RunSummary summary(ScenarioRunner.Result r) {
    return Summaries.of(r, "test");
  }

  @Test
  void print() throws Exception {
    for (String f : List.of("faults: [{kind: crash, validators: [5, 6, 7], from: 1 s, until: 6 s}]\n",
        "faults: [{kind: equivocate, validators: [1, 5], role: proposer}]\n",
        "faults: [{kind: equivocate, validators: [1, 5], role: voter}]\n",
        "faults: [{kind: crash, validators: [6], from_height: 3, until_height: 5}]\n",
        "faults: [{kind: crash, validators: [6, 7], from: 1 s, until: 4 s}]\n",
        "faults: [{kind: crash, validators: [5, 6, 7]}]\n",
        "faults: [{kind: silent-proposer, validators: [2]}]\n",
        "faults: [{kind: equivocate, validators: [1]}]\n",
        "faults: [{kind: partition, groups: [[0, 1, 2, 3], [4, 5, 6, 7]], from: 1 s, until: 5 s}]\n",
        "faults: [{kind: loss, probability: 20%}]\n",
        "faults: [{kind: delay, extra: 100 ms}]\n",
        "faults: [{kind: slow, validators: [0, 1, 2], cpu_factor: 50, extra_delay: 30 ms}]\n")) {
      ScenarioRunner.Result r = run(f);
      System.out.println("=== " + f + Summaries.table(summary(r)));
    }
  }
}
