package dev.tdsim.crypto.design.blockkey;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.curve.G2Point;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A transaction sealed to one block identity (Boneh-Franklin FullIdent, as Shutter seals): U =
 * [r]H2 in G2, the masked seed V = sigma XOR KDF(e(H(id), Y2)^r) and the AEAD-sealed payload
 * under a key derived from sigma, with r = H3(id, sigma, message) (Fujisaki-Okamoto).
 *
 * <p>Encoding: version (1 byte, {@value #VERSION}) | U compressed (96) | V (32) | payload length
 * (4, big-endian) | payload (message + 16-byte Poly1305 tag). Decoding checks the lengths, the
 * curve and G2 subgroup membership of U; the Fujisaki-Okamoto check (U == [r]H2) needs the block
 * key and runs when the block is opened.
 *
 * @param u [r]H2
 * @param mask V, 32 bytes
 * @param payload the AEAD output, at least the tag
 */
public record BlockKeyTx(G2Point u, byte[] mask, byte[] payload) implements SealedTx {
  public static final byte VERSION = 0x42;
  public static final int SEED_BYTES = 32;
  public static final int TAG_BYTES = 16;
  static final int HEADER_BYTES = 1 + G2Point.COMPRESSED_BYTES + SEED_BYTES + 4;
  /** Encoded bytes beyond the message: header and AEAD tag (149). */
  public static final int OVERHEAD_BYTES = HEADER_BYTES + TAG_BYTES;

  public BlockKeyTx {
    if (u == null || mask == null || payload == null) {
      throw new CryptoException("block-key transaction", "U, V and the payload are all required");
    }
    // U = [r]G2 is the point at infinity only for r = 0, whose mask key e(H(id), [s]G2)^0 = 1
    // is public
    if (u.isIdentity()) {
      throw new CryptoException("block-key transaction",
          "U is the point at infinity (randomness r = 0: anyone could open it)");
    }
    if (mask.length != SEED_BYTES) {
      throw new CryptoException(
          "block-key transaction", "V must have " + SEED_BYTES + " bytes, got " + mask.length);
    }
    if (payload.length < TAG_BYTES) {
      throw new CryptoException("block-key transaction", "payload shorter than its 16-byte tag");
    }
    mask = mask.clone();
    payload = payload.clone();
  }

  @Override
  public byte[] mask() {
    return mask.clone();
  }

  @Override
  public byte[] payload() {
    return payload.clone();
  }

  byte[] maskView() {
    return mask;
  }

  byte[] payloadView() {
    return payload;
  }

  @Override
  public int encodedBytes() {
    return HEADER_BYTES + payload.length;
  }

  @Override
  public int messageBytes() {
    return payload.length - TAG_BYTES;
  }

  @Override
  public byte[] toBytes() {
    return ByteBuffer.allocate(encodedBytes())
        .put(VERSION)
        .put(u.toCompressed())
        .put(mask)
        .putInt(payload.length)
        .put(payload)
        .array();
  }

  /**
   * Reads a transaction with every structural check.
   *
   * @throws CryptoException naming the problem (length, version, encoding, subgroup)
   */
  public static BlockKeyTx fromBytes(byte[] bytes) {
    if (bytes == null || bytes.length < HEADER_BYTES + TAG_BYTES) {
      throw new CryptoException("decoding block-key transaction", "expected at least "
          + (HEADER_BYTES + TAG_BYTES) + " bytes, got " + (bytes == null ? "null" : bytes.length));
    }
    ByteBuffer in = ByteBuffer.wrap(bytes);
    byte version = in.get();
    if (version != VERSION) {
      throw new CryptoException("decoding block-key transaction",
          "version byte " + version + " is not " + VERSION + " (sealed for another design?)");
    }
    byte[] u = new byte[G2Point.COMPRESSED_BYTES];
    in.get(u);
    byte[] mask = new byte[SEED_BYTES];
    in.get(mask);
    int length = in.getInt();
    if (length != in.remaining()) {
      throw new CryptoException("decoding block-key transaction",
          "payload length field says " + length + " but " + in.remaining() + " bytes follow");
    }
    byte[] payload = new byte[length];
    in.get(payload);
    return new BlockKeyTx(G2Point.fromBytes(u), mask, payload);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BlockKeyTx t
        && u.equals(t.u)
        && Arrays.equals(mask, t.mask)
        && Arrays.equals(payload, t.payload);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(u, Arrays.hashCode(payload));
  }

  @Override
  public String toString() {
    return "BlockKeyTx[" + u + ", " + messageBytes() + " B]";
  }
}
