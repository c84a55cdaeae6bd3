package dev.tdsim.crypto.cert;

/**
 * A way to certify a commit ({@code consensus.certificate}): a quorum's votes on one message
 * become one certificate that anyone can check. Three schemes share this seam: {@code votes} (the
 * votes' own signatures, as CometBFT's Commit), {@code bls-aggregate} (one aggregate BLS signature
 * plus the signer bitmap) and {@code threshold-bls} (one 48-byte threshold signature). Stateless;
 * {@link #setUp} gives the keyed instance for one committee.
 */
public interface CertificateScheme {

  /** The lower-case name users write in {@code consensus.certificate}. */
  String name();

  /** One line for listings. */
  String description();

  /**
   * Whether the certificate is one combined signature checked as a whole, whose costs are
   * measured on the real code; false for {@code votes}, which costs what its votes' signatures
   * cost.
   */
  boolean aggregates();

  /**
   * Whether a vote's part is a threshold partial signature that a combiner whose combination
   * fails checks alone, naming the validators whose partials are wrong ({@code threshold-bls}).
   */
  default boolean checksPartialsAlone() {
    return false;
  }

  /**
   * Whether a validator signs with the key points it holds in the committee's key layout (one
   * partial per point: {@code threshold-bls}), so that its calls cost more with more points;
   * false for schemes with one key per validator.
   */
  default boolean signsWithKeyPoints() {
    return false;
  }

  /**
   * Keys for every validator of the committee (a trusted dealer for {@code threshold-bls}; a DKG
   * would produce the same structure), drawn from {@code setup.random()}.
   */
  CommitteeCertifier setUp(CertificateSetup setup);
}
