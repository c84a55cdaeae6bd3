package dev.tdsim.consensus;

import java.util.Locale;
import java.util.Objects;

/**
 * What a block's commit certificate ({@code consensus.certificate}) costs on the critical path,
 * per validator on its own CPU timeline, and what it weighs on the wire. Protocol-neutral; for
 * Tendermint the precommits carry the certificate's votes (an ordinary vote signature, a BLS
 * signature to aggregate, or a threshold-BLS partial), the next height's proposer combines them
 * into the certificate its block carries as LastCommit, and every validator that validates that
 * block checks the certificate.
 *
 * @param scheme the certificate scheme's name ({@code votes}, {@code bls-aggregate},
 *     {@code threshold-bls})
 * @param signNanos signing one own precommit's certificate part
 * @param verifyNanos verifying one received precommit's part: one vote signature for {@code
 *     votes}; for the aggregating schemes its share of a quorum's batch check
 * @param signatureBytes one precommit's part on the wire, bytes
 * @param combineNanos the proposer's work to build the certificate from a quorum's parts (0 for
 *     {@code votes}: the signatures are only collected)
 * @param checkNanos verifying a whole certificate (ValidateBlock of a block's LastCommit)
 * @param wireBytes the certificate's encoded size (signatures plus signer bitmap), bytes
 * @param blockExtraBytes what the certificate adds to a proposed block beyond the 1 KiB header
 *     that {@link Block#HEADER_BYTES} has always counted (0 for {@code votes}, see docs)
 * @param points the key points the combiner's precommits must hold beyond +2/3 of the stake
 *     ({@link PointQuorum#NONE} when a stake quorum is enough): a proposer short of them waits
 *     for more of the previous height's precommits before it can combine
 */
public record CertificateCosts(String scheme, long signNanos, long verifyNanos,
    long signatureBytes, long combineNanos, long checkNanos, long wireBytes,
    long blockExtraBytes, PointQuorum points) {
  public static final String VOTES = "votes";

  public CertificateCosts {
    Objects.requireNonNull(scheme, "scheme");
    Objects.requireNonNull(points, "points");
    if (signNanos < 0 || verifyNanos < 0 || signatureBytes < 0 || combineNanos < 0
        || checkNanos < 0 || wireBytes < 0 || blockExtraBytes < 0) {
      throw new IllegalArgumentException("certificate costs must be >= 0");
    }
  }

  /**
   * CometBFT's own commit: the precommits' vote signatures, collected as they are (no combine),
   * checked one by one ({@code checkNanos} = signers x one verification).
   */
  public static CertificateCosts votes(long signNanos, long verifyNanos, long signatureBytes,
      long checkNanos, long wireBytes) {
    return new CertificateCosts(VOTES, signNanos, verifyNanos, signatureBytes, 0, checkNanos,
        wireBytes, 0, PointQuorum.NONE);
  }

  /** Whether the proposer combines the precommits' parts into one signature. */
  public boolean combines() {
    return combineNanos > 0;
  }

  /**
   * One line for the console and the report: which certificate, what it cost per block, in the
   * protocol's words for its certificate and the votes that make it ({@link
   * ProtocolSettings#certificateWords()}).
   */
  public String describe(ProtocolSettings.CertificateWords words) {
    String vote = words.vote();
    return String.format(Locale.ROOT, "%s %s: sign %.3f ms per %s, verify"
        + " %.3f ms per received %s, combine %.3f ms at the next proposer, check %.3f ms"
        + " per block at every validator, %d B in the block (%s part %d B)", words.certificate(),
        scheme,
        signNanos / 1e6, vote, verifyNanos / 1e6, vote, combineNanos / 1e6, checkNanos / 1e6,
        wireBytes, vote, signatureBytes);
  }
}
