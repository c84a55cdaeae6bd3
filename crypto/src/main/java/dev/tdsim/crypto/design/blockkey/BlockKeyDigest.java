package dev.tdsim.crypto.design.blockkey;

import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.BlockId;

/**
 * The block-key design's digest: the block identity and its hash H1(id) in G1. Every validator
 * derives it from the height, so nothing travels with the proposal ({@link #wireBytes()} 0).
 *
 * @param block the block
 * @param identity H1(block.toBytes()) under {@link BlockKeyCipher#IDENTITY_DST}
 * @param masterKey Y2 of the setup it was made for (to refuse a block of another setup)
 */
public record BlockKeyDigest(BlockId block, G1Point identity, G2Point masterKey)
    implements BlockDigest {
  public BlockKeyDigest {
    java.util.Objects.requireNonNull(block, "block");
    java.util.Objects.requireNonNull(identity, "identity");
    java.util.Objects.requireNonNull(masterKey, "masterKey");
  }

  @Override
  public int wireBytes() {
    return 0;
  }
}
