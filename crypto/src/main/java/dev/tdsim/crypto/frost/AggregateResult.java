package dev.tdsim.crypto.frost;

import java.util.List;
import java.util.Optional;

/**
 * The coordinator's outcome (RFC 9591 sections 5.3-5.4): a signature that verified under the group
 * key, or none and the signers whose shares failed verify_signature_share.
 *
 * @param signature present when the aggregate verified as an Ed25519 signature
 * @param badSigners identifiers whose shares did not verify (empty when signed)
 */
public record AggregateResult(Optional<FrostSignature> signature, List<Identifier> badSigners) {
  public AggregateResult {
    badSigners = List.copyOf(badSigners);
  }

  public boolean signed() {
    return signature.isPresent();
  }
}
