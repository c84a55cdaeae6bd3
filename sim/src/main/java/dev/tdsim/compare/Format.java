package dev.tdsim.compare;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The output formats of {@code tdsim compare}, by the lower-case name users write. */
public enum Format {
  /** Aligned plain-text tables, for a terminal. */
  TABLE,
  /** One CSV table, one row per folder, point and budget (see {@link CsvReport}). */
  CSV,
  /** The text tables as GitHub-flavoured Markdown. */
  MARKDOWN;

  /** The name users write: {@code table}, {@code csv}, {@code markdown}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The format named TEXT (case-insensitive; {@code md} for markdown). */
  public static Format parse(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    if (t.equals("md")) {
      return MARKDOWN;
    }
    for (Format f : values()) {
      if (f.label().equals(t)) {
        return f;
      }
    }
    throw new IllegalArgumentException("unknown format '" + text + "'; known: "
        + Arrays.stream(values()).map(Format::label).collect(Collectors.joining(", ")));
  }

  /** The format an output file's extension implies: .csv, .md/.markdown, else table. */
  public static Format forFile(Path out) {
    if (out == null || out.getFileName() == null) {
      return TABLE;
    }
    String name = out.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".csv")) {
      return CSV;
    }
    return name.endsWith(".md") || name.endsWith(".markdown") ? MARKDOWN : TABLE;
  }
}
