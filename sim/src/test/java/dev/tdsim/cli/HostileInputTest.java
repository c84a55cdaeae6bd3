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
        "tdsim validate: " + f + ":9: sweep.vary.bogus.key: unknown scenario path");
    Files.writeString(f, TINY + "sweep:\n  replicates: 0\n");
    assertOneLine(CliRun.of("validate", f.toString()),
        "tdsim validate: " + f + ":8: sweep.replicates: expected a whole number >= 1");
    Files.writeString(f, TINY + "sweep:\n  modez: zip\n");
    assertOneLine(CliRun.of("validate", f.toString()),
        "tdsim validate: " + f + ":8: sweep.modez: unknown key");
    // every point is loaded: a value that is wrong at one point
    Files.writeString(f, TINY + "sweep:\n  vary:\n    workload.msgs_per_block: [2, 99999]\n");
    CliRun point = CliRun.of("validate", f.toString());
    assertOneLine(point, "tdsim validate: " + f + ":9: sweep.vary.workload.msgs_per_block: ");
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
    assertOneLine(CliRun.of("validate", f.toString()), "tdsim validate: " + f
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
      assertOneLine(CliRun.of(cmd, dir.toString()),
          "tdsim " + cmd + ": " + dir + ": is a directory, not a scenario file");
    }
  }

  @Test
  void deepNestingThroughTheFileTheOverridesAndCompareIsAnError(@TempDir Path dir)
      throws Exception {
    Path f = dir.resolve("deep.yaml");
    Files.writeString(f, "heights: " + "[".repeat(5000) + "]".repeat(5000) + "\n");
    assertOneLine(CliRun.of("validate", f.toString()),
        "tdsim validate: " + f + ":1: collections are nested more than 64 levels deep");
    Path g = dir.resolve("good.yaml");
    Files.writeString(g, TINY);
    assertOneLine(CliRun.of("validate", g.toString(), "--set", "heights=" + "{a: ".repeat(3000)),
        "tdsim validate: --set heights: collections are nested more than 64 levels deep");
  }
}
