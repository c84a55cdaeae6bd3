package dev.tdsim.scenario;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One key of a scenario section, declared once: everything reading, writing, the key lists and
 * docs/SCENARIOS.md's tables need.
 *
 * @param key the YAML key
 * @param oldKeys former names of the key, still read (a file giving both is an error)
 * @param type how the value reads and writes, and its docs type
 * @param defaultOf the value when the key is absent, from the section's fields read before it
 * @param defaultDoc the default column of the docs when it is not the written default (null:
 *     derived from the default; empty: no default shown)
 * @param allowed what values are allowed, with units: the docs' allowed column
 * @param java the record component holding the value (the docs' Java column; a plain name is
 *     shown in backticks)
 * @param get the value of a record, for writing it back
 * @param appliesTo whether a record has the key at all (a key of one consensus protocol is not
 *     written for another)
 * @param <R> the section's record
 * @param <T> the value
 */
record Setting<R, T>(String key, List<String> oldKeys, ValueType<T> type,
    Function<Section.Values, T> defaultOf, String defaultDoc, String allowed, String java,
    Function<R, T> get, Predicate<R> appliesTo) {

  /** A key whose default is a constant. */
  static <R, T> Setting<R, T> of(String key, ValueType<T> type, T otherwise, String allowed,
      String java, Function<R, T> get) {
    return new Setting<>(key, List.of(), type, v -> otherwise, null, allowed, java, get,
        r -> true);
  }

  /** The same key with the docs' default column written out ({@code ""}: none). */
  Setting<R, T> defaultShown(String doc) {
    return new Setting<>(key, oldKeys, type, defaultOf, doc, allowed, java, get, appliesTo);
  }

  /** The same key whose default depends on the fields read before it. */
  Setting<R, T> defaultFrom(Function<Section.Values, T> f) {
    return new Setting<>(key, oldKeys, type, f, defaultDoc, allowed, java, get, appliesTo);
  }

  /** The same key, also read under its former name {@code old}. */
  Setting<R, T> formerly(String old) {
    return new Setting<>(key, List.of(old), type, defaultOf, defaultDoc, allowed, java, get,
        appliesTo);
  }

  /** The same key, had only by the records {@code applies} accepts. */
  Setting<R, T> onlyFor(Predicate<R> applies) {
    return new Setting<>(key, oldKeys, type, defaultOf, defaultDoc, allowed, java, get, applies);
  }

  /**
   * The same key, written only when its value is not its (constant) default: for keys added after
   * scenarios were first written, so that every scenario that leaves them out writes, hashes and
   * reports exactly as before they existed (loading reads the default back).
   */
  Setting<R, T> writtenWhenSet() {
    T otherwise = defaultOf.apply(null);
    return onlyFor(r -> appliesTo.test(r) && !Objects.equals(get.apply(r), otherwise));
  }

  /**
   * The default as the docs show it (markdown: a written value in backticks, or the sentence of
   * {@link #defaultShown}), from the defaults of the fields before it.
   */
  String defaultText(Section.Values defaults) {
    return defaultDoc != null ? defaultDoc
        : "`" + YamlNodes.flow(type.node(defaultOf.apply(defaults))) + "`";
  }

  /** The row of docs/SCENARIOS.md's table of the section. */
  String docRow(Section.Values defaults) {
    String shown = defaultText(defaults);
    String javaCell = java.matches("[A-Za-z.]+") ? "`" + java + "`" : java;
    return String.join(" ", "|", "`" + key + "`", "|", type.doc(), "|", shown, "|", allowed, "|",
        javaCell, "|").replace("|  |", "| |");
  }

  /** The allowed column for a closed list of names: {@code `a`, `b`} and the registry's name. */
  static String names(List<String> names, String registry) {
    return String.join(", ", names.stream().map(n -> "`" + n + "`").toList())
        + (registry == null ? "" : " (the registry `" + registry + "`)");
  }
}
