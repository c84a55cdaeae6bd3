package dev.tdsim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code tdsim calibrate} of the one-share-per-block designs on tiny committees: every operation
 * the simulator charges them is measured and fitted, and a {@code timing: model} run of each
 * design reads the file.
 */
class DesignCalibrationTest {
  @TempDir static Path tmp;
  private static Path file;
  private static Calibrator.Result result;

  @BeforeAll
  static void calibrate() throws Exception {
    file = tmp.resolve("cal/cost-model.yaml");
    CalibrationSettings settings = CalibrationSettings.of(List.of("batched", "block-key"), false,
        CalibrationSettings.keys("4x8,8x16"), List.of(2, 3), List.of(64, 256), null, null, 1,
        2, 2, 5, file);
    result = new Calibrator(settings, new PrintWriter(new StringWriter(), true)).run();
    CalibrationOutput.writeModel(file, result, settings, "tdsim calibrate (test)");
  }

  @Test
  void theDesignsGetTheirOwnGridByDefault() {
    CalibrationSettings s = CalibrationSettings.of(List.of("fast", "block-key"), false, null,
        null, null, null, null, null, 1, 2, 1, tmp.resolve("x.yaml"));
    assertEquals(CalibrationSettings.DEFAULT, s.grids().get("fast"));
    assertEquals(CalibrationSettings.DEFAULT_DESIGN, s.grids().get("block-key"));
    assertTrue(CalibrationSettings.DEFAULT_DESIGN.keySets()
        .contains(new CalibrationSettings.KeySpec(1000, 8192)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"batched", "block-key"})
  void everyChargedOperationIsMeasuredAndFitted(String design) {
    Map<CryptoOp, CostFit.Result> fits = result.fits().get(design);
    for (CryptoOp op : List.of(CryptoOp.ENCRYPT, CryptoOp.ADMISSION_CHECK, CryptoOp.DIGEST,
        CryptoOp.EVAL_PROOFS, CryptoOp.SHARE_CREATE, CryptoOp.DECODE, CryptoOp.VERIFY,
        CryptoOp.PREPARE, CryptoOp.COMBINE, CryptoOp.DECRYPT, CryptoOp.BLAME)) {
      assertTrue(fits.containsKey(op), design + " " + op + ": " + fits.keySet());
    }
    assertTrue(!fits.containsKey(CryptoOp.CHECK), "the designs verify their shares");
    // 2 key sets x 2 message counts: PREPARE (a new signer set at every visit) at each point.
    assertEquals(4, result.samples().stream()
        .filter(s -> s.design().equals(design) && s.op() == CryptoOp.PREPARE).count());
    // Never a cache hit: each visit's signer set is new to the combiner's keys, so every
    // PREPARE point computes the set's folded keys.
    for (int v : List.of(4, 8)) {
      double[] prepare = result.samples().stream().filter(s -> s.design().equals(design)
          && s.op() == CryptoOp.PREPARE && s.size().validators() == v * 3 / 4 - (v == 8 ? 1 : 0))
          .mapToDouble(Sample::cpuNanos).toArray();
      assertEquals(2, prepare.length, design + " at " + v + " validators");
      assertTrue(Math.min(prepare[0], prepare[1]) > 0.1 * Math.max(prepare[0], prepare[1]),
          java.util.Arrays.toString(prepare));
    }
    // The share work does not grow with the block: one share per validator.
    assertEquals(0.0, result.model().coefficients().get(design).get(CryptoOp.SHARE_CREATE)
        .toArray()[1], design);
    assertTrue(result.samples().stream().filter(s -> s.design().equals(design))
        .allMatch(s -> s.cpuNanos() >= 0));
    assertTrue(result.samples().stream().anyMatch(s -> s.design().equals(design)
        && s.op() == CryptoOp.BLAME && s.cpuNanos() > 0), "blame with one wrong share");
  }

  @ParameterizedTest
  @ValueSource(strings = {"batched", "block-key"})
  void aModelTimedRunOfTheDesignReadsTheFile(String design) throws Exception {
    CostModel m = CostModel.read(file);
    assertTrue(m.coefficients().containsKey(design), m.coefficients().keySet().toString());
    String yaml = String.join("\n",
        "name: tiny-" + design,
        "seed: 3",
        "heights: 2",
        "validators: {count: 4}",
        "keys: {shares: 8}",
        "workload: {msgs_per_block: 2, msg_size: 100 B}",
        "crypto: {variant: " + design + ", timing: model, calibration: '" + file + "'}",
        "");
    List<String> lines = new ArrayList<>();
    Scenario s = ScenarioLoader.parse(yaml, "test.yaml", List.of());
    ScenarioRunner.Result r = new ScenarioRunner(lines::add).run(s);
    assertEquals(2, r.heights().size());
    assertEquals(0, r.mismatches());
    assertEquals("model", r.timing());
    assertTrue(lines.stream().noneMatch(l -> l.startsWith("warning")), lines.toString());
    ScenarioRunner.Result again = new ScenarioRunner(x -> { }).run(s);
    assertEquals(r.heights(), again.heights());
  }
}
