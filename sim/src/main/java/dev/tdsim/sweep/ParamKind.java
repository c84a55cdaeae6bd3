package dev.tdsim.sweep;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.tdsim.scenario.Units;
import java.util.List;
import java.util.Locale;

/**
 * How a varied parameter's values behave: categorical (variant, network model, lists, names) or
 * numeric, with the unit numeric values are handled in (base unit) and shown in (display unit).
 */
public enum ParamKind {
  CATEGORICAL("", 1),
  /** Whole numbers (msgs_per_block, validators.count, ...): integer precision. */
  INTEGER("", 1),
  /** Plain decimals (validators.speed, network.jitter_sigma). */
  NUMBER("", 1),
  /** Durations: handled in ns, shown in ms. */
  DURATION("ms", 1e-6),
  /** Sizes: bytes. */
  SIZE("B", 1),
  /** Bandwidths: handled in bit/s, shown in Mbps. */
  BANDWIDTH("Mbps", 1e-6),
  /** Rates: per second. */
  RATE("tx/s", 1),
  /** Percentages ({@code 20%}: a share of stake, a probability): handled as fractions, shown in %. */
  PERCENT("%", 100);

  private final String displayUnit;
  private final double displayFactor;

  ParamKind(String displayUnit, double displayFactor) {
    this.displayUnit = displayUnit;
    this.displayFactor = displayFactor;
  }

  /** Paths that are never analysed as numbers even though their values are. */
  static final List<String> NOT_NUMERIC = List.of("seed", "name");

  /** The name in sensitivity.json, e.g. {@code integer}, {@code duration}, {@code categorical}. */
  @JsonValue
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  boolean numeric() {
    return this != CATEGORICAL;
  }

  /** Whether values are whole numbers of the base unit. */
  boolean whole() {
    return this == INTEGER || this == DURATION || this == SIZE || this == BANDWIDTH;
  }

  String displayUnit() {
    return displayUnit;
  }

  double display(double base) {
    return base * displayFactor;
  }

  /** The kind of a resolved value, and its number in the base unit ({@code null}: none). */
  static Double number(ParamKind kind, Object resolved) {
    try {
      return switch (kind) {
        case INTEGER -> resolved instanceof Integer || resolved instanceof Long
            ? ((Number) resolved).doubleValue() : null;
        case NUMBER -> resolved instanceof Double d ? d : null;
        case DURATION -> resolved instanceof String s ? (double) Units.parseDuration(s, true) : null;
        case SIZE -> resolved instanceof String s ? (double) Units.parseSize(s) : null;
        case BANDWIDTH -> resolved instanceof String s ? (double) Units.parseBandwidth(s) : null;
        case RATE -> resolved instanceof String s ? Units.parseRate(s) : null;
        case PERCENT -> resolved instanceof String s ? Units.parsePercent(s) : null;
        case CATEGORICAL -> null;
      };
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** The first numeric kind every value parses as, else CATEGORICAL. */
  static ParamKind of(String path, List<Object> resolvedValues) {
    if (NOT_NUMERIC.contains(path) || resolvedValues.isEmpty()) {
      return CATEGORICAL;
    }
    for (ParamKind k : values()) {
      if (!k.numeric()) {
        continue;
      }
      boolean all = true;
      for (Object v : resolvedValues) {
        if (number(k, v) == null) {
          all = false;
          break;
        }
      }
      if (all) {
        return k;
      }
    }
    return CATEGORICAL;
  }

  /** A base-unit number as the canonical YAML text of this kind (for probes). */
  String format(double base) {
    return switch (this) {
      case INTEGER -> Long.toString(Math.round(base));
      case NUMBER -> Units.formatNumber(base);
      case DURATION -> Units.formatDuration(Math.round(base));
      case SIZE -> Units.formatSize(Math.round(base));
      case BANDWIDTH -> Units.formatBandwidth(Math.round(base));
      case RATE -> Units.formatRate(base);
      case PERCENT -> Units.formatPercent(base);
      case CATEGORICAL -> throw new IllegalStateException("not numeric");
    };
  }
}
