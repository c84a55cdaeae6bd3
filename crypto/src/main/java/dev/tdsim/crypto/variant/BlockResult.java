package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.tpke.SignerSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What block_propose produced: one plaintext per ciphertext (empty where it could not be opened:
 * an invalid ciphertext, a combined secret that failed its check and could not be repaired, or a
 * payload the encryptor sealed under another key), the validators found faulty with the reason,
 * in ascending validator order, the signer set finally used (null when {@link
 * Status#NOT_ENOUGH_HONEST_SHARES}), whether prepare_combine ran (false when every signer set was
 * cached), the wall-clock time of each phase, each phase's CPU time summed over the threads it
 * ran on (same record, CPU nanoseconds), what the caller should do next ({@link Status}) and how
 * many key-share points the usable (sent, decodable, not named) shares hold.
 */
public record BlockResult(
    List<Optional<byte[]>> plaintexts,
    Map<Integer, String> faultyValidators,
    List<Integer> invalidCiphertexts,
    SignerSet signersUsed,
    boolean ranPrepare,
    PhaseTimings timings,
    PhaseTimings cpu,
    Status status,
    int pointsAvailable) {

  /**
   * The outcome for the caller. Whatever the status, every plaintext present is proven right and
   * every validator named was found faulty; only the unopened valid messages differ.
   */
  public enum Status {
    /** Every valid message's secret was proven (a payload sealed under another key may still stay
     * unopened: its encryptor's doing, nobody to blame). */
    DECRYPTED,
    /**
     * Fewer than the threshold of points are left after dropping the faulty (and the malformed):
     * nothing more can be opened from these shares; wait for more validators' shares.
     */
    NOT_ENOUGH_HONEST_SHARES,
    /**
     * The shares were made for a signer set that lost a member (missing or named faulty), and no
     * reshare source was given: ask the remaining signers for new shares
     * ({@link BlockProposer.Reshare}) and call again.
     */
    NEEDS_RESHARE,
    /**
     * Some combined secrets failed their check and no validator's own check failed (no
     * variant's blame should leave this: it would mean a bug or a 2^-63 chance). Those messages
     * stay unopened, never wrong.
     */
    UNATTRIBUTED
  }

  public BlockResult {
    java.util.Objects.requireNonNull(status, "status");
    if (pointsAvailable < 0) {
      throw new IllegalArgumentException("pointsAvailable " + pointsAvailable + " < 0");
    }
    if (signersUsed == null && status != Status.NOT_ENOUGH_HONEST_SHARES) {
      throw new IllegalArgumentException("no signer set with status " + status);
    }
    plaintexts = List.copyOf(plaintexts);
    faultyValidators = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(faultyValidators));
    invalidCiphertexts = List.copyOf(invalidCiphertexts);
  }

  public long openedCount() {
    return plaintexts.stream().filter(Optional::isPresent).count();
  }

  /**
   * Why a {@link Status#DECRYPTED} block did not open all of its payloads under its proven key:
   * the key opened none of them (each sealed under another key or for another block, or refused
   * as invalid: a correct refusal, nobody's share to blame), or some valid ones stayed closed
   * (sealed under another key). Empty when every valid payload opened, the block is empty, or the
   * status is another (which says why by itself).
   */
  public Optional<String> unopenedReason() {
    long opened = openedCount();
    long unopenedValid = plaintexts.size() - invalidCiphertexts.size() - opened;
    if (status != Status.DECRYPTED || plaintexts.isEmpty()
        || (opened > 0 && unopenedValid <= 0)) {
      return Optional.empty();
    }
    if (opened == 0) {
      return Optional.of("the proven key opened none of the " + plaintexts.size() + " payloads ("
          + invalidCiphertexts.size() + " refused as invalid; sealed under another key or for"
          + " another block)");
    }
    return Optional.of(unopenedValid + " of " + (plaintexts.size() - invalidCiphertexts.size())
        + " valid payloads did not open under the proven key (sealed under another key)");
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
