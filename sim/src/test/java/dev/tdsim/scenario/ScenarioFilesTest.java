package dev.tdsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The broken example files under src/test/resources/scenarios fail where they say. */
class ScenarioFilesTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', nullValues = "-", value = {
      "broken-syntax.yaml | 6 | - | invalid YAML: mapping values are not allowed here",
      "broken-threshold.yaml | 7 | keys.threshold | 9000 is above keys.shares (8192)",
      "broken-unknown-key.yaml | 5 | consensus.timout_propose | did you mean 'timeout_propose'?",
      "broken-units.yaml | 5 | network.latency | '150' has no unit; add a unit, e.g. '150 ms'",
      "broken-types.yaml | 4 | validators.count | expected an integer, got 'many'",
      "broken-cross-field.yaml | 4 | validators.count | above keys.shares (128)",
  })
  void brokenFilesFailAtTheirLine(String name, int line, String field, String problem)
      throws URISyntaxException {
    Path file = resource(name);
    ScenarioException e = assertThrows(ScenarioException.class,
        () -> ScenarioLoader.load(file, List.of()));
    assertEquals(file.toString(), e.getFile());
    assertEquals(line, e.getLine(), e.getMessage());
    assertEquals(field, e.getField(), e.getMessage());
    assertTrue(e.getMessage().startsWith(
        file + ":" + line + ": " + (field == null ? "" : field + ": ")), e.getMessage());
    assertTrue(e.getProblem().contains(problem), e.getMessage());
  }

  private static Path resource(String name) throws URISyntaxException {
    URL url = ScenarioFilesTest.class.getResource("/scenarios/" + name);
    assertTrue(url != null, name + " is missing from the test resources");
    return Path.of(url.toURI());
  }
}
