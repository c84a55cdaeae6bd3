package dev.tdsim.sweep;

import dev.tdsim.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/** YAML values of sweeps: flow text of raw values, and resolved values read out of a scenario. */
final class YamlValues {
  private static final DumpSettings FLOW = DumpSettings.builder()
      .setDefaultFlowStyle(FlowStyle.FLOW)
      .setSchema(new CoreSchema())
      .setWidth(100_000)
      .setSplitLines(false)
      .build();

  private YamlValues() {}

  /**
   * A raw YAML value (as {@code Scenario.sweep()} holds it) as the one-line flow text {@code --set}
   * parses back to the same value: {@code 100}, {@code 50 ms}, {@code [a, b]}, {@code '1e3'}.
   */
  static String flow(Object value) {
    if (value instanceof String s && plainSafe(s)) {
      return s;
    }
    if (value instanceof Integer || value instanceof Long || value instanceof Boolean) {
      return value.toString();
    }
    String text = new Dump(FLOW).dumpToString(value);
    text = text.strip();
    if (text.endsWith("...")) {
      text = text.substring(0, text.length() - 3).strip();
    }
    return text;
  }

  /** A string that reads back as the same string when written without quotes. */
  private static boolean plainSafe(String s) {
    if (s.isEmpty() || !s.equals(s.strip())) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean ok = Character.isLetterOrDigit(c) || c == ' ' || c == '.' || c == '_' || c == '-'
          || c == '/' || c == '+' || c == '\u00b5';
      if (!ok) {
        return false;
      }
    }
    if (s.startsWith("-") || s.startsWith(".")) {
      return false;
    }
    Object back = new Load(LoadSettings.builder().setSchema(new CoreSchema()).build())
        .loadFromString(s);
    return s.equals(back);
  }

  /** The scenario's resolved (canonical) value at a dotted path, as the canonical YAML has it. */
  static Object resolved(Scenario s, String path) {
    Object root = new Load(LoadSettings.builder().setSchema(new CoreSchema()).build())
        .loadFromString(s.toYaml());
    Object node = root;
    for (String part : dev.tdsim.scenario.ScenarioKeys.currentPath(path).split("\\.")) {
      int bracket = part.indexOf('[');
      String key = bracket < 0 ? part : part.substring(0, bracket);
      if (!(node instanceof Map<?, ?> m)) {
        return null;
      }
      node = m.get(key);
      if (bracket >= 0) { // faults[2]: an element of a list
        int i = Integer.parseInt(part.substring(bracket + 1, part.length() - 1));
        if (!(node instanceof List<?> l) || i >= l.size()) {
          return null;
        }
        node = l.get(i);
      }
    }
    return node;
  }

  /** A short readable label of a resolved value: {@code 100}, {@code 50 ms}, {@code [a, b]}. */
  static String label(Object value) {
    if (value == null) {
      return "~";
    }
    if (value instanceof List<?> l) {
      List<String> parts = new ArrayList<>();
      for (Object o : l) {
        parts.add(label(o));
      }
      return "[" + String.join(", ", parts) + "]";
    }
    if (value instanceof Map<?, ?>) {
      return flow(value);
    }
    return value.toString();
  }

  /**
   * Splits {@code v1,v2,...} at the commas outside brackets, braces and quotes, so list values
   * work: {@code [100 ms, 1 s],[2 s]} is two values.
   */
  static List<String> splitTopLevel(String text) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    char quote = 0;
    StringBuilder cur = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '[' || c == '{') {
        depth++;
      } else if (c == ']' || c == '}') {
        depth--;
      } else if (c == ',' && depth == 0) {
        out.add(cur.toString().strip());
        cur.setLength(0);
        continue;
      }
      cur.append(c);
    }
    out.add(cur.toString().strip());
    return out;
  }
}
