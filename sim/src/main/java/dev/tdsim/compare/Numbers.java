package dev.tdsim.compare;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/** How the comparison writes numbers; NaN (a value the folder lacks) is {@code -} or empty. */
final class Numbers {
  private Numbers() {}

  static String pct(double pct) {
    return Double.isNaN(pct) ? "-" : String.format(Locale.ROOT, "%.0f%%", pct);
  }

  static String ratio(double r) {
    return Double.isNaN(r) ? "-" : String.format(Locale.ROOT, "%.2fx", r);
  }

  /** A budget: {@code 100 ms}, {@code 1 s}, {@code 1500 ms}, {@code 0.5 ms}. */
  static String budget(double ms) {
    if (Double.isNaN(ms)) {
      return "-";
    }
    if (ms >= 1000 && ms % 1000 == 0) {
      return plain(ms / 1000) + " s";
    }
    return plain(ms) + " ms";
  }

  /** For CSV: at most 3 decimals, no trailing zeros, no exponent; NaN is empty. */
  static String plain(double x) {
    if (Double.isNaN(x) || Double.isInfinite(x)) {
      return Double.isNaN(x) ? "" : String.valueOf(x);
    }
    BigDecimal d = BigDecimal.valueOf(x).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros();
    return d.signum() == 0 ? "0" : d.toPlainString();
  }
}
