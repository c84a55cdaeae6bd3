package dev.tdsim.sweep;

import dev.tdsim.scenario.ScenarioKeys;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What to sweep: the varied paths and their values, cartesian or zip, replicates per point, and
 * the sensitivity search settings. Read from a scenario's {@code sweep:} section ({@link
 * #fromSection}) and changed by command-line options ({@link #withVary} and the withers).
 *
 * @param axes varied paths in order (the first varies slowest)
 * @param zip pair the i-th values of every path instead of taking the cartesian product
 * @param replicates runs per point, each with its own derived seed ({@link Seeds})
 * @param maxMsgsSearch search the largest fitting messages-per-block even when
 *     {@code workload.msgs_per_block} is not varied
 * @param search whether to refine the grid by running probes (bisection) at all
 * @param maxProbes bisection steps per (parameter, group, budget) search
 * @param tolerance the width of the fixed bins (1 + t)^k a bracket closes in, answering the
 *     bin's smallest value ({@code 0}: whole numbers to one apart, other quantities to 1%)
 */
public record SweepSpec(
    List<Axis> axes, boolean zip, int replicates, boolean maxMsgsSearch, boolean search,
    int maxProbes, double tolerance) {

  public static final int DEFAULT_MAX_PROBES = 12;
  /**
   * The search closes a budget's bracket in a bin of a fixed grid 5% wide (issue 23): the same
   * answer whatever the probes, serial or parallel, with about half the probes of an exact search.
   */
  public static final double DEFAULT_TOLERANCE = 0.05;
  public static final List<String> KEYS =
      List.of("vary", "mode", "replicates", "max_msgs_search", "search", "max_probes",
          "tolerance");

  public SweepSpec {
    axes = List.copyOf(axes);
    if (!(tolerance >= 0 && tolerance < 1)) {
      throw new SweepException("sweep tolerance: expected a fraction in [0, 1), got " + tolerance);
    }
  }

  public static SweepSpec empty() {
    return new SweepSpec(List.of(), false, 1, false, true, DEFAULT_MAX_PROBES, DEFAULT_TOLERANCE);
  }

  /**
   * The spec of a raw {@code sweep:} section: {@code vary: {PATH: [values]}}, {@code mode:
   * cartesian|zip}, {@code replicates: N}, {@code max_msgs_search: bool}, {@code search: bool},
   * {@code max_probes: N}. A key that is a scenario path ({@code workload.msgs_per_block: [...]})
   * or {@code vary.PATH} (what {@code --set sweep.vary.PATH=[...]} writes) is a vary entry too.
   *
   * @param label the scenario file, for messages
   */
  public static SweepSpec fromSection(Map<String, Object> section, String label) {
    SweepSpec spec = empty();
    String where = label + ": sweep";
    Map<String, String> varied = new java.util.HashMap<>();
    for (Map.Entry<String, Object> e : section.entrySet()) {
      String key = e.getKey();
      Object v = e.getValue();
      switch (key) {
        case "vary" -> {
          if (v == null) {
            continue;
          }
          if (!(v instanceof Map<?, ?> m)) {
            throw new SweepException(where + ".vary: expected a mapping of paths to lists of"
                + " values, e.g. {workload.msgs_per_block: [10, 100]}");
          }
          for (Map.Entry<?, ?> p : m.entrySet()) {
            String path = String.valueOf(p.getKey());
            requireOnce(varied, label, "sweep.vary." + path, path);
            spec = spec.withVary(axisOf(where + ".vary.", path, p.getValue()));
          }
        }
        case "mode" -> {
          if ("zip".equals(v)) {
            spec = spec.withZip(true);
          } else if ("cartesian".equals(v)) {
            spec = spec.withZip(false);
          } else {
            throw new SweepException(where + ".mode: expected cartesian or zip, got '" + v + "'");
          }
        }
        case "replicates" -> {
          int r = positive(where + ".replicates", v);
          if (r > dev.tdsim.scenario.Scenario.MAX_REPLICATES) {
            throw new SweepException(where + ".replicates: must be at most "
                + dev.tdsim.scenario.Scenario.MAX_REPLICATES + ", got " + r);
          }
          spec = spec.withReplicates(r);
        }
        case "max_probes" -> spec = spec.withMaxProbes(positive(where + ".max_probes", v));
        case "max_msgs_search" -> spec = spec.withMaxMsgsSearch(bool(where + "." + key, v));
        case "search" -> spec = spec.withSearch(bool(where + "." + key, v));
        case "tolerance" -> spec = spec.withTolerance(tolerance(where + ".tolerance",
            v == null ? null : String.valueOf(v)));
        default -> {
          String path = key.startsWith("vary.") ? key.substring("vary.".length()) : key;
          if (ScenarioKeys.isPath(path)) {
            requireOnce(varied, label, "sweep." + key, path);
            spec = spec.withVary(axisOf(where + ".", key, v).withPath(path));
          } else {
            throw new SweepException(where + "." + key + ": unknown key; known: "
                + String.join(", ", KEYS) + ", or a scenario path to vary (e.g."
                + " workload.msgs_per_block: [10, 100])");
          }
        }
      }
    }
    return spec;
  }

  /** A path varied twice in one section (as PATH, vary.PATH or under vary:) is a mistake. */
  private static void requireOnce(Map<String, String> varied, String label, String key,
      String path) {
    String first = varied.putIfAbsent(ScenarioKeys.currentPath(path), key);
    if (first != null) {
      throw new SweepException(label + ": " + key + ": " + path
          + " is varied twice in the sweep section (also as " + first + "); keep one list");
    }
  }

  private static Axis axisOf(String prefix, String path, Object values) {
    if (!(values instanceof List<?> l)) {
      throw new SweepException(prefix + path + ": expected a list of values, e.g. [10, 100],"
          + " got " + (values == null ? "nothing" : "'" + YamlValues.flow(values) + "'"));
    }
    List<String> texts = new ArrayList<>();
    for (Object o : l) {
      if (o == null) {
        throw new SweepException(prefix + path + ": empty value in the list");
      }
      texts.add(YamlValues.flow(o));
    }
    return new Axis(path, texts);
  }

  private static int positive(String field, Object v) {
    if (v instanceof Integer i && i >= 1) {
      return i;
    }
    throw new SweepException(field + ": expected a whole number >= 1, got '" + v + "'");
  }

  private static boolean bool(String field, Object v) {
    if (v instanceof Boolean b) {
      return b;
    }
    throw new SweepException(field + ": expected true or false, got '" + v + "'");
  }

  /**
   * Adds a varied path, or replaces the values of a path already varied (keeping its place). A
   * key's former name is the same path ({@code --vary crypto.design=...} replaces a file's
   * {@code crypto.variant:} axis): otherwise both would set one key and every point would clash.
   */
  public SweepSpec withVary(Axis axis) {
    List<Axis> next = new ArrayList<>(axes);
    boolean replaced = false;
    String varied = ScenarioKeys.currentPath(axis.path());
    for (int i = 0; i < next.size(); i++) {
      if (ScenarioKeys.currentPath(next.get(i).path()).equals(varied)) {
        next.set(i, axis);
        replaced = true;
      }
    }
    if (!replaced) {
      next.add(axis);
    }
    return new SweepSpec(next, zip, replicates, maxMsgsSearch, search, maxProbes, tolerance);
  }

  public SweepSpec withZip(boolean z) {
    return new SweepSpec(axes, z, replicates, maxMsgsSearch, search, maxProbes, tolerance);
  }

  public SweepSpec withReplicates(int r) {
    return new SweepSpec(axes, zip, r, maxMsgsSearch, search, maxProbes, tolerance);
  }

  public SweepSpec withMaxMsgsSearch(boolean m) {
    return new SweepSpec(axes, zip, replicates, m, search, maxProbes, tolerance);
  }

  public SweepSpec withSearch(boolean s) {
    return new SweepSpec(axes, zip, replicates, maxMsgsSearch, s, maxProbes, tolerance);
  }

  public SweepSpec withMaxProbes(int p) {
    return new SweepSpec(axes, zip, replicates, maxMsgsSearch, search, p, tolerance);
  }

  public SweepSpec withTolerance(double t) {
    return new SweepSpec(axes, zip, replicates, maxMsgsSearch, search, maxProbes, t);
  }

  /**
   * A tolerance as users write it: a percentage ({@code 5%}) or a fraction ({@code 0.05}), in
   * [0, 100%); {@code field} names it in the error.
   */
  public static double tolerance(String field, String text) {
    String t = text == null ? "" : text.strip();
    try {
      double v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1).strip()) / 100
          : Double.parseDouble(t);
      if (v >= 0 && v < 1) {
        return v;
      }
    } catch (NumberFormatException e) {
      // worded below
    }
    throw new SweepException(field + ": expected a percentage such as 5% (or a fraction such as"
        + " 0.05) from 0 up to 100%, got '" + t + "'");
  }

  /** Parses a command-line {@code PATH=V1,V2,...} (commas inside brackets do not split). */
  public static Axis parseVary(String text) {
    int eq = text.indexOf('=');
    if (eq <= 0) {
      throw new SweepException("--vary " + text + ": expected PATH=V1,V2,..., e.g."
          + " --vary workload.msgs_per_block=10,100,1000");
    }
    String path = text.substring(0, eq).strip();
    List<String> values = YamlValues.splitTopLevel(text.substring(eq + 1));
    for (String v : values) {
      if (v.isEmpty()) {
        throw new SweepException("--vary " + path + ": empty value in '"
            + text.substring(eq + 1) + "'");
      }
    }
    return new Axis(path, values);
  }

  /** Map view of the axes (path to values), in order. */
  public Map<String, List<String>> varyMap() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    for (Axis a : axes) {
      m.put(a.path(), a.values());
    }
    return m;
  }
}
