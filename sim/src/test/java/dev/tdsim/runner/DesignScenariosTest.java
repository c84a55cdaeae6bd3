package dev.tdsim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioException;
import dev.tdsim.scenario.ScenarioLoader;
import dev.tdsim.timing.CostModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The one-share-per-block designs run end to end through the scenario runner (consensus, network,
 * the design's real crypto at every height, every plaintext checked against what its client
 * sent), with share faults named; a scenario a design cannot host is refused at load.
 */
class DesignScenariosTest {
  private static Path scenarios() {
    for (Path p : List.of(Path.of("../scenarios"), Path.of("scenarios"))) {
      if (Files.isDirectory(p)) {
        return p;
      }
    }
    throw new AssertionError("scenarios/ not found from " + Path.of("").toAbsolutePath());
  }

  private static ScenarioRunner.Result run(String file, String... overrides) throws Exception {
    Scenario s = ScenarioLoader.load(scenarios().resolve(file), List.of(overrides));
    return new ScenarioRunner(line -> { }).run(s);
  }

  @ParameterizedTest
  @ValueSource(strings = {"block-key", "batched"})
  void everyPayloadOfEveryHeightOpensToWhatItsClientSent(String design) throws Exception {
    ScenarioRunner.Result r = run("small-committee.yaml", "crypto.variant=" + design,
        "heights=3", "workload.msgs_per_block=24", "validators.count=8", "keys.shares=32");
    assertEquals(3, r.heights().size());
    assertEquals(0, r.mismatches(), "every plaintext is what its client sent");
    for (HeightRecord h : r.heights()) {
      assertTrue(h.realCrypto());
      assertEquals(24, h.txCount());
      assertEquals(h.txCount(), h.opened(), design + " height " + h.height());
      assertEquals(List.of(), h.faulty());
    }
    // One 96-byte G1 point per validator per block; fast sends one 96-byte share per transaction.
    assertEquals(96, ScenarioRunner.shareBytesPerValidatorPerBlock(r.scenario(), r.heights()));
    Scenario fast = ScenarioLoader.load(scenarios().resolve("small-committee.yaml"), List.of(
        "crypto.variant=fast", "validators.count=8", "keys.shares=32"));
    assertEquals(24 * 96, ScenarioRunner.shareBytesPerValidatorPerBlock(fast, r.heights()));
    BlockDesign d = Designs.byName(design);
    assertEquals(design.equals("block-key"), d.disclosureCaveat().isPresent(),
        "block-key reveals every transaction sealed to the block's identity");
    d.disclosureCaveat().ifPresent(c -> assertTrue(r.notes().contains(
        "variant " + design + " discloses: " + c), "the disclosure is in every run's notes"));
    d.deploymentCaveat().ifPresent(c -> assertTrue(r.notes().contains(
        "variant " + design + ": " + c)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"block-key", "batched"})
  void aBadShareIsNamedAndTheBlockOpensFromTheOthers(String design) throws Exception {
    ScenarioRunner.Result r = run("faults/bad-share.yaml", "crypto.variant=" + design,
        "crypto.timing=measured", "heights=3");
    assertEquals(0, r.mismatches());
    assertEquals(List.of(), r.heights().get(0).faulty(), "height 1 has no fault");
    for (HeightRecord h : r.heights().subList(1, 3)) {
      assertEquals(List.of(14), h.faulty(), design + " height " + h.height());
      assertEquals(h.txCount(), h.opened());
      assertTrue(h.reshares() > 0, "its shares depend on the signer set: a reshare without 14");
    }
  }

  /**
   * The per-point forms: one message of one G1 point per key-share point, no signer set, so a
   * bad share is named and the block opens from the others' points (waiting for one more
   * validator when the first t points counted the bad one's), never by a new signer set.
   */
  @ParameterizedTest
  @ValueSource(strings = {"block-key-points", "batched-points"})
  void thePerPointFormsOpenEveryBlockAndNeedNoReshare(String design) throws Exception {
    ScenarioRunner.Result r = run("small-committee.yaml", "crypto.variant=" + design,
        "crypto.timing=measured", "heights=2", "workload.msgs_per_block=12",
        "validators.count=8", "keys.shares=32");
    assertEquals(0, r.mismatches(), "every plaintext is what its client sent");
    for (HeightRecord h : r.heights()) {
      assertTrue(h.realCrypto());
      assertEquals(h.txCount(), h.opened(), design + " height " + h.height());
      assertEquals(List.of(), h.faulty());
    }
    // 4 points per validator, 96 bytes each, in one message.
    assertEquals(4 * 96, ScenarioRunner.shareBytesPerValidatorPerBlock(r.scenario(), r.heights()));
    ScenarioRunner.Result bad = run("faults/bad-share.yaml", "crypto.variant=" + design,
        "crypto.timing=measured", "heights=3");
    assertEquals(0, bad.mismatches());
    for (HeightRecord h : bad.heights().subList(1, 3)) {
      assertEquals(List.of(14), h.faulty(), design + " height " + h.height());
      assertEquals(h.txCount(), h.opened());
      // No new signer set: at most one retry, when the first t points counted 14's.
      assertTrue(h.reshares() <= 1, design + " height " + h.height() + ": " + h.reshares());
    }
    assertFalse(Designs.byName(design).sharesDependOnSigners());
  }

  @ParameterizedTest
  @ValueSource(strings = {"block-key", "batched"})
  void aCollidingEncryptorIsRefusedAtLoadForADesignWithoutOne(String design) {
    assertFalse(Designs.byName(design).supportsKeyCollision());
    Path file = scenarios().resolve("faults/colluding-encryptor.yaml");
    ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(file,
        List.of("crypto.variant=" + design, "crypto.timing=measured")));
    assertEquals("faults[0].kind", e.getField(), e.getMessage());
    assertTrue(e.getLine() > 0, "located in the file: " + e.getMessage());
    assertTrue(e.getProblem().contains("colluding-encryptor needs a design")
        && e.getProblem().contains("'" + design + "'"), e.getMessage());
    // The Ferveo variants host it.
    ScenarioLoader.load(file, List.of("crypto.variant=folded"));
  }

