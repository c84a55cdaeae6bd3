package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.design.BlockId;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A transaction sealed with the batched design for one slot of one block: A = [r]_2, B = [r sk
 * (tau - x_slot)]_2, W = [r] HashToG1(header || body) (the Baek-Zheng-style proof that binds the
 * body to r), and the body, ChaCha20-Poly1305 under a key derived from e(G1,G2)^(r sk (q_block +
 * gamma h)), h the slot's tag.
 *
 * <p>Encoding: 'B' | block id (length-prefixed chain name, height) | slot (4) | A (96, compressed)
 * | B (96) | W (48) | body length (4) | body. Decoding checks lengths, curve and subgroup.
 */
public record BatchedTx(BlockId block, int slot, G2Point a, G2Point b, G1Point w, byte[] body)
    implements SealedTx {
  static final byte MAGIC = 'B';
  /** Poly1305 tag appended to every body. */
  public static final int TAG_BYTES = 16;

  public BatchedTx {
    if (block == null || a == null || b == null || w == null || body == null) {
      throw new CryptoException("batched ciphertext", "block, A, B, W and body are all required");
    }
    if (slot < 0) {
      throw new CryptoException("batched ciphertext", "slot " + slot + " < 0");
    }
    // A = [r]_2, B and W are the point at infinity only for r = 0, whose key e(G1,G2)^0 = 1 is
    // public
    if (a.isIdentity() || b.isIdentity() || w.isIdentity()) {
      throw new CryptoException("batched ciphertext", (a.isIdentity() ? "A" : b.isIdentity() ? "B"
          : "W") + " is the point at infinity (randomness r = 0: anyone could open it)");
    }
    if (body.length < TAG_BYTES) {
      throw new CryptoException("batched ciphertext", "body shorter than its 16-byte tag");
    }
    body = body.clone();
  }

  @Override
  public byte[] body() {
    return body.clone();
  }

  byte[] bodyView() {
    return body;
  }

  @Override
  public int messageBytes() {
    return body.length - TAG_BYTES;
  }

  @Override
  public int encodedBytes() {
    return 1 + block.toBytes().length + 4 + 2 * G2Point.COMPRESSED_BYTES
        + G1Point.COMPRESSED_BYTES + 4 + body.length;
  }

  /** What the tag, the AEAD's associated data and W's hash cover: label, block, slot, A, B. */
  byte[] header() {
    return header(block, slot, a, b);
  }

  /** {@link #header()} of a transaction still being sealed (its W and body not yet made). */
  static byte[] header(BlockId block, int slot, G2Point a, G2Point b) {
    byte[] label = "tdsim-batched-ct-v1".getBytes(StandardCharsets.US_ASCII);
    byte[] id = block.toBytes();
    return ByteBuffer.allocate(label.length + id.length + 4 + 2 * G2Point.COMPRESSED_BYTES)
        .put(label).put(id).putInt(slot).put(a.toCompressed()).put(b.toCompressed()).array();
  }

  @Override
  public byte[] toBytes() {
    return ByteBuffer.allocate(encodedBytes())
        .put(MAGIC)
        .put(block.toBytes())
        .putInt(slot)
        .put(a.toCompressed())
        .put(b.toCompressed())
        .put(w.toCompressed())
        .putInt(body.length)
        .put(body)
        .array();
  }

  /** Decodes with every structural check (lengths, encodings, curve and subgroup membership). */
  static BatchedTx fromBytes(byte[] bytes) {
    if (bytes == null || bytes.length < 1 || bytes[0] != MAGIC) {
      throw new CryptoException("decoding batched ciphertext", "missing the 'B' marker");
    }
    try {
      ByteBuffer in = ByteBuffer.wrap(bytes, 1, bytes.length - 1);
      int nameBytes = in.getInt();
      if (nameBytes < 0 || nameBytes > in.remaining()) {
        throw new CryptoException("decoding batched ciphertext", "bad chain-name length " + nameBytes);
      }
      byte[] name = new byte[nameBytes];
      in.get(name);
      long height = in.getLong();
      if (height < 1) {
        throw new CryptoException("decoding batched ciphertext", "height " + height + " < 1");
      }
      int slot = in.getInt();
      byte[] a = new byte[G2Point.COMPRESSED_BYTES];
      in.get(a);
      byte[] b = new byte[G2Point.COMPRESSED_BYTES];
      in.get(b);
      byte[] w = new byte[G1Point.COMPRESSED_BYTES];
      in.get(w);
      int length = in.getInt();
      if (length != in.remaining()) {
        throw new CryptoException("decoding batched ciphertext",
            "body length field says " + length + " but " + in.remaining() + " bytes follow");
      }
      byte[] body = new byte[length];
      in.get(body);
      return new BatchedTx(new BlockId(new String(name, StandardCharsets.UTF_8), height), slot,
          G2Point.fromBytes(a), G2Point.fromBytes(b), G1Point.fromBytes(w), body);
    } catch (BufferUnderflowException e) {
      throw new CryptoException("decoding batched ciphertext", "truncated (" + bytes.length + " bytes)");
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BatchedTx t && block.equals(t.block) && slot == t.slot && a.equals(t.a)
        && b.equals(t.b) && w.equals(t.w) && Arrays.equals(body, t.body);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(block, slot, Arrays.hashCode(body));
  }

  @Override
  public String toString() {
    return "BatchedTx[" + block + ", slot " + slot + ", " + messageBytes() + " B]";
  }
}
