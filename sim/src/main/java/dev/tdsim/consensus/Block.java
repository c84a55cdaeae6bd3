package dev.tdsim.consensus;

/**
 * A proposed block as consensus sees it: how many transactions, how many bytes, and how long its
 * proposer computes on it before signing the proposal.
 *
 * @param height the height it is proposed for
 * @param txCount transactions (ciphertexts), >= 0
 * @param bytes encoded size (transactions, header and anything the design publishes with the
 *     proposal, such as a batched design's digest), > 0
 * @param buildNanos the proposer's CPU time on its own hardware to build the block before it
 *     signs the proposal (a batched design's digest), >= 0; it delays the proposal
 */
public record Block(int height, int txCount, long bytes, long buildNanos) {
  /** Header, last commit and proposer signature. */
  public static final long HEADER_BYTES = 1024;

  public Block {
    if (txCount < 0 || bytes <= 0 || buildNanos < 0) {
      throw new IllegalArgumentException("txCount must be >= 0, bytes > 0, buildNanos >= 0");
    }
  }

  /** A block its proposer builds in no time. */
  public Block(int height, int txCount, long bytes) {
    this(height, txCount, bytes, 0);
  }
}