  /** Every design tdsim ships is in the builtin cost model, so `timing: model` prices it. */
  @Test
  void everyDesignIsInTheBuiltinCostModel() {
    for (String design : Designs.names()) {
      assertTrue(CostModel.builtin().coefficients().containsKey(design), design);
      assertTrue(CostModel.builtin().missingOps(design).isEmpty(),
          design + " lacks " + CostModel.builtin().missingOps(design));
    }
  }

  /**
   * A cost model without a design's costs (a calibration file of other variants) cannot price
   * it under timing: model: refused at load, naming the command that measures it.
   */
  @Test
  void aDesignWithoutCostsCannotRunUnderTheModel(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    String builtin;
    try (var in = CostModel.class.getResourceAsStream("/builtin-cost-model.yaml")) {
      builtin = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
    // The builtin file with `fast` as its only variant.
    StringBuilder onlyFast = new StringBuilder();
    String variant = null;
    boolean inVariants = false;
    for (String line : builtin.split("\n", -1)) {
      if (line.startsWith("variants:")) {
        inVariants = true;
      } else if (inVariants && !line.isEmpty() && !line.startsWith(" ")) {
        inVariants = false;
      } else if (inVariants && line.startsWith("  ") && !line.startsWith("   ")) {
        variant = line.trim();
      }
      if (!inVariants || variant == null || variant.equals("fast:")) {
        onlyFast.append(line).append('\n');
      }
    }
    Path file = dir.resolve("only-fast.yaml");
    Files.writeString(file, onlyFast);
    assertEquals(List.of("fast"), List.copyOf(CostModel.read(file).coefficients().keySet()));
    for (String design : List.of("block-key", "batched-points")) {
      ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(
          scenarios().resolve("small-committee.yaml"), List.of("crypto.variant=" + design,
              "crypto.timing=model", "crypto.calibration=" + file)));
      assertTrue(e.getMessage().contains("has no variant '" + design + "'"), e.getMessage());
      assertTrue(e.getMessage().contains("tdsim calibrate --variant " + design), e.getMessage());
    }
  }
}
