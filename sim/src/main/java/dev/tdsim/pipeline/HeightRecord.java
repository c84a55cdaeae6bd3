package dev.tdsim.pipeline;

import java.util.List;

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
 * @param combineNanos the first block_propose's decode, validity, verify or check, prepare and
 *     combine (with share faults: and blame; later rounds are in reshareNanos)
 * @param decryptNanos key derivation and AEAD opening of every payload (first block_propose)
 * @param decryptionLatencyNanos plaintexts ready - decidedNanos
 * @param executionNanos executing the decrypted block (after decryption)
 * @param proposalWaitNanos how long this height's proposer waited for the previous height's
 *     decryption before it could propose (0 when nothing held it back)
 * @param signers validators whose shares were combined
 * @param opened payloads really decrypted and equal to what the clients sent (0 at heights
 *     where the real crypto did not run)
 * @param realCrypto whether the real crypto ran at this height (false: timings reused from a
 *     sampled height)
 * @param faulty validators the combiner named faulty at this height (by block_propose: shares
 *     that did not decode or failed verification or blame; or, for variants that fold the signer
 *     set, sent no share within {@code crypto.share_timeout}), ascending
 * @param blameNanos of the combiner's time, finding faulty validators: a share verification
 *     that failed and searched per validator, failed combined-result checks and blame, and
 *     block_propose calls that found fewer than t honest shares (all on the combiner's hardware)
 * @param checkNanos of the combiner's time, the combined-result checks of variants whose shares
 *     are not verified (CHECK)
 * @param reshareNanos time after the first block_propose until the plaintexts: for variants that
 *     fold the signer set, the new set's announcement, every signer's new shares, their travel,
 *     prepare_combine and the combine again; for the others the wait for more shares and the new
 *     block_propose (0 when the first block_propose opened everything)
 * @param reshares extra rounds after the first block_propose (new signer sets, or retries)
 * @param collidingPayload the outcome for a key-colliding payload in the block ({@code
 *     colluding-encryptor}): "" (none), "honest" (opened to the honest plaintext), "unopened",
 *     "shifted" or "other" (opened wrong: counted in the mismatches)
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
    boolean realCrypto,
    List<Integer> faulty,
    long blameNanos,
    long checkNanos,
    long reshareNanos,
    int reshares,
    String collidingPayload) {

  public HeightRecord {
    faulty = List.copyOf(faulty);
    java.util.Objects.requireNonNull(collidingPayload, "collidingPayload");
  }

  /** A height without share faults (the fields before share faults existed). */
  public HeightRecord(int height, int round, int txCount, long blockBytes, int combiner,
      long proposeNanos, long decidedNanos, long commitNanos, long consensusNanos,
      long validationNanos, long signatureNanos, long walNanos, long shareCreateNanos,
      long shareGossipNanos, long combineNanos, long decryptNanos, long decryptionLatencyNanos,
      long executionNanos, long proposalWaitNanos, int signers, int opened, boolean realCrypto) {
    this(height, round, txCount, blockBytes, combiner, proposeNanos, decidedNanos, commitNanos,
        consensusNanos, validationNanos, signatureNanos, walNanos, shareCreateNanos,
        shareGossipNanos, combineNanos, decryptNanos, decryptionLatencyNanos, executionNanos,
        proposalWaitNanos, signers, opened, realCrypto, List.of(), 0, 0, 0, 0, "");
  }

  /** Consensus time spent neither on validation, signatures nor the WAL: network and waiting. */
  public long consensusNetworkNanos() {
    return Math.max(0, consensusNanos - validationNanos - signatureNanos - walNanos);
  }
}
