package dev.tdsim.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The YAML keys of a scenario file, in canonical order: the one list the loader checks unknown keys
 * against, the writer follows, and {@code --set} paths are validated with.
 */
public final class ScenarioKeys {
  private ScenarioKeys() {}

  /** Top-level keys. */
  public static final List<String> TOP = ScenarioSchema.TOP.keys();

  /** The list of faults (each entry's keys depend on its kind: {@link #faultKeys}). */
  public static final String FAULTS = "faults";

  /** The keys every fault entry may have, before its kind's own. */
  public static final List<String> FAULT_COMMON = List.of("kind", "validators", "region",
      "stake", "from", "until", "from_height", "until_height");

  /** The keys a fault of this kind may have. */
  public static List<String> faultKeys(dev.tdsim.faults.FaultKind kind) {
    List<String> out = new ArrayList<>(FAULT_COMMON);
    kind.fields().forEach(f -> out.add(f.key()));
    return List.copyOf(out);
  }

  /** A key of one fault: {@code faults[2].stake}. */
  public static final java.util.regex.Pattern FAULT_PATH =
      java.util.regex.Pattern.compile("faults\\[(\\d{1,6})\\]\\.([a-z_]+)");

  /** Every key a fault of some kind may have. */
  public static List<String> allFaultKeys() {
    List<String> out = new ArrayList<>(FAULT_COMMON);
    for (dev.tdsim.faults.FaultKind k : dev.tdsim.faults.FaultKinds.all()) {
      k.fields().forEach(f -> {
        if (!out.contains(f.key())) {
          out.add(f.key());
        }
      });
    }
    return List.copyOf(out);
  }

  /**
   * Whether {@code --set} (and so {@code tdsim sweep --vary}) takes this path: one of {@link
   * #paths()}, a section key's former name ({@code crypto.variant}), or a key of one fault of the list, {@code faults[I].KEY} (e.g. {@code
   * faults[0].stake}), which changes that key of the I-th fault the scenario already has.
   */
  public static boolean isPath(String path) {
    if (paths().contains(currentPath(path))) {
      return true;
    }
    java.util.regex.Matcher m = FAULT_PATH.matcher(path);
    return m.matches() && allFaultKeys().contains(m.group(2));
  }

  /** The free-form section kept raw. */
  public static final String SWEEP = "sweep";

  /** The keys of every section (top-level keys whose value is a mapping of known keys). */
  public static final Map<String, List<String>> SECTIONS;

  static {
    Map<String, List<String>> s = new LinkedHashMap<>();
    ScenarioSchema.SECTIONS.forEach(section -> s.put(section.path(), section.keys()));
    SECTIONS = Collections.unmodifiableMap(s);
  }

  /**
   * The key a section reads {@code key} as: the key itself, or the current name of a former key
   * ({@code crypto.variant} is read as {@code crypto.design}); empty when the section has no
   * such key.
   */
  public static java.util.Optional<String> currentKey(String section, String key) {
    return ScenarioSchema.section(section).flatMap(s -> s.settings().stream()
        .filter(k -> k.key().equals(key) || k.oldKeys().contains(key)).findFirst())
        .map(Setting::key);
  }

  /**
   * The path a written scenario has the value of {@code path} at: {@code path} itself, or with a
   * key's former name replaced by its current one ({@code crypto.variant} is at {@code
   * crypto.design}).
   */
  public static String currentPath(String path) {
    String[] parts = path.split("\\.", 2);
    if (parts.length < 2 || parts[1].contains(".")) {
      return path;
    }
    return currentKey(parts[0], parts[1]).map(k -> parts[0] + "." + k).orElse(path);
  }

  /** The former names of a section's key (read as it, never written). */
  static List<String> oldKeys(String section, String key) {
    return ScenarioSchema.section(section).flatMap(s -> s.settings().stream()
        .filter(k -> k.key().equals(key)).findFirst()).map(Setting::oldKeys).orElse(List.of());
  }

  /**
   * One settable path as {@code tdsim keys} lists it.
   *
   * @param path the dotted path {@code --set} takes ({@code network.latency})
   * @param type its type ({@code duration}, {@code int or none}, {@code string}, ...)
   * @param defaultValue its default, or a sentence saying what it depends on ({@code ""}: none)
   * @param allowed the values allowed, with units
   */
  public record Key(String path, String type, String defaultValue, String allowed) {}

  /**
   * Every settable path with its type, default and allowed values, in canonical order, read from
   * the same declarations ({@link Setting}) as the loader, the writer and docs/SCENARIOS.md: a
   * section's keys under its name ({@code mempool.type}), the other top-level keys as they are
   * ({@code heights}, {@code faults}, {@code sweep}). Markdown backticks are dropped.
   */
  public static List<Key> describe() {
    List<Key> out = new ArrayList<>();
    ScenarioSchema.TOP.withDefaults((top, defaults) -> {
      if (top.type() instanceof Section<?> section) {
        section.withDefaults((s, d) -> out.add(key(section.path() + "." + s.key(), s, d)));
      } else {
        out.add(key(top.key(), top, defaults));
      }
      return null;
    });
    return List.copyOf(out);
  }

  private static Key key(String path, Setting<?, ?> s, Section.Values defaults) {
    return new Key(path, plain(s.type().doc()), plain(s.defaultText(defaults)),
        plain(s.allowed()));
  }

  /** The docs' markdown as plain text: no backticks, no emphasis. */
  private static String plain(String markdown) {
    return markdown.replace("`", "").replaceAll("\\*([^*]+)\\*", "$1");
  }

  /**
   * Every settable dotted path ({@code heights}, {@code keys.shares}, ...), excluding the free-form
   * {@code sweep}: the paths {@code --set} accepts besides {@code sweep} and {@code sweep.KEY}.
   */
  public static List<String> paths() {
    List<String> out = new ArrayList<>();
    for (String top : TOP) {
      List<String> keys = SECTIONS.get(top);
      if (keys == null) {
        if (!top.equals(SWEEP)) {
          out.add(top);
        }
      } else {
        for (String k : keys) {
          out.add(top + "." + k);
        }
      }
    }
    return List.copyOf(out);
  }
}
