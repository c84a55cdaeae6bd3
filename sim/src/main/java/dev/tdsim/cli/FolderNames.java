package dev.tdsim.cli;

import dev.tdsim.scenario.ScenarioKeys;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The readable suffix of a run's default folder for its {@code --set} overrides: {@code
 * workload.msgs_per_block=100 --set crypto.timing=model} is {@code msgs100--timing-model}.
 *
 * <p>Each override is its key, abbreviated, then its value with spaces dropped: a number right
 * after the key ({@code msgs100}, {@code latency50ms}), a word after a {@code -} ({@code
 * timing-model}); overrides are joined by {@code --}. A key is abbreviated to the first word of
 * its last part ({@code msgs} of {@code msgs_per_block}) when no other settable path abbreviates
 * the same way, else to its last part ({@code timeout_propose}), else to section and key: an
 * abbreviation always names one path. Values keep letters, digits and {@code ._+-}; any other
 * character (a {@code /} above all) becomes {@code _}, and then, because two values could now
 * read alike, 8 hex digits of the overrides' SHA-256 follow. They follow too when the suffix
 * would be longer than {@value #MAX_CHARS} characters, cut to make room: names stay short
 * enough for every file system and never collide.
 */
final class FolderNames {
  /** The longest suffix, hash included. */
  static final int MAX_CHARS = 60;
  private static final int HASH_HEX = 8;

  private FolderNames() {}

  /** The suffix of these overrides (none of them {@code name=}); empty for none. */
  static String suffix(List<String> overrides) {
    List<String> parts = new ArrayList<>();
    boolean lossy = false;
    for (String o : overrides) {
      int eq = o.indexOf('=');
      String path = (eq < 0 ? o : o.substring(0, eq)).strip();
      String value = eq < 0 ? "" : o.substring(eq + 1).replaceAll("\\s+", "");
      String safe = value.replaceAll("[^A-Za-z0-9._+-]", "_");
      lossy |= !safe.equals(value) || value.contains("--");
      String key = abbreviation(path);
      parts.add(safe.isEmpty() ? key
          : Character.isDigit(safe.charAt(0)) && Character.isLetter(key.charAt(key.length() - 1))
              ? key + safe : key + "-" + safe);
    }
    String readable = String.join("--", parts);
    if (!lossy && readable.length() <= MAX_CHARS) {
      return readable;
    }
    String cut = readable.substring(0, Math.min(readable.length(), MAX_CHARS - HASH_HEX - 1));
    return cut + "-" + hash(overrides);
  }

  /** The shortest form of a settable path that no other path shares (see the class doc). */
  static String abbreviation(String path) {
    String current = ScenarioKeys.currentPath(path);
    List<String> all = ScenarioKeys.paths();
    if (!all.contains(current)) { // faults[0].stake, sweep.vary: written out, made safe
      return current.replaceAll("[\\[\\]]", "").replace('.', '-')
          .replaceAll("[^A-Za-z0-9_+-]", "_");
    }
    for (int level = 0; level < 2; level++) {
      String mine = form(current, level);
      final int l = level;
      if (all.stream().filter(p -> !p.equals(current)).noneMatch(p -> form(p, l).equals(mine))) {
        return mine;
      }
    }
    return current.replace('.', '_');
  }

  /** Level 0: the first word of the last part; level 1: the last part. */
  private static String form(String path, int level) {
    String last = path.substring(path.lastIndexOf('.') + 1);
    return level == 0 ? last.split("_")[0] : last;
  }

  private static String hash(List<String> overrides) {
    try {
      byte[] sha = MessageDigest.getInstance("SHA-256").digest(
          String.join("\n", overrides).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(sha, 0, HASH_HEX / 2);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
