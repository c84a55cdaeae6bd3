package dev.tdsim.crypto.frost;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One participant's end of the DKG: its key package and the public package, or no key and why.
 * When a participant misbehaved (bad proof of knowledge, a share that does not match its
 * commitment, a missing message, two different messages, a message in another dealer's name), the
 * participants it blames, each with the reason; when the echoes show that participants hold
 * different round-1 packages of one dealer, which the echo cannot pin on anyone (that dealer
 * equivocated, or the echo's sender lies), an abort that blames no one.
 */
public record DkgOutcome(Optional<KeyPackage> key, Optional<PublicKeyPackage> publicKeys,
    Map<Identifier, String> reasons, Optional<String> unidentifiedAbort) {
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
