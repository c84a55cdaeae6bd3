package dev.tdsim.compare;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Two or more folders lined up: their keys and labels, the verdict rows side by side, and what
 * changed between their resolved scenarios. The writers ({@link TextReport}, {@link CsvReport})
 * only format this.
 *
 * @param folders the folders in the order given
 * @param keys short names A, B, C ... of the folders, for column headers
 * @param labels folder name and variant, made unique (parent folder, then a number, when names
 *     repeat)
 * @param matched whether the rows line up across folders: every folder varies the same paths
 *     (runs vary none), so rows are matched by their varied values
 * @param rows when matched: one per point and budget, in first-seen point order and ascending
 *     budget; empty otherwise (each folder's own points are then shown on their own)
 * @param changes every scenario path (but {@code name}) whose value differs between folders
 * @param notes what was left out and why, one line each
 */
record Comparison(
    List<Folder> folders,
    List<String> keys,
    List<String> labels,
    boolean matched,
    List<Row> rows,
    List<Change> changes,
    List<String> notes) {

  /** The one path a comparison never reports: the scenario name is the run's, not a setting. */
  static final Set<String> IGNORED_PATHS = Set.of("name");
  /** The value shown for a path that one scenario has and another lacks. */
  static final String ABSENT = "(absent)";

  /**
   * One budget of one matched point.
   *
   * @param point the varied values (empty for runs)
   * @param blockTimeMs the budget
   * @param cells one per folder, {@code null} where that folder lacks the point or budget
   * @param p95Ratio B/A of the p95 decryption latency with exactly two folders, else NaN
   */
  record Row(Map<String, String> point, double blockTimeMs, List<BudgetRow> cells,
      double p95Ratio) {}

  /** A scenario path whose value differs: one value per folder ({@code -} without scenario). */
  record Change(String path, List<String> values) {}

  static Comparison of(List<Folder> folders) {
    if (folders.size() < 2) {
      throw new CompareException("needs at least two folders to compare, got " + folders.size());
    }
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < folders.size(); i++) {
      keys.add(key(i));
    }
    List<String> notes = new ArrayList<>();
    folders.forEach(f -> notes.addAll(f.notes()));
    Set<Set<String>> variedSets = new HashSet<>();
    folders.forEach(f -> variedSets.add(new HashSet<>(f.variedPaths())));
    boolean matched = variedSets.size() == 1;
    List<Row> rows = matched ? matchedRows(folders) : List.of();
    if (!matched) {
      List<String> what = new ArrayList<>();
      for (int i = 0; i < folders.size(); i++) {
        List<String> v = folders.get(i).variedPaths();
        what.add(keys.get(i) + " " + (v.isEmpty() ? "nothing (a run)" : String.join(", ", v)));
      }
      notes.add("the folders vary different things (" + String.join("; ", what)
          + "): each folder's points are listed on their own"
          + (folders.size() == 2 ? ", without a B/A ratio" : ""));
    }
    return new Comparison(List.copyOf(folders), List.copyOf(keys), labels(folders), matched,
        rows, changes(folders), notes);
  }

  /** A, B, ... Z, then F27, F28, ... */
  static String key(int i) {
    return i < 26 ? String.valueOf((char) ('A' + i)) : "F" + (i + 1);
  }

  private static List<Row> matchedRows(List<Folder> folders) {
    int n = folders.size();
    List<String> varied = folders.get(0).variedPaths();
    Map<List<String>, TreeMap<Double, BudgetRow[]>> grid = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      for (Point p : folders.get(i).points()) {
        List<String> key = varied.stream().map(path -> p.values().get(path)).toList();
        TreeMap<Double, BudgetRow[]> byBudget = grid.computeIfAbsent(key, k -> new TreeMap<>());
        for (BudgetRow b : p.budgets()) {
          byBudget.computeIfAbsent(b.blockTimeMs(), k -> new BudgetRow[n])[i] = b;
        }
      }
    }
    List<Row> rows = new ArrayList<>();
    grid.forEach((key, byBudget) -> {
      Map<String, String> point = new LinkedHashMap<>();
      for (int j = 0; j < varied.size(); j++) {
        point.put(varied.get(j), key.get(j));
      }
      byBudget.forEach((budget, cells) -> {
        double ratio = Double.NaN;
        if (n == 2 && cells[0] != null && cells[1] != null && cells[0].p95Ms() > 0) {
          ratio = cells[1].p95Ms() / cells[0].p95Ms();
        }
        rows.add(new Row(point, budget, java.util.Arrays.asList(cells.clone()), ratio));
      });
    });
    return rows;
  }

  private static List<Change> changes(List<Folder> folders) {
    Set<String> paths = new LinkedHashSet<>();
    folders.forEach(f -> {
      if (f.scenario() != null) {
        paths.addAll(f.scenario().keySet());
      }
    });
    paths.removeAll(IGNORED_PATHS);
    List<Change> out = new ArrayList<>();
    for (String path : paths) {
      List<String> values = new ArrayList<>();
      Set<String> distinct = new HashSet<>();
      for (Folder f : folders) {
        if (f.scenario() == null) {
          values.add("-");
        } else {
          String v = f.scenario().getOrDefault(path, ABSENT);
          values.add(v);
          distinct.add(v);
        }
      }
      if (distinct.size() > 1) {
        out.add(new Change(path, values));
      }
    }
    return out;
  }

  /** Folder name and variant; the parent folder is added, then a number, where labels repeat. */
  private static List<String> labels(List<Folder> folders) {
    List<String> labels = withParentWhereRepeated(folders.stream().map(Folder::label).toList(),
        folders);
    Set<String> repeated = repeated(labels);
    Map<String, Integer> seen = new LinkedHashMap<>();
    List<String> out = new ArrayList<>();
    for (String l : labels) {
      int count = seen.merge(l, 1, Integer::sum);
      out.add(repeated.contains(l) ? l + " #" + count : l);
    }
    return List.copyOf(out);
  }

  private static List<String> withParentWhereRepeated(List<String> labels, List<Folder> folders) {
    Set<String> repeated = repeated(labels);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < labels.size(); i++) {
      String l = labels.get(i);
      java.nio.file.Path parent = folders.get(i).dir().toAbsolutePath().normalize().getParent();
      boolean named = parent != null && parent.getFileName() != null;
      out.add(repeated.contains(l) && named ? parent.getFileName() + "/" + l : l);
    }
    return out;
  }

  private static Set<String> repeated(List<String> labels) {
    Set<String> seen = new HashSet<>();
    Set<String> repeated = new HashSet<>();
    for (String l : labels) {
      if (!seen.add(l)) {
        repeated.add(l);
      }
    }
    return repeated;
  }
}
