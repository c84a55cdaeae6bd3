package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.field.Fr;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.digests.Blake2bDigest;
import org.bouncycastle.crypto.digests.SHA512Digest;
import org.bouncycastle.crypto.modes.ChaCha20Poly1305;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;

/** The hashes, key derivation and AEAD of the batched design (stateless). */
final class Cipher {
  /** RFC 9380 domain separation tags (section 3.1). */
  static final String BLOCK_DST = "TDSIM-BATCHED-V01-BLOCK-with-BLS12381G1_XMD:SHA-256_SSWU_RO_";
  static final String PROOF_DST = "TDSIM-BATCHED-V01-PROOF-with-BLS12381G1_XMD:SHA-256_SSWU_RO_";

  private static final byte[] TAG_LABEL = "tdsim-batched-tag-v1".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] RHO_LABEL = "tdsim-batched-rho-v1".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] KDF_LABEL = "tdsim-batched-kdf-v1".getBytes(StandardCharsets.US_ASCII);
  private static final int NONCE_BYTES = 12;

  private Cipher() {}

  /**
   * The last 16 blocks' points (least recently used out): each digest, prepare and check derives
   * its block's.
   */
  private static final java.util.Map<BlockId, G1Point> BLOCK_POINTS =
      com.google.common.cache.CacheBuilder.newBuilder().concurrencyLevel(1).maximumSize(16)
          .<BlockId, G1Point>build().asMap();

  /** Q_block = HashToG1(block id): nobody knows its discrete logarithm. */
  static G1Point blockPoint(BlockId block) {
    return BLOCK_POINTS.computeIfAbsent(block, b -> G1Point.hashTo(b.toBytes(), BLOCK_DST));
  }

  /** The slot's tag h = SHA-512(label || header) mod r (the header covers block, slot, A, B). */
  static Fr tag(byte[] header) {
    return Fr.of(new BigInteger(1, sha512(TAG_LABEL, header)));
  }

  /** The validity check's weight, 128 bits derived from the whole transaction. */
  static Fr rho(byte[] encoded) {
    byte[] h = sha512(RHO_LABEL, encoded);
    return Fr.of(new BigInteger(1, java.util.Arrays.copyOf(h, 16)));
  }

  private static final byte[] BATCH_LABEL =
      "tdsim-batched-validity-batch-v1".getBytes(StandardCharsets.US_ASCII);

  /** The seed of a block's validity weights: SHA-512 over every transaction's encoding. */
  static byte[] batchSeed(java.util.List<byte[]> encodings) {
    SHA512Digest d = new SHA512Digest();
    d.update(BATCH_LABEL, 0, BATCH_LABEL.length);
    for (byte[] e : encodings) {
      byte[] len = java.nio.ByteBuffer.allocate(4).putInt(e.length).array();
      d.update(len, 0, 4);
      d.update(e, 0, e.length);
    }
    byte[] out = new byte[64];
    d.doFinal(out, 0);
    return out;
  }

  /** Transaction j's two 128-bit weights (u_j, v_j) from the block's seed. */
  static Fr[] batchWeights(byte[] seed, int j) {
    byte[] h = sha512(BATCH_LABEL, java.nio.ByteBuffer.allocate(68).put(seed).putInt(j).array());
    return new Fr[] {
      Fr.of(new BigInteger(1, java.util.Arrays.copyOfRange(h, 0, 16))).add(Fr.one()),
      Fr.of(new BigInteger(1, java.util.Arrays.copyOfRange(h, 16, 32))).add(Fr.one())
    };
  }

  /** What W proves knowledge of r for: HashToG1(header || body). */
  static G1Point proofBase(byte[] header, byte[] body) {
    byte[] msg = new byte[header.length + body.length];
    System.arraycopy(header, 0, msg, 0, header.length);
    System.arraycopy(body, 0, msg, header.length, body.length);
    return G1Point.hashTo(msg, PROOF_DST);
  }

  /** AEAD key = BLAKE2b-256(label || GT key || h). */
  static byte[] kdf(GtElement key, Fr tag) {
    Blake2bDigest d = new Blake2bDigest(256);
    d.update(KDF_LABEL, 0, KDF_LABEL.length);
    byte[] k = key.toBytes();
    d.update(k, 0, k.length);
    byte[] t = tag.toBytesLE();
    d.update(t, 0, t.length);
    byte[] out = new byte[32];
    d.doFinal(out, 0);
    return out;
  }

  static byte[] seal(byte[] key, byte[] header, byte[] message) {
    if (message == null) {
      throw new CryptoException("batched encrypt", "message must not be null (use an empty array)");
    }
    ChaCha20Poly1305 aead = new ChaCha20Poly1305();
    aead.init(true, new AEADParameters(new KeyParameter(key), 128, new byte[NONCE_BYTES], header));
    byte[] out = new byte[aead.getOutputSize(message.length)];
    int n = aead.processBytes(message, 0, message.length, out, 0);
    try {
      aead.doFinal(out, n);
    } catch (InvalidCipherTextException e) {
      throw new CryptoException("batched encrypt", "AEAD failed to seal", e);
    }
    return out;
  }

  static Optional<byte[]> open(byte[] key, byte[] header, byte[] body) {
    ChaCha20Poly1305 aead = new ChaCha20Poly1305();
    aead.init(false, new AEADParameters(new KeyParameter(key), 128, new byte[NONCE_BYTES], header));
    byte[] out = new byte[aead.getOutputSize(body.length)];
    try {
      int n = aead.processBytes(body, 0, body.length, out, 0);
      n += aead.doFinal(out, n);
      return Optional.of(java.util.Arrays.copyOf(out, n));
    } catch (InvalidCipherTextException e) {
      return Optional.empty();
    }
  }

  private static byte[] sha512(byte[] label, byte[] data) {
    SHA512Digest d = new SHA512Digest();
    d.update(label, 0, label.length);
    d.update(data, 0, data.length);
    byte[] out = new byte[64];
    d.doFinal(out, 0);
    return out;
  }
}
