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
 *     that did not decode or failed verification or blame), ascending; a signer of a folded set
 *     that sent no share within {@code crypto.share_timeout} is {@code missing}, not faulty
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
 *     "shifted" or "other" (opened wrong: counted in {@code openedWrong})
 * @param firstProposeBlameNanos of {@code blameNanos}, the part inside the first block_propose
 *     (so inside {@code combineNanos}); the rest lies inside {@code reshareNanos}
 * @param firstProposeCheckNanos of {@code checkNanos}, the part inside the first block_propose;
 *     the rest lies inside {@code reshareNanos}
 * @param missing validators the combiner left out only because their shares did not arrive in
 *     time (crashed, cut off, slow): missing, never named faulty, ascending
 * @param status what became of the height's payloads; a height whose plaintexts were never
 *     ready ({@link HeightStatus#NOT_DECRYPTED}, {@link HeightStatus#NOT_COMMITTED}) has only
 *     its consensus fields (the decryption fields are 0) and fits no budget
 * @param refused payloads correctly left unopened (real crypto heights; every payload of a
 *     never-decrypted height)
 * @param openedWrong payloads opened to a plaintext their client did not send (a bug: must be 0)
 * @param why why payloads were left unopened, or the height never decrypted ("" when nothing
 *     was)
 * @param committeeSignNanos with a signing committee (scenario section {@code signing}): when its
 *     signature of the block was complete at its coordinator, after decidedNanos (0 when it was
 *     complete by then, or without a committee); it runs beside decryption and execution
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
    String collidingPayload,
    long firstProposeBlameNanos,
    long firstProposeCheckNanos,
    List<Integer> missing,
    HeightStatus status,
    int refused,
    int openedWrong,
    String why,
    long committeeSignNanos) {

  public HeightRecord {
    faulty = List.copyOf(faulty);
    missing = List.copyOf(missing);
    java.util.Objects.requireNonNull(collidingPayload, "collidingPayload");
    java.util.Objects.requireNonNull(status, "status");
    java.util.Objects.requireNonNull(why, "why");
    if (committeeSignNanos < 0) {
      throw new IllegalArgumentException("committeeSignNanos must be >= 0, got "
          + committeeSignNanos);
    }
  }

  /** A height without a signing committee (the fields before committees existed). */
  public HeightRecord(int height, int round, int txCount, long blockBytes, int combiner,
      long proposeNanos, long decidedNanos, long commitNanos, long consensusNanos,
      long validationNanos, long signatureNanos, long walNanos, long shareCreateNanos,
      long shareGossipNanos, long combineNanos, long decryptNanos, long decryptionLatencyNanos,
      long executionNanos, long proposalWaitNanos, int signers, int opened, boolean realCrypto,
      List<Integer> faulty, long blameNanos, long checkNanos, long reshareNanos, int reshares,
      String collidingPayload, long firstProposeBlameNanos, long firstProposeCheckNanos,
      List<Integer> missing, HeightStatus status, int refused, int openedWrong, String why) {
    this(height, round, txCount, blockBytes, combiner, proposeNanos, decidedNanos, commitNanos,
        consensusNanos, validationNanos, signatureNanos, walNanos, shareCreateNanos,
        shareGossipNanos, combineNanos, decryptNanos, decryptionLatencyNanos, executionNanos,
        proposalWaitNanos, signers, opened, realCrypto, faulty, blameNanos, checkNanos,
        reshareNanos, reshares, collidingPayload, firstProposeBlameNanos, firstProposeCheckNanos,
        missing, status, refused, openedWrong, why, 0);
  }

  /**
   * This height as a stopped run found it with the real crypto, {@code opened} payloads opened
   * (a resumed run replays it with the cost model's durations and keeps that run's outcome).
   */
  public HeightRecord withRealCryptoFromEarlierRun(int opened) {
    return new HeightRecord(height, round, txCount, blockBytes, combiner, proposeNanos,
        decidedNanos, commitNanos, consensusNanos, validationNanos, signatureNanos, walNanos,
        shareCreateNanos, shareGossipNanos, combineNanos, decryptNanos, decryptionLatencyNanos,
        executionNanos, proposalWaitNanos, signers, opened, true, faulty, blameNanos,
        checkNanos, reshareNanos, reshares, collidingPayload, firstProposeBlameNanos,
        firstProposeCheckNanos, missing, status, refused, openedWrong, why, committeeSignNanos);
  }

  /** The same height with its signing committee's time after the commit. */
  public HeightRecord withCommitteeSign(long nanos) {
    return new HeightRecord(height, round, txCount, blockBytes, combiner, proposeNanos,
        decidedNanos, commitNanos, consensusNanos, validationNanos, signatureNanos, walNanos,
        shareCreateNanos, shareGossipNanos, combineNanos, decryptNanos, decryptionLatencyNanos,
        executionNanos, proposalWaitNanos, signers, opened, realCrypto, faulty, blameNanos,
        checkNanos, reshareNanos, reshares, collidingPayload, firstProposeBlameNanos,
        firstProposeCheckNanos, missing, status, refused, openedWrong, why, nanos);
  }

  /** A decrypted height whose payloads all opened as sent (the fields before its outcome). */
  public HeightRecord(int height, int round, int txCount, long blockBytes, int combiner,
      long proposeNanos, long decidedNanos, long commitNanos, long consensusNanos,
      long validationNanos, long signatureNanos, long walNanos, long shareCreateNanos,
      long shareGossipNanos, long combineNanos, long decryptNanos, long decryptionLatencyNanos,
      long executionNanos, long proposalWaitNanos, int signers, int opened, boolean realCrypto,
      List<Integer> faulty, long blameNanos, long checkNanos, long reshareNanos, int reshares,
      String collidingPayload, long firstProposeBlameNanos, long firstProposeCheckNanos) {
    this(height, round, txCount, blockBytes, combiner, proposeNanos, decidedNanos, commitNanos,
        consensusNanos, validationNanos, signatureNanos, walNanos, shareCreateNanos,
        shareGossipNanos, combineNanos, decryptNanos, decryptionLatencyNanos, executionNanos,
        proposalWaitNanos, signers, opened, realCrypto, faulty, blameNanos, checkNanos,
        reshareNanos, reshares, collidingPayload, firstProposeBlameNanos, firstProposeCheckNanos,
        List.of(), HeightStatus.DECRYPTED, 0, 0, "");
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
        proposalWaitNanos, signers, opened, realCrypto, List.of(), 0, 0, 0, 0, "", 0, 0);
  }

  /**
   * The critical path's combine phase: the first block_propose without its combined-result
   * checks and blame (decode, validity, verify, prepare, combine).
   */
  public long combineOnlyNanos() {
    return combineNanos - firstProposeBlameNanos - firstProposeCheckNanos;
  }

  /**
   * The critical path's reshare phase: {@code reshareNanos} without the checks and blame of the
   * block_propose calls after the first (new signer sets, new shares, their travel, the waits
   * and the later block_propose calls' other phases). With {@link #combineOnlyNanos}, {@code
   * checkNanos}, {@code blameNanos}, the share phases and {@code decryptNanos} it adds up to
   * {@code decryptionLatencyNanos}.
   */
  public long reshareOnlyNanos() {
    return reshareNanos - (blameNanos - firstProposeBlameNanos)
        - (checkNanos - firstProposeCheckNanos);
  }

  /** Consensus time spent neither on validation, signatures nor the WAL: network and waiting. */
  public long consensusNetworkNanos() {
    return Math.max(0, consensusNanos - validationNanos - signatureNanos - walNanos);
  }
}
