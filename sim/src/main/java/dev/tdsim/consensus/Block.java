package dev.tdsim.consensus;

/**
 * A proposed block as consensus sees it: how many transactions, how many bytes.
 *
 * @param height the height it is proposed for
 * @param txCount transactions (ciphertexts), >= 0
 * @param bytes encoded size (transactions plus header), > 0
 */
public record Block(int height, int txCount, long bytes) {
  /** Header, last commit and proposer signature. */
  public static final long HEADER_BYTES = 1024;

  public Block {
    if (txCount < 0 || bytes <= 0) {
      throw new IllegalArgumentException("txCount must be >= 0 and bytes > 0");
    }
  }
}
