package dev.tdsim.crypto.sig;

import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Objects;

/**
 * A secret key and its public key, both in their scheme's encoding. Immutable: bytes are copied
 * in and out. {@link #toString} never shows the secret; equality compares in constant time.
 */
public final class VoteKeyPair {
  private final byte[] secretKey;
  private final byte[] publicKey;

  public VoteKeyPair(byte[] secretKey, byte[] publicKey) {
    this.secretKey = Objects.requireNonNull(secretKey, "secretKey").clone();
    this.publicKey = Objects.requireNonNull(publicKey, "publicKey").clone();
  }

  public byte[] secretKey() {
    return secretKey.clone();
  }

  public byte[] publicKey() {
    return publicKey.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof VoteKeyPair other
        && MessageDigest.isEqual(secretKey, other.secretKey)
        && MessageDigest.isEqual(publicKey, other.publicKey);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(publicKey);
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("VoteKeyPair[public=");
    for (int i = 0; i < Math.min(8, publicKey.length); i++) {
      s.append(String.format("%02x", publicKey[i]));
    }
    return s.append("..., secret=<hidden>]").toString();
  }
}
