package dev.tdsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.timing.CostModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** keys.setup, keys.epoch_length, keys.dkg_lead, keys.dkg_timeout, keys.epoch_stakes. */
class KeysEpochsConfigTest {
  private static Scenario parse(String yaml) {
    return ScenarioLoader.parse(yaml, "t.yaml", List.of());
  }

  private static ScenarioException fail(String yaml) {
    return assertThrows(ScenarioException.class, () -> parse(yaml));
  }

  @Test
  void defaultsAreOneDealtKeySet() {
    KeysConfig k = ScenarioLoader.defaults(List.of()).keys();
    assertEquals(new KeysConfig(8192, 5461), k);
    assertEquals(KeySetup.DEALER, k.setup());
    assertEquals(0, k.epochLength());
    assertTrue(!k.usesDkg());
    String yaml = ScenarioWriter.toYaml(ScenarioLoader.defaults(List.of()));
    assertTrue(yaml.contains("  setup: dealer\n  epoch_length: none\n  dkg_lead: 0\n"
        + "  dkg_timeout: 30 s\n  epoch_stakes: []\n"), yaml);
  }

  @Test
  void epochKeysReadAndRoundTrip() {
    Scenario s = parse("""
        validators: {count: 3}
        keys: {shares: 64, setup: dkg, epoch_length: 5, dkg_lead: 2, dkg_timeout: 1500 ms,
               epoch_stakes: [[1, 2, 3], [3, 2, 1]]}
        """);
    KeysConfig k = s.keys();
    assertEquals(KeySetup.DKG, k.setup());
    assertEquals(5, k.epochLength());
    assertEquals(2, k.dkgLead());
    assertEquals(1_500_000_000L, k.dkgTimeoutNanos());
    assertEquals(List.of(List.of(1L, 2L, 3L), List.of(3L, 2L, 1L)), k.epochStakes());
    assertEquals(0, k.epochOf(5));
    assertEquals(1, k.epochOf(6));
    assertEquals(List.of(3L, 2L, 1L), k.stakesOf(7).orElseThrow(), "the last entry holds on");
    String yaml = ScenarioWriter.toYaml(s);
    Scenario back = ScenarioLoader.parse(yaml, "dump.yaml", List.of());
    assertEquals(s, back, yaml);
    assertTrue(yaml.contains("  epoch_stakes: [[1, 2, 3], [3, 2, 1]]\n"), yaml);
  }

  @Test
  void badValuesNameFileLineAndKey() {
    ScenarioException e = fail("keys:\n  setup: trusted\n");
    assertEquals("t.yaml:2: keys.setup: unknown setup 'trusted'; known: dealer, dkg",
        e.getMessage());
    e = fail("keys:\n  epoch_length: 0\n");
    assertTrue(e.getMessage().startsWith("t.yaml:2: keys.epoch_length: "), e.getMessage());
    e = fail("keys:\n  epoch_length: 4\n  dkg_lead: 4\n");
    assertTrue(e.getMessage().startsWith("t.yaml:3: keys.dkg_lead: must be 0 .. "
        + "keys.epoch_length - 1 (3)"), e.getMessage());
    e = fail("keys:\n  dkg_lead: 1\n");
    assertTrue(e.getMessage().startsWith("t.yaml:2: keys.dkg_lead: needs keys.epoch_length"),
        e.getMessage());
    e = fail("validators: {count: 2}\nkeys:\n  epoch_length: 4\n  epoch_stakes: [[1, 0]]\n");
    assertTrue(e.getMessage().startsWith("t.yaml:4: keys.epoch_stakes: entry 0: every stake"),
        e.getMessage());
    e = fail("validators: {count: 2}\nkeys:\n  epoch_length: 4\n  epoch_stakes: [[1, 2, 3]]\n");
    assertTrue(e.getMessage().startsWith("t.yaml:4: keys.epoch_stakes: entry 0 has 3 stakes;"),
        e.getMessage());
  }

  @Test
  void modelTimingPricesTheDkgWithTheCostModelsKeySetupOperations(@TempDir Path dir)
      throws Exception {
    // The builtin model has the DKG's operations: no refusal.
    parse("keys:\n  setup: dkg\ncrypto:\n  timing: model\n");
    parse("keys:\n  epoch_length: 10\ncrypto:\n  timing: model\n");
    // A calibration file without them (written before the DKG was calibrated) is refused when
    // the keys come from a DKG, naming the file and the missing operations.
    Files.writeString(dir.resolve("c.yaml"),
        CostModel.builtin().withKeySetup(CostModel.OpCosts.NONE).toYaml());
    Path file = dir.resolve("s.yaml");
    Files.writeString(file, "keys:\n  setup: dkg\ncrypto:\n  timing: model\n"
        + "  calibration: c.yaml\n");
    ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(file));
    assertTrue(e.getMessage().startsWith(file + ":5: crypto.calibration: calibration file"
        + " 'c.yaml' has no cost for DKG_DEAL, DKG_VERIFY, DKG_AGGREGATE, DKG_OWN_CHECK (the"
        + " key setup's DKG"), e.getMessage());
    // The same file is fine for a dealer's keys, and under timing: measured.
    Files.writeString(file, "crypto:\n  timing: model\n  calibration: c.yaml\n");
    ScenarioLoader.load(file);
    Files.writeString(file, "keys:\n  setup: dkg\ncrypto:\n  timing: measured\n"
        + "  calibration: c.yaml\n");
    ScenarioLoader.load(file);
  }

  @Test
  void dealerFaultsNeedADkg() {
    ScenarioException e = fail("faults:\n  - kind: lying-dealer\n    validators: [1]\n");
    assertTrue(e.getMessage().contains("faults[0].kind: lying-dealer acts on DKG dealers: it"
        + " needs keys.setup: dkg or keys.epoch_length"), e.getMessage());
    parse("keys: {setup: dkg}\nfaults:\n  - kind: crashed-dealer\n    validators: [1]\n");
  }
}
