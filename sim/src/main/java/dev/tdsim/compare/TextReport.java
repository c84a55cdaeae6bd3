package dev.tdsim.compare;

import dev.tdsim.format.Durations;
import dev.tdsim.report.CriticalPath;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes a {@link Comparison} as plain-text tables ({@link Format#TABLE}) or Markdown ({@link
 * Format#MARKDOWN}): the folders, the verdicts per budget side by side (with the B/A ratio of
 * the p95 latency for two folders), the critical paths, what changed, and notes.
 */
final class TextReport {
  private final Comparison c;
  private final boolean markdown;
  private final StringBuilder out = new StringBuilder();

  private TextReport(Comparison c, boolean markdown) {
    this.c = c;
    this.markdown = markdown;
  }

  static String write(Comparison c, boolean markdown) {
    return new TextReport(c, markdown).render();
  }

  private String render() {
    heading(1, "tdsim compare: " + c.folders().size() + " folders");
    folders();
    heading(2, "Decryption latency per block-time budget");
    text("fits: at least 95% of heights fit the budget (a height's judged time: consensus +"
        + " decryption, or the slower of the two when pipelined); heights: share of heights that"
        + " fit; p50/p95/p99: decryption latency in ms"
        + (c.folders().size() == 2 && c.matched() ? "; p95 B/A: B's p95 over A's" : ""));
    if (c.matched()) {
      grid(matchedVerdicts());
    } else {
      for (int i = 0; i < c.folders().size(); i++) {
        if (i > 0 && !markdown) {
          out.append('\n');
        }
        text(c.keys().get(i) + " = " + c.labels().get(i) + ":");
        grid(ownVerdicts(c.folders().get(i)));
      }
    }
    heading(2, "Critical path (mean ms per height)");
    grid(criticalPaths());
    heading(2, "What changed (resolved scenarios, name ignored)");
    if (c.changes().isEmpty()) {
      text(c.folders().stream().filter(f -> f.scenario() != null).count() < 2
          ? "not compared: fewer than two folders have a scenario.yaml"
          : "nothing: the resolved scenarios are equal");
    } else {
      grid(changes());
    }
    if (!c.notes().isEmpty()) {
      heading(2, "Notes");
      for (String n : c.notes()) {
        out.append(markdown ? "- " : "note: ").append(n).append('\n');
      }
    }
    return out.toString();
  }

  private void folders() {
    Grid g = new Grid(List.of("", "folder", "kind", "details", "path"), Set.of(), Set.of());
    for (int i = 0; i < c.folders().size(); i++) {
      Folder f = c.folders().get(i);
      g.add(List.of(c.keys().get(i), c.labels().get(i), f.kind().word(), f.description(),
          f.dir().toString()));
    }
    grid(g);
  }

  private Grid matchedVerdicts() {
    List<String> varied = c.folders().get(0).variedPaths();
    List<String> header = new ArrayList<>(varied);
    header.add("block time");
    Set<Integer> right = new HashSet<>();
    Set<Integer> groups = new HashSet<>();
    for (String key : c.keys()) {
      groups.add(header.size());
      addVerdictHeader(header, right, key + " ");
    }
    boolean ratio = c.folders().size() == 2;
    if (ratio) {
      groups.add(header.size());
      right.add(header.size());
      header.add("p95 B/A");
    }
    Grid g = new Grid(header, right, groups);
    for (Comparison.Row r : c.rows()) {
      List<String> row = new ArrayList<>(r.point().values());
      row.add(Numbers.budget(r.blockTimeMs()));
      for (BudgetRow b : r.cells()) {
        addVerdict(row, b);
      }
      if (ratio) {
        row.add(Numbers.ratio(r.p95Ratio()));
      }
      g.add(row);
    }
    return g;
  }

  private static Grid ownVerdicts(Folder f) {
    List<String> header = new ArrayList<>(f.variedPaths());
    header.add("block time");
    Set<Integer> right = new HashSet<>();
    addVerdictHeader(header, right, "");
    Grid g = new Grid(header, right, Set.of());
    for (Point p : f.points()) {
      for (BudgetRow b : p.budgets()) {
        List<String> row = new ArrayList<>(p.values().values());
        row.add(Numbers.budget(b.blockTimeMs()));
        addVerdict(row, b);
        g.add(row);
      }
    }
    return g;
  }

  private static void addVerdictHeader(List<String> header, Set<Integer> right, String prefix) {
    for (String h : List.of("fits", "heights", "p50", "p95", "p99")) {
      if (!h.equals("fits")) {
        right.add(header.size());
      }
      header.add(prefix + h);
    }
  }

  private static void addVerdict(List<String> row, BudgetRow b) {
    if (b == null) {
      row.addAll(List.of("-", "-", "-", "-", "-"));
      return;
    }
    row.add(b.fits());
    row.add(Numbers.pct(b.heightsFittingPct()));
    row.add(Durations.tableMs(b.p50Ms()));
    row.add(Durations.tableMs(b.p95Ms()));
    row.add(Durations.tableMs(b.p99Ms()));
  }

  private Grid criticalPaths() {
    boolean points = c.folders().stream().anyMatch(f -> !f.variedPaths().isEmpty());
    List<String> header = new ArrayList<>(List.of("", "folder"));
    if (points) {
      header.add("point");
    }
    int first = header.size();
    header.addAll(CriticalPath.PHASES);
    Set<Integer> right = new HashSet<>();
    for (int i = first; i < header.size(); i++) {
      right.add(i);
    }
    Grid g = new Grid(header, right, Set.of());
    for (int i = 0; i < c.folders().size(); i++) {
      for (Point p : c.folders().get(i).points()) {
        List<String> row = new ArrayList<>(List.of(c.keys().get(i), c.labels().get(i)));
        if (points) {
          row.add(p.label().isEmpty() ? "-" : p.label());
        }
        CriticalPath cp = p.criticalPath();
        for (int k = 0; k < CriticalPath.PHASES.size(); k++) {
          row.add(cp == null ? "-" : Durations.tableMs(cp.phasesMs()[k]));
        }
        g.add(row);
      }
    }
    return g;
  }

  private Grid changes() {
    List<String> header = new ArrayList<>(List.of("path"));
    for (int i = 0; i < c.folders().size(); i++) {
      header.add(c.keys().get(i) + " " + c.labels().get(i));
    }
    Grid g = new Grid(header, Set.of(), Set.of());
    for (Comparison.Change ch : c.changes()) {
      List<String> row = new ArrayList<>(List.of(ch.path()));
      row.addAll(ch.values());
      g.add(row);
    }
    return g;
  }

  private void heading(int level, String title) {
    if (out.length() > 0 && !(markdown && out.toString().endsWith("\n\n"))) {
      out.append('\n');
    }
    if (markdown) {
      out.append("#".repeat(level + 1)).append(' ').append(title).append("\n\n");
    } else {
      out.append(title).append('\n');
    }
  }

  private void text(String line) {
    out.append(line).append(markdown ? "\n\n" : "\n");
  }

  private void grid(Grid g) {
    out.append(markdown ? g.markdown() : g.text());
    if (markdown) {
      out.append('\n');
    }
  }
}
