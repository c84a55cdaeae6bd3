package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C during a sweep, for real: a second JVM runs {@code tdsim sweep}, gets SIGINT once a
 * grid point is done, and must say what it kept; a rerun into the same folder then reuses
 * exactly that many points.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class SweepInterruptTest {
  private static final String SLOW_GRID = String.join("\n",
      "name: stoppable",
      "heights: 20",
      "validators: {count: 4}",
      "keys: {shares: 8}",
      "network: {model: uniform, latency: 5 ms}",
      "workload: {msgs_per_block: 3, msg_size: 100 B}",
      "crypto: {design: folded, timing: model}",
      "sweep: {vary: {workload.msgs_per_block: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]}}",
      "");

  /**
   * Whether this process ignores SIGINT (Linux: bit 2 of SigIgn in /proc/self/status), as a
   * command started in the background of a shell without job control does: a child inherits
   * that, and a JVM that starts with SIGINT ignored installs no handler for it, so Ctrl-C could
   * not be tested.
   */
  static boolean sigintIgnored() throws java.io.IOException {
    Path status = Path.of("/proc/self/status");
    if (!Files.isReadable(status)) {
      return false;
    }
    for (String line : Files.readAllLines(status)) {
      if (line.startsWith("SigIgn:")) {
        return (Long.parseUnsignedLong(line.substring(7).strip(), 16) & (1L << 1)) != 0;
      }
    }
    return false;
  }

  /**
   * Runs {@code tdsim ARGS} in a second JVM, sends it SIGINT at the first stderr line containing
   * {@code cue}, and returns its stderr once it has exited 130.
   */
  static String interruptedAt(String cue, String... args) throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> command = new ArrayList<>(List.of(java, "-Xss4m", "-cp",
        System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
    StringBuilder err = new StringBuilder();
    try (BufferedReader r = new BufferedReader(
        new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
      String line;
      boolean signalled = false;
      while ((line = r.readLine()) != null) {
        err.append(line).append('\n');
        if (!signalled && line.contains(cue)) {
          new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
          signalled = true;
        }
      }
    }
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), err.toString());
    assertEquals(130, p.exitValue(), err.toString());
    return err.toString();
  }

  @Test
  void ctrlCSaysHowManyPointsAreKeptAndARerunReusesThem(@TempDir Path dir) throws Exception {
    assumeFalse(sigintIgnored(), "SIGINT is ignored in this process (started in the background"
        + " of a shell without job control), so a child JVM would ignore Ctrl-C too");
    Path file = dir.resolve("stoppable.yaml");
    Files.writeString(file, SLOW_GRID);
    Path out = dir.resolve("out");
    String err = interruptedAt("1/12 grid points", "sweep", file.toString(), "--no-search",
        "--parallel", "1", "--out", out.toString());
    Matcher kept = Pattern.compile("tdsim sweep: interrupted; (\\d+) of 12 grid points kept in "
        + Pattern.quote(out.toString()) + "; rerun with the same --out to continue")
        .matcher(err);
    assertTrue(kept.find(), err.toString());
    int points = Integer.parseInt(kept.group(1));
    assertTrue(points >= 1 && points < 12, err.toString());
    // sweep.csv lists every point kept (a throttled write once left it points behind)
    long listed = Files.readAllLines(out.resolve("sweep.csv")).stream().skip(1)
        .map(l -> l.substring(0, l.indexOf(','))).distinct().count();
    assertEquals(points, listed, Files.readString(out.resolve("sweep.csv")));

    CliRun rerun = CliRun.of("sweep", file.toString(), "--no-search", "--quiet", "--out",
        out.toString());
    assertEquals(0, rerun.exitCode(), rerun.err());
    assertTrue(rerun.out().contains(", " + points + " reused"), rerun.out());
  }

  @Test
  void theMessageCountsProbesOnlyWhenThereAreAny() {
    assertEquals("tdsim sweep: interrupted; 1 of 1 grid point kept in o; rerun with the same"
        + " --out to continue", SweepCommand.interruptedMessage(
            new dev.tdsim.sweep.Sweep.Kept(1, 1, 0), Path.of("o")));
    assertEquals("tdsim sweep: interrupted; 4 of 6 grid points and 1 probe run kept in o; rerun"
        + " with the same --out to continue", SweepCommand.interruptedMessage(
            new dev.tdsim.sweep.Sweep.Kept(4, 6, 1), Path.of("o")));
  }
}
