package dev.tdsim.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * CITATION.cff and LICENSE say what the build says: a citation of another version than the one
 * built, or a licence other than the pom's, would be cited and redistributed wrongly.
 */
class CitationFileTest {

  /** The text of the child element {@code name} of the pom's {@code <project>} (not nested). */
  private static String projectChild(Element project, String name) {
    for (Node n = project.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e.getTextContent().strip();
      }
    }
    throw new AssertionError("pom.xml has no <" + name + "> under <project>");
  }

  private static Element pom() throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new ByteArrayInputStream(RepoFiles.read("pom.xml")
            .getBytes(StandardCharsets.UTF_8))).getDocumentElement();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> citation() {
    return (Map<String, Object>) new Load(LoadSettings.builder().build())
        .loadFromString(RepoFiles.read("CITATION.cff"));
  }

  @Test
  void theCitationsVersionIsThePomsVersion() throws Exception {
    assertEquals(projectChild(pom(), "version"), String.valueOf(citation().get("version")),
        "CITATION.cff's version must be the parent pom.xml's <version> (bump both together)");
  }

  /** The fields CFF 1.2.0 requires, and the ones this file promises, in their formats. */
  @Test
  void theCitationHasTheFieldsCff120Requires() {
    Map<String, Object> cff = citation();
    assertEquals("1.2.0", String.valueOf(cff.get("cff-version")));
    for (String required : List.of("message", "title", "authors")) {
      assertTrue(cff.get(required) != null, "CITATION.cff lacks " + required);
    }
    assertEquals("software", cff.get("type"));
    List<?> authors = (List<?>) cff.get("authors");
    assertTrue(!authors.isEmpty() && authors.stream().allMatch(a -> a instanceof Map<?, ?> m
        && (m.get("name") != null || m.get("family-names") != null)),
        "every author is an entity (name) or a person (family-names): " + authors);
    // CFF's date-released is an ISO date; YAML may have read it as a string or a date
    LocalDate.parse(String.valueOf(cff.get("date-released")));
  }

  @Test
  void theLicenceIsApache20EverywhereItIsNamed() throws Exception {
    assertEquals("Apache-2.0", citation().get("license"));
    Element pom = pom();
    Element licenses = (Element) pom.getElementsByTagName("licenses").item(0);
    assertTrue(licenses != null, "pom.xml has no <licenses>");
    assertEquals("Apache-2.0",
        licenses.getElementsByTagName("name").item(0).getTextContent().strip());
    String licence = RepoFiles.read("LICENSE");
    assertTrue(licence.contains("Apache License\n                           Version 2.0, January"
        + " 2004"), "LICENSE is not the Apache License 2.0");
    // the whole text, not its short header: the terms run to section 9 and the appendix
    assertTrue(licence.contains("9. Accepting Warranty or Additional Liability.")
        && licence.contains("END OF TERMS AND CONDITIONS")
        && licence.contains("APPENDIX: How to apply the Apache License to your work."),
        "LICENSE is not the full Apache License 2.0 text");
  }
}
