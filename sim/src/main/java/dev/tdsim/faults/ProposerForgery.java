package dev.tdsim.faults;

import java.util.Arrays;
import java.util.List;

/**
 * How a {@code forging-proposer} lies in the digest it publishes with its proposal (field {@code
 * forge}); the pipeline makes the digest for real and every honest validator's prepare refuses
 * it before the prevote.
 */
public enum ProposerForgery {
  /** Its point is another block's (batched: C' set to the next block's hash point). */
  POINT("point", "a digest whose point is the next block's"),
  /** It names another block's id (the previous height's). */
  BLOCK_ID("block-id", "a digest naming the previous block's id"),
  /** It names a future height (whose block key would be released early). */
  FUTURE_HEIGHT("future-height", "a digest naming the next height");

  private final String choice;
  private final String description;

  ProposerForgery(String choice, String description) {
    this.choice = choice;
    this.description = description;
  }

  /** What a scenario writes in {@code forge}. */
  public String choice() {
    return choice;
  }

  /** What the forged digest is, in a few words (reports). */
  public String description() {
    return description;
  }

  /** The choices a scenario may write, in declaration order. */
  public static List<String> choices() {
    return Arrays.stream(values()).map(ProposerForgery::choice).toList();
  }

  /** The forgery a scenario's {@code forge} names (a choice the field already checked). */
  public static ProposerForgery of(String choice) {
    return Arrays.stream(values()).filter(f -> f.choice.equals(choice)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no forgery '" + choice + "'"));
  }
}
