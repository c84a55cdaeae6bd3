package dev.tdsim.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The console table, laid out like the original benchmark's: one block per variant and message
 * size, one row per function, one column per message count. Markdown, padded for the terminal.
 */
public final class BenchTable {
  private BenchTable() {}

  /** Prints one block: the rows of one variant and one message size. */
  public static void printBlock(
      PrintWriter out, BenchSettings settings, String variant, int sizeBytes,
      List<BenchRow> rows, List<BenchFunction> functions) {
    out.println();
    out.println(String.format(Locale.ROOT,
        "%s, %d B messages (V=%d, N=%d, t=%d, %d threads, median of %d)",
        variant, sizeBytes, settings.validators(), settings.shares(), settings.threshold(),
        settings.threads(), settings.reps()));
    List<List<String>> table = new ArrayList<>();
    List<String> header = new ArrayList<>();
    header.add("function");
    for (int m : settings.msgs()) {
      header.add(m + (m == 1 ? " msg" : " msgs"));
    }
    table.add(header);
    for (BenchFunction f : functions) {
      List<String> line = new ArrayList<>();
      line.add(f.cliName());
      for (int m : settings.msgs()) {
        line.add(rows.stream()
            .filter(r -> r.function() == f && r.msgs() == m)
            .findFirst()
            .map(BenchTable::cell)
            .orElse("-"));
      }
      table.add(line);
    }
    int[] width = new int[header.size()];
    for (List<String> line : table) {
      for (int c = 0; c < line.size(); c++) {
        width[c] = Math.max(width[c], line.get(c).length());
      }
    }
    printLine(out, table.get(0), width);
    List<String> rule = new ArrayList<>();
    for (int w : width) {
      rule.add("-".repeat(w));
    }
    printLine(out, rule, width);
    for (List<String> line : table.subList(1, table.size())) {
      printLine(out, line, width);
    }
    out.flush();
  }

  /** The line under the tables that explains the cells. */
  public static void printLegend(PrintWriter out, int reps) {
    out.println();
    out.println("Each cell: median wall time of the whole block over " + reps
        + (reps == 1 ? " rep" : " reps")
        + "; xR = median / limit_s, the variant's bare native combine kernel on the same number"
        + " of messages with the same threads (measured once per variant and message count:"
        + " it never reads the payload); (rust S) = the original Rust benchmark's time for that"
        + " function (V=150, N=8192, t=5461 only).");
    out.flush();
  }

  static String cell(BenchRow row) {
    StringBuilder s = new StringBuilder();
    s.append(seconds(row.medianSeconds())).append(" s");
    double ratio = row.ratio();
    if (Double.isFinite(ratio)) {
      s.append(String.format(Locale.ROOT, " x%.2f", ratio));
    }
    row.rustSeconds().ifPresent(r -> s.append(" (rust ").append(seconds(r)).append(" s)"));
    return s.toString();
  }

  /** Three significant digits, plain notation (0.477, 4.77, 47.8, 17.0, 0.000123, 1234). */
  static String seconds(double s) {
    if (s <= 0 || !Double.isFinite(s)) {
      return String.valueOf(s);
    }
    int magnitude = (int) Math.floor(Math.log10(s));
    int decimals = Math.max(0, 2 - magnitude);
    return String.format(Locale.ROOT, "%." + decimals + "f", s);
  }

  private static void printLine(PrintWriter out, List<String> cells, int[] width) {
    StringBuilder s = new StringBuilder("|");
    for (int c = 0; c < cells.size(); c++) {
      String text = cells.get(c);
      s.append(' ').append(text).append(" ".repeat(width[c] - text.length())).append(" |");
    }
    out.println(s);
  }
}
