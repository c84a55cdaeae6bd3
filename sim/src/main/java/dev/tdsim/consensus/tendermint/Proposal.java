package dev.tdsim.consensus.tendermint;

import dev.tdsim.consensus.Block;

/**
 * A proposal: the signed header that announces a block; the block itself follows in
 * {@link BlockPart}s (CometBFT's Proposal + PartSetHeader).
 *
 * @param parts how many parts the block travels in
 * @param fork 0 for the round's block; 1 for the second, conflicting block an equivocating
 *     proposer signs for the same round
 */
public record Proposal(int height, int round, int proposer, Block block, int parts, int fork)
    implements TendermintMessage {
  /** The round's (only) block. */
  public Proposal(int height, int round, int proposer, Block block, int parts) {
    this(height, round, proposer, block, parts, 0);
  }

  /** Type, height, round, POL round, block id, timestamp and signature. */
  public static final long WIRE_BYTES = 200;

  @Override
  public long wireBytes() {
    return WIRE_BYTES;
  }
}
