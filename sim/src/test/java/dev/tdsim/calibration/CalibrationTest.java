package dev.tdsim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.scenario.InputException;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioException;
import dev.tdsim.scenario.ScenarioLoader;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny real calibration (folded, 4 and 2 validators on 8 shares, 1-3 messages) whose file a
 * {@code timing: model} scenario then uses; foreign, stale and malformed files.
 */
class CalibrationTest {
  @TempDir static Path tmp;
  private static Path file;
  private static Calibrator.Result result;
  private static String progress;

  @BeforeAll
  static void calibrate() throws Exception {
    file = tmp.resolve("cal/cost-model.yaml");
    CalibrationSettings settings = CalibrationSettings.of(List.of("folded"), false,
        CalibrationSettings.keys("4x8,2x8"), List.of(1, 2, 3), List.of(64, 256), null, null, 2,
        2, 2, 5, file);
    StringWriter err = new StringWriter();
    result = new Calibrator(settings, new PrintWriter(err, true)).run();
    progress = err.toString();
    CalibrationOutput.writeModel(file, result, settings, "tdsim calibrate (test)");
    CalibrationOutput.writeSamples(CalibrationOutput.samplesPath(file), result);
    CalibrationOutput.writeScalingSamples(CalibrationOutput.scalingSamplesPath(file), result);
  }

  private static String scenario(Path calibration) {
    return String.join("\n",
        "name: tiny-calibrated",
        "seed: 3",
        "heights: 2",
        "validators: {count: 4}",
        "keys: {shares: 8}",
        "workload: {msgs_per_block: 2, msg_size: 100 B}",
        "crypto: {variant: folded, timing: model, calibration: '" + calibration + "'}",
        "");
  }

  private static ScenarioRunner.Result run(Path calibration, List<String> lines)
      throws Exception {
    Scenario s = ScenarioLoader.parse(scenario(calibration), "test.yaml", List.of());
    return new ScenarioRunner(lines::add).run(s);
  }

  @Test
  void measuresEveryOperationOfTheVariantOnEveryGridPoint() {
    // 2 key sets x 3 message counts; folded has no VERIFY but a combined-result CHECK; BLAME
    // (one bad share) only where a validator beyond the threshold signers exists: 4x8 (3 of 4
    // validators reach t = 5), not 2x8 (both are needed).
    assertEquals(6, result.samples().stream().filter(s -> s.op() == CryptoOp.COMBINE).count());
    assertEquals(6, result.samples().stream().filter(s -> s.op() == CryptoOp.CHECK).count());
    assertEquals(3, result.samples().stream().filter(s -> s.op() == CryptoOp.BLAME).count());
    assertTrue(result.samples().stream().filter(s -> s.op() == CryptoOp.BLAME)
        .allMatch(s -> s.size().validators() == 4 && s.cpuNanos() > 0),
        "blame over the 3 threshold signers and one more, with real work");
    assertTrue(result.samples().stream().allMatch(s -> s.cpuNanos() >= 0));
    Map<CryptoOp, CostFit.Result> fits = result.fits().get("folded");
    assertEquals(List.of(CryptoOp.ENCRYPT, CryptoOp.ADMISSION_CHECK, CryptoOp.SHARE_CREATE,
        CryptoOp.DECODE, CryptoOp.VALIDITY, CryptoOp.PREPARE, CryptoOp.SIGNER_COEFFICIENTS,
        CryptoOp.COMBINE, CryptoOp.DECRYPT, CryptoOp.BLAME, CryptoOp.CHECK),
        new ArrayList<>(fits.keySet()));
    for (CostFit.Result r : fits.values()) {
      for (double c : r.coefficients().toArray()) {
        assertTrue(c >= 0, r.toString());
      }
    }
    // Up to three timed share makers per point: 3 signers of 4x8, 2 of 2x8.
    assertEquals(3 * 3 + 2 * 3,
        result.samples().stream().filter(s -> s.op() == CryptoOp.SHARE_CREATE).count());
    // 6 grid points x 2 rounds x 2 thread counts.
    assertTrue(progress.contains("24/24 measurements"), progress);
  }

  @Test
  void fitsAParallelScalingPerOperationFromTwoThreadCounts() {
    CostModel m = result.model();
    for (CryptoOp op : List.of(CryptoOp.ENCRYPT, CryptoOp.SHARE_CREATE, CryptoOp.COMBINE,
        CryptoOp.DECODE)) {
      dev.tdsim.timing.Scaling s = m.scaling("folded", op);
      assertEquals(2, s.measuredThreads(), op + " " + s);
      assertTrue(s.serialFraction() >= 0 && s.serialFraction() <= 1, s.toString());
      assertTrue(s.points() > 0, s.toString());
      assertEquals(1.0, s.cpuRatio().get(0));
    }
    // Every point measured at 1 and 2 threads, with the median of 2 rounds each.
    assertEquals(2L * result.samples().size(), result.scalingSamples().size());
    assertTrue(result.scalingSamples().stream().allMatch(s -> s.rounds() == 2));
    assertTrue(m.hasScaling());
    assertTrue(m.notes().isEmpty(), m.notes().toString());
  }

