package dev.tdsim.scenario;

import dev.tdsim.input.InputFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/**
 * Reads a scenario file, applies {@code --set} overrides, fills defaults and validates, giving a
 * {@link Scenario}. The file is composed with snakeyaml-engine's node API so every node keeps its
 * line; every problem is a {@link ScenarioException} reading {@code FILE:LINE: FIELD: problem}
 * (or {@code --set FIELD: problem} for an override). See docs/SCENARIOS.md.
 *
 * <p>Overrides are {@code PATH=VALUE} strings: PATH is a dotted key path ({@code heights}, {@code
 * keys.shares}, {@code sweep}, {@code sweep.ANY.KEY}), VALUE is parsed as a YAML flow value
 * ({@code 200}, {@code 100 ms}, {@code [100 ms, 1 s]}, {@code {shares: 64}}) and replaces the
 * file's value before defaults and validation, in order (a later override of the same path wins).
 */
public final class ScenarioLoader {
  private static final String OVERRIDE = ScenarioException.OVERRIDE;
  private static final Mark OVERRIDE_MARK = new Mark(OVERRIDE, 0, 0, 0, new int[0], 0);
  private static final Pattern BAD_NAME_CHARS = Pattern.compile("[^A-Za-z0-9._-]+");

  private ScenarioLoader() {}

  /** Loads a scenario file without overrides. */
  public static Scenario load(Path file) {
    return load(file, List.of());
  }

  /**
   * Loads a scenario file and applies overrides.
   *
   * @param file the scenario; error messages name it as given (keep it relative for short
   *     messages)
   * @param overrides {@code PATH=VALUE} strings from {@code --set}, applied in order
   * @throws ScenarioException for anything wrong in the file or the overrides
   */
  public static Scenario load(Path file, List<String> overrides) {
    String label = file.toString();
    String text;
    try {
      text = InputFiles.readText(file, "scenario file");
    } catch (InputFiles.InputProblem e) {
      throw new ScenarioException(label, e.line(), null, e.getMessage(), e);
    }
    return new Session(label, file).resolve(text, defaultName(file.getFileName() == null
        ? label : file.getFileName().toString()), overrides);
  }

  /**
   * Reads a scenario from text (for tests and for scenarios built in code).
   *
   * @param label the name error messages use in place of a file name; the default scenario name
   *     is derived from it as from a file name
   */
  public static Scenario parse(String yaml, String label, List<String> overrides) {
    return new Session(label, null).resolve(yaml, defaultName(label), overrides);
  }

  /** The all-defaults scenario (named {@code defaults}) with overrides applied. */
  public static Scenario defaults(List<String> overrides) {
    return parse("", "defaults", overrides);
  }

  /**
   * The 1-based line where a dotted key path is written in a scenario file, or 0 when it is not
   * there (or the file cannot be read). Keys may themselves contain dots (a sweep's {@code vary:
   * {workload.msgs_per_block: [...]}}): at each level the longest key that is a prefix of the
   * rest of the path is taken. For errors found outside the reader (the sweep section's own
   * parser), to give them a line.
   */
  public static int lineOf(Path file, String dottedPath) {
    Node node;
    try {
      String text = InputFiles.readText(file, "scenario file");
      InputFiles.checkYaml(text);
      node = new Compose(LoadSettings.builder().setSchema(new CoreSchema()).setUseMarks(true)
          .setAllowDuplicateKeys(true).build()).composeString(text).orElse(null);
    } catch (RuntimeException e) {
      return 0;
    }
    int line = 0;
    String rest = dottedPath;
    String parent = "";
    while (node instanceof MappingNode m && !rest.isEmpty()) {
      NodeTuple best = null;
      String bestKey = "";
      for (NodeTuple t : m.getValue()) {
        if (t.getKeyNode() instanceof ScalarNode k) {
          // a key written under its former name stands for the current one
          String key = currentName(parent, k.getValue());
          boolean prefix = rest.equals(key) || rest.startsWith(key + ".");
          if (prefix && key.length() > bestKey.length()) {
            best = t;
            bestKey = key;
          }
        }
      }
      if (best == null) {
        break;
      }
      line = best.getKeyNode().getStartMark().map(mk -> mk.getLine() + 1).orElse(line);
      rest = rest.length() == bestKey.length() ? "" : rest.substring(bestKey.length() + 1);
      parent = bestKey;
      node = best.getValueNode();
    }
    return line;
  }

  /** A written key's current name: in section {@code parent}, or as a path ({@code sweep.vary}). */
  private static String currentName(String parent, String key) {
    String asPath = ScenarioKeys.currentPath(key);
    return asPath.equals(key) ? ScenarioKeys.currentKey(parent, key).orElse(key) : asPath;
  }

  /** The default scenario name of a file: its name without .yaml/.yml, made a valid name. */
  static String defaultName(String fileName) {
    String base = fileName.replaceFirst("(?i)\\.ya?ml$", "");
    base = BAD_NAME_CHARS.matcher(base).replaceAll("-").replaceFirst("^[^A-Za-z0-9]+", "");
    if (base.length() > 100) {
      base = base.substring(0, 100);
    }
    return base.isEmpty() ? "scenario" : base;
  }

