package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** An unquoted value with a space, split in two by the shell: said so, with the quoted form. */
class SpacedValueTest {
  private static final String SCENARIO = "../scenarios/default.yaml";

  @Test
  void anUnquotedDurationIsExplainedWithTheQuotedForm() {
    CliRun run = CliRun.of("run", SCENARIO, "--set", "network.latency=50", "ms");
    assertEquals(Main.EXIT_USAGE, run.exitCode(), run.err());
    assertEquals(List.of("tdsim run: --set network.latency=50 ms: the value has a space; quote"
        + " it: --set 'network.latency=50 ms'"), run.errLines());
    assertEquals("", run.out());
  }

  @Test
  void theAttachedFormAndSweepOptionsAreExplainedToo() {
    CliRun attached = CliRun.of("validate", SCENARIO, "--set=workload.msg_size=1", "KiB");
    assertEquals(Main.EXIT_USAGE, attached.exitCode(), attached.err());
    assertEquals(List.of("tdsim validate: --set workload.msg_size=1 KiB: the value has a space;"
        + " quote it: --set 'workload.msg_size=1 KiB'"), attached.errLines());
    CliRun vary = CliRun.of("sweep", SCENARIO, "--vary", "network.latency=50", "ms,60", "ms");
    assertEquals(Main.EXIT_USAGE, vary.exitCode(), vary.err());
    assertEquals(List.of("tdsim sweep: --vary network.latency=50 ms,60 ms: the value has a"
        + " space; quote it: --vary 'network.latency=50 ms,60 ms'"), vary.errLines());
  }

  @Test
  void aStrayArgumentElsewhereKeepsPicocliSMessage() {
    CliRun run = CliRun.of("run", SCENARIO, "other.yaml", "--set", "heights=2");
    assertEquals(Main.EXIT_USAGE, run.exitCode(), run.err());
    assertTrue(run.err().contains("Unmatched argument") && !run.err().contains("has a space"),
        run.err());
    CliRun file = CliRun.of("run", SCENARIO, "--set", "heights=2", "other.yaml");
    assertTrue(file.err().contains("Unmatched argument") && !file.err().contains("has a space"),
        file.err());
  }
}
