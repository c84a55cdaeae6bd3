package dev.tdsim.compare;

import dev.tdsim.report.ReportWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Recognises and reads the folders given to {@code tdsim compare}. */
final class Folders {
  /** What {@code tdsim sweep} writes at the top of its folder. */
  static final String SWEEP_CSV = "sweep.csv";
  /** The sweep's sensitivity report (read for the note a sweep still running leaves in it). */
  static final String SENSITIVITY_JSON = "sensitivity.json";

  private Folders() {}

  /**
   * Reads DIR as a sweep folder when it has {@code sweep.csv}, else as a run folder when it has
   * {@code summary.json}; anything else is a CompareException.
   */
  static Folder read(Path dir) {
    if (!Files.exists(dir)) {
      throw new CompareException(dir + ": no such folder");
    }
    if (!Files.isDirectory(dir)) {
      throw new CompareException(dir + ": not a folder (give run folders with "
          + ReportWriter.SUMMARY + " or sweep folders with " + SWEEP_CSV + ")");
    }
    if (Files.isRegularFile(dir.resolve(SWEEP_CSV))) {
      return SweepFolder.read(dir);
    }
    if (Files.isRegularFile(dir.resolve(ReportWriter.SUMMARY))) {
      return readRun(dir);
    }
    if (Files.isRegularFile(dir.resolve(ReportWriter.HEIGHTS))) {
      throw new CompareException(dir + ": an unfinished run (" + ReportWriter.HEIGHTS
          + " but no " + ReportWriter.SUMMARY + ": it was stopped or failed); compare its"
          + " finished result, the folder without '.partial'");
    }
    throw new CompareException(dir + ": not a run or sweep folder (no "
        + ReportWriter.SUMMARY + " or " + SWEEP_CSV + ")");
  }

  static Folder readRun(Path dir) {
    SummaryFile.Summary s = SummaryFile.read(dir.resolve(ReportWriter.SUMMARY));
    Map<String, String> scenario = scenarioOrNull(dir);
    List<String> notes = new ArrayList<>();
    if (scenario == null) {
      notes.add(name(dir) + ": no " + ReportWriter.SCENARIO
          + " (an older run); its settings are not compared");
    }
    String variant = s.variant() != null ? s.variant()
        : scenario == null ? null
        : scenario.getOrDefault("crypto.design", scenario.get("crypto.variant"));
    Point run = new Point(Map.of(), s.budgets(), s.criticalPath());
    return new Folder(dir, Folder.Kind.RUN, name(dir), variant, s.description(), List.of(),
        List.of(run), scenario, notes);
  }

  /** The flattened scenario.yaml of DIR, or null when it has none. */
  static Map<String, String> scenarioOrNull(Path dir) {
    Path yaml = dir.resolve(ReportWriter.SCENARIO);
    return Files.isRegularFile(yaml) ? Flattener.flattenFile(yaml) : null;
  }

  /** The folder's own name ({@code b} for {@code /tmp/b/} or {@code ../b}). */
  static String name(Path dir) {
    Path abs = dir.toAbsolutePath().normalize();
    Path name = abs.getFileName();
    return name == null ? abs.toString() : name.toString();
  }
}