  /** One load: the label for messages and the YAML settings. */
  private static final class Session {
    private final String label;
    private final Path source;
    private final LoadSettings fileSettings;
    private final LoadSettings overrideSettings;

    Session(String label, Path source) {
      this.label = label;
      this.source = source;
      this.fileSettings = settings(label);
      this.overrideSettings = settings(OVERRIDE);
    }

    private static LoadSettings settings(String label) {
      return LoadSettings.builder()
          .setLabel(label)
          .setSchema(new CoreSchema())
          .setAllowDuplicateKeys(true) // reported by the reader, with both lines
          .setUseMarks(true)
          .build();
    }

    /**
     * Composes the file, applies the overrides (a bad one is reported with the file's errors and
     * left out) and reads the result. A YAML syntax error stops at once: nothing after it can be
     * read.
     */
    Scenario resolve(String text, String defaultName, List<String> overrides) {
      MappingNode root = compose(text);
      List<ScenarioException> overrideErrors = new ArrayList<>();
      for (String o : overrides == null ? List.<String>of() : overrides) {
        try {
          applyOverride(root, o);
        } catch (ScenarioException e) {
          overrideErrors.add(e);
        }
      }
      return new ScenarioReader(label, source, fileSettings)
          .read(root, defaultName, overrideErrors);
    }

    // ------------------------------------------------------------ composing

    private MappingNode compose(String text) {
      try {
        InputFiles.checkYaml(text);
      } catch (InputFiles.InputProblem e) {
        throw new ScenarioException(label, e.line(), null, e.getMessage(), e);
      }
      Optional<Node> doc;
      try {
        doc = new Compose(fileSettings).composeString(text);
      } catch (MarkedYamlEngineException e) {
        Optional<Mark> mark = e.getProblemMark().or(e::getContextMark);
        throw new ScenarioException(label, mark.map(m -> m.getLine() + 1).orElse(0), null,
            "invalid YAML: " + yamlProblem(e), e);
      } catch (YamlEngineException e) {
        throw new ScenarioException(label, 0, null, "invalid YAML: " + e.getMessage(), e);
      }
      if (doc.isEmpty() || YamlNodes.isNull(doc.get())) {
        return new MappingNode(Tag.MAP, new ArrayList<>(), FlowStyle.BLOCK);
      }
      if (!(doc.get() instanceof MappingNode m)) {
        int line = doc.get().getStartMark().map(mk -> mk.getLine() + 1).orElse(0);
        throw new ScenarioException(label, line, null,
            "a scenario is a mapping of keys (" + String.join(", ", ScenarioKeys.TOP)
                + "), got " + YamlNodes.describe(doc.get()));
      }
      return m;
    }

    private static String yamlProblem(MarkedYamlEngineException e) {
      StringBuilder sb = new StringBuilder(String.valueOf(e.getProblem()).strip());
      List<String> details = new ArrayList<>();
      e.getProblemMark().ifPresent(m -> details.add("column " + (m.getColumn() + 1)));
      if (e.getContext() != null && !e.getContext().isBlank()) {
        details.add(e.getContext().strip()
            + e.getContextMark().map(m -> " at line " + (m.getLine() + 1)).orElse(""));
      }
      if (!details.isEmpty()) {
        sb.append(" (").append(String.join("; ", details)).append(')');
      }
      return sb.toString();
    }

    // ------------------------------------------------------------ overrides

    private void applyOverride(MappingNode root, String text) {
      int eq = text.indexOf('=');
      if (eq < 0) {
        throw new ScenarioException(OVERRIDE, 0, null, "'" + text
            + "' is not PATH=VALUE; e.g. --set workload.msgs_per_block=200");
      }
      String path = text.substring(0, eq).strip();
      String valueText = text.substring(eq + 1);
      if (path.isEmpty()) {
        throw new ScenarioException(OVERRIDE, 0, null, "'" + text + "' has no path before '='");
      }
      java.util.regex.Matcher fault = ScenarioKeys.FAULT_PATH.matcher(path);
      if (fault.matches()) {
        putFaultKey(root, path, Integer.parseInt(fault.group(1)), fault.group(2),
            composeOverride(path, valueText));
        return;
      }
      List<String> parts = checkPath(path);
      Node value = composeOverride(path, valueText);
      if (parts.size() == 1) {
        put(root, parts.get(0), value);
        return;
      }
      Node section = get(root, parts.get(0));
      if (section == null || YamlNodes.isNull(section)) {
        section = new MappingNode(Tag.MAP, true, new ArrayList<>(), FlowStyle.BLOCK,
            Optional.of(OVERRIDE_MARK), Optional.of(OVERRIDE_MARK));
        put(root, parts.get(0), section);
      }
      if (section instanceof MappingNode m) {
        put(m, parts.get(1), value, ScenarioKeys.oldKeys(parts.get(0), parts.get(1)));
      }
      // otherwise the reader reports the section's wrong type where it was written
    }

