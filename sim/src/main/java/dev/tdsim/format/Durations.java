package dev.tdsim.format;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * How tdsim writes durations for people and files, one method per format, so that the console,
 * report.html, heights.csv, {@code tdsim compare} and the progress lines each keep their own
 * format without each holding a copy of it. Inputs are milliseconds unless the name says
 * otherwise; a missing value (null or NaN, e.g. a percentile of no height) is {@code -} where a
 * method says so. Parsing and the canonical scenario forms ({@code 1500 ms}) are in {@code
 * scenario.Units}.
 */
public final class Durations {
  private Durations() {}

  /** {@code 473.2 ms}: one decimal; {@code -} when missing (null or NaN). */
  public static String tenthsMs(Double ms) {
    return ms == null || Double.isNaN(ms) ? "-" : String.format(Locale.ROOT, "%.1f ms", ms);
  }

  /** {@code 473} from 100 ms up, {@code 47.3} below: the number alone, no unit. */
  public static String roundedMsNumber(double ms) {
    return String.format(Locale.ROOT, ms >= 100 ? "%.0f" : "%.1f", ms);
  }

  /**
   * {@code 473 ms}, {@code 47.3 ms} ({@link #roundedMsNumber}); {@code -} when missing (null or
   * not finite).
   */
  public static String roundedMs(Double ms) {
    return ms == null || !Double.isFinite(ms) ? "-" : roundedMsNumber(ms) + " ms";
  }

  /** For CSV columns in ms: nanoseconds as milliseconds with three decimals, no unit. */
  public static String csvMs(long nanos) {
    return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
  }

  /** For comparison tables: two decimals below 10 ms, else one, no unit; {@code -} for NaN. */
  public static String tableMs(double ms) {
    if (Double.isNaN(ms)) {
      return "-";
    }
    return String.format(Locale.ROOT, Math.abs(ms) < 10 ? "%.2f" : "%.1f", ms);
  }

  /** The exact decimal without trailing zeros or exponent: {@code 0.25}, {@code 80}. */
  public static String exactMs(double ms) {
    return BigDecimal.valueOf(ms).stripTrailingZeros().toPlainString();
  }

  /** {@code 12.35 s}: milliseconds as seconds with two decimals. */
  public static String secondsOfMs(double ms) {
    return String.format(Locale.ROOT, "%.2f s", ms / 1000);
  }

  /** A block-time budget: {@code 2 s} for whole seconds, else {@code 500 ms} (whole ms). */
  public static String budget(double ms) {
    return ms >= 1000 && ms % 1000 == 0 ? String.format(Locale.ROOT, "%.0f s", ms / 1000)
        : String.format(Locale.ROOT, "%.0f ms", ms);
  }

  /** Time left of a long job, to the second: {@code 42s}, {@code 3m 5s}, {@code 2h 7m}. */
  public static String eta(double seconds) {
    long s = Math.round(seconds);
    if (s < 60) {
      return s + "s";
    }
    if (s < 3600) {
      return (s / 60) + "m " + (s % 60) + "s";
    }
    return (s / 3600) + "h " + ((s % 3600) / 60) + "m";
  }

  /**
   * A moment or span of simulated time in a sentence: whole ms below a second ({@code 350 ms}),
   * else seconds, whole ({@code 5 s}) or with two decimals ({@code 2.50 s}).
   */
  public static String whenNanos(long nanos) {
    if (nanos < 1_000_000_000L) {
      return String.format(Locale.ROOT, "%.0f ms", nanos / 1e6);
    }
    double s = nanos / 1e9;
    return String.format(Locale.ROOT, s == Math.rint(s) ? "%.0f s" : "%.2f s", s);
  }
}
