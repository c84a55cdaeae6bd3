package dev.tdsim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.timing.CertificateCost;
import dev.tdsim.timing.CostModel;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code tdsim calibrate --certificates}: each aggregating scheme fitted on the real code. */
class CertificateCalibrationTest {
  @Test
  void everyAggregatingSchemeIsFittedToItsSignersAndPoints() {
    CertificateCalibration.Result r = CertificateCalibration.measure(
        new CalibrationSettings.CertificateGrid(CalibrationSettings.keys("4x16,8x32,4x64")), 1,
        line -> { });
    assertEquals(Set.of("bls-aggregate", "threshold-bls"), r.costs().keySet());
    assertEquals(2 * 3 * CertificateCost.Op.values().length, r.rows().size());
    for (CertificateCost cost : r.costs().values()) {
      assertEquals(Set.of(CertificateCost.Op.values()), cost.coefficients().keySet());
      assertTrue(cost.fits().values().stream().allMatch(f -> f.points() == 3));
    }
    // bls-aggregate has one key per validator: its calls never depend on the layout's points
    for (CertificateCalibration.Row row : r.rows()) {
      assertEquals(row.scheme().equals("bls-aggregate"), row.size().shares() == 0, row.toString());
      assertTrue(row.nanos() > 0, row.toString());
    }
    // threshold-bls signs one partial per point: 4, 4 and 16 points per signer here, so the
    // fitted sign grows by point, and predicts the largest signer within a factor of 2
    CertificateCost t = r.costs().get("threshold-bls");
    CostModel.Coefficients sign = t.coefficients().get(CertificateCost.Op.SIGN);
    assertTrue(sign.perShareNanos() > 0, sign.toString());
    CertificateCalibration.Row largest = r.rows().stream()
        .filter(x -> x.scheme().equals("threshold-bls") && x.op() == CertificateCost.Op.SIGN)
        .max(java.util.Comparator.comparingInt(x -> x.size().shares())).orElseThrow();
    double ratio = t.nanos(CertificateCost.Op.SIGN, largest.size()) / (double) largest.nanos();
    assertTrue(ratio > 0.5 && ratio < 2, "predicted/measured " + ratio);
    assertEquals(List.of("const", "shares"),
        CertificateCalibration.termsOf(CertificateCost.Op.VERIFY));
  }

  /** {@code tdsim calibrate --variant none --certificates}: a file of the certificates only. */
  @Test
  void aCertificatesOnlyCalibrationWritesAModelThatReadsBackAndItsSamples(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path file = dir.resolve("certs.yaml");
    CalibrationSettings settings = CalibrationSettings.of(List.of("none"), false, null, null,
        null, null, null, 1, 1, 1, 3, file, null,
        new CalibrationSettings.CertificateGrid(CalibrationSettings.keys("4x16,8x32")));
    Calibrator.Result result = new Calibrator(settings,
        new java.io.PrintWriter(new java.io.StringWriter(), true)).run();
    CalibrationOutput.writeModel(file, result, settings, "tdsim calibrate (test)");
    CalibrationOutput.writeSamples(CalibrationOutput.samplesPath(file), result);
    CostModel back = CostModel.read(file);
    assertEquals(result.model().certificates(), back.certificates());
    assertTrue(back.coefficients().isEmpty());
    assertTrue(java.nio.file.Files.readString(file).contains("# grid certificates"));
    List<String> lines = java.nio.file.Files.readAllLines(CalibrationOutput.samplesPath(file));
    assertEquals(1 + 2 * 2 * CertificateCost.Op.values().length, lines.size(), lines.toString());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("certificate:threshold-bls,SIGN,0,1,4,")),
        lines.toString());
  }
}
