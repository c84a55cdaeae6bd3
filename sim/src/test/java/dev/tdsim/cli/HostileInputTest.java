package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a new user trying odd input gets: exit 2, one line naming the file (and line and field),
 * found before anything runs, no Java exception names.
 */
class HostileInputTest {
  static final String TINY = String.join("\n",
      "name: tiny",
      "heights: 2",
      "validators: {count: 4}",
      "keys: {shares: 8}",
      "workload: {msgs_per_block: 3, msg_size: 100 B}",
      "crypto: {variant: folded, timing: model}",
      "");

  /** Exit 2 and exactly one stderr line starting with {@code start}, without class names. */
  static void assertOneLine(CliRun r, String start) {
    assertEquals(2, r.exitCode(), r.err());
    assertEquals(1, r.errLines().size(), r.err());
    assertTrue(r.errLines().get(0).startsWith(start), r.err());
    assertFalse(r.err().matches("(?s).*\\b(java|javax)\\.[a-z]+\\.|.*Exception\\b.*|.*Error\\b.*"),
        "no exception names: " + r.err());
  }

  @Test
  void validateReadsTheSweepSectionWithTheSweepsOwnParserAndGivesItsLine(@TempDir Path dir)
      throws Exception {
    Path f = dir.resolve("s.yaml");
    Files.writeString(f, TINY + "sweep:\n  vary:\n    bogus.key: [1, 2]\n");
    assertOneLine(CliRun.of("validate", f.toString()),
        "" + f + ":9: sweep.vary.bogus.key: unknown scenario path");
    Files.writeString(f, TINY + "sweep:\n  replicates: 0\n");
    assertOneLine(CliRun.of("validate", f.toString()),
        "" + f + ":8: sweep.replicates: expected a whole number >= 1");
    Files.writeString(f, TINY + "sweep:\n  modez: zip\n");
    assertOneLine(CliRun.of("validate", f.toString()),
        "" + f + ":8: sweep.modez: unknown key");
    // every point is loaded: a value that is wrong at one point
    Files.writeString(f, TINY + "sweep:\n  vary:\n    workload.msgs_per_block: [2, 99999]\n");
    CliRun point = CliRun.of("validate", f.toString());
    assertOneLine(point, "" + f + ":9: sweep.vary.workload.msgs_per_block: ");
    assertTrue(point.err().contains("above consensus.max_block_txs"), point.err());
    // a good sweep section is valid
    Files.writeString(f, TINY + "sweep:\n  vary:\n    workload.msgs_per_block: [2, 3]\n");
    CliRun ok = CliRun.of("validate", f.toString());
    assertEquals(0, ok.exitCode(), ok.err());
  }

