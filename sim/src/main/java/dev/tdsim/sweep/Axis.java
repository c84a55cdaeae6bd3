package dev.tdsim.sweep;

import java.util.List;

/**
 * One varied scenario path and its values, each a YAML flow value as {@code --set} takes it
 * ({@code 100}, {@code 50 ms}, {@code [us-east, eu-west]}).
 */
public record Axis(String path, List<String> values) {
  public Axis {
    values = List.copyOf(values);
  }

  /** The same values under another path. */
  public Axis withPath(String newPath) {
    return new Axis(newPath, values);
  }
}
