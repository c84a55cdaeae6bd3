package dev.tdsim.scenario;

import dev.tdsim.registry.DidYouMean;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Messages for unknown keys: the closest known key, or the section where the key belongs. */
final class KeyHints {
  private KeyHints() {}

  /** Keys of earlier tdsim versions, and what replaced them. */
  private static final Map<String, String> RENAMED = Map.of("consensus.timeout_delta",
      "it was replaced by CometBFT's per-step timeout_propose_delta, timeout_prevote_delta and"
          + " timeout_precommit_delta");

  /** "unknown key 'x'; did you mean 'y'? (known keys of S: ...)". */
  static String unknownKey(String section, String key, List<String> known) {
    StringBuilder sb = new StringBuilder("unknown key '").append(key).append('\'');
    String renamed = RENAMED.get(section + "." + normalize(key));
    if (renamed != null) {
      return sb.append("; ").append(renamed).toString();
    }
    String elsewhere = elsewhere(section, key);
    String closest = DidYouMean.closest(normalize(key), known).orElse(null);
    if (elsewhere != null && (closest == null || !closest.equals(normalize(key)))) {
      sb.append("; it belongs ").append(elsewhere);
    } else if (closest != null) {
      sb.append("; did you mean '").append(closest).append("'?");
    }
    sb.append(" (known keys").append(section.isEmpty() ? "" : " of " + section).append(": ")
        .append(String.join(", ", known)).append(')');
    return sb.toString();
  }

  /** Where a key that is not in this section lives: "in consensus", "at the top level". */
  private static String elsewhere(String section, String key) {
    String norm = normalize(key);
    if (!section.isEmpty() && ScenarioKeys.TOP.contains(norm)) {
      return "at the top level";
    }
    for (Map.Entry<String, List<String>> s : ScenarioKeys.SECTIONS.entrySet()) {
      if (!s.getKey().equals(section) && s.getValue().contains(norm)) {
        return "in section " + s.getKey() + ": " + s.getKey() + "." + norm;
      }
    }
    return null;
  }

  private static String normalize(String key) {
    return key.strip()
        .replaceAll("([a-z0-9])([A-Z])", "$1_$2")
        .toLowerCase(Locale.ROOT)
        .replace('-', '_')
        .replace(' ', '_');
  }
}
