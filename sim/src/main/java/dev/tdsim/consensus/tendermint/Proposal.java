package dev.tdsim.consensus.tendermint;

import dev.tdsim.consensus.Block;

/**
 * A proposal: the signed header that announces a block; the block itself follows in
 * {@link BlockPart}s (CometBFT's Proposal + PartSetHeader).
 *
 * @param parts how many parts the block travels in
 */
public record Proposal(int height, int round, int proposer, Block block, int parts)
    implements TendermintMessage {
  /** Type, height, round, POL round, block id, timestamp and signature. */
  public static final long WIRE_BYTES = 200;

  @Override
  public long wireBytes() {
    return WIRE_BYTES;
  }
}
