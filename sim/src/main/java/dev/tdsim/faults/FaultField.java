package dev.tdsim.faults;

import java.util.List;
import java.util.Objects;

/**
 * One key a fault kind accepts besides the common ones ({@code kind}, {@code validators}, {@code
 * region}, {@code stake}, {@code from}, {@code until}, {@code from_height}, {@code until_height}).
 * The scenario reader parses its value by {@link #type()}; the writer writes it back the same way.
 *
 * @param key the YAML key, lower-case with '_'
 * @param type how the value is written and what it becomes in {@link FaultSpec#params()}
 * @param defaultValue the value when the key is absent (of the type's Java class), or null when
 *     the key is required
 * @param choices the allowed values of a {@link Type#CHOICE} (empty otherwise)
 * @param doc one line for docs and error messages, with the unit
 */
public record FaultField(
    String key, Type type, Object defaultValue, List<String> choices, String doc) {

  /** Value types of fault fields and the Java class each becomes. */
  public enum Type {
    /**
     * A duration like {@code 50 ms}, from 0 to {@link FaultField#MAX_DURATION_NANOS}; a {@link
     * Long} of nanoseconds.
     */
    DURATION,
    /** A probability in [0, 1] (a number, or a percentage like {@code 5%}); a {@link Double}. */
    PROBABILITY,
    /** A finite factor of at least 1 (1 = unchanged); a {@link Double}. */
    FACTOR,
    /** One of {@link FaultField#choices()}; a {@link String}. */
    CHOICE,
    /**
     * A list of at least two groups, each a list of validator ids (integers) or region names;
     * a {@code List<List<String>>} (ids as decimal strings).
     */
    GROUPS
  }

  /**
   * The longest duration a fault field takes (1 h): a run lasts seconds to minutes of simulated
   * time, so a longer delay is a mistake in units; cutting links is what {@code partition} is for.
   */
  public static final long MAX_DURATION_NANOS = 3_600_000_000_000L;

  /**
   * The largest factor (a slow validator's CPU): its costs stay far below an hour per operation
   * (the simulated clock's bound), and a validator a thousand times slower is down in all but name.
   */
  public static final double MAX_FACTOR = 1000;

  public FaultField {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(type, "type");
    choices = choices == null ? List.of() : List.copyOf(choices);
    Objects.requireNonNull(doc, "doc");
  }

  /** Whether the key must be written. */
  public boolean required() {
    return defaultValue == null;
  }

  static FaultField required(String key, Type type, String doc) {
    return new FaultField(key, type, null, List.of(), doc);
  }

  static FaultField optional(String key, Type type, Object defaultValue, String doc) {
    return new FaultField(key, type, defaultValue, List.of(), doc);
  }

  static FaultField choice(String key, String defaultValue, List<String> choices, String doc) {
    return new FaultField(key, Type.CHOICE, defaultValue, choices, doc);
  }
}
