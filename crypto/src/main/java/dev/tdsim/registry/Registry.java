package dev.tdsim.registry;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Named choices users write (designs, protocols, fault kinds, network models, engines...), keyed
 * by a stable lower-case name in registration order and immutable once built. Every registry fails
 * alike on an unknown name: {@code unknown <what> 'x'; known: a, b, c}, followed by {@code ; did
 * you mean 'y'?} when a known name is a likely typo of x (see {@link DidYouMean}).
 *
 * <p>Registries are explicit (entries written in one place, not found by classpath scanning or
 * reflection) so that the set of choices is visible; plug-ins found by a {@link
 * java.util.ServiceLoader} are added to a builder like any other entry.
 *
 * @param <T> what a name stands for: the thing itself or a factory of it
 */
public final class Registry<T> {
  private final String what;
  private final boolean anyCase;
  private final Map<String, T> byName;
  private final List<String> names;
  private final List<T> all;

  private Registry(String what, boolean anyCase, Map<String, T> byName) {
    this.what = what;
    this.anyCase = anyCase;
    this.byName = Collections.unmodifiableMap(new LinkedHashMap<>(byName));
    this.names = List.copyOf(byName.keySet());
    this.all = List.copyOf(byName.values());
  }

  /** An empty builder of a registry of {@code what} (a noun for messages: "design"). */
  public static <T> Builder<T> builder(String what) {
    return new Builder<>(what);
  }

  /** The registry of these entries, each under {@code nameOf(entry)}, in this order. */
  public static <T> Registry<T> of(String what, Function<? super T, String> nameOf,
      List<? extends T> entries) {
    return Registry.<T>builder(what).addAll(nameOf, entries).build();
  }

  /** What the entries are, as messages name it ("design", "fault kind"). */
  public String what() {
    return what;
  }

  /** The names, in registration order. */
  public List<String> names() {
    return names;
  }

  /** The entries, in registration order. */
  public List<T> all() {
    return all;
  }

  /** The entries by name, in registration order (unmodifiable). */
  public Map<String, T> asMap() {
    return byName;
  }

  /** The entry of that name (trimmed and in any case if the registry matches any case). */
  public Optional<T> find(String name) {
    return Optional.ofNullable(byName.get(key(name)));
  }

  public boolean contains(String name) {
    return byName.containsKey(key(name));
  }

  /**
   * The entry of that name.
   *
   * @throws IllegalArgumentException with {@link #unknown}'s message, for an unknown name
   */
  public T get(String name) {
    T entry = byName.get(key(name));
    if (entry == null) {
      throw new IllegalArgumentException(unknown(name));
    }
    return entry;
  }

  /**
   * The registered name that {@code name} stands for: itself, or for a registry matching any case
   * its trimmed lower-case form.
   *
   * @throws IllegalArgumentException with {@link #unknown}'s message, for an unknown name
   */
  public String canonicalName(String name) {
    get(name);
    return key(name);
  }

  /** "unknown design 'x'; known: a, b, c", plus "; did you mean 'y'?" for a likely typo. */
  public String unknown(String name) {
    StringBuilder sb = new StringBuilder("unknown ").append(what).append(" '").append(name)
        .append("'; known: ").append(String.join(", ", names));
    String typed = normalize(name);
    if (!typed.isEmpty()) {
      DidYouMean.closest(typed, names)
          .ifPresent(best -> sb.append("; did you mean '").append(best).append("'?"));
    }
    return sb.toString();
  }

  private String key(String name) {
    return anyCase ? normalize(name) : name;
  }

  /** The name as registries store it: trimmed, lower case; "" for null. */
  public static String normalize(String name) {
    return name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
  }

  /** Collects entries in order; refuses names that are not lower case and names given twice. */
  public static final class Builder<T> {
    private final String what;
    private final Map<String, T> byName = new LinkedHashMap<>();
    private boolean anyCase;

    private Builder(String what) {
      this.what = what;
    }

    /** Lookups ignore surrounding blanks and case (users write {@code " Regions "}). */
    public Builder<T> matchingAnyCase() {
      anyCase = true;
      return this;
    }

    /**
     * Adds an entry.
     *
     * @throws IllegalStateException for a name that is blank, not lower case or already taken
     */
    public Builder<T> add(String name, T entry) {
      if (name == null || name.isBlank() || !name.equals(normalize(name))) {
        throw new IllegalStateException(
            what + " names are lower case without surrounding blanks: '" + name + "'");
      }
      if (entry == null) {
        throw new IllegalStateException(what + " '" + name + "' registered without an entry");
      }
      if (byName.putIfAbsent(name, entry) != null) {
        throw new IllegalStateException(what + " registered twice: " + name);
      }
      return this;
    }

    /** Adds these entries, each under {@code nameOf(entry)}, in this order. */
    public Builder<T> addAll(Function<? super T, String> nameOf, List<? extends T> entries) {
      entries.forEach(e -> add(nameOf.apply(e), e));
      return this;
    }

    /** Whether a name is taken already (plug-ins never replace what is built in). */
    public boolean has(String name) {
      return byName.containsKey(name);
    }

    public Registry<T> build() {
      return new Registry<>(what, anyCase, byName);
    }
  }
}
