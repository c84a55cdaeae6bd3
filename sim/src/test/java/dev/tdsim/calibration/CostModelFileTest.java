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
}
