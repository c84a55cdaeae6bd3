package dev.tdsim.scenario;

import dev.tdsim.registry.DidYouMean;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/** Validation helpers of the records: each failure is an unlocated {@link ScenarioException}. */
final class Checks {
  private Checks() {}

  static String oneOf(String field, String value, List<String> allowed) {
    if (value == null) {
      throw new ScenarioException(field, "is missing; one of " + String.join(", ", allowed));
    }
    if (!allowed.contains(value)) {
      String hint = allowed.contains(value.strip().toLowerCase()) ? " (names are lower-case)" : "";
      String guess = hint.isEmpty() ? didYouMean(value, allowed) : "";
      throw new ScenarioException(field, "unknown value '" + value + "'" + hint + "; known: "
          + String.join(", ", allowed) + guess);
    }
    return value;
  }

  /**
   * {@code "; did you mean 'x'?"} for the known name closest to a mistyped one, or {@code ""}:
   * the one tail of every "unknown value" message, so every enumerated field hints alike.
   */
  static String didYouMean(String value, List<String> known) {
    return DidYouMean.closest(value, known).map(g -> "; did you mean '" + g + "'?").orElse("");
  }

  static int atLeast(String field, int value, int min) {
    if (value < min) {
      throw new ScenarioException(field, "must be at least " + min + ", got " + value);
    }
    return value;
  }

  static int inRange(String field, int value, int min, int max) {
    if (value < min || value > max) {
      throw new ScenarioException(
          field, "must be in [" + min + ", " + max + "], got " + value);
    }
    return value;
  }

  static long positiveDuration(String field, long nanos) {
    if (nanos <= 0) {
      throw new ScenarioException(field, "must be positive, got " + Units.formatDuration(nanos));
    }
    return nanos;
  }

  /**
   * A duration of one step of a run (a timeout, a latency): below {@link Units#MAX_STEP_NANOS},
   * so that a mistake in units is refused here instead of overflowing the clock at run time.
   */
  static long belowOneStep(String field, long nanos) {
    if (nanos >= Units.MAX_STEP_NANOS) {
      throw new ScenarioException(field, "must be below " + Units.formatDuration(
          Units.MAX_STEP_NANOS) + " (no single step of a run may take an hour: a mistake in"
          + " units?), got " + Units.formatDuration(nanos));
    }
    return nanos;
  }

  static long nonNegativeDuration(String field, long nanos) {
    if (nanos < 0) {
      throw new ScenarioException(
          field, "must not be negative, got " + Units.formatDuration(nanos));
    }
    return nanos;
  }

  static long positiveSize(String field, long bytes) {
    if (bytes <= 0) {
      throw new ScenarioException(field, "must be positive, got " + Units.formatSize(bytes));
    }
    return bytes;
  }

  static double positiveFinite(String field, double value) {
    if (!(value > 0) || !Double.isFinite(value)) {
      throw new ScenarioException(field, "must be a positive finite number, got " + value);
    }
    return value;
  }

  static String nonBlank(String field, String value) {
    if (value == null || value.isBlank()) {
      throw new ScenarioException(field, "must not be empty");
    }
    return value;
  }

  static <T> void noDuplicates(String field, List<T> values, Function<T, String> show) {
    Set<T> seen = new HashSet<>();
    for (int i = 0; i < values.size(); i++) {
      if (!seen.add(values.get(i))) {
        throw new ScenarioException(field + "[" + i + "]",
            "duplicate value " + show.apply(values.get(i)), field);
      }
    }
  }
}
