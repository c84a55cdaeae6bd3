package dev.tdsim.scenario;

import static dev.tdsim.scenario.YamlNodes.describe;
import static dev.tdsim.scenario.YamlNodes.isNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads located fields out of a composed YAML tree and collects every problem with the line of
 * the field it concerns ({@code FILE:LINE: FIELD: problem}). It knows nothing of what a scenario
 * contains: the section schemas ({@link Section}) say which keys there are and how each value
 * parses.
 *
 * <p>It finds every error of a file in one pass: a value that does not parse, an unknown or
 * repeated key, a record's check that fails are reported and the field takes its default so
 * that the other fields are still checked. Checks between fields run when their fields parsed
 * (a problem involving a field that failed already is its consequence and not reported). One
 * instance per load.
 */
final class FieldReader {
  /** Where a field was written: a file line, or an override. */
  record Loc(String file, int line) {}

  private final String label;
  private final LoadSettings settings;
  /** Where each field the user wrote is, by path ({@code keys.shares}, {@code budgets[1]}). */
  private final Map<String, Loc> where = new HashMap<>();
  /** Every problem found so far, located. */
  private final List<ScenarioException> errors = new ArrayList<>();
  /**
   * Fields (and sections) whose value was wrong and that took their default: problems that
   * involve them are consequences, not reported.
   */
  private final Set<String> failed = new HashSet<>();

