package dev.tdsim.compare;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A run folder ({@code summary.json}) or a sweep folder ({@code sweep.csv}) as read for a
 * comparison.
 *
 * @param dir the folder as given
 * @param kind run or sweep
 * @param name the folder's own name
 * @param variant the combine variant when the whole folder has one, else {@code null}
 * @param description one line: timing, schedule, heights, or what a sweep varies
 * @param variedPaths the scenario paths a sweep varies, in sweep.csv's column order (empty for a
 *     run)
 * @param points the run, or the sweep's points in file order
 * @param scenario the resolved scenario flattened to dotted paths ({@link Flattener}); for a sweep
 *     its varied paths hold {@code swept: v1, v2, ...}; {@code null} when the folder has none
 * @param notes what could not be read and is left out (one line each)
 */
record Folder(
    Path dir,
    Kind kind,
    String name,
    String variant,
    String description,
    List<String> variedPaths,
    List<Point> points,
    Map<String, String> scenario,
    List<String> notes) {

  enum Kind {
    RUN,
    SWEEP;

    String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  Folder {
    variedPaths = List.copyOf(variedPaths);
    points = List.copyOf(points);
    notes = List.copyOf(notes);
  }

  /** The folder name, and the variant in parentheses when there is one. */
  String label() {
    return variant == null ? name : name + " (" + variant + ")";
  }
}
