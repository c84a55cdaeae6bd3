package dev.tdsim.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code tdsim compare}: lines up two or more run folders ({@code tdsim run}) or sweep folders
 * ({@code tdsim sweep}) side by side: the verdict per block-time budget, the critical path, and
 * what changed between their resolved scenarios.
 */
public final class Compare {
  private Compare() {}

  /**
   * Reads the folders and writes the comparison in FORMAT.
   *
   * @throws CompareException with a one-line message naming the file, when fewer than two folders
   *     are given or a folder is not a readable run or sweep folder
   */
  public static String render(List<Path> dirs, Format format) {
    Comparison c = compare(dirs);
    return switch (format) {
      case TABLE -> TextReport.write(c, false);
      case MARKDOWN -> TextReport.write(c, true);
      case CSV -> CsvReport.write(c);
    };
  }

  static Comparison compare(List<Path> dirs) {
    if (dirs.size() < 2) {
      throw new CompareException("needs at least two run or sweep folders to compare, got "
          + dirs.size());
    }
    List<Folder> folders = new ArrayList<>();
    for (Path dir : dirs) {
      folders.add(Folders.read(dir));
    }
    return Comparison.of(folders);
  }
}
