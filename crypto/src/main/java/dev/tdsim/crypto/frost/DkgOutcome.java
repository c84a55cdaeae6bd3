package dev.tdsim.crypto.frost;

import java.util.List;
import java.util.Optional;

/**
 * One participant's end of the DKG: its key package and the public package, or, when any dealer
 * misbehaved (bad proof of knowledge, a share that does not match its commitment, a missing or
 * malformed message), no key and the dealers it blames.
 */
public record DkgOutcome(Optional<KeyPackage> key, Optional<PublicKeyPackage> publicKeys,
    List<Identifier> blamed) {
  public DkgOutcome {
    blamed = List.copyOf(blamed);
  }

  public boolean succeeded() {
    return key.isPresent();
  }
}
