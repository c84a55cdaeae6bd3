package dev.tdsim.faults;

import static dev.tdsim.format.Durations.whenNanos;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** How faults read in the console and the report. */
public final class FaultTimeline {
  private FaultTimeline() {}

  /** E.g. "#0 crash of validators 14, 15 (12.5% of stake) from 5 s until 20 s". */
  public static String describe(ResolvedFault f) {
    StringBuilder b = new StringBuilder("#").append(f.index()).append(' ')
        .append(f.kind().name());
    String params = params(f.spec());
    if (!params.isEmpty()) {
      b.append(" (").append(params).append(')');
    }
    b.append(f.kind().takesTarget() ? " of " : " between ").append(whom(f));
    String when = when(f.window());
    if (!when.isEmpty()) {
      b.append(' ').append(when);
    }
    return b.toString();
  }

  /** Whom a fault hits, e.g. "validators 14, 15 (12.5% of stake)". */
  public static String whom(ResolvedFault f) {
    List<Integer> v = f.validators();
    String ids = v.isEmpty() ? "no validator"
        : (v.size() == 1 ? "validator " : "validators ") + ids(v);
    return String.format(Locale.ROOT, "%s (%s of stake)", ids, pct(f.stakeShare()));
  }

  /** "from 5 s until 20 s", "at heights 3 to 5", or "" for the whole run. */
  public static String when(FaultWindow w) {
    StringBuilder b = new StringBuilder();
    if (w.hasFrom()) {
      b.append("from ").append(whenNanos(w.fromNanos()));
    }
    if (w.hasUntil()) {
      b.append(b.length() > 0 ? " " : "").append("until ").append(whenNanos(w.untilNanos()));
    }
    if (w.hasFromHeight() || w.hasUntilHeight()) {
      b.append(b.length() > 0 ? ", " : "").append("at heights ").append(w.fromHeight())
          .append(w.hasUntilHeight() ? " to " + (w.untilHeight() - 1) : " on");
    }
    return b.toString();
  }

  private static String params(FaultSpec spec) {
    return spec.params().entrySet().stream()
        .map(e -> e.getKey() + " " + value(e.getValue()))
        .collect(Collectors.joining(", "));
  }

  private static String value(Object v) {
    if (v instanceof Long nanos) {
      return whenNanos(nanos);
    }
    if (v instanceof Double d) {
      return d == Math.rint(d) ? String.valueOf(d.longValue()) : String.valueOf(d);
    }
    return String.valueOf(v);
  }

  private static String ids(List<Integer> v) {
    if (v.size() > 12) {
      return v.subList(0, 10).stream().map(String::valueOf).collect(Collectors.joining(", "))
          + ", ... (" + v.size() + ")";
    }
    return v.stream().map(String::valueOf).collect(Collectors.joining(", "));
  }

  static String pct(double share) {
    return String.format(Locale.ROOT, share * 100 == Math.rint(share * 100) ? "%.0f%%" : "%.1f%%",
        share * 100);
  }
}
