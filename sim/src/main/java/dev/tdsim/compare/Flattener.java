package dev.tdsim.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * Flattens a resolved scenario ({@code scenario.yaml}, as {@code ScenarioWriter.toYaml} writes
 * it) to dotted paths, so two scenarios can be diffed path by path.
 *
 * <p>A mapping's keys join with {@code .} ({@code crypto.variant}; a sweep entry keeps its own
 * dots: {@code sweep.keys.shares}). A list of scalars is one value written in flow style ({@code
 * budgets = [100 ms, 1 s]}); a list that holds mappings or lists is split by index ({@code
 * x[0].y}). An empty mapping or list is the value {@code {}} or {@code []}. Order is the file's.
 */
final class Flattener {
  private Flattener() {}

  /** Reads and flattens FILE; a missing, unreadable or malformed file is a CompareException. */
  static Map<String, String> flattenFile(Path file) {
    String yaml;
    try {
      yaml = dev.tdsim.input.InputFiles.readText(file, "scenario file");
    } catch (dev.tdsim.input.InputFiles.InputProblem e) {
      throw new CompareException(file + ": " + e.getMessage(), e);
    }
    return flatten(yaml, file.toString());
  }

  static Map<String, String> flatten(String yaml, String source) {
    Object root;
    try {
      dev.tdsim.input.InputFiles.checkYaml(yaml);
    } catch (dev.tdsim.input.InputFiles.InputProblem e) {
      throw new CompareException(source + (e.line() > 0 ? ":" + e.line() : "") + ": "
          + e.getMessage(), e);
    }
    try {
      root = new Load(LoadSettings.builder().setLabel(source).build()).loadFromString(yaml);
    } catch (YamlEngineException e) {
      throw new CompareException(source + ": invalid YAML: " + firstLine(e.getMessage()), e);
    }
    if (!(root instanceof Map<?, ?> map)) {
      throw new CompareException(source + ": not a scenario (expected a YAML mapping at the top)");
    }
    Map<String, String> out = new LinkedHashMap<>();
    walk("", map, out);
    return out;
  }

  private static void walk(String path, Object value, Map<String, String> out) {
    if (value instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        if (!path.isEmpty()) {
          out.put(path, "{}");
        }
        return;
      }
      for (Map.Entry<?, ?> e : map.entrySet()) {
        String key = String.valueOf(e.getKey());
        walk(path.isEmpty() ? key : path + "." + key, e.getValue(), out);
      }
    } else if (value instanceof List<?> list) {
      if (list.stream().noneMatch(v -> v instanceof Map || v instanceof List)) {
        out.put(path, flow(list));
        return;
      }
      for (int i = 0; i < list.size(); i++) {
        walk(path + "[" + i + "]", list.get(i), out);
      }
    } else {
      out.put(path, scalar(value));
    }
  }

  private static String flow(List<?> list) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < list.size(); i++) {
      b.append(i == 0 ? "" : ", ").append(scalar(list.get(i)));
    }
    return b.append(']').toString();
  }

  private static String scalar(Object v) {
    return v == null ? "~" : String.valueOf(v);
  }

  static String firstLine(String message) {
    if (message == null) {
      return "(no message)";
    }
    String s = message.strip();
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl).strip();
  }
}
