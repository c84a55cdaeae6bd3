package dev.tdsim.signing;

import dev.tdsim.registry.Registry;
import java.util.List;

/** When a block's signing committee starts, by the name a scenario writes in signing.start. */
public enum SigningStart {
  /** Every round after the block commits (the committee signs something the commit fixes). */
  COMMIT("commit", "every round after the block commits"),
  /**
   * The message-independent rounds (a presigning, nonce commitments) ran ahead of time, off the
   * block's path; the rest after the block commits.
   */
  PRESIGNED("presigned", "the message-independent rounds ahead of time, the rest after commit"),
  /**
   * Every round from the moment the block is proposed (the committee signs something known
   * before the block, e.g. the previous block's withdrawals), overlapping consensus.
   */
  PIPELINED("pipelined", "every round from the block's proposal, overlapping consensus");

  private final String scenarioName;
  private final String description;

  SigningStart(String scenarioName, String description) {
    this.scenarioName = scenarioName;
    this.description = description;
  }

  public String scenarioName() {
    return scenarioName;
  }

  public String description() {
    return description;
  }

  /** Whether the rounds that need no message are left out of the block's path. */
  public boolean presignsAhead() {
    return this == PRESIGNED;
  }

  /** Whether the committee starts at the proposal rather than at the commit. */
  public boolean startsAtProposal() {
    return this == PIPELINED;
  }

  private static final Registry<SigningStart> BY_NAME =
      Registry.of("signing start", SigningStart::scenarioName, List.of(values()));

  public static List<String> names() {
    return BY_NAME.names();
  }

  /** @throws IllegalArgumentException for an unknown name, listing the known ones */
  public static SigningStart byName(String name) {
    return BY_NAME.get(name);
  }
}
