package dev.tdsim.sweep.spark;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/** Runs {@code tdsim sweep} in this JVM (the CLI as users call it) and keeps what it printed. */
record SweepRun(int exit, String out, String err) {
  static final Path SCENARIO = Path.of("src/test/resources/tiny-sweep.yaml");

  static SweepRun of(Path outDir, String... options) {
    List<String> args = new ArrayList<>(List.of("sweep", SCENARIO.toString(), "--out",
        outDir.toString(), "--quiet"));
    args.addAll(List.of(options));
    CommandLine cl = dev.tdsim.cli.Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args.toArray(String[]::new));
    return new SweepRun(code, out.toString(), err.toString());
  }

  @Override
  public String toString() {
    return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
  }
}
