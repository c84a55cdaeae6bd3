package dev.tdsim.bench;

import java.util.Arrays;
import java.util.List;

/** The two functions of the original Ferveo benchmark, by the names users write. */
public enum BenchFunction {
  /** Combining one secret per message from already decoded shares, combiner prepared. */
  SHARE_COMBINE("share_combine"),
  /** A whole block from a fresh proposer: decode, verify, prepare_combine, combine, decrypt. */
  BLOCK_PROPOSE("block_propose");

  private final String cliName;

  BenchFunction(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
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
