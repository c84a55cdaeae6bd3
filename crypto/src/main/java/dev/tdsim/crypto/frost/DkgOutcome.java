package dev.tdsim.crypto.frost;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One participant's end of the DKG: its key package and the public package, or, when any dealer
 * misbehaved (bad proof of knowledge, a share that does not match its commitment, a missing
 * message, two different messages, a message in another dealer's name), no key and the
 * participants it blames, each with the reason.
 */
public record DkgOutcome(Optional<KeyPackage> key, Optional<PublicKeyPackage> publicKeys,
    Map<Identifier, String> reasons) {
  public DkgOutcome {
    reasons = Collections.unmodifiableMap(new TreeMap<>(reasons));
  }

  public boolean succeeded() {
    return key.isPresent();
  }

  /** The blamed participants, in identifier order. */
  public List<Identifier> blamed() {
    return List.copyOf(reasons.keySet());
  }
}
