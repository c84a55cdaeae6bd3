package dev.tdsim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import dev.tdsim.timing.Scaling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cost-model file keeps the fit next to the coefficients; a malformed one says why. */
class CostModelFileTest {
  @TempDir Path tmp;

  private static final String GOOD = String.join("\n",
      "format: tdsim-cost-model/1",
      "machine: {cpu: x}",
      "variants:",
      "  fast:",
      "    COMBINE: {msgs: 400000, msgs_validators: 178000, fit: {r2: 0.998, max_rel_err: 0.04,"
          + " points: 24}}",
      "    DECODE: {msgs_validators: 1000}",
      "");

  private Path write(String yaml) throws Exception {
    Path p = tmp.resolve("m" + System.nanoTime() + ".yaml");
    Files.writeString(p, yaml);
    return p;
  }

  @Test
  void readsAndWritesTheFitNextToTheCoefficients() throws Exception {
    CostModel m = CostModel.read(write(GOOD));
    assertEquals(new CostModel.Fit(0.998, 0.04, 24), m.fit("fast", CryptoOp.COMBINE).orElseThrow());
    assertFalse(m.fit("fast", CryptoOp.DECODE).isPresent());
    assertEquals(400_000 + 178_000 * 150,
        m.cpuNanos("fast", CryptoOp.COMBINE, new OpSize(1, 150, 8192, 1000)));
    CostModel again = CostModel.read(write(m.toYaml()));
    assertEquals(m.coefficients(), again.coefficients());
    assertEquals(m.fit("fast", CryptoOp.COMBINE), again.fit("fast", CryptoOp.COMBINE));
    assertTrue(m.toYaml().contains("fit"), m.toYaml());
  }

  @Test
  void aModelWithoutFitsStillRoundTrips() throws Exception {
    Map<CryptoOp, CostModel.Coefficients> ops = new EnumMap<>(CryptoOp.class);
    ops.put(CryptoOp.PREPARE, new CostModel.Coefficients(1, 0, 0, 0, 2, 0, 0));
    CostModel m = new CostModel(Map.of("folded", ops), Map.of("cpu", "x"), "test");
    assertEquals(m.coefficients(), CostModel.read(write(m.toYaml())).coefficients());
    assertEquals(CostModel.builtin().coefficients(),
        CostModel.read(write(CostModel.builtin().toYaml())).coefficients());
  }

  @Test
  void aFileWithoutScalingReadsWithTheBuiltinSerialFractionsAndANote() throws Exception {
    CostModel old = CostModel.read(write(GOOD));
    assertFalse(old.hasScaling());
    assertTrue(CostModel.builtin().hasScaling(), "the builtin model has measured scaling");
    assertEquals(CostModel.builtin().scaling("fast", CryptoOp.COMBINE),
        old.scaling("fast", CryptoOp.COMBINE));
    assertTrue(old.notes().get(0).contains("has no parallel scaling"), old.notes().toString());
    assertTrue(CostModel.builtin().notes().isEmpty());
    // An operation no calibration measured scales linearly (the old rule): fast verifies its
    // shares, so it has no combined-result check.
    assertEquals(Scaling.LINEAR, CostModel.builtin().scaling("fast", CryptoOp.CHECK));
  }

  @Test
  void readsAndWritesTheScalingNextToTheCoefficients() throws Exception {
    String yaml = GOOD.replace("DECODE: {msgs_validators: 1000}", "DECODE: {msgs_validators:"
        + " 1000, scaling: {serial: 0.31, serial_se: 0.02, points: 12, cpu_ratio: [1.0, 1.4]}}");
    CostModel m = CostModel.read(write(yaml));
    Scaling s = m.scaling("fast", CryptoOp.DECODE);
    assertEquals(new Scaling(0.31, 0.02, 12, List.of(1.0, 1.4)), s);
    assertEquals(2, m.measuredThreads());
    assertTrue(m.notes().isEmpty());
    CostModel again = CostModel.read(write(m.toYaml()));
    assertEquals(s, again.scaling("fast", CryptoOp.DECODE));
    assertEquals(Scaling.LINEAR, again.scaling("fast", CryptoOp.COMBINE));
    assertTrue(error(yaml.replace("serial: 0.31", "serial: 1.5"))
        .contains("variants.fast.DECODE.scaling.serial: expected a number in [0, 1]"));
    assertTrue(error(yaml.replace("cpu_ratio: [1.0, 1.4]", "cpu_ratio: [1.0, -2]"))
        .contains("variants.fast.DECODE.scaling.cpu_ratio: expected positive numbers"));
    assertTrue(error(yaml.replace("points: 12", "pointz: 12"))
        .contains("unknown key 'pointz'"));
  }

