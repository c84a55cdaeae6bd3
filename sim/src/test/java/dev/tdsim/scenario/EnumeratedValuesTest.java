package dev.tdsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every enumerated field, found from the one declaration of the keys (not a list written here):
 * a typo of one of its names gets "did you mean", on the command line and in a file.
 */
class EnumeratedValuesTest {
  private static final String BASE = "name: t\nvalidators: {count: 4}\nkeys: {shares: 8}\n";
  /** "unknown value 'x'; known: a, b" (and "unknown setup 'x'; known: ..." of keys.setup). */
  private static final Pattern UNKNOWN = Pattern.compile("unknown \\w+ 'zzqqzz'; known: ([^,;]+)");

  @Test
  void aTypoOfEveryEnumeratedFieldGetsDidYouMean() {
    List<String> enumerated = new ArrayList<>();
    for (String path : ScenarioKeys.paths()) {
      Matcher m = UNKNOWN.matcher(errorOf(path + "=zzqqzz"));
      if (!m.find()) {
        continue; // not a field of names
      }
      enumerated.add(path);
      String typo = m.group(1).strip() + "x";
      String error = errorOf(path + "=" + typo);
      assertTrue(error.endsWith("did you mean '" + m.group(1).strip() + "'?"), error);
    }
    // the fields the issue names, so that a change in the messages cannot empty this test
    assertTrue(enumerated.containsAll(List.of("network.model", "network.jitter",
        "consensus.protocol", "crypto.schedule", "crypto.design", "keys.setup")),
        enumerated.toString());
  }

  /** The first error of the base scenario with this override, or "" when it loads. */
  private static String errorOf(String override) {
    try {
      ScenarioLoader.parse(BASE, "t.yaml", List.of(override));
      return "";
    } catch (ScenarioException e) {
      return e.getMessage();
    }
  }

  @Test
  void inAFileTheGuessComesWithFileLineAndField() {
    ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(
        BASE + "network: {model: regionz}\n", "t.yaml", List.of()));
    assertEquals("t.yaml:4: network.model: unknown value 'regionz'; known: uniform, regions;"
        + " did you mean 'regions'?", e.getMessage());
    e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(
        BASE + "faults:\n  - kind: crsh\n", "t.yaml", List.of()));
    assertTrue(e.getMessage().startsWith("t.yaml:5: faults[0].kind: unknown fault kind 'crsh'")
        && e.getMessage().endsWith("did you mean 'crash'?"), e.getMessage());
    e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(
        "name: t\nvalidators: {count: 4, regions: [us-eastt]}\nkeys: {shares: 8}\n", "t.yaml",
        List.of()));
    assertTrue(e.getMessage().startsWith("t.yaml:2: validators.regions[0]: unknown region")
        && e.getMessage().endsWith("did you mean 'us-east'?"), e.getMessage());
  }
}
