package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.bench.mpc.MpcCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code tdsim bench --functions dkg,threshold_sign}: options, errors, a small run. */
class MpcCommandTest {
  @TempDir Path tmp;

  @ParameterizedTest
  @ValueSource(strings = {"dkg,nope", "nope", "dkg,share_combine", "threshold_sign,,dkg"})
  void badFunctionsAreOneLineAndExit2(String functions) {
    Path out = tmp.resolve("bad.csv");
    CliRun run = CliRun.of("bench", "--functions", functions, "--mpc-rows", "paper",
        "--out", out.toString());
    assertEquals(Main.EXIT_USAGE, run.exitCode(), run.err());
    assertEquals(1, run.errLines().size(), run.err());
    assertTrue(run.err().contains("--functions"), run.err());
    assertFalse(run.err().contains("Exception"), run.err());
    assertEquals("", run.out());
    assertFalse(Files.exists(out));
  }

  @Test
  void anUnknownFunctionListsTheMpcOnesToo() {
    CliRun run = CliRun.of("bench", "--functions", "warp");
    assertEquals(Main.EXIT_USAGE, run.exitCode(), run.err());
    assertTrue(run.err().contains("dkg, threshold_sign"), run.err());
  }

  @ParameterizedTest
  @ValueSource(strings = {"--mpc-rows=some", "--latency-ms=-1", "--bandwidth-gbps=0",
      "--reps=0", "--threads=0", "--threshold=5"})
  void badMpcOptionsAreOneLineAndExit2(String option) {
    CliRun run = CliRun.of("bench", "--functions", "dkg", option, "--out",
        tmp.resolve("x.csv").toString());
    assertEquals(Main.EXIT_USAGE, run.exitCode(), run.err());
    assertEquals(1, run.errLines().size(), run.err());
    assertTrue(run.err().contains(option.substring(0, option.indexOf('='))), run.err());
    assertFalse(run.err().contains("Exception"), run.err());
  }

  @Test
  void helpTellsAboutTheMpcTable() {
    CliRun run = CliRun.of("bench", "--help");
    assertEquals(Main.EXIT_OK, run.exitCode());
    for (String s : List.of("dkg, threshold_sign", "--mpc-rows", "--latency-ms",
        "--bandwidth-gbps", "mpc.csv")) {
      assertTrue(run.out().contains(s), s + " missing in\n" + run.out());
    }
  }

  @Test
  void aSmallRunWritesTheTableAndTheCsv() throws IOException {
    Path out = tmp.resolve("mpc.csv");
    CliRun run = CliRun.of("bench", "--functions", "threshold_sign", "--mpc-rows", "paper",
        "--reps", "1", "--out", out.toString());
    assertEquals(Main.EXIT_OK, run.exitCode(), run.err());
    assertTrue(run.out().contains("| threshold-bls | (4, 5) |"), run.out());
    List<String> lines = Files.readAllLines(out);
    assertEquals(String.join(",", MpcCsv.COLUMNS), lines.get(0));
    assertEquals(4, lines.size(), lines.toString());
    assertFalse(Files.exists(tmp.resolve("mpc.csv.partial")));
  }
}
