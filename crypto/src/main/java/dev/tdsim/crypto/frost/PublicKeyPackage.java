package dev.tdsim.crypto.frost;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The public side of a key generation: every signer's verifying share PK_i (to check its
 * signature shares, RFC 9591 section 5.4), the group public key and the threshold.
 */
public record PublicKeyPackage(Map<Identifier, GroupElement> verifyingShares,
    GroupElement groupPublicKey, int minSigners) {
  public PublicKeyPackage {
    verifyingShares = Collections.unmodifiableMap(new TreeMap<>(verifyingShares));
    if (minSigners < 1 || minSigners > verifyingShares.size()) {
      throw new IllegalArgumentException("minSigners must be in [1, " + verifyingShares.size()
          + "], got " + minSigners);
    }
  }

  public int maxSigners() {
    return verifyingShares.size();
  }
}
