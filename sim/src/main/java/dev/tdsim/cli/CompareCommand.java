package dev.tdsim.cli;

import dev.tdsim.scenario.InputException;
import dev.tdsim.compare.Compare;
import dev.tdsim.compare.CompareException;
import dev.tdsim.compare.Format;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** {@code tdsim compare DIR_A DIR_B [DIR ...]}: run or sweep folders side by side. */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = "Compare two or more run folders (tdsim run) or sweep folders (tdsim sweep)"
        + " side by side: per block-time budget whether decryption fits, the share of heights"
        + " fitting and the p50/p95/p99 decryption latency (with the B/A ratio of p95 for two"
        + " folders); the critical path of each; and what changed between their resolved"
        + " scenarios (scenario.yaml). Sweep points are matched by their varied values.")
final class CompareCommand implements Callable<Integer> {
  @Parameters(paramLabel = "DIR", arity = "0..*",
      description = "Run folders (with summary.json) or sweep folders (with sweep.csv); two or"
          + " more.")
  List<Path> dirs = new ArrayList<>();

  @Option(names = "--format", paramLabel = "FORMAT", converter = FormatConverter.class,
      description = "table, csv or markdown (default: from --out's extension .csv or .md,"
          + " else table). csv is one row per folder, point and budget.")
  Format format;

  @Option(names = "--out", paramLabel = "FILE",
      description = "Write the comparison to FILE instead of standard output.")
  Path out;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    if (dirs.size() < 2) {
      throw new InputException("needs at least two run or sweep folders to compare, got "
          + dirs.size() + " (usage: tdsim compare DIR_A DIR_B [DIR ...])");
    }
    Format f = format != null ? format : Format.forFile(out);
    String text;
    try {
      text = Compare.render(dirs, f);
    } catch (CompareException e) {
      throw new InputException(e.getMessage(), e);
    }
    PrintWriter stdout = spec.commandLine().getOut();
    if (out == null) {
      stdout.print(text);
    } else {
      try {
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
          Files.createDirectories(parent);
        }
        Files.writeString(out, text);
      } catch (IOException e) {
        throw new InputException("cannot write " + out + ": " + e.getClass().getSimpleName()
            + (e.getMessage() == null ? "" : " " + e.getMessage()), e);
      }
      stdout.println("comparison: " + out);
    }
    stdout.flush();
    return Main.EXIT_OK;
  }

  /** {@code --format NAME}: one of the {@link Format} names, case-insensitive. */
  static final class FormatConverter implements ITypeConverter<Format> {
    @Override
    public Format convert(String value) {
      try {
        return Format.parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}
