package dev.tdsim.consensus;

/**
 * A block proposal: its transactions are threshold ciphertexts, so its size is what travels.
 *
 * @param blockBytes encoded size of the block (ciphertexts plus header)
 */
public record Proposal(int height, int round, int proposer, int txCount, long blockBytes) {
  /** Header, commit of the previous block and signature. */
  public static final long HEADER_BYTES = 1024;
}
