package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.BlockId;

/**
 * The proposer's digest: the KZG commitment C = [gamma p(tau)]_1 to the polynomial p of degree
 * &lt; n (the setup's capacity) whose value at slot j's point omega^j is transaction j's tag and 0
 * at every empty slot (C = sum_j [h_j] [gamma L_j(tau)]_1, an MSM of size B), and
 * the point validators' key shares are computed on, C' = C + Q_block with Q_block =
 * HashToG1(block id). Only C travels (48 bytes compressed); C' is recomputed by everyone.
 *
 * @param blockSize the number of transactions B
 * @param commitment C
 * @param point C' = C + Q_block
 */
public record BatchedDigest(
    BlockId block, int blockSize, G1Point commitment, G1Point point, BatchedSetup setup)
    implements BlockDigest {
  @Override
  public int wireBytes() {
    return G1Point.COMPRESSED_BYTES;
  }

  /** The polynomial's domain: all n slots of the setup (every slot's value is pinned). */
  public int domainSize() {
    return setup.capacity();
  }
}
