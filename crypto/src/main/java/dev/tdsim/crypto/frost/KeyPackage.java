package dev.tdsim.crypto.frost;

import java.util.Objects;

/**
 * What one signer holds after key generation (trusted dealer or DKG).
 *
 * @param identifier the signer
 * @param signingShare sk_i, secret
 * @param verifyingShare PK_i = [sk_i]B
 * @param groupPublicKey PK
 * @param minSigners t, the signers a signature needs
 */
public record KeyPackage(Identifier identifier, Scalar signingShare, GroupElement verifyingShare,
    GroupElement groupPublicKey, int minSigners) {
  public KeyPackage {
    Objects.requireNonNull(identifier, "identifier");
    Objects.requireNonNull(signingShare, "signingShare");
    Objects.requireNonNull(verifyingShare, "verifyingShare");
    Objects.requireNonNull(groupPublicKey, "groupPublicKey");
    if (minSigners < 1) {
      throw new IllegalArgumentException("minSigners must be >= 1, got " + minSigners);
    }
  }

  /** Never the share. */
  @Override
  public String toString() {
    return "KeyPackage[" + identifier.value() + " of t=" + minSigners + ", share hidden]";
  }
}
