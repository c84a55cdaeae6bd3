package dev.tdsim.crypto.tbls;

import dev.tdsim.crypto.curve.G1Point;
import java.util.List;
import java.util.Optional;

/**
 * The outcome of combining partial signatures: a signature only when it verified under the group's
 * public key (never an unchecked one), the validators whose points went into it, and the
 * validators whose partials were found wrong (named, excluded).
 *
 * @param signature the verified threshold signature, empty when too few good points remained
 * @param signers the validators whose points the signature interpolates, ascending (empty without
 *     a signature)
 * @param blamed the validators whose partials failed verification, ascending
 * @param combinations how many interpolations were tried (1 on the honest path, 2 after blame)
 */
public record CombineResult(
    Optional<G1Point> signature, List<Integer> signers, List<Integer> blamed, int combinations) {
  public CombineResult {
    signers = List.copyOf(signers);
    blamed = List.copyOf(blamed);
  }

  public boolean signed() {
    return signature.isPresent();
  }
}
