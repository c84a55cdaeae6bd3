package dev.tdsim.compare;

import dev.tdsim.registry.Registry;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

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

  private static final Registry<Format> BY_LABEL = Registry.<Format>builder("format")
      .matchingAnyCase().addAll(Format::label, List.of(values())).build();

  /** The format named TEXT (case-insensitive; {@code md} for markdown). */
  public static Format parse(String text) {
    if (text.strip().toLowerCase(Locale.ROOT).equals("md")) {
      return MARKDOWN;
    }
    return BY_LABEL.get(text);
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
