package dev.tdsim.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** scripts/test-summary.sh, the end of {@code make test}: totals, then each skipped test and why. */
class TestSummaryScriptTest {
  private static final Path SCRIPT = Path.of("../scripts/test-summary.sh");

  @Test
  void namesEverySkippedTestWithItsReason(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/bin/bash")) && Files.exists(SCRIPT),
        "needs bash and the repository's scripts/");
    Path reports = Files.createDirectories(dir.resolve("surefire-reports"));
    Files.writeString(reports.resolve("TEST-dev.x.FooTest.xml"), String.join("\n",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
        "<testsuite name=\"dev.x.FooTest\" time=\"0.1\" tests=\"4\" errors=\"0\" skipped=\"2\""
            + " failures=\"1\">",
        "  <testcase name=\"runs\" classname=\"dev.x.FooTest\" time=\"0.01\"/>",
        "  <testcase name=\"needsChromium()\" classname=\"dev.x.FooTest\" time=\"0.01\">",
        "    <skipped message=\"Assumption failed: no Chromium (&apos;make screenshots&apos;"
            + " needs it)\" type=\"org.opentest4j.TestAbortedException\"/>",
        "  </testcase>",
        "  <testcase name=\"stress()\" classname=\"dev.x.FooTest\" time=\"0\">",
        "    <skipped/>",
        "  </testcase>",
        "  <testcase name=\"fails()\" classname=\"dev.x.FooTest\" time=\"0\">",
        "    <failure message=\"x\"/>",
        "  </testcase>",
        "</testsuite>", ""));
    Process p = new ProcessBuilder("/bin/bash", SCRIPT.toString(), reports.toString(),
        dir.resolve("absent").toString()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), out);
    assertEquals(String.join("\n",
        "tests: 1 passed, 1 failed, 2 skipped",
        "skipped:",
        "  dev.x.FooTest.needsChromium(): Assumption failed: no Chromium ('make screenshots'"
            + " needs it)",
        "  dev.x.FooTest.stress(): (no reason given)", ""), out);
  }
}
