package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.calibration.CalibrationSettings;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CalibrateCommandTest {
  @TempDir Path tmp;

  private static CalibrationSettings parse(String... args) {
    CommandLine cl = Main.commandLine();
    CommandLine.ParseResult pr = cl.parseArgs(args);
    CalibrateCommand c = pr.subcommand().commandSpec().commandLine().getCommand();
    return c.settings();
  }

  @Test
  void defaultsCalibrateEveryVariantOnItsGrid() {
    CalibrationSettings s = parse("calibrate");
    assertEquals(List.of("simple", "batch", "fast", "precomputed", "folded", "batched",
        "block-key", "batched-points", "block-key-points"), List.copyOf(s.grids().keySet()));
    assertEquals(CalibrationSettings.DEFAULT, s.grids().get("fast"));
    assertEquals(CalibrationSettings.DEFAULT_PER_POINT, s.grids().get("simple"));
    assertEquals(CalibrationSettings.DEFAULT_DESIGN, s.grids().get("batched"));
    assertEquals(CalibrationSettings.DEFAULT_DESIGN, s.grids().get("block-key"));
    assertEquals(Path.of("reports/calibration/cost-model.yaml"), s.out());
    assertEquals(5, s.reps());
    assertEquals(Runtime.getRuntime().availableProcessors(), s.threads());
    assertEquals(Runtime.getRuntime().availableProcessors(), s.maxThreads());
    assertEquals(CalibrationSettings.DEFAULT_SIZES, s.sizesBytes());
  }

  @Test
  void quickAndOverridesShrinkTheGrid() {
    CalibrationSettings q = parse("calibrate", "--quick", "--variant", "fast");
    assertEquals(CalibrationSettings.QUICK, q.grids().get("fast"));
    assertEquals(3, q.reps());
    CalibrationSettings s = parse("calibrate", "--variant", "folded,fast", "--max-validators",
        "16", "--max-shares", "256", "--msgs", "2,1", "--reps", "2", "--threads", "1",
        "--max-threads", "3");
    assertEquals(List.of("folded", "fast"), List.copyOf(s.grids().keySet()));
    assertEquals("[4x64, 16x64]", s.grids().get("fast").keySets().toString());
    assertEquals(List.of(1, 2), s.grids().get("fast").msgs());
    assertEquals(2, s.reps());
    assertEquals(1, s.threads());
    assertEquals(3, s.maxThreads());
  }

  @Test
  void theDkgIsCalibratedWithAllVariantsOrWhenAskedFor() {
    assertEquals(CalibrationSettings.DEFAULT_DKG, parse("calibrate").dkg());
    assertEquals(CalibrationSettings.QUICK_DKG, parse("calibrate", "--quick").dkg());
    assertEquals(null, parse("calibrate", "--variant", "fast").dkg());
    assertEquals(null, parse("calibrate", "--no-dkg").dkg());
    assertEquals(CalibrationSettings.DEFAULT_DKG,
        parse("calibrate", "--variant", "fast", "--dkg").dkg());
    CalibrationSettings only = parse("calibrate", "--variant", "none", "--dkg-key-sets",
        "150x8192,16x256");
    assertTrue(only.grids().isEmpty());
    assertEquals("[16x256, 150x8192]", only.dkg().keySets().toString());
    assertEquals(2, only.points());
  }

  @Test
  void theCertificatesAreCalibratedWithAllVariantsOrWhenAskedFor() {
    assertEquals(CalibrationSettings.DEFAULT_CERTIFICATES, parse("calibrate").certificates());
    assertEquals(CalibrationSettings.QUICK_CERTIFICATES,
        parse("calibrate", "--quick").certificates());
    assertEquals(null, parse("calibrate", "--variant", "fast").certificates());
    assertEquals(null, parse("calibrate", "--no-certificates").certificates());
    CalibrationSettings only = parse("calibrate", "--variant", "none",
        "--certificate-committees", "150x2048,8x32");
    assertTrue(only.grids().isEmpty());
    assertEquals(null, only.dkg());
    assertEquals("[8x32, 150x2048]", only.certificates().committees().toString());
  }

  @Test
  void badOptionsAreOneLineAndExitCode2() {
    for (String[] args : List.of(
        new String[] {"calibrate", "--variant", "none"},
        new String[] {"calibrate", "--no-dkg", "--dkg-key-sets", "4x16"},
        new String[] {"calibrate", "--no-certificates", "--certificate-committees", "4x16"},
        new String[] {"calibrate", "--certificate-committees", "4x15"},
        new String[] {"calibrate", "--dkg-key-sets", "1x16"},
        new String[] {"calibrate", "--dkg-key-sets", "4x15"},
        new String[] {"calibrate", "--key-sets", "3x7"},
        new String[] {"calibrate", "--key-sets", "16"},
        new String[] {"calibrate", "--variant", "fastest"},
        new String[] {"calibrate", "--variant", "fast", "--max-shares", "32"},
        new String[] {"calibrate", "--msgs", "0"},
        new String[] {"calibrate", "--reps", "0"},
        new String[] {"calibrate", "--max-threads", "0"},
        new String[] {"calibrate", "--out", tmp.toString()})) {
      CliRun r = CliRun.of(args);
      assertEquals(Main.EXIT_USAGE, r.exitCode(), String.join(" ", args) + ": " + r.err());
      assertEquals(1, r.errLines().size(), r.err());
      assertTrue(r.err().startsWith("tdsim calibrate: "), r.err());
    }
  }

  @Test
  void aTinyCalibrationPrintsTheFitTableAndWritesTheModel() throws Exception {
    Path out = tmp.resolve("cal/model.yaml");
    CliRun r = CliRun.of("calibrate", "--variant", "fast", "--key-sets", "4x8,2x8", "--msgs",
        "1,2", "--reps", "1", "--max-threads", "2", "--out", out.toString());
    assertEquals(Main.EXIT_OK, r.exitCode(), r.err());
    assertTrue(r.out().startsWith("variant  operation"), r.out());
    assertTrue(r.out().contains("fast     COMBINE"), r.out());
    assertTrue(r.out().contains("fast     VERIFY"), r.out());
    assertTrue(r.out().contains("wrote " + out), r.out());
    assertTrue(r.err().contains("8/8 measurements"), r.err());
    assertTrue(r.out().contains("serial"), r.out());
    assertTrue(Files.exists(tmp.resolve("cal/model.scaling.csv")));
    assertTrue(CostModel.read(out).hasScaling());
    CostModel m = CostModel.read(out);
    assertTrue(m.fit("fast", CryptoOp.COMBINE).isPresent());
    assertTrue(Files.readString(out).contains("by: tdsim calibrate --variant fast"),
        Files.readString(out));
    assertTrue(Files.exists(tmp.resolve("cal/model.samples.csv")));
  }

  @Test
  void runRejectsAMalformedCalibrationFileWithOneLine() throws Exception {
    Path cal = tmp.resolve("bad.yaml");
    Files.writeString(cal, "format: tdsim-cost-model/1\nvariants: {fast: {COMBINE: {msgs: x}}}\n");
    Path scenario = tmp.resolve("s.yaml");
    Files.writeString(scenario, String.join("\n", "heights: 1", "validators: {count: 2}",
        "keys: {shares: 4}", "workload: {msgs_per_block: 1, msg_size: 10 B}",
        "crypto: {timing: model, calibration: bad.yaml}", ""));
    CliRun r = CliRun.of("run", scenario.toString(), "--quiet", "--out",
        tmp.resolve("out").toString());
    assertEquals(Main.EXIT_USAGE, r.exitCode(), r.err());
    assertEquals(1, r.errLines().size(), r.err());
    assertTrue(r.err().startsWith("tdsim run: " + scenario + ":5: crypto.calibration: calibration"
        + " file 'bad.yaml' is not a valid cost model: "), r.err());
    assertTrue(r.err().contains("variants.fast.COMBINE.msgs: expected a number"), r.err());
  }
}