  private String error(String yaml) throws Exception {
    Path p = write(yaml);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CostModel.read(p));
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    assertTrue(e.getMessage().startsWith(p.toString() + ": "), e.getMessage());
    return e.getMessage();
  }

  @Test
  void malformedFilesFailWithOneLineNamingTheProblem() throws Exception {
    assertTrue(error("format: other\n").contains("not a tdsim cost model"));
    assertTrue(error("format: tdsim-cost-model/1\n").contains("missing 'variants'"));
    assertTrue(error("format: tdsim-cost-model/1\nvariants: {fast: [1]}\n")
        .contains("variants.fast: expected a mapping of operations"));
    assertTrue(error("format: tdsim-cost-model/1\nvariants: {fast: {COMBIN: {msgs: 1}}}\n")
        .contains("variants.fast.COMBIN: unknown operation; known: ENCRYPT"));
    assertTrue(error("format: tdsim-cost-model/1\nvariants: {fast: {COMBINE: {msg: 1}}}\n")
        .contains("variants.fast.COMBINE: unknown key 'msg'; known: const, msgs"));
    assertTrue(error("format: tdsim-cost-model/1\nvariants: {fast: {COMBINE: {msgs: fast}}}\n")
        .contains("variants.fast.COMBINE.msgs: expected a number (nanoseconds), got 'fast'"));
    assertTrue(error("format: tdsim-cost-model/1\nvariants: {fast: {COMBINE: {msgs: -3}}}\n")
        .contains("variants.fast.COMBINE.msgs: must be >= 0"));
    assertTrue(error("format: tdsim-cost-model/1\nvariants: {fast: {COMBINE: 5}}\n")
        .contains("variants.fast.COMBINE: expected a mapping of terms"));
    assertTrue(error("format: tdsim-cost-model/1\nvariants: {fast: {COMBINE: {msgs: 1}\n")
        .contains("invalid YAML"));
    assertTrue(error("format: tdsim-cost-model/1\nmachine: 3\nvariants: {fast: {}}\n")
        .contains("machine: expected a mapping"));
  }

  @Test
  void voteCostsKeepTheFileOrder() throws Exception {
    String yaml = GOOD + "votes:\n  ed25519: {sign: 2, verify: 3}\n  bls: {sign: 5, verify: 7}\n";
    String written = CostModel.read(write(yaml)).toYaml();
    assertTrue(written.endsWith("votes:\n  ed25519: {sign: 2, verify: 3}\n"
        + "  bls: {sign: 5, verify: 7}\n"), written);
  }

  private static final String CERT = String.join("\n",
      "certificates:",
      "  threshold-bls:",
      "    SIGN: {const: 60000, shares: 100000, fit: {r2: 0.999, max_rel_err: 0.04, points: 5}}",
      "    VERIFY: {const: 1200000, shares: 90000}",
      "    BATCH_VERIFY: {const: 2600000, validators: 4000, shares: 70000}",
      "    COMBINE: {const: 2700000, shares: 19000}",
      "    CHECK: {const: 1100000}",
      "");

  @Test
  void certificateCostsRoundTripAndPredictFromSignersAndPoints() throws Exception {
    CostModel m = CostModel.read(write(GOOD + CERT));
    dev.tdsim.timing.CertificateCost c = m.certificateCost("threshold-bls").orElseThrow();
    assertTrue(m.certificateCost("bls-aggregate").isEmpty());
    // one signer holding 55 points signs in 60 us + 55 x 100 us
    assertEquals(60_000 + 55 * 100_000, c.nanos(dev.tdsim.timing.CertificateCost.Op.SIGN,
        dev.tdsim.timing.CertificateCost.signerSize(55)));
    assertEquals(2_600_000 + 101 * 4_000 + 5461 * 70_000L, c.nanos(
        dev.tdsim.timing.CertificateCost.Op.BATCH_VERIFY,
        dev.tdsim.timing.CertificateCost.quorumSize(101, 5461)));
    assertEquals(0.999, c.fit(dev.tdsim.timing.CertificateCost.Op.SIGN).orElseThrow().r2());
    CostModel again = CostModel.read(write(m.toYaml()));
    assertEquals(c, again.certificateCost("threshold-bls").orElseThrow());
    // a file of certificate costs only (tdsim calibrate --variant none --certificates)
    CostModel only = CostModel.read(write("format: tdsim-cost-model/1\n" + CERT));
    assertEquals(c, only.certificateCost("threshold-bls").orElseThrow());
    assertTrue(only.coefficients().isEmpty());
  }

  @Test
  void malformedCertificateCostsFailWithOneLineNamingTheProblem() throws Exception {
    assertTrue(error(GOOD + "certificates: 3\n")
        .contains("certificates: expected a mapping of certificate schemes"));
    assertTrue(error(GOOD + CERT.replace("    CHECK: {const: 1100000}\n", ""))
        .contains("certificates.threshold-bls: needs every operation (SIGN, VERIFY,"
            + " BATCH_VERIFY, COMBINE, CHECK)"));
    assertTrue(error(GOOD + CERT.replace("CHECK:", "CHEK:"))
        .contains("certificates.threshold-bls.CHEK: unknown operation; known: SIGN"));
    assertTrue(error(GOOD + CERT.replace("{const: 1100000}", "{const: -1}"))
        .contains("certificates.threshold-bls.CHECK.const: must be >= 0"));
    assertTrue(error(GOOD + CERT.replace("{const: 1100000}", "{const: 1, scaling: {}}"))
        .contains("certificates.threshold-bls.CHECK: unknown key 'scaling'; known: const"));
    assertTrue(error(GOOD + CERT.replace("    CHECK: {const: 1100000}", "    CHECK: 4"))
        .contains("certificates.threshold-bls.CHECK: expected a mapping of terms"));
  }
}
