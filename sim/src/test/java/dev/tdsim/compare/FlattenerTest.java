package dev.tdsim.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.scenario.ScenarioLoader;
import dev.tdsim.scenario.ScenarioWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FlattenerTest {
  @Test
  void mappingsJoinWithDotsAndScalarListsStayOneValue() {
    Map<String, String> flat = Flattener.flatten(String.join("\n",
        "name: x",
        "keys: {shares: 64, threshold: 42}",
        "budgets: [100 ms, 1 s]",
        "validators:",
        "  speed: 1.0",
        "  stake: equal",
        "sweep: {}",
        "odd: [{a: 1}, [2, 3]]",
        "none: ~",
        ""), "t.yaml");
    assertEquals(List.of("name", "keys.shares", "keys.threshold", "budgets", "validators.speed",
        "validators.stake", "sweep", "odd[0].a", "odd[1]", "none"), List.copyOf(flat.keySet()));
    assertEquals("64", flat.get("keys.shares"));
    assertEquals("[100 ms, 1 s]", flat.get("budgets"));
    assertEquals("1.0", flat.get("validators.speed"));
    assertEquals("{}", flat.get("sweep"));
    assertEquals("[2, 3]", flat.get("odd[1]"));
    assertEquals("~", flat.get("none"));
  }

  @Test
  void theCanonicalScenarioFlattensToEveryField() {
    var s = ScenarioLoader.defaults(List.of("sweep.keys.shares=[64, 128]"));
    Map<String, String> flat = Flattener.flatten(ScenarioWriter.toYaml(s), "s.yaml");
    assertEquals("fast", flat.get("crypto.design"));
    assertEquals("50 ms", flat.get("network.latency"));
    assertEquals("[64, 128]", flat.get("sweep.keys.shares"));
    assertTrue(flat.containsKey("consensus.timeout_propose"), flat.toString());
  }

  @Test
  void badYamlAndNonMappingsAreOneLineErrorsNamingTheFile() {
    CompareException bad = assertThrows(CompareException.class,
        () -> Flattener.flatten("a: [1, 2\nb: 3\n", "x/scenario.yaml"));
    assertTrue(bad.getMessage().startsWith("x/scenario.yaml: invalid YAML"), bad.getMessage());
    assertTrue(!bad.getMessage().contains("\n"), bad.getMessage());
    CompareException list = assertThrows(CompareException.class,
        () -> Flattener.flatten("- 1\n- 2\n", "y.yaml"));
    assertTrue(list.getMessage().contains("not a scenario"), list.getMessage());
  }
}
