package dev.tdsim.compare;

import dev.tdsim.report.CriticalPath;
import java.util.List;
import java.util.Map;

/**
 * One simulated configuration of a folder: the single run of a run folder, or one point of a
 * sweep.
 *
 * @param values the varied paths' values of this point, in the folder's order (empty for a run)
 * @param budgets the verdict per budget, ascending
 * @param criticalPath mean milliseconds per phase, or {@code null} when the folder does not hold
 *     it (a sweep point without its run folder)
 */
record Point(Map<String, String> values, List<BudgetRow> budgets, CriticalPath criticalPath) {
  Point {
    values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
    budgets = List.copyOf(budgets);
  }

  /** {@code keys.shares=64, crypto.variant=fast}; empty for a run. */
  String label() {
    StringBuilder b = new StringBuilder();
    values.forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append(k).append('=').append(v));
    return b.toString();
  }
}
