package dev.tdsim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import dev.tdsim.timing.Scaling;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny real calibration of the key setup's DKG alone ({@code --variant none --dkg}) on three
 * small key sets: every DKG operation measured and fitted, with its serial fraction, into the
 * model's key_setup section, and the file read back.
 */
class DkgCalibrationTest {
  @TempDir static Path tmp;
  private static Path file;
  private static Calibrator.Result result;

  @BeforeAll
  static void calibrate() throws Exception {
    file = tmp.resolve("dkg.yaml");
    CalibrationSettings settings = CalibrationSettings.of(List.of("none"), false, null, null,
        null, null, null, 1, 2, 2, 5, file,
        new CalibrationSettings.DkgGrid(CalibrationSettings.keys("4x16,4x64,8x128")), null);
    result = new Calibrator(settings, new PrintWriter(new StringWriter(), true)).run();
    CalibrationOutput.writeModel(file, result, settings, "tdsim calibrate (test)");
    CalibrationOutput.writeSamples(CalibrationOutput.samplesPath(file), result);
  }

  @Test
  void everyDkgOperationIsMeasuredOnEveryKeySetAndFitted() {
    // Deal and verification once per key set; aggregation and own check at D = 2 and at the
    // most transcripts dealt (min(V, 16384 / N): 4, 4, 8).
    assertEquals(3, count(CryptoOp.DKG_DEAL));
    assertEquals(3, count(CryptoOp.DKG_VERIFY));
    assertEquals(6, count(CryptoOp.DKG_AGGREGATE));
    assertEquals(6, count(CryptoOp.DKG_OWN_CHECK));
    assertTrue(result.samples().stream().filter(s -> s.op() == CryptoOp.DKG_AGGREGATE)
        .anyMatch(s -> s.size().msgs() == 8 && s.size().shares() == 128));
    CostModel m = result.model();
    assertTrue(m.coefficients().isEmpty(), "no variant was calibrated");
    for (CryptoOp op : List.of(CryptoOp.DKG_DEAL, CryptoOp.DKG_VERIFY, CryptoOp.DKG_AGGREGATE,
        CryptoOp.DKG_OWN_CHECK)) {
      assertTrue(m.keySetup().coefficients().containsKey(op), op.name());
      assertTrue(m.fit("any", op).isPresent(), op.name());
    }
    // A deal and a verification grow with the points.
    for (CryptoOp op : List.of(CryptoOp.DKG_DEAL, CryptoOp.DKG_VERIFY)) {
      assertTrue(m.cpuNanos("any", op, new OpSize(1, 8, 1024, 0))
          > 4 * m.cpuNanos("any", op, new OpSize(1, 8, 128, 0)), op.name());
    }
    // The three parallel operations got a serial fraction measured at 1 and 2 threads; the own
    // check runs on one thread (1 parallel unit) and has none.
    for (CryptoOp op : List.of(CryptoOp.DKG_DEAL, CryptoOp.DKG_VERIFY,
        CryptoOp.DKG_AGGREGATE)) {
      Scaling s = m.scaling("any", op);
      assertEquals(2, s.measuredThreads(), op.name());
      assertTrue(s.points() > 0 && s.serialFraction() >= 0 && s.serialFraction() <= 1,
          op + " " + s);
    }
    assertTrue(result.scalingFits().get(Calibrator.KEY_SETUP).containsKey(CryptoOp.DKG_DEAL));
    assertTrue(!result.scalingFits().get(Calibrator.KEY_SETUP)
        .containsKey(CryptoOp.DKG_OWN_CHECK));
  }

  private static long count(CryptoOp op) {
    return result.samples().stream().filter(s -> s.op() == op).count();
  }

  @Test
  void theFileKeepsTheKeySetupSection() throws Exception {
    String text = Files.readString(file);
    assertTrue(text.contains("# grid key_setup (the PVSS DKG)"), text);
    // no payloads are encrypted in a DKG-only calibration, so the header names no sizes
    assertFalse(text.contains("payload sizes"), text);
    assertTrue(text.matches("(?s).*\n# \\d+ interleaved rounds at 1\\.\\.\\d+ threads.*"), text);
    assertTrue(text.contains("\nkey_setup:\n  DKG_DEAL: {const: "), text);
    CostModel read = CostModel.read(file);
    OpSize size = new OpSize(8, 8, 128, 0);
    for (CryptoOp op : result.model().keySetup().coefficients().keySet()) {
      assertEquals(result.model().cpuNanos("x", op, size), read.cpuNanos("fast", op, size));
      assertEquals(result.model().scaling("x", op), read.scaling("batched", op));
    }
    assertTrue(read.missingKeySetupOps().isEmpty());
    String csv = Files.readString(CalibrationOutput.samplesPath(file));
    assertTrue(csv.contains("\nkey_setup,DKG_AGGREGATE,8,8,128,0,"), csv);
  }

  @Test
  void keySetupOperationsLiveInTheirOwnSection() {
    String base = "format: tdsim-cost-model/1\n";
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CostModel.read(write(base + "variants:\n  fast:\n    DKG_DEAL: {const: 1}\n")));
    assertTrue(e.getMessage().contains("variants.fast.DKG_DEAL: a key-setup operation, the same"
        + " for every variant: it belongs under key_setup"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> CostModel.read(
        write(base + "variants: {}\nkey_setup:\n  COMBINE: {const: 1}\n")));
    assertTrue(e.getMessage().contains("key_setup.COMBINE: not a key-setup operation"),
        e.getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> CostModel.read(
        write(base + "key_setup:\n  DKG_FOO: {const: 1}\n"))).getMessage()
        .contains("unknown operation; known: DKG_DEAL, DKG_VERIFY, DKG_AGGREGATE, DKG_OWN_CHECK"));
  }

  private static Path write(String yaml) throws Exception {
    Path f = Files.createTempFile(tmp, "m", ".yaml");
    Files.writeString(f, yaml);
    return f;
  }

  @Test
  void dkgGridsAreChecked() {
    assertEquals(List.of(2, 64), CalibrationSettings.DkgGrid.transcripts(
        CalibrationSettings.KeySpec.parse("64x256")));
    assertEquals(List.of(2, 4), CalibrationSettings.DkgGrid.transcripts(
        CalibrationSettings.KeySpec.parse("150x4096")));
    assertEquals(List.of(2), CalibrationSettings.DkgGrid.transcripts(
        CalibrationSettings.KeySpec.parse("150x8192")));
    assertThrows(IllegalArgumentException.class, () -> new CalibrationSettings.DkgGrid(
        CalibrationSettings.keys("1x16")));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> CalibrationSettings.of(
        List.of("none"), false, null, null, null, null, null, 1, 1, 1, 1, file))
        .getMessage().contains("--variant none with --dkg"));
  }
}
