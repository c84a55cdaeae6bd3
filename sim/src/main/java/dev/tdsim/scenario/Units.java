package dev.tdsim.scenario;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one place where quantities written as strings are parsed and formatted: durations (to
 * nanoseconds), sizes (to bytes), bandwidths (to bits per second) and rates (to events per
 * second). A quantity is a number (optionally signed, with a fraction or an exponent) followed by a
 * unit, with or without a space: {@code "150 ms"}, {@code "1.5s"}, {@code "4 MiB"}, {@code "1
 * Gbps"}, {@code "1000 tx/s"}.
 *
 * <p>A bare number is an error: the unit is what makes a scenario readable ({@code latency: 150}
 * could be anything). The only exception is a bare {@code 0}, accepted by {@link
 * #parseDuration(String, boolean)} when the caller says zero is allowed.
 *
 * <p>Parsing never rounds: a value that is not a whole number of the base unit ({@code "0.5 ns"},
 * {@code "1.5 B"}) or does not fit a long is an error. Signs are parsed; whether a negative value
 * makes sense is for the caller to decide. Errors are {@link IllegalArgumentException}s whose
 * message names the text and lists the accepted units.
 *
 * <p>{@code format*} methods give the canonical string of a value, the one {@code tdsim run
 * --dump-config} writes; for every long {@code n}, {@code parseDuration(formatDuration(n)) == n}
 * and {@code parseSize(formatSize(n)) == n}.
 */
public final class Units {
  /** Duration units, largest first, to nanoseconds. */
  private static final Map<String, Long> DURATION = new LinkedHashMap<>();
  /** Size units (decimal and binary), to bytes. */
  private static final Map<String, Long> SIZE = new LinkedHashMap<>();
  /** Bandwidth units, to bits per second. */
  private static final Map<String, Long> BANDWIDTH = new LinkedHashMap<>();
  /** Rate units, to the divisor giving a rate per second (value / seconds). */
  private static final Map<String, Double> RATE_SECONDS = new LinkedHashMap<>();

  /** The canonical units the formatters choose from, largest first. */
  private static final List<String> DURATION_CANONICAL = List.of("h", "min", "s", "ms", "us", "ns");

  private static final List<String> SIZE_CANONICAL =
      List.of("TiB", "TB", "GiB", "GB", "MiB", "MB", "KiB", "KB", "B");
  private static final List<String> BANDWIDTH_CANONICAL =
      List.of("Tbps", "Gbps", "Mbps", "kbps", "bps");

  /**
   * The longest a single step of a simulated run may take: one message crossing one link, one
   * crypto operation on one core. An hour is far beyond any real block (seconds) and keeps a
   * run of many heights far from the end of the simulated clock (a long of nanoseconds, 292
   * years); values that would make one step take longer are mistakes (a bandwidth of 1 bps, a
   * speed of 1e-300, a calibration coefficient of 1e300) and are refused when the scenario is
   * loaded.
   */
  public static final long MAX_STEP_NANOS = 3_600_000_000_000L;
  /** The slowest validator CPU relative to the machine running tdsim (a 1000 times slower). */
  public static final double MIN_SPEED = 1e-3;
  /** The fastest validator CPU relative to the machine running tdsim (a 1000 times faster). */
  public static final double MAX_SPEED = 1e3;
  /**
   * The largest arrival rate of {@code workload.rate}: a billion transactions per second, a
   * thousand times the fastest chains; at most max_block_txs of them fit in a block anyway.
   */
  public static final double MAX_RATE_PER_SECOND = 1e9;

  /** The unit written by {@link #formatRate(double)}. */
  public static final String RATE_UNIT = "tx/s";

  static {
    DURATION.put("h", 3_600_000_000_000L);
    DURATION.put("min", 60_000_000_000L);
    DURATION.put("s", 1_000_000_000L);
    DURATION.put("ms", 1_000_000L);
    DURATION.put("us", 1_000L);
    DURATION.put("\u00b5s", 1_000L); // micro sign
    DURATION.put("\u03bcs", 1_000L); // greek mu
    DURATION.put("ns", 1L);

    SIZE.put("B", 1L);
    SIZE.put("KB", 1_000L);
    SIZE.put("kB", 1_000L);
    SIZE.put("KiB", 1L << 10);
    SIZE.put("MB", 1_000_000L);
    SIZE.put("MiB", 1L << 20);
    SIZE.put("GB", 1_000_000_000L);
    SIZE.put("GiB", 1L << 30);
    SIZE.put("TB", 1_000_000_000_000L);
    SIZE.put("TiB", 1L << 40);

    BANDWIDTH.put("bps", 1L);
    BANDWIDTH.put("kbps", 1_000L);
    BANDWIDTH.put("Kbps", 1_000L);
    BANDWIDTH.put("Mbps", 1_000_000L);
    BANDWIDTH.put("Gbps", 1_000_000_000L);
    BANDWIDTH.put("Tbps", 1_000_000_000_000L);
    BANDWIDTH.put("bit/s", 1L);
    BANDWIDTH.put("kbit/s", 1_000L);
    BANDWIDTH.put("Kbit/s", 1_000L);
    BANDWIDTH.put("Mbit/s", 1_000_000L);
    BANDWIDTH.put("Gbit/s", 1_000_000_000L);
    BANDWIDTH.put("Tbit/s", 1_000_000_000_000L);

    for (String what : List.of("", "tx", "msg", "msgs")) {
      RATE_SECONDS.put(what + "/s", 1.0);
      RATE_SECONDS.put(what + "/ms", 0.001);
      RATE_SECONDS.put(what + "/min", 60.0);
    }
  }

  /** A number (sign, digits, fraction, exponent), optional blanks, then the rest (the unit). */
  private static final Pattern QUANTITY =
      Pattern.compile("([+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?)\\s*(.*)");

  private Units() {}

  /** Accepted duration units, for messages and docs. */
  public static final String DURATION_UNITS = "ns, us, \u00b5s, ms, s, min, h";
  /** Accepted size units, for messages and docs. */
  public static final String SIZE_UNITS = "B, KB, kB, KiB, MB, MiB, GB, GiB, TB, TiB";
  /** Accepted bandwidth units, for messages and docs. */
  public static final String BANDWIDTH_UNITS =
      "bps, kbps, Kbps, Mbps, Gbps, Tbps, bit/s, kbit/s, Kbit/s, Mbit/s, Gbit/s, Tbit/s";
  /** Accepted rate units, for messages and docs. */
  public static final String RATE_UNITS = "tx/s, msg/s, /s, and the same per ms or per min";

  // ---------------------------------------------------------------- durations

  /** A duration in nanoseconds; a bare number (even 0) is an error. */
  public static long parseDuration(String text) {
    return parseDuration(text, false);
  }

  /**
   * A duration in nanoseconds.
   *
   * @param bareZeroAllowed whether a bare {@code 0} (no unit) is accepted as zero
   */
  public static long parseDuration(String text, boolean bareZeroAllowed) {
    Parsed p = split(text, "duration", "150 ms", DURATION_UNITS);
    if (p.unit.isEmpty()) {
      if (bareZeroAllowed && p.number.signum() == 0) {
        return 0;
      }
      throw noUnit(text, plausible(p.number, DURATION, List.of("ms", "s", "us", "ns"),
          DURATION.get("ms"), DURATION.get("min")), Units::formatDuration, DURATION_UNITS);
    }
    Long factor = DURATION.get(p.unit);
    if (factor == null) {
      throw unknownUnit(text, p.unit, "duration", DURATION_UNITS, durationHint(p.unit),
          DURATION.keySet());
    }
    return exact(p.number, factor, text, "nanoseconds");
  }

  /**
   * The canonical string of a duration: the largest of h, min, s, ms, us, ns in which the value is
   * a whole number ({@code 1500 ms}, {@code 2 s}, {@code 1 min}); zero is {@code "0 s"}.
   */
  public static String formatDuration(long nanos) {
    return formatExact(nanos, DURATION_CANONICAL, DURATION, "s");
  }

  // ---------------------------------------------------------------- sizes

  /** A size in bytes ({@code KB} = 1000, {@code KiB} = 1024); a bare number is an error. */
  public static long parseSize(String text) {
    Parsed p = split(text, "size", "1 KiB", SIZE_UNITS);
    if (p.unit.isEmpty()) {
      throw noUnit(text, plausible(p.number, SIZE, List.of("B", "KiB", "MiB"), 1,
          SIZE.get("GiB")), Units::formatSize, SIZE_UNITS);
    }
    Long factor = SIZE.get(p.unit);
    if (factor == null) {
      String hint = "";
      if (p.unit.toLowerCase().endsWith("b") && !p.unit.endsWith("B")) {
        hint = "sizes are in bytes: write B; b would be bits";
      } else if (p.unit.toLowerCase().startsWith("byte")) {
        hint = "write B for bytes";
      }
      throw unknownUnit(text, p.unit, "size", SIZE_UNITS, hint, SIZE.keySet());
    }
    return exact(p.number, factor, text, "bytes");
  }

  /**
   * The canonical string of a size: among the units in which it is a whole number, the one giving
   * the smallest number, binary units first on a tie ({@code 1 KiB}, {@code 4 MiB}, {@code 1 MB},
   * {@code 1500 B}); zero is {@code "0 B"}.
   */
  public static String formatSize(long bytes) {
    if (bytes == 0) {
      return "0 B";
    }
    String best = "B";
    long bestQ = bytes;
    for (String unit : SIZE_CANONICAL) {
      long f = SIZE.get(unit);
      if (bytes % f == 0) {
        long q = bytes / f;
        if (Long.compareUnsigned(Math.abs(q), Math.abs(bestQ)) < 0) {
          best = unit;
          bestQ = q;
        }
      }
    }
    return bestQ + " " + best;
  }

  // ---------------------------------------------------------------- bandwidth

  /** A bandwidth in bits per second (decimal prefixes: 1 Gbps = 10^9 bit/s). */
  public static long parseBandwidth(String text) {
    Parsed p = split(text, "bandwidth", "1 Gbps", BANDWIDTH_UNITS);
    if (p.unit.isEmpty()) {
      throw noUnit(text, plausible(p.number, BANDWIDTH, List.of("Mbps", "Gbps", "bps", "kbps"),
          BANDWIDTH.get("Mbps"), 100 * BANDWIDTH.get("Gbps")), Units::formatBandwidth,
          BANDWIDTH_UNITS);
    }
    Long factor = BANDWIDTH.get(p.unit);
    if (factor == null) {
      String hint = "";
      if (p.unit.endsWith("B/s") || p.unit.endsWith("Bps")) {
        hint = "bandwidth is in bits per second: 1 MB/s = 8 Mbps";
      }
      throw unknownUnit(text, p.unit, "bandwidth", BANDWIDTH_UNITS, hint,
          BANDWIDTH.keySet());
    }
    return exact(p.number, factor, text, "bits per second");
  }

  /** The canonical string of a bandwidth: the largest of Tbps ... bps giving a whole number. */
  public static String formatBandwidth(long bitsPerSecond) {
    return formatExact(bitsPerSecond, BANDWIDTH_CANONICAL, BANDWIDTH, "bps");
  }

  // ---------------------------------------------------------------- rates

  /** A rate in events per second: {@code "1000 tx/s"}, {@code "50/s"}, {@code "600 msg/min"}. */
  public static double parseRate(String text) {
    Parsed p = split(text, "rate", "1000 tx/s", RATE_UNITS);
    if (p.unit.isEmpty()) {
      throw noUnit(text, new Guess("tx/s", null), null, RATE_UNITS);
    }
    String unit = p.unit.replace(" ", "");
    Double seconds = RATE_SECONDS.get(unit);
    if (seconds == null) {
      throw unknownUnit(text, p.unit, "rate", RATE_UNITS, "", RATE_SECONDS.keySet());
    }
    double value = Double.parseDouble(p.text);
    if (seconds != 1.0) {
      value = value / seconds;
    }
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("'" + text + "' is too large a rate");
    }
    return value;
  }

  /**
   * The canonical string of a rate, in {@value #RATE_UNIT}: whole numbers without a fraction
   * ({@code "1000 tx/s"}), others with the shortest digits that parse back to the same double.
   */
  public static String formatRate(double perSecond) {
    return formatNumber(perSecond) + " " + RATE_UNIT;
  }

  /** The shortest decimal string of a double that parses back to it ({@code 1000}, {@code 0.2}). */
  public static String formatNumber(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return Double.toString(value);
  }

  // ---------------------------------------------------------------- percentages

  /**
   * A percentage as a fraction: {@code "20%"} is 0.2, {@code "12.5 %"} 0.125 (the nearest double
   * to the written decimal over 100); the sign is required.
   */
  public static double parsePercent(String text) {
    Parsed p = split(text, "percentage", "20%", "%");
    if (!p.unit.equals("%")) {
      throw new IllegalArgumentException("'" + text + "' is not a percentage like '20%'");
    }
    return p.number.movePointLeft(2).doubleValue();
  }

  /**
   * The shortest percentage that reads back as {@code fraction} by {@link #parsePercent}: {@code
   * 0.2} is {@code "20%"}, {@code 0.0625} {@code "6.25%"}.
   */
  public static String formatPercent(double fraction) {
    return BigDecimal.valueOf(fraction).movePointRight(2).stripTrailingZeros().toPlainString()
        + "%";
  }

  /** A rough reading of a long time for messages: {@code 2.5 h}, {@code 3.1e+12 h}, {@code 40 s}. */
  public static String formatApprox(double nanos) {
    if (nanos >= 3.6e12) {
      return String.format(java.util.Locale.ROOT, "%.3g h", nanos / 3.6e12);
    }
    if (nanos >= 6e10) {
      return String.format(java.util.Locale.ROOT, "%.3g min", nanos / 6e10);
    }
    return String.format(java.util.Locale.ROOT, "%.3g s", nanos / 1e9);
  }

  // ---------------------------------------------------------------- helpers

  private record Parsed(String text, BigDecimal number, String unit) {}

  private static Parsed split(String text, String what, String example, String units) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(
          "expected a " + what + " like '" + example + "', got nothing (units: " + units + ")");
    }
    Matcher m = QUANTITY.matcher(text.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException("'" + text + "' is not a " + what
          + "; write a number and a unit, e.g. '" + example + "' (units: " + units + ")");
    }
    return new Parsed(m.group(1), new BigDecimal(m.group(1)), m.group(2).strip());
  }

  /** The unit suggested for a bare number, and its value in the base unit (null: unknown). */
  private record Guess(String unit, Long base) {}

  /**
   * The unit a bare number most likely meant: the first of {@code preferred} in which it is a
   * whole number of the base unit within [{@code min}, {@code max}] (the plausible range of such
   * a quantity in a scenario), else the first. A bare {@code 1024} size then reads as {@code 1024
   * B}, not {@code 1024 KiB} (a megabyte, surely not meant), a bare {@code 150000000} duration as
   * {@code 150000000 ns} (150 ms), a bare {@code 0.5} as {@code 0.5 s}.
   */
  private static Guess plausible(BigDecimal number, Map<String, Long> factors,
      List<String> preferred, long min, long max) {
    for (String unit : preferred) {
      BigDecimal base = number.multiply(BigDecimal.valueOf(factors.get(unit)));
      if (base.compareTo(BigDecimal.valueOf(min)) >= 0
          && base.compareTo(BigDecimal.valueOf(max)) <= 0
          && base.stripTrailingZeros().scale() <= 0) {
        return new Guess(unit, base.longValueExact());
      }
    }
    return new Guess(preferred.get(0), null);
  }

  /**
   * "'1024' has no unit; add a unit, e.g. '1024 B' (that is 1 KiB; units: ...)": the guess, and
   * its canonical form when that reads differently.
   */
  private static IllegalArgumentException noUnit(String text, Guess guess,
      java.util.function.LongFunction<String> format, String units) {
    String written = text.strip() + " " + guess.unit();
    String canonical = guess.base() == null || format == null ? written
        : format.apply(guess.base());
    return new IllegalArgumentException("'" + text.strip() + "' has no unit; add a unit, e.g. '"
        + written + "' (" + (canonical.equals(written) ? "" : "that is " + canonical + "; ")
        + "units: " + units + ")");
  }

  /**
   * Without a specific hint, a unit one typo away from a known one gets "did you mean" (one edit
   * only: units are two or three letters, and two edits would match almost any of them).
   */
  private static IllegalArgumentException unknownUnit(String text, String unit, String what,
      String units, String hint, java.util.Collection<String> known) {
    String guess = hint.isEmpty() ? dev.tdsim.registry.DidYouMean.closest(unit, known, 1)
        .map(g -> "; did you mean '" + g + "'?").orElse("") : "";
    return new IllegalArgumentException("'" + text.strip() + "': unknown " + what + " unit '"
        + unit + "'" + (hint.isEmpty() ? "" : " (" + hint + ")") + "; accepted: " + units
        + guess);
  }

  private static String durationHint(String unit) {
    return switch (unit.toLowerCase()) {
      case "sec", "secs", "second", "seconds" -> "write s";
      case "msec", "msecs", "millis", "milliseconds" -> "write ms";
      case "usec", "micros", "microseconds" -> "write us";
      case "nsec", "nanos", "nanoseconds" -> "write ns";
      case "m", "mins", "minute", "minutes" -> "write min for minutes";
      case "hr", "hrs", "hour", "hours" -> "write h";
      default -> unit.equals(unit.toLowerCase()) ? "" : "units are case-sensitive";
    };
  }

  private static long exact(BigDecimal number, long factor, String text, String base) {
    if (number.signum() == 0) {
      return 0;
    }
    if (number.precision() - number.scale() > 40) { // checked first: cheap even for 1e999999999
      throw new IllegalArgumentException("'" + text.strip() + "' is too large");
    }
    BigDecimal value = number.multiply(BigDecimal.valueOf(factor)).stripTrailingZeros();
    if (value.scale() > 0) {
      throw new IllegalArgumentException(
          "'" + text.strip() + "' is not a whole number of " + base);
    }
    try {
      return value.longValueExact();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("'" + text.strip() + "' is too large");
    }
  }

  private static String formatExact(
      long value, List<String> canonical, Map<String, Long> factors, String zeroUnit) {
    if (value == 0) {
      return "0 " + zeroUnit;
    }
    for (String unit : canonical) {
      long f = factors.get(unit);
      if (value % f == 0) {
        return (value / f) + " " + unit;
      }
    }
    throw new AssertionError("the smallest unit divides everything");
  }
}
