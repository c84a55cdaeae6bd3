package dev.tdsim.compare;

import dev.tdsim.report.CriticalPath;
import dev.tdsim.report.ReportWriter;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a {@code tdsim sweep} folder: {@code sweep.csv} (one row per point and budget: one column
 * per varied path, then {@code replicates, block_time_ms, fits, p50_ms, p95_ms, p99_ms, ...}) and,
 * for the critical paths, the run folders under {@code points/<id>/}.
 *
 * <p>The varied paths are the columns before {@code replicates} (before {@code block_time_ms} when
 * there is no {@code replicates}), less a point id column ({@code point}, {@code point_id} or
 * {@code id}). A point's run folder is {@code points/<id>/} when there is an id column; otherwise
 * {@code points/<id>__r<n>/} (its replicates), or {@code points/<id>/<replicate>/}; without
 * an id column, or when no such folder exists, the folders whose {@code scenario.yaml} has the
 * point's varied values. A point with several run folders gets the mean of their critical
 * paths.
 */
final class SweepFolder {
  static final String POINTS = "points";
  private static final List<String> ID_COLUMNS = List.of("point", "point_id", "id");
  /** Columns with the share of heights fitting, 0..1 (fraction) or 0..100 (pct, percent). */
  private static final List<String> FITTING_COLUMNS = List.of("share_of_heights_fitting",
      "heights_fitting_share", "heights_fitting", "heights_fitting_pct",
      "heights_fitting_percent");

  private SweepFolder() {}

  /** A folder under points/: its run folders (itself, or its replicates) and its scenario. */
  private record PointDir(String id, List<Path> runs, Map<String, String> scenario) {}

  static Folder read(Path dir) {
    Path file = dir.resolve(Folders.SWEEP_CSV);
    List<String> header;
    List<CSVRecord> records;
    CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
        .setTrim(true).setIgnoreEmptyLines(true).get();
    try (Reader r = Files.newBufferedReader(file); CSVParser p = format.parse(r)) {
      header = p.getHeaderNames();
      records = p.getRecords();
    } catch (IOException e) {
      throw new CompareException(file + ": cannot read: "
          + dev.tdsim.input.InputFiles.describe(e), e);
    } catch (UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
      throw new CompareException(file + ": unreadable CSV: " + Flattener.firstLine(
          e.getMessage()), e);
    }
    int budgetColumn = header.indexOf("block_time_ms");
    if (budgetColumn < 0 || !header.contains("p95_ms")) {
      throw new CompareException(file + ": not a tdsim sweep table (needs columns block_time_ms"
          + " and p95_ms; has " + (header.isEmpty() ? "none" : String.join(", ", header)) + ")");
    }
    int replicates = header.indexOf("replicates");
    int end = replicates >= 0 && replicates < budgetColumn ? replicates : budgetColumn;
    String idColumn = null;
    List<String> varied = new ArrayList<>();
    for (String column : header.subList(0, end)) {
      if (idColumn == null && ID_COLUMNS.contains(column.toLowerCase(Locale.ROOT))) {
        idColumn = column;
      } else {
        varied.add(column);
      }
    }
    String fitting = FITTING_COLUMNS.stream().filter(header::contains).findFirst().orElse(null);
    boolean percent = fitting != null && (fitting.endsWith("pct") || fitting.endsWith("percent"));

    Map<List<String>, List<BudgetRow>> budgets = new LinkedHashMap<>();
    Map<List<String>, String> ids = new HashMap<>();
    Set<String> replicateCounts = new LinkedHashSet<>();
    for (CSVRecord rec : records) {
      Cells cells = new Cells(file, rec);
      List<String> key = varied.stream().map(cells::text).toList();
      double share = fitting == null ? Double.NaN : cells.number(fitting);
      budgets.computeIfAbsent(key, k -> new ArrayList<>()).add(new BudgetRow(
          cells.number("block_time_ms"), fits(cells.text("fits")),
          percent ? share : 100 * share, cells.number("p50_ms"), cells.number("p95_ms"),
          cells.number("p99_ms"), cells.number("judged_p95_ms")));
      if (idColumn != null) {
        ids.putIfAbsent(key, cells.text(idColumn));
      }
      if (replicates >= 0) {
        replicateCounts.add(cells.text("replicates"));
      }
    }
    if (budgets.isEmpty()) {
      throw new CompareException(file + ": the sweep table has no rows");
    }

    List<PointDir> pointDirs = pointDirs(dir.resolve(POINTS));
    List<Point> points = new ArrayList<>();
    Set<PointDir> inPointOrder = new LinkedHashSet<>();
    int withoutRuns = 0;
    for (Map.Entry<List<String>, List<BudgetRow>> e : budgets.entrySet()) {
      String id = ids.get(e.getKey());
      List<PointDir> mine = pointDirs.stream().filter(pd -> id != null && isOf(pd.id(), id))
          .toList();
      if (mine.isEmpty()) {
        mine = pointDirs.stream().filter(pd -> hasValues(pd, varied, e.getKey())).toList();
      }
      inPointOrder.addAll(mine);
      CriticalPath path = meanCriticalPath(mine.stream().flatMap(pd -> pd.runs().stream())
          .toList());
      if (path == null) {
        withoutRuns++;
      }
      Map<String, String> values = new LinkedHashMap<>();
      for (int i = 0; i < varied.size(); i++) {
        values.put(varied.get(i), e.getKey().get(i));
      }
      List<BudgetRow> rows = new ArrayList<>(e.getValue());
      rows.sort(Comparator.comparingDouble(BudgetRow::blockTimeMs));
      points.add(new Point(values, rows, path));
    }

    String name = Folders.name(dir);
    List<String> notes = new ArrayList<>();
    unfinished(dir).ifPresent(status -> notes.add(name + ": the sweep had not finished when these"
        + " files were written (" + status + "); a rerun with the same --out completes it"));
    if (withoutRuns > 0) {
      notes.add(name + ": no run folder under " + POINTS + "/ for " + withoutRuns + " of "
          + points.size() + " points; their critical paths are not shown");
    }
    Map<String, String> scenario = Folders.scenarioOrNull(dir);
    if (scenario == null) {
      inPointOrder.addAll(pointDirs);
      scenario = merged(List.copyOf(inPointOrder));
    }
    if (scenario == null) {
      notes.add(name + ": no " + ReportWriter.SCENARIO + " (neither in the folder nor under "
          + POINTS + "/); its settings are not compared");
    } else {
      for (int i = 0; i < varied.size(); i++) {
        Set<String> distinct = new LinkedHashSet<>();
        for (List<String> key : budgets.keySet()) {
          distinct.add(key.get(i));
        }
        scenario.put(varied.get(i), "swept: " + String.join(", ", distinct));
      }
    }
    String variant = varied.contains("crypto.design") || varied.contains("crypto.variant")
        || scenario == null ? null
        : scenario.getOrDefault("crypto.design", scenario.get("crypto.variant"));
    String description = points.size() + (points.size() == 1 ? " point" : " points")
        + (varied.isEmpty() ? "" : " varying " + String.join(", ", varied))
        + (replicateCounts.isEmpty() ? "" : ", replicates " + String.join("/", replicateCounts))
        + (scenario == null || !scenario.containsKey("crypto.timing") ? ""
            : ", timing " + scenario.get("crypto.timing"));
    return new Folder(dir, Folder.Kind.SWEEP, name, variant, description, varied, points,
        scenario, notes);
  }

