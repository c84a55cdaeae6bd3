package dev.tdsim.consensus;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One key of a protocol's own settings under {@code consensus:}, declared by the protocol: the
 * scenario reader parses its value by {@link #type()}, the writer writes it back with {@link
 * #get()}, the docs' table shows it. Keys every protocol shares (the protocol's name, vote
 * signatures, processing costs, block limits) are not declared here.
 *
 * @param key the YAML key, lower-case with '_'
 * @param type how the value reads and what Java class it becomes
 * @param defaultValue the value when the key is absent (of the type's Java class)
 * @param choices the allowed values of a {@link Type#CHOICE} (empty otherwise)
 * @param component the settings record's component that holds it, for the docs
 * @param get the value in a settings object of this protocol, for writing it back
 */
public record ProtocolField(String key, Type type, Object defaultValue, List<String> choices,
    String component, Function<ProtocolSettings, Object> get) {

  /** Value types of protocol fields and the Java class each becomes. */
  public enum Type {
    /** A positive duration like {@code 3 s}; a {@link Long} of nanoseconds. */
    DURATION,
    /** A duration that may be 0; a {@link Long} of nanoseconds. */
    DURATION_OR_ZERO,
    /** A positive size like {@code 64 KiB}; a {@link Long} of bytes. */
    SIZE,
    /** A positive finite number like {@code 1.2}; a {@link Double}. */
    POSITIVE_NUMBER,
    /** An integer of at least 1; an {@link Integer}. */
    POSITIVE_INT,
    /** {@code true} or {@code false}; a {@link Boolean}. */
    BOOLEAN,
    /** One of {@link ProtocolField#choices()}; a {@link String}. */
    CHOICE
  }

  public ProtocolField {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(defaultValue, "defaultValue");
    choices = List.copyOf(choices);
    Objects.requireNonNull(component, "component");
    Objects.requireNonNull(get, "get");
  }

  /** A field of a settings record {@code S} whose value is read with {@code get}. */
  public static <S extends ProtocolSettings> ProtocolField of(String key, Type type,
      Class<S> settings, Function<S, Object> get, S defaults, String component) {
    Function<ProtocolSettings, Object> read = s -> get.apply(settings.cast(s));
    return new ProtocolField(key, type, read.apply(defaults), List.of(), component, read);
  }

  /** The same field, a {@link Type#CHOICE} among {@code names}. */
  public ProtocolField among(List<String> names) {
    return new ProtocolField(key, Type.CHOICE, defaultValue, names, component, get);
  }
}
