package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C during a run's replicates, for real: the run's own heights are kept and said to be,
 * and {@code --resume} finishes the run (it once exited 130 without a word, and a resume of the
 * kept heights could refuse them).
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class RunInterruptTest {
  private static final String REPLICATED = String.join("\n",
      "name: replicated",
      "heights: 12",
      "replicates: 4",
      "validators: {count: 7}",
      "keys: {shares: 64}",
      "network: {model: regions, jitter: lognormal}",
      "workload: {msgs_per_block: 3, msg_size: 100 B}",
      "crypto: {design: folded, timing: model}",
      "");

  @Test
  void ctrlCDuringAReplicateKeepsTheRunsHeightsAndResumeFinishesIt(@TempDir Path dir)
      throws Exception {
    assumeFalse(SweepInterruptTest.sigintIgnored(), "SIGINT is ignored in this process");
    Path file = dir.resolve("replicated.yaml");
    Files.writeString(file, REPLICATED);
    Path out = dir.resolve("out");
    String err = SweepInterruptTest.interruptedAt("replicate 2 of 4", "run", file.toString(),
        "--out", out.toString());
    assertTrue(err.contains("tdsim run: interrupted during replicate"), err);
    assertTrue(err.contains("the run's 12 heights are in"), err);
    Path partial = dir.resolve("out.partial");
    assertEquals(13, Files.readAllLines(partial.resolve("heights.csv")).size());

    CliRun resumed = CliRun.of("run", file.toString(), "--resume", "--quiet", "--out",
        out.toString());
    assertEquals(0, resumed.exitCode(), resumed.err());
    assertTrue(Files.exists(out.resolve("summary.json")), resumed.err());
    CliRun clean = CliRun.of("run", file.toString(), "--quiet", "--out",
        dir.resolve("clean").toString());
    assertEquals(0, clean.exitCode(), clean.err());
    assertEquals(Files.readAllLines(dir.resolve("clean").resolve("heights.csv")).stream()
        .map(RunInterruptTest::withoutCryptoColumns).toList(),
        Files.readAllLines(out.resolve("heights.csv")).stream()
            .map(RunInterruptTest::withoutCryptoColumns).toList());
  }

  /** A row without the columns that say whether the real crypto ran (opened, real_crypto). */
  private static String withoutCryptoColumns(String row) {
    String[] c = row.split(",", -1);
    c[6] = "";
    c[7] = "";
    return String.join(",", c);
  }
}
