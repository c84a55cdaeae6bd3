package dev.tdsim.crypto.cert;

import dev.tdsim.crypto.tpke.Committee;
import java.util.Map;

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

  /** The size of validator {@code validator}'s signature part on the wire, bytes. */
  int voteBytes(int validator);

  /**
   * The certificate of the given votes (validator to its signature part): bad or malformed votes
   * are named and left out; a certificate comes back only when it verified.
   */
  CertifyResult combine(byte[] message, Map<Integer, byte[]> votes);

  /** Whether {@code certificate} certifies {@code message} for this committee. */
  boolean verify(byte[] message, Certificate certificate);
}
