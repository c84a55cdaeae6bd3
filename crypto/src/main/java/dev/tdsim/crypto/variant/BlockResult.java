package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.tpke.SignerSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What block_propose produced: one plaintext per ciphertext (empty where it could not be opened:
 * an invalid ciphertext, a combined secret that failed its check and could not be repaired, or a
 * payload the encryptor sealed under another key), the validators found faulty with the reason,
 * in ascending validator order, the signer set finally used, whether prepare_combine ran (false
 * when every signer set was cached), the wall-clock time of each phase, and each phase's CPU
 * time summed over the threads it ran on (same record, CPU nanoseconds).
 */
public record BlockResult(
    List<Optional<byte[]>> plaintexts,
    Map<Integer, String> faultyValidators,
    List<Integer> invalidCiphertexts,
    SignerSet signersUsed,
    boolean ranPrepare,
    PhaseTimings timings,
    PhaseTimings cpu) {

  public BlockResult {
    plaintexts = List.copyOf(plaintexts);
    faultyValidators = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(faultyValidators));
    invalidCiphertexts = List.copyOf(invalidCiphertexts);
  }

  public long openedCount() {
    return plaintexts.stream().filter(Optional::isPresent).count();
  }

  /**
   * Wall-clock nanoseconds per phase of one block_propose call.
   *
   * @param decodeNanos decoding (and for most variants subgroup-checking) every share
   * @param validityNanos batched ciphertext validity check (every variant), with the
   *     per-ciphertext search when the batch fails
   * @param verifyNanos batch verification of shares
   * @param prepareNanos prepare_combine (0 when cached for this signer set)
   * @param combineNanos share_combine of every message
   * @param checkNanos the combined-result check against the public key (variants whose shares
   *     are not verified), with the search for wrong messages when it fails
   * @param decryptNanos key derivation and AEAD opening of every payload
   * @param blameNanos finding faulty validators and recombining after a failure
   */
  public record PhaseTimings(
      long decodeNanos,
      long validityNanos,
      long verifyNanos,
      long prepareNanos,
      long combineNanos,
      long checkNanos,
      long decryptNanos,
      long blameNanos) {
    public long totalNanos() {
      return decodeNanos + validityNanos + verifyNanos + prepareNanos + combineNanos + checkNanos
          + decryptNanos + blameNanos;
    }
  }
}
