package dev.tdsim.consensus.tendermint;

/**
 * A prevote or precommit, shared by all receivers of its broadcast (stored once).
 *
 * @param forBlock true for the proposed block, false for nil
 * @param signatureBytes size of its signature (64 B ed25519, 96 B BLS)
 * @param fork which block of the round a block vote is for: 0, or 1 for the conflicting block of
 *     an equivocator (see {@link Proposal#fork()})
 */
public record Vote(Type type, int height, int round, int voter, boolean forBlock,
    long signatureBytes, int fork) implements TendermintMessage {
  /** A vote for the round's (only) block or nil. */
  public Vote(Type type, int height, int round, int voter, boolean forBlock,
      long signatureBytes) {
    this(type, height, round, voter, forBlock, signatureBytes, 0);
  }

  public enum Type {
    PREVOTE,
    PRECOMMIT
  }

  /** Type, height, round, block id, timestamp, validator address and index (without signature). */
  public static final long BODY_BYTES = 100;

  @Override
  public long wireBytes() {
    return BODY_BYTES + signatureBytes;
  }
}
