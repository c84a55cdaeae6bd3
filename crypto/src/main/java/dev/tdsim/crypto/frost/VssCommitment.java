package dev.tdsim.crypto.frost;

import java.util.ArrayList;
import java.util.List;

/**
 * Feldman commitments [a_0]B, ..., [a_{t-1}]B to a sharing polynomial (RFC 9591 Appendix C.2's
 * vss_commit; the DKG's C_i of Komlo-Goldberg Figure 1).
 */
public record VssCommitment(List<GroupElement> coefficients) {
  public VssCommitment {
    coefficients = List.copyOf(coefficients);
    if (coefficients.isEmpty()) {
      throw new IllegalArgumentException("a VSS commitment needs at least one coefficient");
    }
  }

  /** Commits to {@code polynomial} (constant term first). */
  static VssCommitment of(List<Scalar> polynomial) {
    List<GroupElement> c = new ArrayList<>();
    for (Scalar a : polynomial) {
      c.add(GroupElement.multiplyBase(a));
    }
    return new VssCommitment(c);
  }

  /** [f(i)]B from the commitments: sum_j [i^j] C_j (RFC 9591 Appendix C.2, derive_group_info). */
  public GroupElement evaluate(Identifier id) {
    List<Scalar> powers = new ArrayList<>();
    Scalar x = id.scalar();
    Scalar power = Scalar.ONE;
    for (int j = 0; j < coefficients.size(); j++) {
      powers.add(power);
      power = power.multiply(x);
    }
    return GroupElement.multiScalar(powers, coefficients);
  }

  /** RFC 9591 Appendix C.2's vss_verify: whether [share]B equals the committed f(id). */
  public boolean verifies(Identifier id, Scalar share) {
    return GroupElement.multiplyBase(share).equals(evaluate(id));
  }

  public GroupElement constantTerm() {
    return coefficients.get(0);
  }

  /** Each point encoded, concatenated: 32 bytes per coefficient. */
  public int encodedBytes() {
    return coefficients.size() * GroupElement.ENCODED_BYTES;
  }
}
