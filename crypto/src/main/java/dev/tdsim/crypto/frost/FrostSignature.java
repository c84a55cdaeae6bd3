package dev.tdsim.crypto.frost;

import java.util.Objects;

/**
 * An aggregated signature (R, z) (RFC 9591 section 5.3), encoded as R || z: 64 bytes, a plain
 * Ed25519 signature (RFC 8032 section 5.1.6) under the group public key.
 */
public record FrostSignature(GroupElement commitment, Scalar response) {
  public static final int ENCODED_BYTES = 64;

  public FrostSignature {
    Objects.requireNonNull(commitment, "commitment");
    Objects.requireNonNull(response, "response");
  }

  public byte[] encode() {
    byte[] out = new byte[ENCODED_BYTES];
    System.arraycopy(commitment.encode(), 0, out, 0, 32);
    System.arraycopy(response.encode(), 0, out, 32, 32);
    return out;
  }
}
