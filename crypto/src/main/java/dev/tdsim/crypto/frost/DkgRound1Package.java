package dev.tdsim.crypto.frost;

import java.util.Objects;

/**
 * A dealer's broadcast in round one of the DKG (Komlo-Goldberg 2020, Figure 1, round 1 step 4):
 * its commitment C_i = ([a_i0]B, ..., [a_i(t-1)]B) and its Schnorr proof of knowledge of a_i0,
 * sigma_i = (R_i, mu_i), which stops a dealer from choosing its constant term as a function of
 * the others' (rogue-key cancellation of the group key).
 *
 * @param dealer i
 * @param commitment C_i, t points
 * @param proofCommitment R_i = [k]B
 * @param proofResponse mu_i = k + a_i0 c_i, c_i = H(i || [a_i0]B || R_i)
 */
public record DkgRound1Package(Identifier dealer, VssCommitment commitment,
    GroupElement proofCommitment, Scalar proofResponse) {
  public DkgRound1Package {
    Objects.requireNonNull(dealer, "dealer");
    Objects.requireNonNull(commitment, "commitment");
    Objects.requireNonNull(proofCommitment, "proofCommitment");
    Objects.requireNonNull(proofResponse, "proofResponse");
  }

  /** identifier, t points, R_i, mu_i: 32 (t + 3) bytes. */
  public int encodedBytes() {
    return 32 + commitment.encodedBytes() + 64;
  }

  /** c_i of the proof: H_dkg(i || [a_i0]B || R_i), after the ciphersuite's hashes. */
  static Scalar challenge(Identifier dealer, GroupElement constantTerm, GroupElement r) {
    return Ciphersuite.hDkg(dealer.encode(), constantTerm.encode(), r.encode());
  }

  /** Round 1 step 5: [mu_i]B == R_i + [c_i]C_i0. */
  public boolean proofVerifies() {
    Scalar c = challenge(dealer, commitment.constantTerm(), proofCommitment);
    return GroupElement.multiplyBase(proofResponse)
        .equals(proofCommitment.add(commitment.constantTerm().multiply(c)));
  }
}
