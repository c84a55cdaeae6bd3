package dev.tdsim.crypto.frost;

import dev.tdsim.crypto.CryptoException;
import java.util.Arrays;
import java.util.Objects;

/**
 * A signer's round-two output (RFC 9591 section 5.2): z_i. On the wire: identifier || z_i (64
 * bytes), the share a canonical scalar.
 */
public record SignatureShare(Identifier identifier, Scalar share) {
  public static final int ENCODED_BYTES = 64;

  public SignatureShare {
    Objects.requireNonNull(identifier, "identifier");
    Objects.requireNonNull(share, "share");
  }

  public byte[] encode() {
    byte[] out = new byte[ENCODED_BYTES];
    System.arraycopy(identifier.encode(), 0, out, 0, 32);
    System.arraycopy(share.encode(), 0, out, 32, 32);
    return out;
  }

  public static SignatureShare decode(byte[] b) {
    if (b == null || b.length != ENCODED_BYTES) {
      throw new CryptoException("FROST signature share decoding", "expected " + ENCODED_BYTES
          + " bytes, got " + (b == null ? "null" : b.length));
    }
    Identifier id = Identifier.decode(Arrays.copyOfRange(b, 0, 32), "signature share's identifier");
    return new SignatureShare(id, Scalar.decode(Arrays.copyOfRange(b, 32, 64)));
  }
}