  @Test
  void writesAFileThatCostModelReadsWithFitAndFingerprint() throws Exception {
    CostModel m = CostModel.read(file);
    assertEquals(List.of("folded"), new ArrayList<>(m.coefficients().keySet()));
    assertEquals(6, m.fit("folded", CryptoOp.COMBINE).orElseThrow().points());
    assertEquals(MachineFingerprint.SOURCE, m.machine().get("source"));
    assertEquals(MachineFingerprint.current().cpu(), m.machine().get("cpu"));
    String text = Files.readString(file);
    assertTrue(text.startsWith("# tdsim cost model measured on this machine by: "), text);
    assertTrue(text.contains("fit: {r2: "), text);
    assertTrue(text.contains("scaling: {serial: "), text);
    assertEquals(result.model().scaling("folded", CryptoOp.COMBINE),
        m.scaling("folded", CryptoOp.COMBINE));
    List<String> scaling = Files.readAllLines(CalibrationOutput.scalingSamplesPath(file));
    assertEquals(result.scalingSamples().size() + 1, scaling.size());
    assertTrue(scaling.get(0).startsWith("variant,op,msgs,validators,shares,msg_bytes,threads,"),
        scaling.get(0));
    List<String> csv = Files.readAllLines(CalibrationOutput.samplesPath(file));
    assertEquals("variant,op,msgs,validators,shares,msg_bytes,cpu_ns,predicted_ns,rel_err",
        csv.get(0));
    assertEquals(result.samples().size() + 1, csv.size());
  }

  @Test
  void aModelTimedScenarioRunsOnTheCalibrationWithoutWarnings() throws Exception {
    List<String> lines = new ArrayList<>();
    ScenarioRunner.Result r = run(file, lines);
    assertEquals(2, r.heights().size());
    assertEquals(0, r.mismatches());
    assertEquals("model", r.timing());
    assertTrue(r.notes().stream().noneMatch(n -> n.contains("calibration")), r.notes().toString());
    assertTrue(lines.stream().noneMatch(l -> l.startsWith("warning")), lines.toString());
    // The same scenario and seed give the same durations from the file.
    assertEquals(r.heights(), run(file, new ArrayList<>()).heights());
  }

  private static Path rewritten(String name, String key, String value) throws Exception {
    String text = Files.readString(file);
    String changed = text.replaceFirst("(?m)^(  " + key + ": ).*$",
        "$1" + java.util.regex.Matcher.quoteReplacement(value));
    assertFalse(text.equals(changed), "no machine." + key + " in " + text);
    Path p = tmp.resolve(name);
    Files.writeString(p, changed);
    return p;
  }

  @Test
  void aForeignFileIsNotedAndWarned() throws Exception {
    Path foreign = rewritten("foreign.yaml", "cpu", "Imaginary CPU 9000");
    List<String> lines = new ArrayList<>();
    ScenarioRunner.Result r = run(foreign, lines);
    assertTrue(r.notes().stream().anyMatch(n -> n.contains(foreign + " is foreign")
        && n.contains("Imaginary CPU 9000")), r.notes().toString());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("warning: calibration file " + foreign
        + " is foreign")), lines.toString());
  }

  @Test
  void aStaleFileIsNotedAndWarned() throws Exception {
    Path stale = rewritten("stale.yaml", "created",
        Instant.now().minus(Duration.ofDays(40)).toString());
    List<String> lines = new ArrayList<>();
    ScenarioRunner.Result r = run(stale, lines);
    assertTrue(r.notes().stream().anyMatch(n -> n.contains(stale + " is stale: made 40 days ago")),
        r.notes().toString());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("warning:") && l.contains("stale")),
        lines.toString());
  }

  @Test
  void aMalformedFileIsBadInputWithOneLineWhenTheScenarioIsLoaded() throws Exception {
    // found when the scenario is loaded (so by validate too), not when the run starts
    Path bad = tmp.resolve("bad.yaml");
    Files.writeString(bad, Files.readString(file).replace("msgs_validators:", "msgs_validatorz:"));
    ScenarioException e = assertThrows(ScenarioException.class, () -> run(bad, new ArrayList<>()));
    assertEquals("crypto.calibration", e.getField());
    assertTrue(e.getProblem().startsWith("calibration file '" + bad + "' is not a valid cost"
        + " model: " + bad + ": variants.folded."), e.getMessage());
    assertTrue(e.getMessage().contains("unknown key 'msgs_validatorz'"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"));

    Path other = tmp.resolve("other-variant.yaml");
    Files.writeString(other, Files.readString(file).replace("  folded:", "  fast:"));
    e = assertThrows(ScenarioException.class, () -> run(other, new ArrayList<>()));
    assertTrue(e.getMessage().contains("has no variant 'folded'"), e.getMessage());
  }
}
