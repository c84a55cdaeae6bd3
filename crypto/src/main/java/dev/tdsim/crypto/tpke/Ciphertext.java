package dev.tdsim.crypto.tpke;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A threshold ciphertext (U, V, W): U = [r]G, V the AEAD-sealed payload (ChaCha20-Poly1305, tag
 * included), W = [r] HashToG2(U || V) binding the payload to U (the CCA tag of Baek-Zheng).
 *
 * <p>Encoding: group tag (1 byte) | U compressed (48) | W compressed (96) | payload length (4,
 * big-endian) | payload. Decoding checks lengths, curve and subgroup membership.
 */
public record Ciphertext(SecretGroup group, G1Point u, byte[] payload, G2Point w)
    implements dev.tdsim.crypto.SealedTx {
  static final int HEADER_BYTES = 1 + G1Point.COMPRESSED_BYTES + G2Point.COMPRESSED_BYTES + 4;
  /** Poly1305 tag appended to every payload. */
  public static final int TAG_BYTES = 16;
  /** Encoded size of a ciphertext beyond its message: header, U, W, length and tag (165). */
  public static final int OVERHEAD_BYTES = HEADER_BYTES + TAG_BYTES;

  public Ciphertext {
    if (group == null || u == null || payload == null || w == null) {
      throw new CryptoException("ciphertext", "group, U, payload and W are all required");
    }
    // U = [r]G and W = [r]H are the point at infinity only for r = 0, whose payload key is the
    // public e(O, ...) = 1: such a ciphertext satisfies the validity equation and hides nothing
    if (u.isIdentity() || w.isIdentity()) {
      throw new CryptoException("ciphertext", (u.isIdentity() ? "U" : "W")
          + " is the point at infinity (randomness r = 0: anyone could open it)");
    }
    if (payload.length < TAG_BYTES) {
      throw new CryptoException("ciphertext", "payload shorter than its 16-byte tag");
    }
    payload = payload.clone();
  }

  @Override
  public byte[] payload() {
    return payload.clone();
  }

  /** Payload bytes without copying, for this package's hashing and AEAD. */
  byte[] payloadView() {
    return payload;
  }

  /** Size of the encrypted message itself (payload without the AEAD tag). */
  public int messageBytes() {
    return payload.length - TAG_BYTES;
  }

  public int encodedBytes() {
    return HEADER_BYTES + payload.length;
  }

  public byte[] toBytes() {
    return ByteBuffer.allocate(encodedBytes())
        .put(group.tag)
        .put(u.toCompressed())
        .put(w.toCompressed())
        .putInt(payload.length)
        .put(payload)
        .array();
  }

  /** Decodes and checks structure and points; validity of W is checked by {@link Tpke#isValid}. */
  public static Ciphertext fromBytes(byte[] bytes) {
    if (bytes == null || bytes.length < HEADER_BYTES + TAG_BYTES) {
      throw new CryptoException(
          "decoding ciphertext",
          "expected at least " + (HEADER_BYTES + TAG_BYTES) + " bytes, got "
              + (bytes == null ? "null" : bytes.length));
    }
    ByteBuffer in = ByteBuffer.wrap(bytes);
    SecretGroup group = SecretGroup.fromTag(in.get());
    if (group == null) {
      throw new CryptoException("decoding ciphertext", "unknown secret-group tag " + bytes[0]);
    }
    byte[] u = new byte[G1Point.COMPRESSED_BYTES];
    in.get(u);
    byte[] w = new byte[G2Point.COMPRESSED_BYTES];
    in.get(w);
    int length = in.getInt();
    if (length != in.remaining()) {
      throw new CryptoException(
          "decoding ciphertext",
          "payload length field says " + length + " but " + in.remaining() + " bytes follow");
    }
    byte[] payload = new byte[length];
    in.get(payload);
    return new Ciphertext(group, G1Point.fromBytes(u), payload, G2Point.fromBytes(w));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Ciphertext c
        && group == c.group
        && u.equals(c.u)
        && w.equals(c.w)
        && Arrays.equals(payload, c.payload);
  }

  @Override
  public int hashCode() {
    return 31 * u.hashCode() + Arrays.hashCode(payload);
  }

  @Override
  public String toString() {
    return "Ciphertext[" + group + ", " + u + ", " + messageBytes() + " B]";
  }
}
