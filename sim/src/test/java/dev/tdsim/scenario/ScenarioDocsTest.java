package dev.tdsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/SCENARIOS.md stays true: its complete example is the defaults, every key is documented. */
class ScenarioDocsTest {

  private static String doc() throws IOException {
    for (Path p : List.of(Path.of("../docs/SCENARIOS.md"), Path.of("docs/SCENARIOS.md"))) {
      if (Files.exists(p)) {
        return Files.readString(p);
      }
    }
    throw new AssertionError("docs/SCENARIOS.md not found from " + Path.of("").toAbsolutePath());
  }

  @Test
  void theCompleteExampleIsTheDefaults() throws IOException {
    String doc = doc();
    int section = doc.indexOf("## Complete example");
    int start = doc.indexOf("```yaml\n", section) + "```yaml\n".length();
    int end = doc.indexOf("```", start);
    String example = doc.substring(start, end);
    Scenario s = ScenarioLoader.parse(example, "example.yaml", List.of());
    assertEquals(ScenarioLoader.defaults(List.of("name=example")), s);
  }

  @Test
  void everyKeyIsDocumented() throws IOException {
    String doc = doc();
    for (String path : ScenarioKeys.paths()) {
      String key = path.substring(path.lastIndexOf('.') + 1);
      assertTrue(doc.contains("| `" + key + "` |"), key + " has no row in docs/SCENARIOS.md");
    }
    for (String section : ScenarioKeys.SECTIONS.keySet()) {
      assertTrue(doc.contains("### `" + section + "`"), section);
    }
  }

  /** The region names the doc lists (validators section) are exactly those the code accepts. */
  @Test
  void theRegionListIsTheCodes() throws IOException {
    String doc = doc();
    int start = doc.indexOf("the AWS region codes");
    int end = doc.indexOf("(each the `-1` region)", start);
    assertTrue(start > 0 && end > start, "the region list of docs/SCENARIOS.md moved");
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("`([a-z0-9-]+)`( \\(([a-z0-9-]+)\\))?")
            .matcher(doc.substring(start, end));
    List<String> listed = new java.util.ArrayList<>();
    while (m.find()) {
      listed.add(m.group(1));
      if (m.group(3) != null) {
        // a short name with its code: the code it stands for is the code's
        assertEquals(m.group(3), dev.tdsim.network.RegionLatency.codes().stream()
            .filter(c -> dev.tdsim.network.RegionLatency.aliasesOf(c).contains(m.group(1)))
            .findFirst().orElse("none"), m.group(1));
      }
    }
    assertEquals(dev.tdsim.network.RegionLatency.knownRegionNames(), listed);
  }

  /** README's Layout section names every docs/*.md. */
  @Test
  void theReadmeLayoutListsEveryDoc() throws IOException {
    Path root = Files.exists(Path.of("../README.md")) ? Path.of("..") : Path.of(".");
    String readme = Files.readString(root.resolve("README.md"));
    String layout = readme.substring(readme.indexOf("## Layout"));
    List<String> docs;
    try (var files = Files.list(root.resolve("docs"))) {
      docs = files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".md")).sorted()
          .toList();
    }
    assertTrue(docs.size() >= 6, "docs/*.md: " + docs);
    for (String d : docs) {
      assertTrue(layout.contains("(docs/" + d + ")"), d + " is not in README's Layout section");
    }
  }
}