    /** {@code --set faults[I].KEY=VALUE}: sets a key of a fault the scenario already has. */
    private static void putFaultKey(MappingNode root, String path, int index, String key,
        Node value) {
      if (!ScenarioKeys.allFaultKeys().contains(key)) {
        throw new ScenarioException(OVERRIDE, 0, path, KeyHints.unknownKey("faults[" + index
            + "]", key, ScenarioKeys.allFaultKeys()));
      }
      Node faults = get(root, ScenarioKeys.FAULTS);
      int count = faults instanceof org.snakeyaml.engine.v2.nodes.SequenceNode seq
          ? seq.getValue().size() : 0;
      if (index >= count) {
        throw new ScenarioException(OVERRIDE, 0, path, "the scenario has " + count
            + " fault(s); faults[I].KEY changes a key of a fault it has (add faults with --set"
            + " faults=[...])");
      }
      Node fault = ((org.snakeyaml.engine.v2.nodes.SequenceNode) faults).getValue().get(index);
      if (fault instanceof MappingNode m) {
        put(m, key, value);
      }
      // otherwise the reader reports the fault's wrong type where it was written
    }

    /** The path split as [top] or [section, key] (sweep keys may contain dots), or an error. */
    private static List<String> checkPath(String path) {
      String[] parts = path.split("\\.", 2);
      String top = parts[0];
      if (!ScenarioKeys.TOP.contains(top)) {
        throw new ScenarioException(
            OVERRIDE, 0, path, KeyHints.unknownKey("", top, ScenarioKeys.TOP));
      }
      if (parts.length == 1) {
        return List.of(top);
      }
      if (top.equals(ScenarioKeys.SWEEP)) {
        if (parts[1].isEmpty()) {
          throw new ScenarioException(OVERRIDE, 0, path, "no key after 'sweep.'");
        }
        return List.of(top, parts[1]);
      }
      List<String> keys = ScenarioKeys.SECTIONS.get(top);
      if (keys == null) {
        throw new ScenarioException(OVERRIDE, 0, path,
            "'" + top + "' is a single value, it has no keys below it");
      }
      String[] rest = parts[1].split("\\.", 2);
      Optional<String> key = ScenarioKeys.currentKey(top, rest[0]);
      if (key.isEmpty()) {
        throw new ScenarioException(OVERRIDE, 0, path, KeyHints.unknownKey(top, rest[0], keys));
      }
      if (rest.length > 1) {
        throw new ScenarioException(OVERRIDE, 0, path,
            "'" + top + "." + rest[0] + "' is a single value, it has no keys below it");
      }
      return List.of(top, key.get());
    }

    private Node composeOverride(String path, String valueText) {
      try {
        InputFiles.checkYaml(valueText);
      } catch (InputFiles.InputProblem e) {
        throw new ScenarioException(OVERRIDE, 0, path, e.getMessage(), e);
      }
      try {
        Optional<Node> node = new Compose(overrideSettings).composeString(valueText);
        return node.orElseGet(() -> new ScalarNode(Tag.NULL, true, "", ScalarStyle.PLAIN,
            Optional.of(OVERRIDE_MARK), Optional.of(OVERRIDE_MARK)));
      } catch (MarkedYamlEngineException e) {
        throw new ScenarioException(OVERRIDE, 0, path,
            "invalid YAML value '" + valueText + "': " + yamlProblem(e), e);
      } catch (YamlEngineException e) {
        throw new ScenarioException(OVERRIDE, 0, path,
            "invalid YAML value '" + valueText + "': " + e.getMessage(), e);
      }
    }

    private static Node get(MappingNode m, String key) {
      for (NodeTuple t : m.getValue()) {
        if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
          return t.getValueNode();
        }
      }
      return null;
    }

    private static void put(MappingNode m, String key, Node value) {
      put(m, key, value, List.of());
    }

    /**
     * Replaces the first entry of key (or appends one); the key node is marked as an override.
     * The key written under a former name ({@code oldKeys}) is the one replaced: the override
     * gives the value whichever name the file used.
     */
    private static void put(MappingNode m, String key, Node value, List<String> oldKeys) {
      ScalarNode keyNode = new ScalarNode(Tag.STR, true, key, ScalarStyle.PLAIN,
          Optional.of(OVERRIDE_MARK), Optional.of(OVERRIDE_MARK));
      List<NodeTuple> entries = new ArrayList<>(m.getValue());
      boolean replaced = false;
      for (int i = 0; i < entries.size() && !replaced; i++) {
        if (entries.get(i).getKeyNode() instanceof ScalarNode k && (k.getValue().equals(key)
            || oldKeys.contains(k.getValue()))) {
          entries.set(i, new NodeTuple(keyNode, value));
          replaced = true;
        }
      }
      if (!replaced) {
        entries.add(new NodeTuple(keyNode, value));
      }
      m.setValue(entries);
    }
  }
}