  /**
   * The scenario the points share: a path with one value keeps it; a path whose value differs
   * between points (a varied path, or one derived from it such as the default threshold) reads
   * {@code varies: v1, v2, ...}. Null when no point has a scenario.yaml.
   */
  private static Map<String, String> merged(List<PointDir> pointDirs) {
    List<Map<String, String>> scenarios = pointDirs.stream().map(PointDir::scenario)
        .filter(s -> s != null).toList();
    if (scenarios.isEmpty()) {
      return null;
    }
    Map<String, Set<String>> values = new LinkedHashMap<>();
    scenarios.forEach(s -> s.keySet().forEach(k -> values.put(k, new LinkedHashSet<>())));
    for (Map<String, String> s : scenarios) {
      values.forEach((k, v) -> v.add(s.getOrDefault(k, Comparison.ABSENT)));
    }
    Map<String, String> out = new LinkedHashMap<>();
    values.forEach((k, v) -> out.put(k, v.size() == 1 ? v.iterator().next()
        : "varies: " + String.join(", ", v)));
    return out;
  }

  /** Whether the folder NAME under points/ is point ID's: ID itself or a replicate ID__rN. */
  static boolean isOf(String name, String id) {
    return name.equals(id) || name.matches(java.util.regex.Pattern.quote(id) + "__r\\d+");
  }

  /** Whether the point folder's scenario has VALUES at the varied paths. */
  private static boolean hasValues(PointDir pd, List<String> varied, List<String> values) {
    if (pd.scenario() == null || varied.isEmpty()) {
      return false;
    }
    for (int i = 0; i < varied.size(); i++) {
      String v = pd.scenario().get(varied.get(i));
      if (v == null || !v.strip().equals(values.get(i).strip())) {
        return false;
      }
    }
    return true;
  }

