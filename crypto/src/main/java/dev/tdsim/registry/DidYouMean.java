package dev.tdsim.registry;

import java.util.Collection;
import java.util.Optional;

/**
 * Suggestions for mistyped names: the known name closest to what the user wrote, by edit distance
 * (Levenshtein: one insertion, deletion or substitution is one edit). Shared by the registries,
 * the scenario's key hints and the sweep's path hints, so every "did you mean" judges alike.
 */
public final class DidYouMean {
  private DidYouMean() {}

  /** The number of single-character insertions, deletions and substitutions from a to b. */
  public static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(substitution, Math.min(prev[j] + 1, cur[j - 1] + 1));
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  /**
   * How many edits still count as a typo of {@code input}: two, or a third of its length for long
   * names (a short name two edits away from another is still more likely a slip than a new word).
   */
  public static int allowedEdits(String input) {
    return Math.max(2, input.length() / 3);
  }

  /** The known name closest to input within {@link #allowedEdits}; the first one on a tie. */
  public static Optional<String> closest(String input, Collection<String> known) {
    return closest(input, known, allowedEdits(input));
  }

  /** The known name closest to input within maxEdits edits; the first one on a tie. */
  public static Optional<String> closest(String input, Collection<String> known, int maxEdits) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String k : known) {
      int d = distance(input, k);
      if (d < bestDistance) {
        best = k;
        bestDistance = d;
      }
    }
    return bestDistance <= maxEdits ? Optional.of(best) : Optional.empty();
  }
}
