package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tdsim validate}: every error of a file at once, in file order, as FILE:LINE: FIELD. */
class ValidateCommandTest {

  @Test
  void threeErrorsInThreeSectionsAreThreeLinesInFileOrder(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("bad.yaml");
    Files.writeString(f, String.join("\n",
        "name: bad",
        "workload:",
        "  msg_size: lots",
        "validators:",
        "  count: 4",
        "  cores: 0",
        "keys:",
        "  shares: 8",
        "  threshold: 9",
        ""));
    CliRun r = CliRun.of("validate", f.toString());
    assertEquals(2, r.exitCode(), r.err());
    assertEquals("", r.out());
    List<String> lines = r.errLines();
    assertEquals(3, lines.size(), r.err());
    assertTrue(lines.get(0).startsWith(f + ":3: workload.msg_size: "), r.err());
    assertTrue(lines.get(1).startsWith(f + ":6: validators.cores: must be in [1, 1024], got 0"),
        r.err());
    assertTrue(lines.get(2).startsWith(f + ":9: keys.threshold: 9 is above keys.shares (8)"),
        r.err());
  }

  @Test
  void anUnknownCertificateIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("cert.yaml");
    Files.writeString(f, "name: c\nconsensus:\n  certificate: BLS\n");
    for (CliRun r : List.of(CliRun.of("validate", f.toString()),
        CliRun.of("run", f.toString(), "--out", dir.resolve("out").toString()))) {
      assertEquals(2, r.exitCode(), r.err());
      assertTrue(r.errLines().get(0).contains(f + ":3: consensus.certificate: unknown value"
          + " 'BLS'; known: votes, bls-aggregate, threshold-bls"), r.err());
    }
  }

  @Test
  void aValidFileIsValid(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("ok.yaml");
    Files.writeString(f, HostileInputTest.TINY);
    CliRun r = CliRun.of("validate", f.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(f + ": valid", r.out().strip());
  }

  @Test
  void runStopsAtTheFirstErrorInOneLineAndCountsTheRest(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("bad.yaml");
    Files.writeString(f, "heights: 0\nkeys:\n  shares: 7\ncrypto:\n  variant: nope\n");
    CliRun r = CliRun.of("run", f.toString(), "--out", dir.resolve("out").toString());
    assertEquals(2, r.exitCode(), r.err());
    assertEquals(1, r.errLines().size(), r.err());
    assertTrue(r.errLines().get(0).startsWith("tdsim run: " + f + ":1: heights: "), r.err());
    assertTrue(r.errLines().get(0).endsWith("(and 2 more errors; 'tdsim validate " + f
        + "' lists them all)"), r.err());
    assertTrue(Files.notExists(dir.resolve("out")));
  }

  @Test
  void aCalibrationFileWithoutTheDkgsOperationsIsExitCode2ForADkgScenario(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Files.writeString(dir.resolve("old.yaml"), dev.tdsim.timing.CostModel.builtin()
        .withKeySetup(dev.tdsim.timing.CostModel.OpCosts.NONE).toYaml());
    java.nio.file.Path s = dir.resolve("s.yaml");
    java.nio.file.Files.writeString(s, "heights: 2\nvalidators: {count: 8}\n"
        + "keys: {shares: 64, setup: dkg}\ncrypto: {timing: model, calibration: old.yaml}\n");
    CliRun r = CliRun.of("validate", s.toString());
    org.junit.jupiter.api.Assertions.assertEquals(2, r.exitCode(), r.err());
    org.junit.jupiter.api.Assertions.assertTrue(r.err().contains("calibration file 'old.yaml'"
        + " has no cost for DKG_DEAL, DKG_VERIFY, DKG_AGGREGATE, DKG_OWN_CHECK"), r.err());
    org.junit.jupiter.api.Assertions.assertEquals(1, r.errLines().size(), r.err());
  }
}
