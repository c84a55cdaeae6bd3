package dev.tdsim.crypto.cert;

import java.util.List;

/**
 * A commit certificate: its signature bytes (the concatenated vote signatures for {@code votes},
 * one aggregate or threshold signature otherwise), the validators it speaks for, and its size on
 * the wire (signature bytes plus, where verification needs it, a signer bitmap of ceil(V/8) bytes).
 *
 * @param scheme the scheme's name
 * @param signature the signature bytes, copied in and out
 * @param signers the validators whose votes it holds, ascending
 * @param wireBytes its encoded size, bytes
 */
public record Certificate(String scheme, byte[] signature, List<Integer> signers, int wireBytes) {
  public Certificate {
    signature = signature.clone();
    signers = List.copyOf(signers);
    if (wireBytes < signature.length) {
      throw new IllegalArgumentException("wireBytes " + wireBytes + " < signature length "
          + signature.length);
    }
  }

  @Override
  public byte[] signature() {
    return signature.clone();
  }

  /** The signer bitmap's size for a committee of {@code validators}, bytes. */
  static int bitmapBytes(int validators) {
    return (validators + 7) / 8;
  }
}
