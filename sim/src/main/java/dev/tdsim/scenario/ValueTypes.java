package dev.tdsim.scenario;

import static dev.tdsim.scenario.YamlNodes.describe;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.nodes.Node;

/** The value types of scenario fields: numbers, units, booleans, names, lists. */
final class ValueTypes {
  private ValueTypes() {}

  static final Pattern INTEGER = Pattern.compile("[-+]?\\d+");
  static final Pattern DECIMAL =
      Pattern.compile("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?");

  /** Parses a value of a field at its location. */
  @FunctionalInterface
  interface Parse<T> {
    T parse(FieldReader reader, String field, Node n);
  }

  private record Simple<T>(String doc, Parse<T> parser, Function<T, Node> writer)
      implements ValueType<T> {
    @Override
    public T parse(FieldReader reader, String field, Node n) {
      return parser.parse(reader, field, n);
    }

    @Override
    public Node node(T value) {
      return writer.apply(value);
    }
  }

  static <T> ValueType<T> of(String doc, Parse<T> parser, Function<T, Node> writer) {
    return new Simple<>(doc, parser, writer);
  }

  static final ValueType<String> STRING = of("string", ValueTypes::string, YamlNodes::str);
  static final ValueType<Long> LONG = of("long", ValueTypes::integer, YamlNodes::num);
  static final ValueType<Integer> INT = of("int", ValueTypes::int32, i -> YamlNodes.num(i));
  static final ValueType<Double> NUMBER = of("number", ValueTypes::real, YamlNodes::real);
  static final ValueType<Boolean> BOOLEAN = of("boolean", ValueTypes::bool, YamlNodes::bool);
  static final ValueType<Long> DURATION =
      of("duration", (r, f, n) -> duration(r, f, n, false), YamlNodes::duration);
  static final ValueType<Long> DURATION_OR_ZERO =
      of("duration, *0 allowed*", (r, f, n) -> duration(r, f, n, true), YamlNodes::duration);
  static final ValueType<Long> SIZE = of("size", (r, f, n) -> unit(r, f, n, "a size like '1 KiB'",
      Units::parseSize), b -> YamlNodes.str(Units.formatSize(b)));
  static final ValueType<Long> BANDWIDTH = of("bandwidth", (r, f, n) -> unit(r, f, n,
      "a bandwidth like '1 Gbps'", Units::parseBandwidth),
      b -> YamlNodes.str(Units.formatBandwidth(b)));
  static final ValueType<Double> RATE = of("rate", (r, f, n) -> unit(r, f, n,
      "a rate like '1000 tx/s'", Units::parseRate), x -> YamlNodes.str(Units.formatRate(x)));

  /** A string that must be one of {@code names} (read when checked: registries fill late). */
  static ValueType<String> oneOf(Supplier<List<String>> names) {
    return of("string", (r, f, n) -> Checks.oneOf(f, string(r, f, n), names.get()),
        YamlNodes::str);
  }

  /** The YAML spelling of an enum's constant: its name in lower case. */
  static String yamlName(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT);
  }

  /** The YAML spellings of an enum's constants, in declaration order. */
  static List<String> yamlNames(Enum<?>[] values) {
    return Arrays.stream(values).map(ValueTypes::yamlName).toList();
  }

  /**
   * One of an enum's constants by its YAML name; an unknown name gets {@code unknown}'s message
   * (null: {@link Checks#oneOf}'s).
   */
  static <E extends Enum<E>> ValueType<E> choice(E[] values, Function<String, String> unknown) {
    List<String> names = yamlNames(values);
    return of("string", (r, f, n) -> {
      String text = string(r, f, n);
      if (unknown == null) {
        Checks.oneOf(f, text, names);
      } else if (!names.contains(text)) {
        throw r.error(f, unknown.apply(text));
      }
      return values[names.indexOf(text)];
    }, e -> YamlNodes.str(yamlName(e)));
  }

  /** A list of {@code element}s in flow style, each element located at its own line. */
  static <E> ValueType<List<E>> listOf(ValueType<E> element, String example, String doc) {
    return of(doc, (r, f, n) -> r.listOf(f, n, example, (g, m) -> element.parse(r, g, m)),
        l -> YamlNodes.flowList(l, element::node));
  }

  // ------------------------------------------------------------ parsers

  static String string(FieldReader r, String field, Node n) {
    return r.scalar(field, n, "a string").getValue();
  }

  static long integer(FieldReader r, String field, Node n) {
    String text = r.scalar(field, n, "an integer").getValue().strip();
    if (INTEGER.matcher(text).matches()) {
      try {
        return Long.parseLong(text.startsWith("+") ? text.substring(1) : text);
      } catch (NumberFormatException e) {
        throw r.error(field, text + " is out of range");
      }
    }
    if (DECIMAL.matcher(text).matches()) {
      throw r.error(field, "expected a whole number, got " + text);
    }
    throw r.error(field, "expected an integer, got " + describe(n));
  }

  static int int32(FieldReader r, String field, Node n) {
    long v = integer(r, field, n);
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw r.error(field, v + " is out of range");
    }
    return (int) v;
  }

  static double real(FieldReader r, String field, Node n) {
    String text = r.scalar(field, n, "a number").getValue().strip();
    if (!DECIMAL.matcher(text).matches()) {
      throw r.error(field, "expected a number, got " + describe(n));
    }
    return Double.parseDouble(text);
  }

  static boolean bool(FieldReader r, String field, Node n) {
    String text = r.scalar(field, n, "true or false").getValue().strip();
    return switch (text) {
      case "true" -> true;
      case "false" -> false;
      default -> throw r.error(field, "expected true or false, got " + describe(n));
    };
  }

  static long duration(FieldReader r, String field, Node n, boolean zeroAllowed) {
    return unit(r, field, n, "a duration like '150 ms'",
        text -> Units.parseDuration(text, zeroAllowed));
  }

  /** A share of voting power: {@code 20%} or a fraction like {@code 0.2}. */
  static double share(FieldReader r, String field, Node n) {
    String text = r.scalar(field, n, "a share like '20%'").getValue().strip();
    boolean percent = text.endsWith("%");
    String number = percent ? text.substring(0, text.length() - 1).strip() : text;
    if (!DECIMAL.matcher(number).matches()) {
      throw r.error(field, "expected a share like '20%' or 0.2, got " + describe(n));
    }
    double v = percent ? Units.parsePercent(text) : Double.parseDouble(number);
    if (!(v >= 0 && v <= 1)) {
      throw r.error(field, "a share is between 0% and 100%, got " + text);
    }
    return v;
  }

  /** A quantity with a unit, read by {@link Units}. */
  private static <T> T unit(FieldReader r, String field, Node n, String expected,
      Function<String, T> parse) {
    String text = r.scalar(field, n, expected).getValue();
    try {
      return parse.apply(text);
    } catch (IllegalArgumentException e) {
      throw r.error(field, e.getMessage());
    }
  }
}
