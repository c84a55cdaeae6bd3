package dev.tdsim.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** One execution of the CLI with stdout and stderr captured. */
record CliRun(int exitCode, String out, String err) {
  static CliRun of(String... args) {
    return of(Main.commandLine(), args);
  }

  static CliRun of(CommandLine cl, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new CliRun(code, out.toString(), err.toString());
  }

  /** The non-empty lines of stderr. */
  java.util.List<String> errLines() {
    return err.lines().filter(l -> !l.isBlank()).toList();
  }
}
