package dev.tdsim.bench;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A bench CSV file: the header first, then one line per measured row, each flushed as soon as
 * it is written so that an interrupted run keeps its finished rows. Also the cell formats the
 * bench CSVs share.
 */
public final class CsvRows implements Closeable {
  private final BufferedWriter writer;
  /** The file for error messages ("the bench CSV"). */
  private final String what;

  private CsvRows(BufferedWriter writer, String what) {
    this.writer = writer;
    this.what = what;
  }

  /**
   * Creates (or truncates) the file, creating its parent directories, and writes the header.
   *
   * @param what the file as errors name it, e.g. "the bench CSV"
   */
  public static CsvRows create(Path path, List<String> columns, String what)
      throws IOException {
    Path parent = path.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    CsvRows csv = new CsvRows(Files.newBufferedWriter(path, StandardCharsets.UTF_8), what);
    csv.write(columns);
    return csv;
  }

  /** One line of cells, flushed. */
  public void write(List<String> cells) {
    try {
      writer.write(String.join(",", cells));
      writer.newLine();
      writer.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("writing " + what, e);
    }
  }

  /** Nanoseconds as seconds with nanosecond digits, the bench CSVs' time format. */
  public static String seconds(double nanos) {
    return String.format(Locale.ROOT, "%.9f", nanos / 1e9);
  }

  /** A ratio with four decimals; empty where there is none (NaN or infinite). */
  public static String ratio(double r) {
    return Double.isFinite(r) ? String.format(Locale.ROOT, "%.4f", r) : "";
  }

  @Override
  public void close() throws IOException {
    writer.close();
  }
}
