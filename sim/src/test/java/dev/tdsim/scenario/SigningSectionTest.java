package dev.tdsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.signing.SigningStart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The signing section: defaults, every check located at its field, and the timing it needs. */
class SigningSectionTest {
  private static final String BASE = String.join("\n",
      "name: s",
      "heights: 2",
      "validators: {count: 8}",
      "keys: {shares: 8}",
      "crypto: {timing: measured}",
      "");

  private static Scenario parse(String extra, String... sets) {
    return ScenarioLoader.parse(BASE + extra, "s.yaml", List.of(sets));
  }

  private static String error(String extra, String... sets) {
    return assertThrows(RuntimeException.class, () -> parse(extra, sets)).getMessage();
  }

  @Test
  void absentMeansNoCommitteeAndDefaultsArePapersMiddleRow() {
    assertFalse(parse("").signing().isPresent());
    SigningConfig s = parse("signing: {}\n").signing().orElseThrow();
    assertEquals("threshold-bls", s.scheme());
    assertEquals(3, s.threshold());
    assertEquals(5, s.parties());
    assertEquals(SigningStart.COMMIT, s.when());
    SigningConfig set = parse("", "signing.parties=7", "signing.threshold=5",
        "signing.start=presigned").signing().orElseThrow();
    assertEquals(7, set.parties());
    assertEquals(5, set.threshold());
    assertEquals(SigningStart.PRESIGNED, set.when());
  }

  @Test
  void mistakesNameTheirField() {
    String scheme = error("signing: {scheme: threshold-bsl}\n");
    assertTrue(scheme.contains("signing.scheme") && scheme.contains("threshold-bls"), scheme);
    String t = error("signing: {threshold: 6, parties: 5}\n");
    assertTrue(t.contains("signing.threshold") && t.contains("[1, signing.parties = 5]"), t);
    String least = error("signing: {scheme: frost-ed25519, threshold: 1}\n");
    assertTrue(least.contains("signing.threshold")
        && least.contains("[2 (frost-ed25519's least), signing.parties = 5]"), least);
    String n = error("signing: {threshold: 2, parties: 9}\n");
    assertTrue(n.contains("signing.parties") && n.contains("validators.count (8)"), n);
    String start = error("signing: {start: later}\n");
    assertTrue(start.contains("signing.start") && start.contains("pipelined"), start);
    String key = error("signing: {schem: frost}\n");
    assertTrue(key.contains("schem"), key);
  }

  @Test
  void aFilesMistakeNamesFileLineAndField(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("committee.yaml");
    Files.writeString(file, BASE + "signing:\n  scheme: frostt\n  parties: 5\n");
    ScenarioException e = assertThrows(ScenarioException.class,
        () -> ScenarioLoader.load(file));
    assertEquals(7, e.getLine(), e.getMessage());
    assertEquals("signing.scheme", e.getField(), e.getMessage());
  }

  @Test
  void aCostModelTimingIsRefusedSinceSigningIsPricedByTheRealCalls() {
    String e = error("signing: {}\n", "crypto.timing=model");
    assertTrue(e.contains("signing") && e.contains("crypto.timing: measured"), e);
  }

  /** What the committee's model leaves out is refused, not answered wrongly. */
  @Test
  void streamedSchedulesAndFaultsAreRefused() {
    String streamed = error("signing: {}\n", "crypto.schedule=streamed");
    assertTrue(streamed.contains("crypto.schedule: streamed") && streamed.contains("before-next"),
        streamed);
    String faults = error("signing: {}\nfaults: [{kind: crash, validators: [7]}]\n");
    assertTrue(faults.contains("under faults"), faults);
    assertTrue(parse("signing: {}\n", "crypto.schedule=pipelined").signing().isPresent());
  }
}
