package dev.tdsim.crypto.design;

/**
 * What the proposer publishes with a block and validators' shares are computed on: the batched
 * design's KZG commitment to the block, the block-key design's hashed block identity, or for
 * Ferveo's designs nothing beyond the block itself (shares are per transaction).
 */
public interface BlockDigest {
  BlockId block();

  /** Bytes the digest adds to the proposal on the wire (0 when it adds nothing). */
  int wireBytes();
}
