package dev.tdsim.cli;

import dev.tdsim.scenario.InputException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

class MainTest {
  @Test
  void versionFallsBackToDevOutsideTheJar() {
    CliRun run = CliRun.of("--version");
    assertEquals(0, run.exitCode());
    assertTrue(run.out().startsWith("tdsim "), run.out());
  }

  @Test
  void helpListsTheBenchSubcommand() {
    CliRun run = CliRun.of("--help");
    assertEquals(0, run.exitCode());
    assertTrue(run.out().contains("bench"), run.out());
  }

  @Test
  void missingSubcommandIsAUsageError() {
    CliRun run = CliRun.of();
    assertEquals(Main.EXIT_USAGE, run.exitCode());
    assertEquals(1, run.errLines().size(), run.err());
    assertTrue(run.err().contains("missing subcommand"), run.err());
  }

  @Test
  void unknownSubcommandIsOneLineAndExit2() {
    CliRun run = CliRun.of("frobnicate");
    assertEquals(Main.EXIT_USAGE, run.exitCode());
    assertEquals(1, run.errLines().size(), run.err());
    assertTrue(run.err().contains("frobnicate"), run.err());
  }

  @Command(name = "boom")
  static final class Boom implements Callable<Integer> {
    @Override
    public Integer call() {
      throw new IllegalStateException("kaput");
    }
  }

  @Command(name = "bad-input")
  static final class BadInput implements Callable<Integer> {
    @Override
    public Integer call() {
      throw new InputException("no such file: x.yaml");
    }
  }

  @Command(name = "disk-full")
  static final class DiskFull implements Callable<Integer> {
    @Override
    public Integer call() throws java.io.IOException {
      throw new java.nio.file.FileSystemException("out/heights.csv", null,
          "No space left on device");
    }
  }

  private static CommandLine withTestCommands() {
    CommandLine cl = Main.commandLine();
    cl.addSubcommand(new DiskFull());
    cl.addSubcommand(new Boom());
    cl.addSubcommand(new BadInput());
    return cl;
  }

  @Test
  void unexpectedFailureIsExit1WithMessageAndNoStackTrace() {
    CliRun run = CliRun.of(withTestCommands(), "boom");
    assertEquals(Main.EXIT_FAILURE, run.exitCode());
    assertTrue(run.err().contains("kaput"), run.err());
    assertFalse(run.err().contains("\tat "), run.err());
  }

  @Test
  void anIoFailureIsSaidInWordsWithoutTheExceptionName() {
    CliRun run = CliRun.of(withTestCommands(), "disk-full");
    assertEquals(Main.EXIT_FAILURE, run.exitCode());
    assertTrue(run.err().startsWith("tdsim disk-full: failed: out/heights.csv: no space left on"
        + " device\n"), run.err());
    assertFalse(run.err().contains("Exception"), run.err());
  }

  @Test
  void verbosePrintsTheStackTrace() {
    CliRun run = CliRun.of(withTestCommands(), "boom", "--verbose");
    assertEquals(Main.EXIT_FAILURE, run.exitCode());
    assertTrue(run.err().contains("\tat "), run.err());
    CliRun before = CliRun.of(withTestCommands(), "--verbose", "boom");
    assertTrue(before.err().contains("\tat "), before.err());
  }

  @Test
  void inputExceptionIsOneLineAndExit2() {
    CliRun run = CliRun.of(withTestCommands(), "bad-input");
    assertEquals(Main.EXIT_USAGE, run.exitCode());
    assertEquals(1, run.errLines().size(), run.err());
    assertTrue(run.err().contains("no such file: x.yaml"), run.err());
  }
}