  /** Thrown when the problems of a value (a list's elements) are reported already. */
  static final class Reported extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Reported() {
      super(null, null, false, false);
    }
  }

  /** Parses the value of one field; {@code field} is its dotted path, for errors. */
  @FunctionalInterface
  interface Parser<T> {
    T parse(String field, Node value);
  }

  /**
   * @param label the file name messages use
   * @param settings how the file was composed (free-form sections are constructed with them)
   * @param earlier errors found before reading (bad {@code --set} paths), reported with the rest
   */
  FieldReader(String label, LoadSettings settings, List<ScenarioException> earlier) {
    this.label = label;
    this.settings = settings;
    errors.addAll(earlier);
  }

  LoadSettings settings() {
    return settings;
  }

  /** Whether no problem was found so far. */
  boolean clean() {
    return errors.isEmpty();
  }

  /** Throws every problem found, in file order, as one exception; returns when there is none. */
  void throwErrors() {
    if (!errors.isEmpty()) {
      throw ScenarioException.all(inFileOrder(errors));
    }
  }

  // ------------------------------------------------------------ fields

  /**
   * The field {@code key} of a mapping: parsed, or {@code otherwise} when absent; a value that
   * does not parse is reported and gives {@code otherwise}.
   */
  <T> ReadField<T> field(
      Map<String, NodeTuple> entries, String prefix, String key, T otherwise, Parser<T> parser) {
    String path = prefix + key;
    NodeTuple t = entries.get(key);
    if (t == null) {
      return new ReadField<>(path, otherwise, false, otherwise, false);
    }
    try {
      return new ReadField<>(path, otherwise, true, parser.parse(path, t.getValueNode()), false);
    } catch (ScenarioException e) {
      report(e);
    } catch (Reported e) {
      // its parts are reported already
    }
    failed.add(path);
    return new ReadField<>(path, otherwise, true, otherwise, true);
  }

  /** A list whose elements are parsed one by one, each located at its own line. */
  <T> List<T> listOf(String field, Node n, String example, Parser<T> element) {
    if (!(n instanceof SequenceNode seq)) {
      throw error(field, "expected a list like " + example + ", got " + describe(n));
    }
    List<T> out = new ArrayList<>();
    boolean wrong = false;
    for (int i = 0; i < seq.getValue().size(); i++) {
      Node item = seq.getValue().get(i);
      String itemField = field + "[" + i + "]";
      where.put(itemField, locOf(item));
      try {
        out.add(element.parse(itemField, item));
      } catch (ScenarioException e) {
        report(e);
        wrong = true;
      } catch (Reported e) {
        wrong = true;
      }
    }
    if (wrong) {
      throw new Reported(); // every wrong element is reported; the list takes its default
    }
    return out;
  }

  /**
   * The entries of a mapping by key, checking that every key is known and appears once (an
   * unknown or repeated key is reported and left out), and recording where each was written.
   */
  Map<String, NodeTuple> entries(MappingNode m, String prefix, List<String> known) {
    return entries(m, prefix, known, known);
  }

  /**
   * The same, where {@code accepted} also has former names of keys that messages do not offer
   * ({@code known} lists the keys to write).
   */
  Map<String, NodeTuple> entries(MappingNode m, String prefix, List<String> known,
      List<String> accepted) {
    Map<String, NodeTuple> out = new LinkedHashMap<>();
    String section = prefix.isEmpty() ? "" : prefix.substring(0, prefix.length() - 1);
    for (NodeTuple t : m.getValue()) {
      Node keyNode = t.getKeyNode();
      Loc loc = locOf(keyNode);
      if (!(keyNode instanceof ScalarNode k) || isNull(keyNode)) {
        report(new ScenarioException(loc.file, loc.line, section.isEmpty() ? null : section,
            "keys must be words, got " + describe(keyNode)));
        continue;
      }
      String key = k.getValue();
      String path = prefix + key;
      if (!accepted.contains(key)) {
        report(new ScenarioException(
            loc.file, loc.line, path, KeyHints.unknownKey(section, key, known)));
        continue;
      }
      if (out.containsKey(key)) {
        Loc first = where.get(path);
        report(new ScenarioException(loc.file, loc.line, path, "duplicate key"
            + (first.line > 0 && first.file.equals(loc.file)
                ? " (first written at line " + first.line + ")" : "")));
        failed.add(path); // which value was meant is unknown: checks involving it are skipped
        continue;
      }
      out.put(key, t);
      where.put(path, loc);
    }
    return out;
  }

  /**
   * The entries of the section at {@code path} with {@code keys} (or their former names, in
   * {@code accepted}): empty when written with no value; when it is not a mapping, reported, and
   * the section counts as failed.
   */
  Map<String, NodeTuple> sectionEntries(String path, Node value, List<String> keys,
      List<String> accepted) {
    if (isNull(value)) {
      return Map.of();
    }
    if (!(value instanceof MappingNode m)) {
      report(error(path, "expected a section (a mapping with keys " + String.join(", ", keys)
          + "), got " + describe(value)));
      failed.add(path);
      return Map.of();
    }
    return entries(m, path + ".", keys, accepted);
  }

  /** Whether the field or section at {@code path} was wrong and took its default. */
  boolean failed(String path) {
    return failed.contains(path);
  }

  /** Records where {@code path} is written: at {@code node}. */
  void locateAt(String path, Node node) {
    where.put(path, locOf(node));
  }

  /** Where {@code path} is written, or null when it is not. */
  Loc whereIs(String path) {
    return where.get(path);
  }

  // ------------------------------------------------------------ values

  /** The scalar of a field, or an error saying what was expected. */
  ScalarNode scalar(String field, Node n, String expected) {
    if (n instanceof ScalarNode s && !isNull(n)) {
      return s;
    }
    if (isNull(n)) {
      throw error(field, "has no value; write " + expected
          + " or remove the key to use the default");
    }
    throw error(field, "expected " + expected + ", got " + describe(n));
  }

  // ------------------------------------------------------------ errors

  private Loc locOf(Node n) {
    Optional<Mark> mark = n.getStartMark();
    if (mark.isEmpty()) {
      return new Loc(label, 0);
    }
    if (ScenarioException.OVERRIDE.equals(mark.get().getName())) {
      return new Loc(ScenarioException.OVERRIDE, 0);
    }
    return new Loc(label, mark.get().getLine() + 1);
  }

  /** A located error at {@code node}'s own line (a key inside a section kept raw). */
  ScenarioException errorAt(Node node, String field, String problem) {
    Loc loc = locOf(node);
    return new ScenarioException(loc.file, loc.line, field, problem);
  }

  /** A located error at a field the reader is looking at (its key line, or an element line). */
  ScenarioException error(String field, String problem) {
    Loc loc = where.get(field);
    if (loc == null) {
      loc = new Loc(label, 0);
    }
    return new ScenarioException(loc.file, loc.line, field, problem);
  }

  /**
   * Builds a record (its compact constructor validates it), reporting what is wrong: when a
   * problem is about one of {@code fields} that the user wrote, that field takes its default and
   * the record is built again, so every independent problem is found; a problem about no such
   * field ends the attempts, and the record is {@code fallback} (its section counts as failed).
   * A problem about a field (or a related field) that already failed is a consequence of that
   * failure, so it is not reported again.
   *
   * @param section the section whose record this is ({@code ""} for the scenario)
   */
  <T> T build(String section, Supplier<T> constructor, Supplier<T> fallback,
      List<ReadField<?>> fields) {
    for (int attempt = 0; attempt <= fields.size(); attempt++) {
      try {
        return constructor.get();
      } catch (ScenarioException e) {
        if (!consequence(e)) {
          report(e);
        }
        ReadField<?> culprit = culprit(e, fields);
        if (culprit == null) {
          break;
        }
        culprit.toDefault();
        failed.add(culprit.path);
      }
    }
    if (!section.isEmpty()) {
      failed.add(section);
    }
    return fallback.get();
  }

  /** The field a record's problem is about, the user wrote and still has its own value. */
  private static ReadField<?> culprit(ScenarioException e, List<ReadField<?>> fields) {
    for (String f : about(e)) {
      for (ReadField<?> x : fields) {
        if (x.given && !x.reset && x.covers(f)) {
          return x;
        }
      }
    }
    return null;
  }

  private static List<String> about(ScenarioException e) {
    List<String> about = new ArrayList<>();
    about.add(e.getField());
    about.addAll(e.getRelatedFields());
    return about;
  }

  /** Whether a problem involves a field that failed already (or a part of a failed field). */
  private boolean consequence(ScenarioException e) {
    for (String f : about(e)) {
      for (String p = f; p != null; p = parent(p)) {
        if (failed.contains(p)) {
          return true;
        }
      }
    }
    return false;
  }

  void report(ScenarioException e) {
    ScenarioException located = e.isLocated() ? e : locate(e);
    if (errors.stream().noneMatch(x -> x.getMessage().equals(located.getMessage()))) {
      errors.add(located);
    }
  }

  /**
   * File order: errors of the file by line (those without a line, about fields the file does
   * not write, after them), then those of {@code --set} overrides in the order found.
   */
  private static List<ScenarioException> inFileOrder(List<ScenarioException> errors) {
    List<ScenarioException> sorted = new ArrayList<>(errors);
    sorted.sort(Comparator.comparingInt(
        (ScenarioException e) -> e.isOverride() ? 2 : e.getLine() > 0 ? 0 : 1)
        .thenComparingInt(e -> e.isOverride() || e.getLine() == 0 ? 0 : e.getLine()));
    return sorted;
  }

  /**
   * Locates a record's error: at its field if the user wrote it, else at the first related field
   * the user wrote (noting that the field has its default), else at the nearest written parent.
   */
  private ScenarioException locate(ScenarioException e) {
    String field = e.getField();
    if (field == null) {
      return new ScenarioException(label, 0, null, e.getProblem(), e);
    }
    Loc loc = where.get(field);
    if (loc != null) {
      return new ScenarioException(loc.file, loc.line, field, e.getProblem(), e);
    }
    for (String related : e.getRelatedFields()) {
      Loc r = where.get(related);
      if (r != null) {
        return new ScenarioException(r.file, r.line, related, e.getProblem() + " ("
            + field + " is not set and has its default value)", e);
      }
    }
    for (String parent = parent(field); parent != null; parent = parent(parent)) {
      Loc p = where.get(parent);
      if (p != null) {
        return new ScenarioException(p.file, p.line, field, e.getProblem(), e);
      }
    }
    return new ScenarioException(label, 0, field, e.getProblem(), e);
  }

  private static String parent(String field) {
    int cut = Math.max(field.lastIndexOf('.'), field.lastIndexOf('['));
    return cut <= 0 ? null : field.substring(0, cut);
  }
}
