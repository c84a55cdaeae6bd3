package dev.tdsim.pipeline;

/**
 * What happened at one height, in simulated nanoseconds. The decryption critical path runs from
 * the combiner's commit: waiting for shares (share creation of the share that completed the set,
 * then its travel, including any commit skew or signer-set announcement), then block_propose
 * (decode, validity, verify, prepare, combine, blame), then payload decryption.
 *
 * @param height the height
 * @param round the round in which the combiner committed it
 * @param txCount transactions (ciphertexts) in the block
 * @param blockBytes encoded block size
 * @param combiner the validator that decrypted it (the next height's proposer)
 * @param proposeNanos when the block's round-0 proposal was broadcast
 * @param commitNanos when the combiner committed it
 * @param consensusNanos commitNanos - proposeNanos
 * @param shareCreateNanos creation time of the share that completed the set
 * @param shareGossipNanos the rest of the wait for shares
 * @param combineNanos block_propose's decode, validity, verify, prepare, combine and blame
 * @param decryptNanos key derivation and AEAD opening of every payload
 * @param decryptionLatencyNanos plaintexts ready - commitNanos
 * @param signers validators whose shares were combined
 * @param opened payloads really decrypted and equal to what the clients sent (0 at heights
 *     where the real crypto did not run)
 * @param realCrypto whether the real crypto ran at this height (false: timings reused from a
 *     sampled height)
 */
public record HeightRecord(
    int height,
    int round,
    int txCount,
    long blockBytes,
    int combiner,
    long proposeNanos,
    long commitNanos,
    long consensusNanos,
    long shareCreateNanos,
    long shareGossipNanos,
    long combineNanos,
    long decryptNanos,
    long decryptionLatencyNanos,
    int signers,
    int opened,
    boolean realCrypto) {

  /**
   * The time this height needs within one block time: consensus then decryption (before-next),
   * or the slower of the two stages when decryption runs one block behind (pipelined).
   */
  public long judgedNanos(boolean pipelined) {
    return pipelined
        ? Math.max(consensusNanos, decryptionLatencyNanos)
        : consensusNanos + decryptionLatencyNanos;
  }
}
