package dev.tdsim.scenario;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;

/**
 * A section of a scenario file (a mapping of known keys) read into its record {@code R}, from
 * the one list of its {@link Setting}s: reading (every field located, its default when absent),
 * writing in key order, the key lists and the docs rows all follow that list. As a value type it
 * is the value of its key in the section above it.
 */
final class Section<R> implements ValueType<R> {
  private final String path;
  private final List<Setting<R, ?>> settings;
  private final Function<Values, R> build;
  private final Supplier<R> defaults;

  /** The fields of a section read so far, by setting. */
  static final class Values {
    private final Map<Setting<?, ?>, ReadField<?>> fields = new IdentityHashMap<>();
    private final List<ReadField<?>> inOrder = new ArrayList<>();
    /** The reader of the file, or null (the docs' defaults). */
    private final FieldReader reader;

    private Values(FieldReader reader) {
      this.reader = reader;
    }

    @SuppressWarnings("unchecked")
    <T> T get(Setting<?, T> s) {
      ReadField<?> f = fields.get(s);
      if (f == null) {
        throw new IllegalStateException(s.key() + " is read after its use");
      }
      return (T) f.v();
    }

    /** Whether the file gives {@code s} (a key the user wrote, right or wrong). */
    boolean given(Setting<?, ?> s) {
      ReadField<?> f = fields.get(s);
      return f != null && f.given;
    }

    /**
     * Whether the file (or an override) writes the field at the dotted {@code path}, at any depth
     * ({@code workload.msgs_per_block}): for a default that depends on another section.
     */
    boolean written(String path) {
      return reader != null && reader.whereIs(path) != null;
    }

    private void put(Setting<?, ?> s, ReadField<?> f) {
      fields.put(s, f);
      inOrder.add(f);
    }
  }

  /**
   * @param path the section's key ({@code ""} for the scenario's top level)
   * @param settings its keys in canonical order
   * @param build the record of the read values (its checks throw unlocated {@link
   *     ScenarioException}s naming the field)
   * @param defaults the record of a section that cannot be read
   */
  Section(String path, List<Setting<R, ?>> settings, Function<Values, R> build,
      Supplier<R> defaults) {
    this.path = path;
    this.settings = List.copyOf(settings);
    this.build = build;
    this.defaults = defaults;
  }

  String path() {
    return path;
  }

  List<Setting<R, ?>> settings() {
    return settings;
  }

  /** Its keys in canonical order. */
  List<String> keys() {
    return settings.stream().map(Setting::key).toList();
  }

  /** Its keys and their former names. */
  List<String> acceptedKeys() {
    List<String> out = new ArrayList<>(keys());
    settings.forEach(s -> out.addAll(s.oldKeys()));
    return List.copyOf(out);
  }

  @Override
  public R parse(FieldReader reader, String field, Node n) {
    R record = read(reader, reader.sectionEntries(field, n, keys(), acceptedKeys()));
    if (reader.failed(field)) {
      throw new FieldReader.Reported(); // reported; the section takes its defaults
    }
    return record;
  }

  /** Reads the section's entries (checked against its keys) into its record. */
  R read(FieldReader reader, Map<String, NodeTuple> written) {
    String prefix = path.isEmpty() ? "" : path + ".";
    Map<String, NodeTuple> entries = underCurrentKeys(reader, prefix, written);
    Values values = new Values(reader);
    for (Setting<R, ?> s : settings) {
      values.put(s, field(reader, entries, prefix, s, values));
    }
    return reader.build(path, () -> build.apply(values), defaults, values.inOrder);
  }

  private static <T> ReadField<T> field(FieldReader reader, Map<String, NodeTuple> e,
      String prefix, Setting<?, T> s, Values values) {
    return reader.field(e, prefix, s.key(), s.defaultOf().apply(values),
        (f, n) -> s.type().parse(reader, f, n));
  }

  /** The entries with former key names read as the current ones (both given: an error). */
  private Map<String, NodeTuple> underCurrentKeys(FieldReader reader, String prefix,
      Map<String, NodeTuple> written) {
    Map<String, NodeTuple> out = new LinkedHashMap<>(written);
    for (Setting<R, ?> s : settings) {
      for (String old : s.oldKeys()) {
        NodeTuple t = out.remove(old);
        if (t == null) {
          continue;
        }
        if (out.containsKey(s.key())) {
          FieldReader.Loc current = reader.whereIs(prefix + s.key());
          reader.report(reader.error(prefix + old, "is the old name of " + prefix + s.key()
              + ", which is given too" + (current.line() > 0 ? " (line " + current.line() + ")"
                  : "") + "; keep one of them"));
        } else {
          out.put(s.key(), t);
          reader.locateAt(prefix + s.key(), t.getKeyNode());
        }
      }
    }
    return out;
  }

  @Override
  public Node node(R record) {
    List<NodeTuple> entries = new ArrayList<>();
    for (Setting<R, ?> s : settings) {
      if (s.appliesTo().test(record)) {
        YamlNodes.put(entries, s.key(), written(s, record));
      }
    }
    return YamlNodes.block(entries);
  }

  private static <R, T> Node written(Setting<R, T> s, R record) {
    return s.type().node(s.get().apply(record));
  }

  @Override
  public String doc() {
    return "section";
  }

  /** The rows of its table in docs/SCENARIOS.md, in key order. */
  List<String> docRows() {
    return withDefaults(Setting::docRow);
  }

  /**
   * Each of its settings seen with the defaults of the fields before it (a default may depend on
   * them: {@code keys.threshold} on {@code keys.shares}), in key order: the docs' rows and {@code
   * tdsim keys} are both made from this one walk.
   */
  <X> List<X> withDefaults(java.util.function.BiFunction<Setting<R, ?>, Values, X> f) {
    Values defaults = new Values(null);
    List<X> out = new ArrayList<>();
    for (Setting<R, ?> s : settings) {
      defaults.put(s, defaultField(s, defaults));
      out.add(f.apply(s, defaults));
    }
    return out;
  }

  private static <T> ReadField<T> defaultField(Setting<?, T> s, Values values) {
    T v = s.defaultOf().apply(values);
    return new ReadField<>(s.key(), v, false, v, false);
  }
}
