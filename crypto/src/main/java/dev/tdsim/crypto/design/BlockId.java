package dev.tdsim.crypto.design;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The identity of one block of one chain, which designs bind their work to (block-key: the
 * identity the block key is the signature of; batched: the domain separator of the digest).
 *
 * @param chain the chain's name, so that two chains sharing a key set never share a block key
 * @param height the block's height, from 1
 */
public record BlockId(String chain, long height) {
  public BlockId {
    java.util.Objects.requireNonNull(chain, "chain");
    if (height < 1) {
      throw new IllegalArgumentException("height " + height + " < 1");
    }
  }

  /** Unambiguous bytes: length-prefixed chain name, then the height (big-endian). */
  public byte[] toBytes() {
    byte[] name = chain.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(4 + name.length + 8).putInt(name.length).put(name).putLong(height)
        .array();
  }
}
