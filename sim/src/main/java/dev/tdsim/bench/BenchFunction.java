package dev.tdsim.bench;

import java.util.Arrays;
import java.util.List;

/**
 * The functions {@code tdsim bench} times, by the names users write: the two of the original
 * Ferveo benchmark, and the vote signature calls every validator makes per consensus step.
 */
public enum BenchFunction {
  /** Combining one secret per message from already decoded shares, combiner prepared. */
  SHARE_COMBINE("share_combine"),
  /** A whole block from a fresh proposer: decode, verify, prepare_combine, combine, decrypt. */
  BLOCK_PROPOSE("block_propose"),
  /** Signing one CometBFT canonical vote (about 120 bytes) with a vote signature scheme. */
  VOTE_SIGN("vote_sign"),
  /** Verifying one signed CometBFT canonical vote. */
  VOTE_VERIFY("vote_verify");

  private final String cliName;

  BenchFunction(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  /** Whether this function times a vote signature scheme (per {@code --scheme}, no keys dealt). */
  public boolean voteFunction() {
    return this == VOTE_SIGN || this == VOTE_VERIFY;
  }

  public static List<String> names() {
    return Arrays.stream(values()).map(BenchFunction::cliName).toList();
  }

  /** The function of that name; unknown names fail with the list of known ones. */
  public static BenchFunction byName(String name) {
    String key = name == null ? "" : name.trim().toLowerCase();
    for (BenchFunction f : values()) {
      if (f.cliName.equals(key)) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "unknown function '" + name + "'; known: " + String.join(", ", names()));
  }
}
