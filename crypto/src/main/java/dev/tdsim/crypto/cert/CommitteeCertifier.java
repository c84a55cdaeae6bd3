package dev.tdsim.crypto.cert;

import dev.tdsim.crypto.tpke.Committee;
import java.util.Map;
import java.util.Optional;

/**
 * One committee's keys under one certificate scheme: what each validator signs, what a combiner
 * does with the votes, and what a verifier checks, with the wire sizes the network charges.
 * Thread-safe. Whether the votes given to {@link #combine} make a quorum (+2/3 of stake) is the
 * caller's decision; {@code threshold-bls} additionally needs its t points.
 */
public interface CommitteeCertifier {

  /** The scheme's name ({@code votes}, {@code bls-aggregate}, {@code threshold-bls}). */
  String scheme();

  Committee committee();

  /** Validator {@code validator}'s signature part of its vote on {@code message}. */
  byte[] sign(int validator, byte[] message);

  /** Whether {@code vote} is validator {@code validator}'s right vote; false for malformed input. */
  boolean verifyVote(int validator, byte[] message, byte[] vote);

  /**
   * Whether all of {@code votes} (validator to its signature part) are right, checked together
   * where the scheme batches: {@code bls-aggregate} one aggregate check (which proves the set, not
   * each signer), {@code threshold-bls} one random-weight check of all partials; the default
   * checks each. False for an empty map or any wrong or malformed vote. What a receiver pays for
   * the precommits it has queued when it checks them in one go.
   */
  default boolean verifyVotes(byte[] message, Map<Integer, byte[]> votes) {
    for (Map.Entry<Integer, byte[]> e : votes.entrySet()) {
      if (!verifyVote(e.getKey(), message, e.getValue())) {
        return false;
      }
    }
    return !votes.isEmpty();
  }

  /** The size of validator {@code validator}'s signature part on the wire, bytes. */
  int voteBytes(int validator);

  /**
   * The certificate of the given votes (validator to its signature part): bad or malformed votes
   * are named and left out; a certificate comes back only when it verified.
   */
  CertifyResult combine(byte[] message, Map<Integer, byte[]> votes);

  /** Whether {@code certificate} certifies {@code message} for this committee. */
  boolean verify(byte[] message, Certificate certificate);

  /**
   * The key points ({@link Committee#pointsOf}) a certificate's signers must hold together
   * beyond +2/3 of the stake: t for {@code threshold-bls}, whose combination needs t points
   * whatever stake they carry; 0 when a stake quorum is all the scheme needs.
   */
  default int pointsNeeded() {
    return 0;
  }

  /**
   * The vote signature scheme ({@code VoteSignatureSchemes}) whose signing a vote's part is,
   * when it is one (then a cost model's price for that scheme's sign applies to it).
   */
  default Optional<String> partsSignedAs() {
    return Optional.empty();
  }
}
