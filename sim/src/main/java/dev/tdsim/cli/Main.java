package dev.tdsim.cli;

import dev.tdsim.scenario.InputException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code tdsim} command: a thin picocli front over the simulator. Each subcommand is one class
 * of this package listed in {@code subcommands} below; the logic lives in its own package.
 *
 * <p>Exit codes: {@value #EXIT_OK} success, {@value #EXIT_USAGE} bad usage or bad input (one line
 * on stderr), {@value #EXIT_FAILURE} an unexpected failure (its message on stderr; the stack trace
 * only with {@code --verbose}).
 */
@Command(
    name = "tdsim",
    mixinStandardHelpOptions = true,
    versionProvider = Main.ManifestVersion.class,
    description = "Discrete-event simulator for BFT consensus with threshold-encrypted mempools.",
    subcommands = {RunCommand.class, ValidateCommand.class, SweepCommand.class,
        CompareCommand.class, CalibrateCommand.class, BenchCommand.class, RegionsCommand.class,
        KeysCommand.class},
    usageHelpAutoWidth = true,
    footerHeading = HelpLayout.EXAMPLES,
    footer = {
        "  tdsim run scenarios/default.yaml",
        "  tdsim sweep scenarios/sweep-msgs.yaml",
        "  tdsim keys network",
        "Each command's --help has its own examples, e.g. tdsim run --help."})
public final class Main implements Callable<Integer> {
  public static final int EXIT_OK = 0;
  public static final int EXIT_FAILURE = 1;
  public static final int EXIT_USAGE = 2;

  static final String VERBOSE = "--verbose";

  @Option(
      names = VERBOSE,
      scope = ScopeType.INHERIT,
      description = "On an unexpected failure, print the stack trace.")
  boolean verbose;

  @Spec CommandSpec spec;

  public static void main(String[] args) {
    int code;
    try {
      code = commandLine().execute(args);
    } catch (StackOverflowError | OutOfMemoryError e) {
      // Inputs are bounded where they are read (dev.tdsim.input.InputFiles); this is the last
      // line of defence, in words rather than a stack trace.
      System.err.println("tdsim: failed: the Java virtual machine ran out of "
          + (e instanceof StackOverflowError ? "stack" : "memory")
          + " (an input too large or too deeply nested?); run with " + VERBOSE
          + " and report it");
      if (java.util.Arrays.asList(args).contains(VERBOSE)) {
        e.printStackTrace();
      }
      code = EXIT_FAILURE;
    }
    System.exit(code);
  }

  /** The configured command line (exit codes and error handlers); tests call this too. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Main());
    cl.setParameterExceptionHandler(new OneLineUsageError());
    cl.setExecutionExceptionHandler(new FailureHandler());
    cl.setExitCodeExceptionMapper(e -> EXIT_FAILURE);
    HelpLayout.install(cl);
    return cl;
  }

  @Override
  public Integer call() {
    throw new ParameterException(
        spec.commandLine(),
        "missing subcommand; one of: " + String.join(", ", spec.subcommands().keySet()));
  }

  /** Reads Implementation-Version from the jar manifest; "dev" when run from classes. */
  static final class ManifestVersion implements IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Main.class.getPackage().getImplementationVersion();
      return new String[] {"tdsim " + (v == null || v.isBlank() ? "dev" : v)};
    }
  }

  /** Picocli's parse errors (and {@link ParameterException}s thrown by commands): one line, 2. */
  private static final class OneLineUsageError implements IParameterExceptionHandler {
    @Override
    public int handleParseException(ParameterException ex, String[] args) {
      CommandLine cl = ex.getCommandLine();
      String name = cl.getCommandSpec().qualifiedName();
      java.util.Optional<String> spaced = ex instanceof UnmatchedArgumentException u
          ? valueWithSpace(args, u.getUnmatched()) : java.util.Optional.empty();
      cl.getErr().println(name + ": " + spaced.orElseGet(() -> oneLine(ex.getMessage())
          + " (see '" + name + " --help')"));
      cl.getErr().flush();
      return EXIT_USAGE;
    }
  }

  /** Exceptions out of a command: bad input is one line and 2, anything else 1. */
  private static final class FailureHandler implements IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, ParseResult parseResult) {
      PrintWriter err = cl.getErr();
      String name = cl.getCommandSpec().qualifiedName();
      if (ex instanceof InputException) {
        err.println(name + ": " + oneLine(ex.getMessage()));
        err.flush();
        return EXIT_USAGE;
      }
      java.io.IOException io = ex instanceof java.io.IOException i ? i
          : ex instanceof java.io.UncheckedIOException u ? u.getCause() : null;
      String message;
      if (io != null) { // a disk full, a folder removed under a run: in words
        message = (io instanceof java.nio.file.FileSystemException f && f.getFile() != null
            ? f.getFile() + ": " : "") + dev.tdsim.input.InputFiles.describe(io);
      } else {
        message = ex.getMessage() == null || ex.getMessage().isBlank()
            ? ex.getClass().getName() : ex.getClass().getSimpleName() + ": " + ex.getMessage();
      }
      err.println(name + ": failed: " + oneLine(message));
      if (verbose(parseResult)) {
        ex.printStackTrace(err);
      } else {
        err.println("(run with " + VERBOSE + " for the stack trace)");
      }
      err.flush();
      return EXIT_FAILURE;
    }

    private static boolean verbose(ParseResult parseResult) {
      for (ParseResult pr = parseResult; pr != null; pr = pr.subcommand()) {
        if (pr.hasMatchedOption(VERBOSE)) {
          return true;
        }
      }
      return false;
    }
  }

  /**
   * The shell split an unquoted {@code --set network.latency=50 ms} into two arguments, and
   * picocli only sees a stray {@code ms}: when the first unmatched arguments follow a {@code
   * PATH=VALUE} option value, says so and shows the quoted form. Empty when that is not the case.
   */
  static java.util.Optional<String> valueWithSpace(String[] args, List<String> unmatched) {
    if (unmatched.isEmpty()) {
      return java.util.Optional.empty();
    }
    for (int i = 0; i < args.length; i++) {
      int eq = args[i].indexOf('=');
      boolean attached = args[i].startsWith("--") && eq > 0 && args[i].indexOf('=', eq + 1) > 0;
      String option = attached ? args[i].substring(0, eq) : args[i];
      String value = attached ? args[i].substring(eq + 1)
          : i + 1 < args.length ? args[i + 1] : "";
      int next = attached ? i + 1 : i + 2;
      if (!option.startsWith("--") || !value.contains("=") || value.startsWith("-")
          || next >= args.length || !args[next].equals(unmatched.get(0))) {
        continue;
      }
      List<String> words = new java.util.ArrayList<>(List.of(value));
      for (int j = next; j < args.length && words.size() <= unmatched.size()
          && args[j].equals(unmatched.get(words.size() - 1)) && !args[j].startsWith("-")
          && !args[j].matches(".*\\.ya?ml"); j++) { // a second scenario file is no unit
        words.add(args[j]);
      }
      if (words.size() == 1) {
        continue;
      }
      String whole = String.join(" ", words);
      return java.util.Optional.of(option + " " + whole + ": the value has a space; quote it: "
          + option + " '" + whole + "'");
    }
    return java.util.Optional.empty();
  }

  static String oneLine(String message) {
    if (message == null) {
      return "(no message)";
    }
    return message.strip().replaceAll("\\s*\\R\\s*", "; ");
  }
}
