package dev.tdsim.sweep;

import dev.tdsim.format.Durations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** How the report of a sweep writes its numbers and parameter values, in tables and charts. */
final class SweepText {
  private SweepText() {}

  /** The values held fixed in a group, by their last path segment: {@code count=4, variant=x} */
  static String fixed(Map<String, String> fixed) {
    if (fixed.isEmpty()) {
      return "";
    }
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, String> e : fixed.entrySet()) {
      parts.add(e.getKey().substring(e.getKey().lastIndexOf('.') + 1) + "=" + e.getValue());
    }
    return String.join(", ", parts);
  }

  static String ms(double ms) {
    return Durations.roundedMs(ms);
  }

  /** A budget as people write it: {@code 500 ms}, {@code 1 s}. */
  static String budget(double ms) {
    return ms >= 1000 && ms % 1000 == 0 ? String.format(Locale.ROOT, "%.0f s", ms / 1000)
        : ms(ms);
  }

  /** A grid value: whole numbers without a fraction, others to four significant digits. */
  static String num(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.4g", v);
  }
}
