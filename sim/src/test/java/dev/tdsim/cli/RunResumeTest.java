package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tdsim run --resume}: a stopped run's folder of this scenario, or a refusal. */
class RunResumeTest {
  private static final String TINY = String.join("\n",
      "name: tiny",
      "heights: 3",
      "validators: {count: 4}",
      "keys: {shares: 8}",
      "workload: {msgs_per_block: 3, msg_size: 100 B}",
      "crypto: {design: folded, timing: model}",
      "");

  /**
   * What a run stopped after its first height leaves: its scenario.yaml (written at the start)
   * and heights.csv with the header and one row, made from a finished run of {@code overrides}.
   */
  private static Path stoppedRun(Path dir, Path file, String... overrides) throws Exception {
    Path done = dir.resolve("done");
    List<String> args = new java.util.ArrayList<>(List.of("run", file.toString(), "--out",
        done.toString(), "--quiet"));
    for (String o : overrides) {
      args.add("--set");
      args.add(o);
    }
    assertEquals(0, CliRun.of(args.toArray(String[]::new)).exitCode());
    Path partial = Files.createDirectories(dir.resolve("out.partial"));
    Files.copy(done.resolve("scenario.yaml"), partial.resolve("scenario.yaml"));
    Files.write(partial.resolve("heights.csv"),
        Files.readAllLines(done.resolve("heights.csv")).subList(0, 2));
    return partial;
  }

  /**
   * Model timing: the run continues after the kept heights, replaying them without their crypto
   * calls, and ends with the very heights.csv of a run from height 1; the stopped run's cut-off
   * row is left out and run again.
   */
  @Test
  void withModelTimingTheRunContinuesAfterTheKeptHeights(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY.replace("heights: 3", "heights: 4"));
    Path partial = stoppedRun(dir, file);
    List<String> done = Files.readAllLines(dir.resolve("done/heights.csv"));
    // the stop cut the second row in the middle
    Files.writeString(partial.resolve("heights.csv"), Files.readString(partial.resolve(
        "heights.csv")) + done.get(2).substring(0, 20), java.nio.file.StandardOpenOption.APPEND);
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("run", file.toString(), "--out", out.toString(), "--resume", "--quiet");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.err().startsWith("tdsim run: --resume: "
        + RunCommand.shown(partial.toAbsolutePath()) + " holds 1 of 4 heights of this scenario"
        + " (seed 1, hash "), r.err());
    assertTrue(r.err().contains("continuing at height 2: heights 1-1 are replayed without their"
        + " crypto calls"), r.err());
    assertTrue(!Files.exists(partial));
    assertEquals(done, Files.readAllLines(out.resolve("heights.csv")));
    String summary = Files.readString(out.resolve("summary.json"));
    assertTrue(summary.contains("continued a stopped run (--resume): heights 1-1 ran their real"
        + " crypto in that run"), summary);
    assertTrue(realCryptoCalls(out) < realCryptoCalls(dir.resolve("done")),
        realCryptoCalls(out) + " calls");
  }

  private static long realCryptoCalls(Path run) throws Exception {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"real_crypto_calls\" ?: ?(\\d+)")
        .matcher(Files.readString(run.resolve("summary.json")));
    assertTrue(m.find());
    return Long.parseLong(m.group(1));
  }

  /** A kept row the replay does not give again: not this run; refused, the rows kept as they were. */
  @Test
  void aReplayThatDiffersFromTheKeptRowStopsAndKeepsTheRows(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY);
    Path partial = stoppedRun(dir, file);
    List<String> rows = Files.readAllLines(partial.resolve("heights.csv"));
    String[] cells = rows.get(1).split(",", -1);
    cells[11] = "1.234"; // consensus_ms
    rows.set(1, String.join(",", cells));
    Files.write(partial.resolve("heights.csv"), rows);
    CliRun r = CliRun.of("run", file.toString(), "--out", dir.resolve("out").toString(),
        "--resume", "--quiet");
    assertEquals(Main.EXIT_USAGE, r.exitCode(), r.err());
    assertTrue(r.err().contains("--resume: height 1 replayed differs from the row ")
        && r.err().contains("(consensus_ms: kept 1.234, replayed "), r.err());
    assertEquals(rows, Files.readAllLines(partial.resolve("heights.csv")));
    assertTrue(!Files.exists(dir.resolve("out")));
  }

  /** Measured timing cannot continue: the run says so and starts again from height 1. */
  @Test
  void withMeasuredTimingTheRunStartsAgain(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY.replace("timing: model", "timing: measured"));
    Path partial = stoppedRun(dir, file);
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("run", file.toString(), "--out", out.toString(), "--resume", "--quiet");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.err().contains(" holds 1 of 3 heights of this scenario"), r.err());
    assertTrue(r.err().contains("runs again from height 1 and replaces them: with"
        + " crypto.timing: measured a height's durations are its calls' own"), r.err());
    assertTrue(!Files.exists(partial));
    assertEquals(4, Files.readAllLines(out.resolve("heights.csv")).size());
  }

  @Test
  void aPartialFolderOfAnotherScenarioIsRefusedAndKept(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY);
    Path partial = stoppedRun(dir, file, "seed=7");
    CliRun r = CliRun.of("run", file.toString(), "--out", dir.resolve("out").toString(),
        "--resume", "--quiet");
    assertEquals(Main.EXIT_USAGE, r.exitCode(), r.err());
    assertEquals(1, r.errLines().size(), r.err());
    assertTrue(r.err().contains("is of another scenario (seed 7, hash ")
        && r.err().contains("; this run: seed 1, hash ")
        && r.err().contains("rerun without --resume to replace it"), r.err());
    assertEquals(2, Files.readAllLines(partial.resolve("heights.csv")).size(), "kept");
    assertTrue(!Files.exists(dir.resolve("out")));
  }

  @Test
  void aFolderThatDoesNotNameItsScenarioIsRefused(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY);
    Path partial = Files.createDirectories(dir.resolve("out.partial"));
    Files.writeString(partial.resolve("heights.csv"), "height\n1\n");
    CliRun r = CliRun.of("run", file.toString(), "--out", dir.resolve("out").toString(),
        "--resume", "--quiet");
    assertEquals(Main.EXIT_USAGE, r.exitCode(), r.err());
    assertTrue(r.err().contains("does not say which scenario it is of"), r.err());
    assertTrue(Files.exists(partial.resolve("heights.csv")));
  }

  @Test
  void withoutAPartialFolderResumeSaysSoAndRuns(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY);
    CliRun r = CliRun.of("run", file.toString(), "--out", dir.resolve("out").toString(),
        "--resume", "--quiet");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.err().contains("--resume: there is no ") && r.err().contains("running from"
        + " height 1"), r.err());
  }
}
