package dev.tdsim.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A table of strings rendered as aligned plain text or as a Markdown table. Columns are
 * left-aligned unless marked right-aligned (numbers); a group start gets a {@code |} before it in
 * plain text, so each folder's columns stand apart.
 */
final class Grid {
  private final List<String> header;
  private final Set<Integer> right;
  private final Set<Integer> groupStarts;
  private final List<List<String>> rows = new ArrayList<>();

  Grid(List<String> header, Set<Integer> right, Set<Integer> groupStarts) {
    this.header = List.copyOf(header);
    this.right = Set.copyOf(right);
    this.groupStarts = Set.copyOf(groupStarts);
  }

  Grid add(List<String> row) {
    if (row.size() != header.size()) {
      throw new IllegalArgumentException("row has " + row.size() + " cells, header "
          + header.size());
    }
    rows.add(List.copyOf(row));
    return this;
  }

  boolean isEmpty() {
    return rows.isEmpty();
  }

  String text() {
    int[] width = new int[header.size()];
    for (int c = 0; c < width.length; c++) {
      width[c] = header.get(c).length();
      for (List<String> r : rows) {
        width[c] = Math.max(width[c], r.get(c).length());
      }
    }
    StringBuilder b = new StringBuilder();
    line(b, header, width);
    for (List<String> r : rows) {
      line(b, r, width);
    }
    return b.toString();
  }

  private void line(StringBuilder b, List<String> cells, int[] width) {
    StringBuilder l = new StringBuilder();
    for (int c = 0; c < cells.size(); c++) {
      if (c > 0) {
        l.append(groupStarts.contains(c) ? " | " : "  ");
      }
      String cell = cells.get(c);
      String pad = " ".repeat(width[c] - cell.length());
      l.append(right.contains(c) ? pad + cell : cell + pad);
    }
    b.append(l.toString().stripTrailing()).append('\n');
  }

  String markdown() {
    StringBuilder b = new StringBuilder();
    mdLine(b, header);
    StringBuilder rule = new StringBuilder("|");
    for (int c = 0; c < header.size(); c++) {
      rule.append(right.contains(c) ? "---:|" : "---|");
    }
    b.append(rule).append('\n');
    for (List<String> r : rows) {
      mdLine(b, r);
    }
    return b.toString();
  }

  private static void mdLine(StringBuilder b, List<String> cells) {
    b.append('|');
    for (String cell : cells) {
      b.append(' ').append(cell.replace("\\", "\\\\").replace("|", "\\|")).append(" |");
    }
    b.append('\n');
  }
}
