package dev.tdsim.pipeline;

/**
 * What happened at one height, in simulated nanoseconds. A height runs: the proposal is
 * broadcast ({@code proposeNanos}); the first validator commits it ({@code decidedNanos}); then
 * decryption: waiting for shares (the combiner's own commit, share creation of the share that
 * completed the set, their travel), block_propose (decode, validity, verify, prepare, combine,
 * blame), payload decryption; then execution of the decrypted transactions.
 *
 * @param height the height
 * @param round the round whose precommits decided it
 * @param txCount transactions (ciphertexts) in the block
 * @param blockBytes encoded block size
 * @param combiner the validator that decrypted it (the next height's proposer)
 * @param proposeNanos when the block's first proposal was broadcast
 * @param decidedNanos when the first validator committed it
 * @param commitNanos when the combiner committed it
 * @param consensusNanos decidedNanos - proposeNanos: network, rounds and processing
 * @param validationNanos of consensus: the first committer's proposal validation (ciphertext
 *     validity checks)
 * @param signatureNanos of consensus: the first committer's vote signing and verification
 * @param walNanos of consensus: the first committer's WAL writes
 * @param shareCreateNanos creation time of the share that completed the set
 * @param shareGossipNanos the rest of the wait for shares (including the combiner's own commit)
 * @param combineNanos block_propose's decode, validity, verify, prepare, combine and blame
 * @param decryptNanos key derivation and AEAD opening of every payload
 * @param decryptionLatencyNanos plaintexts ready - decidedNanos
 * @param executionNanos executing the decrypted block (after decryption)
 * @param proposalWaitNanos how long this height's proposer waited for the previous height's
 *     decryption before it could propose (0 when nothing held it back)
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
    long decidedNanos,
    long commitNanos,
    long consensusNanos,
    long validationNanos,
    long signatureNanos,
    long walNanos,
    long shareCreateNanos,
    long shareGossipNanos,
    long combineNanos,
    long decryptNanos,
    long decryptionLatencyNanos,
    long executionNanos,
    long proposalWaitNanos,
    int signers,
    int opened,
    boolean realCrypto) {

  /** Consensus time spent neither on validation, signatures nor the WAL: network and waiting. */
  public long consensusNetworkNanos() {
    return Math.max(0, consensusNanos - validationNanos - signatureNanos - walNanos);
  }
}
