package dev.tdsim.crypto.tpke;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.digests.Blake2bDigest;
import org.bouncycastle.crypto.modes.ChaCha20Poly1305;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * Encryption, ciphertext validity (single and batched) and payload opening of the threshold
 * scheme (Baek-Zheng as in Ferveo's tpke, with an AEAD payload). Stateless and thread-safe.
 */
public final class Tpke {
  /** Domain separation tag of the ciphertext hash (RFC 9380 section 3.1). */
  public static final String HASH_DST = "TDSIM-TPKE-V01-CS01-with-BLS12381G2_XMD:SHA-256_SSWU_RO_";

  private static final byte[] KDF_LABEL = "tdsim-tpke-kdf-v1".getBytes(StandardCharsets.US_ASCII);
  static final int NONCE_BYTES = 12;

  private Tpke() {}

  /**
   * Encrypts {@code message} (any length, may be empty) to the committee's public key.
   *
   * @param random the source of the scalar r, which must never repeat under one key (a repeated
   *     r repeats the AEAD key with its fixed nonce): a strong stream gives each 255-bit r from
   *     HMAC_DRBG, so n encryptions repeat one with probability below n^2 / 2^255.
   */
  public static Ciphertext encrypt(
      G1Point publicKey, byte[] message, SecretGroup group, StrongRandom random) {
    Fr r;
    do {
      r = Fr.random(random);
    } while (r.isZero());
    G1Point u = G1Point.generator().multiply(r);
    G1Point rY = publicKey.multiply(r);
    byte[] secret = group == SecretGroup.GT
        ? Pairings.pair(rY, G2Point.generator()).toBytes()
        : rY.toCompressed();
    byte[] payload = seal(secret, u, message);
    G2Point w = hashToG2(u, group, payload).multiply(r);
    return new Ciphertext(group, u, payload, w);
  }

  /** The canonical bytes of a shared secret, the input of the key derivation. */
  public static byte[] secretBytes(GtElement s) {
    return s.toBytes();
  }

  public static byte[] secretBytes(G1Point s) {
    return s.toCompressed();
  }

  /**
   * Opens the payload with a combined secret; empty when the AEAD tag fails, i.e. the secret is
   * wrong (a bad share slipped into the combination) or the payload was altered.
   */
  public static Optional<byte[]> open(Ciphertext ct, byte[] secret) {
    ChaCha20Poly1305 aead = new ChaCha20Poly1305();
    aead.init(false, new AEADParameters(
        new KeyParameter(kdf(secret)), 8 * Ciphertext.TAG_BYTES, new byte[NONCE_BYTES],
        ct.u().toCompressed()));
    byte[] in = ct.payloadView();
    byte[] out = new byte[aead.getOutputSize(in.length)];
    try {
      int n = aead.processBytes(in, 0, in.length, out, 0);
      n += aead.doFinal(out, n);
      return Optional.of(n == out.length ? out : java.util.Arrays.copyOf(out, n));
    } catch (InvalidCipherTextException e) {
      return Optional.empty();
    }
  }

  /** The CCA check e(U, H(U||V)) == e(G, W), as one 2-pair product with one final exp. */
  public static boolean isValid(Ciphertext ct) {
    return ValidityBatch.holdsAlone(ct, hashToG2(ct.u(), ct.group(), ct.payloadView()));
  }

  /**
   * Batch validity of a whole block on the calling thread: {@link ValidityBatch#allValid} with
   * one worker. On false, {@link ValidityBatch#invalid} names the bad ones.
   */
  public static boolean areAllValid(List<Ciphertext> cts, StrongRandom random) {
    return ValidityBatch.allValid(cts, random, Workers.of(1));
  }

  static G2Point hashToG2(G1Point u, SecretGroup group, byte[] payload) {
    return G2Point.hashTo(hashInput(u, group, payload), HASH_DST);
  }

  /** The message hashed to G2 for the tag W: U (compressed) || group tag || payload. */
  static byte[] hashInput(G1Point u, SecretGroup group, byte[] payload) {
    byte[] uBytes = u.toCompressed();
    byte[] msg = new byte[uBytes.length + 1 + payload.length];
    System.arraycopy(uBytes, 0, msg, 0, uBytes.length);
    msg[uBytes.length] = group.tag;
    System.arraycopy(payload, 0, msg, uBytes.length + 1, payload.length);
    return msg;
  }

  private static byte[] seal(byte[] secret, G1Point u, byte[] message) {
    if (message == null) {
      throw new CryptoException("encrypt", "message must not be null (use an empty array)");
    }
    ChaCha20Poly1305 aead = new ChaCha20Poly1305();
    aead.init(true, new AEADParameters(
        new KeyParameter(kdf(secret)), 8 * Ciphertext.TAG_BYTES, new byte[NONCE_BYTES],
        u.toCompressed()));
    byte[] out = new byte[aead.getOutputSize(message.length)];
    int n = aead.processBytes(message, 0, message.length, out, 0);
    try {
      n += aead.doFinal(out, n);
    } catch (InvalidCipherTextException e) {
      throw new CryptoException("encrypt", "AEAD failed to seal", e);
    }
    return n == out.length ? out : java.util.Arrays.copyOf(out, n);
  }

  /**
   * key = BLAKE2b-256(label || secret). Each r is fresh, so every key seals exactly one payload
   * and the fixed nonce is never reused under one key.
   */
  static byte[] kdf(byte[] secret) {
    Blake2bDigest digest = new Blake2bDigest(256);
    digest.update(KDF_LABEL, 0, KDF_LABEL.length);
    digest.update(secret, 0, secret.length);
    byte[] key = new byte[32];
    digest.doFinal(key, 0);
    return key;
  }
}
