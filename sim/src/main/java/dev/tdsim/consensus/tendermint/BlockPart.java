package dev.tdsim.consensus.tendermint;

/**
 * One part of a proposed block (CometBFT's BlockPartMessage: the bytes plus a Merkle proof).
 *
 * @param index 0-based
 * @param bytes this part's share of the block plus its proof
 * @param fork the block it belongs to (see {@link Proposal#fork()})
 */
public record BlockPart(int height, int round, int index, long bytes, int fork)
    implements TendermintMessage {
  /** A part of the round's (only) block. */
  public BlockPart(int height, int round, int index, long bytes) {
    this(height, round, index, bytes, 0);
  }

  /** Height, round, index and the Merkle proof of the part (a few hashes). */
  public static final long OVERHEAD_BYTES = 200;

  @Override
  public long wireBytes() {
    return bytes + OVERHEAD_BYTES;
  }
}
