package dev.tdsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/SCENARIOS.md's key tables are the declarations: each section's rows (key, type, default,
 * allowed values, Java component) are those its schema renders, in its key order.
 */
class SchemaDocsTest {
  private static final Pattern KEY_ROW = Pattern.compile("^\\| `([a-z_]+)` \\|.*");

  private static String doc() throws IOException {
    for (Path p : List.of(Path.of("../docs/SCENARIOS.md"), Path.of("docs/SCENARIOS.md"))) {
      if (Files.exists(p)) {
        return Files.readString(p);
      }
    }
    throw new AssertionError("docs/SCENARIOS.md not found from " + Path.of("").toAbsolutePath());
  }

  /** The rows of the keys of {@code section} under {@code heading}, up to the next heading. */
  private static List<String> rows(String doc, String heading, Section<?> section) {
    int start = doc.indexOf("\n" + heading + "\n");
    assertTrue(start >= 0, heading + " is not a heading of docs/SCENARIOS.md");
    int end = doc.indexOf("\n### ", start + 1);
    List<String> out = new ArrayList<>();
    for (String line : doc.substring(start, end < 0 ? doc.length() : end).split("\n")) {
      Matcher m = KEY_ROW.matcher(line);
      if (m.matches() && section.acceptedKeys().contains(m.group(1))) {
        out.add(line);
      }
    }
    return out;
  }

  private static void assertTable(String doc, String heading, Section<?> section) {
    List<String> expected = section.docRows();
    assertEquals(String.join("\n", expected), String.join("\n", rows(doc, heading, section)),
        heading + ": the rows of docs/SCENARIOS.md differ from the declarations");
  }

  @Test
  void theTopLevelTableIsTheDeclarations() throws IOException {
    assertTable(doc(), "### Top level", ScenarioSchema.TOP);
  }

  @Test
  void everySectionTableIsTheDeclarations() throws IOException {
    String doc = doc();
    for (Section<?> section : ScenarioSchema.SECTIONS) {
      assertTable(doc, "### `" + section.path() + "`", section);
    }
  }
}