  private static String fits(String text) {
    return switch (text.toLowerCase(Locale.ROOT)) {
      case "true", "yes" -> "yes";
      case "false", "no" -> "no";
      case "" -> "-";
      default -> text;
    };
  }

  /** The folders under points/, by name; each with its run folders and scenario. */
  private static List<PointDir> pointDirs(Path points) {
    if (!Files.isDirectory(points)) {
      return List.of();
    }
    List<PointDir> out = new ArrayList<>();
    for (Path d : sortedSubfolders(points)) {
      List<Path> runs = new ArrayList<>();
      if (Files.isRegularFile(d.resolve(ReportWriter.SUMMARY))) {
        runs.add(d);
      } else {
        for (Path r : sortedSubfolders(d)) {
          if (Files.isRegularFile(r.resolve(ReportWriter.SUMMARY))) {
            runs.add(r);
          }
        }
      }
      Map<String, String> scenario = Folders.scenarioOrNull(d);
      if (scenario == null && !runs.isEmpty()) {
        scenario = Folders.scenarioOrNull(runs.get(0));
      }
      out.add(new PointDir(d.getFileName().toString(), runs, scenario));
    }
    return out;
  }

  private static List<Path> sortedSubfolders(Path dir) {
    List<Path> out = new ArrayList<>();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, Files::isDirectory)) {
      s.forEach(out::add);
    } catch (IOException e) {
      throw new CompareException(dir + ": cannot list: "
          + dev.tdsim.input.InputFiles.describe(e), e);
    }
    out.sort(Comparator.comparing(p -> p.getFileName().toString()));
    return out;
  }

  /** The mean critical path of the runs that have one, or null when none has. */
  private static CriticalPath meanCriticalPath(List<Path> runs) {
    double[] sum = new double[CriticalPath.PHASES.size()];
    double latency = 0;
    int n = 0;
    for (Path run : runs) {
      CriticalPath c = SummaryFile.read(run.resolve(ReportWriter.SUMMARY)).criticalPath();
      if (c != null) {
        double[] phases = c.phasesMs();
        for (int i = 0; i < sum.length; i++) {
          sum[i] += phases[i];
        }
        latency += c.decryptionLatencyMs();
        n++;
      }
    }
    if (n == 0) {
      return null;
    }
    for (int i = 0; i < sum.length; i++) {
      sum[i] /= n;
    }
    return CriticalPath.of(sum, latency / n);
  }

  /**
   * The "in progress: ..." note a sweep writes into sensitivity.json while it runs (a stopped
   * sweep leaves it there), if any; nothing for a finished sweep or an unreadable file.
   */
  static java.util.Optional<String> unfinished(Path dir) {
    Path file = dir.resolve(Folders.SENSITIVITY_JSON);
    if (!java.nio.file.Files.isRegularFile(file)) {
      return java.util.Optional.empty();
    }
    try {
      com.fasterxml.jackson.databind.JsonNode notes = new com.fasterxml.jackson.databind
          .ObjectMapper().readTree(file.toFile()).path("notes");
      for (com.fasterxml.jackson.databind.JsonNode n : notes) {
        if (n.isTextual() && n.asText().startsWith(IN_PROGRESS)) {
          return java.util.Optional.of(n.asText());
        }
      }
    } catch (java.io.IOException e) {
      return java.util.Optional.empty(); // sweep.csv is what compare reads; this is a hint
    }
    return java.util.Optional.empty();
  }

  /** How the status of a sweep still running starts (Sweep's snapshots). */
  private static final String IN_PROGRESS = "in progress:";

  /** The cells of one sweep.csv row, with errors that name the file, row and column. */
  private record Cells(Path file, CSVRecord rec) {
    String text(String column) {
      if (!rec.isMapped(column)) {
        return "";
      }
      if (!rec.isSet(column)) {
        throw new CompareException(file + ": row " + rec.getRecordNumber() + " has "
            + rec.size() + " values, fewer than the header's columns");
      }
      return rec.get(column);
    }

    double number(String column) {
      String t = text(column);
      if (t.isEmpty() || t.equals("-") || t.equalsIgnoreCase("nan")) {
        return Double.NaN;
      }
      double x;
      try {
        x = Double.parseDouble(t);
      } catch (NumberFormatException e) {
        throw new CompareException(file + ": row " + rec.getRecordNumber() + ", column "
            + column + ": not a number: '" + t + "'");
      }
      if (Double.isInfinite(x)) { // tdsim never writes one: the file was edited or damaged
        throw new CompareException(file + ": row " + rec.getRecordNumber() + ", column "
            + column + ": not a finite number: '" + t + "'");
      }
      return x;
    }
  }
}