  @Test
  void validateChecksTheCalibrationFileAndWarnsAboutAFutureDate(@TempDir Path dir)
      throws Exception {
    String builtin;
    try (var in = getClass().getResourceAsStream("/builtin-cost-model.yaml")) {
      builtin = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
    Path f = dir.resolve("s.yaml");
    Files.writeString(f, TINY.replace("timing: model", "timing: model, calibration: c.yaml"));
    Files.writeString(dir.resolve("c.yaml"), "just some text\n");
    assertOneLine(CliRun.of("validate", f.toString()), "" + f
        + ":6: crypto.calibration: calibration file 'c.yaml' is not a valid cost model");
    Files.writeString(dir.resolve("c.yaml"),
        builtin.replaceFirst("created: .*", "created: 2999-01-01T00:00:00Z"));
    CliRun future = CliRun.of("validate", f.toString());
    assertEquals(0, future.exitCode(), future.err());
    assertTrue(future.err().contains("warning: calibration file")
        && future.err().contains("dated in the future"), future.err());
  }

  @Test
  void aDirectoryAsTheScenarioSaysSo(@TempDir Path dir) {
    for (String cmd : new String[] {"validate", "run", "sweep"}) {
      // validate prints FILE: problem alone (its documented format); run and sweep name themselves
      assertOneLine(CliRun.of(cmd, dir.toString()), (cmd.equals("validate") ? "" : "tdsim " + cmd
          + ": ") + dir + ": is a directory, not a scenario file");
    }
  }

  @Test
  void deepNestingThroughTheFileTheOverridesAndCompareIsAnError(@TempDir Path dir)
      throws Exception {
    Path f = dir.resolve("deep.yaml");
    Files.writeString(f, "heights: " + "[".repeat(5000) + "]".repeat(5000) + "\n");
    assertOneLine(CliRun.of("validate", f.toString()),
        "" + f + ":1: collections are nested more than 64 levels deep");
    Path g = dir.resolve("good.yaml");
    Files.writeString(g, TINY);
    assertOneLine(CliRun.of("validate", g.toString(), "--set", "heights=" + "{a: ".repeat(3000)),
        "--set heights: collections are nested more than 64 levels deep");
  }

  /**
   * An alias of a mapping inside itself in the sweep section (kept raw) is a value without end:
   * refused at its line (it once ran the JVM out of stack, exit 1); a plain alias still works.
   */
  @Test
  void aRecursiveAliasInTheSweepSectionIsAnError(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("loop.yaml");
    Files.writeString(f, TINY + "\nsweep:\n  vary: &a\n    heights: [1, 2]\n    x: *a\n");
    assertOneLine(CliRun.of("validate", f.toString()), f + ":");
    assertTrue(CliRun.of("validate", f.toString()).err().contains(
        "sweep.vary.x: an alias of a mapping or list that contains it"));
    Path g = dir.resolve("alias.yaml");
    Files.writeString(g, TINY + "\nsweep:\n  vary:\n    heights: &h [1, 2]\n    seed: *h\n");
    CliRun ok = CliRun.of("validate", g.toString());
    assertEquals(0, ok.exitCode(), ok.err());
  }

  /**
   * A control character, an alias bomb and bytes that are not UTF-8 are named at their line
   * (the YAML reader's own errors for the first two had none).
   */
  @Test
  void aControlCharacterAnAliasBombAndNonUtf8BytesAreNamedAtTheirLine(@TempDir Path dir)
      throws Exception {
    Path f = dir.resolve("nul.yaml");
    Files.writeString(f, TINY + "seed: \u00001\n");
    assertOneLine(CliRun.of("validate", f.toString()),
        f + ":7: the character U+0000 (column 7) is not allowed in YAML");
    StringBuilder bomb = new StringBuilder(TINY).append("x0: &a0 [1]\n");
    for (int i = 1; i <= 60; i++) {
      bomb.append("x").append(i).append(": &a").append(i).append(" [*a").append(i - 1)
          .append(", *a").append(i - 1).append("]\n");
    }
    Files.writeString(f, bomb.toString());
    // two aliases of lists a line from x1 on: the 51st is the first on the line of x26
    assertOneLine(CliRun.of("validate", f.toString()), f + ":33: more than 50 aliases");
    byte[] text = (TINY + "name: caf\u00e9\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    Files.write(f, text);
    assertOneLine(CliRun.of("validate", f.toString()), f + ":7: is not UTF-8 text");
    assertTrue(CliRun.of("validate", f.toString()).err().contains("byte 0xe9 at offset"));
  }

  // ------------------------------------------------------------ output folders

  private static Path tiny(Path dir) throws Exception {
    Path f = dir.resolve("tiny.yaml");
    Files.writeString(f, TINY);
    return f;
  }

  @Test
  void aBadOutIsFoundBeforeTheRun(@TempDir Path dir) throws Exception {
    Path f = tiny(dir);
    assertOneLine(CliRun.of("run", f.toString(), "--out", ""),
        "tdsim run: --out: the folder name is empty");
    assertOneLine(CliRun.of("run", f.toString(), "--out", f.toString()),
        "tdsim run: --out " + f + ": is a file, not a folder");
    assertOneLine(CliRun.of("run", f.toString(), "--out", f.resolve("sub").toString()),
        "tdsim run: --out " + f.resolve("sub") + ": ");
    // a folder of other files (the working directory, a home) is never replaced
    Path mine = Files.createDirectories(dir.resolve("mine"));
    Files.writeString(mine.resolve("thesis.tex"), "precious");
    CliRun r = CliRun.of("run", f.toString(), "--out", mine.toString(), "--quiet");
    assertOneLine(r, "tdsim run: --out " + mine + ": the folder holds files tdsim run does not"
        + " write (thesis.tex)");
    assertEquals("precious", Files.readString(mine.resolve("thesis.tex")));
    assertOneLine(CliRun.of("sweep", f.toString(), "--vary", "heights=1,2", "--out",
        mine.toString(), "--quiet"), "tdsim sweep: --out " + mine + ": the folder holds files");
  }

  @Test
  void thePartialFolderIsBesideTheResultEvenForOutEndingInDot(@TempDir Path dir)
      throws Exception {
    Path f = tiny(dir);
    Path out = dir.resolve("o");
    assertEquals(0, CliRun.of("run", f.toString(), "--out", out + "/.", "--quiet").exitCode());
    assertTrue(Files.isRegularFile(out.resolve("summary.json")));
    assertFalse(Files.exists(out.resolve("..partial")));
    try (var files = Files.list(out)) {
      assertEquals(4, files.count(), "summary, heights, report, scenario");
    }
    // the work folder of a rerun is o.partial beside o, whatever spelling --out has
    try (OutputFolder claimed = OutputFolder.claim(Path.of(out + "/."), "run",
        OutputFolder.RUN_FILES)) {
      assertEquals(dir.resolve("o.partial").toAbsolutePath(),
          RunCommand.partialOf(claimed.dir()));
    }
    assertFalse(Files.exists(dir.resolve("o.lock")), "the lock is removed at the end");
  }

  @Test
  void twoRunsIntoOneFolderAtOnceTheSecondSaysSo(@TempDir Path dir) throws Exception {
    Path f = tiny(dir);
    Path out = dir.resolve("o");
    // another live process holds the lock: this test's JVM stands in for it by its parent
    long other = ProcessHandle.current().parent().map(ProcessHandle::pid).orElseThrow();
    Files.writeString(dir.resolve("o.lock"), other + "\n");
    Files.setLastModifiedTime(dir.resolve("o.lock"),
        java.nio.file.attribute.FileTime.from(java.time.Instant.now()));
    CliRun busy = CliRun.of("run", f.toString(), "--out", out.toString(), "--quiet");
    assertOneLine(busy, "tdsim run: --out " + out + ": another tdsim (process " + other
        + ") is writing this folder");
    assertFalse(Files.exists(out), "the loser writes nothing");
    CliRun busySweep = CliRun.of("sweep", f.toString(), "--vary", "heights=1,2", "--out",
        out.toString(), "--quiet");
    assertOneLine(busySweep, "tdsim sweep: --out " + out + ": another tdsim");
    // a lock left by a process that has ended does not block
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Files.writeString(dir.resolve("o.lock"), gone.pid() + "\n");
    CliRun ok = CliRun.of("run", f.toString(), "--out", out.toString(), "--quiet");
    assertEquals(0, ok.exitCode(), ok.err());
    assertFalse(Files.exists(dir.resolve("o.lock")));
    assertTrue(Files.isRegularFile(out.resolve("summary.json")));
  }

  @Test
  void compareNeverWritesIntoWhatItCompares(@TempDir Path dir) throws Exception {
    Path f = tiny(dir);
    Path a = dir.resolve("a");
    Path b = dir.resolve("b");
    assertEquals(0, CliRun.of("run", f.toString(), "--out", a.toString(), "--quiet").exitCode());
    assertEquals(0, CliRun.of("run", f.toString(), "--out", b.toString(), "--quiet").exitCode());
    String summary = Files.readString(a.resolve("summary.json"));
    assertOneLine(CliRun.of("compare", a.toString(), b.toString(), "--out",
        a.resolve("summary.json").toString()), "tdsim compare: --out " + a.resolve("summary.json")
        + ": is inside the compared folder " + a);
    assertOneLine(CliRun.of("compare", a.toString(), b.toString(), "--out",
        b + "/../a/x.md"), "tdsim compare: --out " + b + "/../a/x.md: is inside");
    assertEquals(summary, Files.readString(a.resolve("summary.json")));
    assertOneLine(CliRun.of("compare", a.toString(), b.toString(), "--out", a.toString()),
        "tdsim compare: --out " + a + ": is a folder");
    // an unfinished run is named as such
    Path partial = Files.createDirectories(dir.resolve("c.partial"));
    Files.copy(a.resolve("heights.csv"), partial.resolve("heights.csv"));
    assertOneLine(CliRun.of("compare", a.toString(), partial.toString()),
        "tdsim compare: " + partial + ": an unfinished run");
    Path md = dir.resolve("cmp.md");
    assertEquals(0, CliRun.of("compare", a.toString(), b.toString(), "--out", md.toString())
        .exitCode());
    assertTrue(Files.readString(md).contains("|"));
  }

  @Test
  void compareRefusesADeepScenarioYamlWithoutAStackTrace(@TempDir Path dir) throws Exception {
    Path f = tiny(dir);
    Path a = dir.resolve("a");
    Path b = dir.resolve("b");
    assertEquals(0, CliRun.of("run", f.toString(), "--out", a.toString(), "--quiet").exitCode());
    assertEquals(0, CliRun.of("run", f.toString(), "--out", b.toString(), "--quiet").exitCode());
    Files.writeString(b.resolve("scenario.yaml"), "a: " + "[".repeat(5000) + "]".repeat(5000));
    assertOneLine(CliRun.of("compare", a.toString(), b.toString()),
        "tdsim compare: " + b.resolve("scenario.yaml") + ":1: collections are nested more than");
    Files.writeString(b.resolve("summary.json"), "{\"a\":".repeat(5000) + "1"
        + "}".repeat(5000));
    assertOneLine(CliRun.of("compare", a.toString(), b.toString()),
        "tdsim compare: " + b.resolve("summary.json") + ": unreadable JSON: nested");
    assertFalse(CliRun.of("compare", a.toString(), b.toString()).err().contains("`"));
  }
}
