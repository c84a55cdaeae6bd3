package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code --help} wraps at spaces only: scenario paths stay whole and lines fit 80 columns. */
class HelpLayoutTest {

  @Test
  void scenarioPathsInHelpAreNeverSplit() {
    String run = CliRun.of("run", "--help").out();
    assertTrue(run.contains("workload.msgs_per_block=200"), run);
    String validate = CliRun.of("validate", "--help").out();
    assertTrue(validate.contains("workload.msgs_per_block=200"), validate);
    String sweep = CliRun.of("sweep", "--help").out();
    assertTrue(sweep.contains("crypto.timing: measured"), sweep);
    assertTrue(sweep.contains("workload.msgs_per_block=10,100,1000"), sweep);
  }

  @Test
  void everyHelpLineFitsTheWidthAndNoWordIsBrokenAtADot() {
    for (String cmd : new String[] {"run", "validate", "sweep", "compare", "calibrate", "bench",
        "regions"}) {
      String help = CliRun.of(cmd, "--help").out();
      String[] lines = help.split("\n");
      for (int i = 0; i < lines.length; i++) {
        String line = lines[i];
        assertTrue(line.length() <= 80 || !line.strip().contains(" "), cmd + ": " + line);
        if (i + 1 < lines.length && line.matches(".*[a-z_]\\.$")) {
          // a line ending in "word." followed by a lower-case word: a path cut at its dot
          assertTrue(!lines[i + 1].strip().matches("[a-z_]+[=:,.]?.*")
              || line.endsWith(" e.g.") || line.endsWith(" i.e."), cmd + ": " + line + " / "
              + lines[i + 1]);
        }
      }
    }
  }

  /**
   * picocli formats descriptions as format strings: a bare '%' (e.g. "10% of") makes it warn on
   * stderr and print the text unformatted, so every command's help is rendered here with
   * stderr watched.
   */
  @Test
  void everyHelpRendersWithoutPicocliWarnings() {
    java.io.PrintStream before = System.err;
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    try {
      System.setErr(new java.io.PrintStream(err, true));
      for (String cmd : Main.commandLine().getSubcommands().keySet()) {
        CliRun.of(cmd, "--help");
      }
      CliRun.of("--help");
    } finally {
      System.setErr(before);
    }
    assertEquals("", err.toString(), "stderr while rendering every --help");
  }

  @Test
  void wrappingCountsVisibleCharactersAndIndentsContinuations() {
    String esc = "\u001B[1m--set\u001B[0m";
    String line = "  " + esc + "   Override a field, e.g. workload.msgs_per_block=200 now";
    String wrapped = HelpLayout.wrap(line, 42, 10);
    assertEquals("  " + esc + "   Override a field, e.g.\n"
        + "          workload.msgs_per_block=200 now", wrapped);
    assertEquals("short line", HelpLayout.wrap("short line", 40, 10));
  }
}
