package dev.tdsim.compare;

import dev.tdsim.report.CriticalPath;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Writes a {@link Comparison} as one CSV table, one row per folder, point and budget (matched
 * rows next to each other):
 *
 * <p>{@code folder, label, kind, dir}, one column per varied path of any folder (a folder that
 * does not vary it gives its scenario's value), {@code block_time_ms, fits,
 * heights_fitting_pct, p50_ms, p95_ms, p99_ms, judged_p95_ms}, {@code p95_ratio_b_over_a} (only
 * with two matched folders; on B's rows), the critical path {@code consensus_ms,
 * share_creation_ms, share_gossip_ms, combine_ms, check_ms, blame_ms, decrypt_ms, reshare_ms}
 * ({@link CriticalPath#PHASES}), then one column per scenario path
 * that differs between the folders (the "what changed" list) with the folder's value. Numbers are
 * milliseconds with at most 3 decimals; a value a folder lacks is empty.
 */
final class CsvReport {
  private CsvReport() {}

  static String write(Comparison c) {
    Set<String> varied = new LinkedHashSet<>();
    c.folders().forEach(f -> varied.addAll(f.variedPaths()));
    List<String> changed = c.changes().stream().map(Comparison.Change::path)
        .filter(p -> !varied.contains(p)).toList();
    boolean ratio = c.matched() && c.folders().size() == 2;
    List<String> header = new ArrayList<>(List.of("folder", "label", "kind", "dir"));
    header.addAll(varied);
    header.addAll(List.of("block_time_ms", "fits", "heights_fitting_pct", "p50_ms", "p95_ms",
        "p99_ms", "judged_p95_ms"));
    if (ratio) {
      header.add("p95_ratio_b_over_a");
    }
    for (String phase : CriticalPath.PHASES) {
      header.add(phase.replace(' ', '_') + "_ms");
    }
    header.addAll(changed);

    StringBuilder out = new StringBuilder();
    CSVFormat format = CSVFormat.DEFAULT.builder().setHeader(header.toArray(String[]::new))
        .setRecordSeparator("\n").get();
    try (CSVPrinter csv = new CSVPrinter(out, format)) {
      if (c.matched()) {
        List<Map<Map<String, String>, Point>> byValues = new ArrayList<>();
        for (Folder f : c.folders()) {
          Map<Map<String, String>, Point> m = new HashMap<>();
          f.points().forEach(p -> m.putIfAbsent(p.values(), p));
          byValues.add(m);
        }
        for (Comparison.Row r : c.rows()) {
          for (int i = 0; i < c.folders().size(); i++) {
            BudgetRow b = r.cells().get(i);
            if (b != null) {
              Point p = byValues.get(i).get(r.point());
              double rt = ratio && i == 1 ? r.p95Ratio() : Double.NaN;
              csv.printRecord(record(c, i, p, b, varied, ratio, rt));
            }
          }
        }
      } else {
        for (int i = 0; i < c.folders().size(); i++) {
          for (Point p : c.folders().get(i).points()) {
            for (BudgetRow b : p.budgets()) {
              csv.printRecord(record(c, i, p, b, varied, false, Double.NaN));
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static List<String> record(Comparison c, int i, Point p, BudgetRow b,
      Set<String> varied, boolean ratio, double rt) {
    Folder f = c.folders().get(i);
    List<String> row = new ArrayList<>(List.of(c.keys().get(i), c.labels().get(i),
        f.kind().word(), f.dir().toString()));
    for (String path : varied) {
      String v = p.values().get(path);
      if (v == null && f.scenario() != null) {
        v = f.scenario().get(path);
      }
      row.add(v == null ? "" : v);
    }
    row.addAll(List.of(Numbers.plain(b.blockTimeMs()), b.fits(),
        Numbers.plain(b.heightsFittingPct()), Numbers.plain(b.p50Ms()),
        Numbers.plain(b.p95Ms()), Numbers.plain(b.p99Ms()), Numbers.plain(b.judgedP95Ms())));
    if (ratio) {
      row.add(Double.isNaN(rt) ? "" : Numbers.plain(rt));
    }
    CriticalPath cp = p.criticalPath();
    for (int k = 0; k < CriticalPath.PHASES.size(); k++) {
      row.add(cp == null ? "" : Numbers.plain(cp.phasesMs()[k]));
    }
    for (Comparison.Change ch : c.changes()) {
      if (!varied.contains(ch.path())) { // the same columns, in the same order, as CHANGED
        row.add(ch.values().get(i));
      }
    }
    return row;
  }
}
