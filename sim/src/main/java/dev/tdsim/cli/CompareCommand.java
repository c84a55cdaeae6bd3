package dev.tdsim.cli;

import dev.tdsim.scenario.InputException;
import dev.tdsim.compare.Compare;
import dev.tdsim.compare.CompareException;
import dev.tdsim.compare.Format;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import dev.tdsim.input.InputFiles;
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
    footerHeading = HelpLayout.EXAMPLES,
    footer = {
        "  tdsim run scenarios/small-committee.yaml",
        "  tdsim run scenarios/small-committee.yaml --set crypto.design=folded",
        "  tdsim compare reports/small-committee reports/small-committee--design-folded"},
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
    Path target = out == null ? null : checkOut();
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
      write(target, text);
      stdout.println("comparison: " + out);
    }
    stdout.flush();
    return Main.EXIT_OK;
  }

  /**
   * The absolute --out, checked before anything is read: a file name (not empty, not a folder)
   * outside every compared folder, so the comparison can never overwrite what it compares.
   */
  private Path checkOut() {
    if (out.toString().isBlank()) {
      throw new InputException("--out: the file name is empty");
    }
    Path target = out.toAbsolutePath().normalize();
    if (Files.isDirectory(target)) {
      throw new InputException("--out " + out + ": is a folder; give a file name, e.g. --out"
          + " comparison.md");
    }
    Path real = realish(target);
    for (Path d : dirs) {
      Path input = realish(d.toAbsolutePath().normalize());
      if (real.startsWith(input)) {
        throw new InputException("--out " + out + ": is inside the compared folder " + d
            + "; write the comparison elsewhere (it must not overwrite what it compares)");
      }
    }
    return target;
  }

  /** The real path of p's deepest existing ancestor, with the rest appended (symlinks seen). */
  private static Path realish(Path p) {
    Path existing = p;
    Path rest = Path.of("");
    while (existing != null && !Files.exists(existing)) {
      rest = existing.getFileName().resolve(rest);
      existing = existing.getParent();
    }
    if (existing == null) {
      return p;
    }
    try {
      return existing.toRealPath().resolve(rest).normalize();
    } catch (IOException e) {
      return p;
    }
  }

  /** Writes a temporary file beside the target and moves it in: never a half-written --out. */
  private void write(Path target, String text) {
    Path tmp = null;
    try {
      Path parent = target.getParent();
      Files.createDirectories(parent);
      tmp = Files.createTempFile(parent, "." + target.getFileName(), ".tmp");
      Files.writeString(tmp, text);
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new InputException("--out " + out + ": cannot write it: "
          + InputFiles.describe(e), e);
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
          // a temporary file left behind
        }
      }
    }
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
