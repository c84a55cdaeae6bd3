package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.BlockId;

/**
 * The proposer's digest: the KZG commitment C = [gamma p(tau)]_1 to the polynomial p of degree
 * &lt; n (the setup's capacity) whose value at slot j's point omega^j is transaction j's tag and 0
 * at every empty slot (C = sum_j [h_j] [gamma L_j(tau)]_1, an MSM of size B), and
 * the point validators' key shares are computed on, C' = C + Q_block with Q_block =
 * HashToG1(block id). Only C travels (48 bytes compressed); C' is recomputed by everyone: a digest
 * whose point is not C + Q_block cannot be made (a proposer that set C' to another block's hash
 * point plus [h][gamma]_1 would otherwise receive the key of a transaction it never included; see
 * docs/CRYPTO.md, "Forging proposers").
 *
 * @param blockSize the number of transactions B
 * @param commitment C
 * @param point C' = C + Q_block
 */
public record BatchedDigest(
    BlockId block, int blockSize, G1Point commitment, G1Point point, BatchedSetup setup)
    implements BlockDigest {
  /**
   * @throws CryptoException when {@code point} is not {@code commitment} + Q_block
   */
  public BatchedDigest {
    java.util.Objects.requireNonNull(block, "block");
    java.util.Objects.requireNonNull(commitment, "commitment");
    java.util.Objects.requireNonNull(setup, "setup");
    if (!commitment.add(Cipher.blockPoint(block)).equals(point)) {
      throw new CryptoException("batched digest", "the digest's point is not its commitment plus"
          + " the hash point of " + block + " (a forged digest)");
    }
  }

  /** The digest of {@code block} for commitment C: its point C' = C + Q_block derived here. */
  static BatchedDigest of(BlockId block, int blockSize, G1Point commitment, BatchedSetup setup) {
    return new BatchedDigest(block, blockSize, commitment,
        commitment.add(Cipher.blockPoint(block)), setup);
  }

  @Override
  public int wireBytes() {
    return G1Point.COMPRESSED_BYTES; // BatchedDesign#digestWireBytes
  }

  /** The polynomial's domain: all n slots of the setup (every slot's value is pinned). */
  public int domainSize() {
    return setup.capacity();
  }
}
