package dev.tdsim.consensus;

/**
 * A prevote or precommit, shared by all receivers of its broadcast (stored once).
 *
 * @param forBlock true for the proposed block, false for nil
 */
public record Vote(Type type, int height, int round, int voter, boolean forBlock) {
  public enum Type {
    PREVOTE,
    PRECOMMIT
  }

  /** Signature, height, round, type, block id: about what CometBFT sends per vote. */
  public static final long WIRE_BYTES = 160;
}
