package dev.tdsim.crypto.design.blockkey;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Optional;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.digests.Blake2bDigest;
import org.bouncycastle.crypto.modes.ChaCha20Poly1305;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * Boneh-Franklin identity-based encryption with the Fujisaki-Okamoto transform ("FullIdent",
 * Boneh and Franklin, CRYPTO 2001, section 4.2), on BLS12-381 with the identity in G1 and the
 * master public key Y2 = [s]H2 in G2, as Shutter seals (gnosischain/specs shutter/low-level.md,
 * "Encryption and Decryption"), with RFC 9380 hashing and an AEAD for the payload:
 *
 * <pre>
 *   sigma <- 32 random bytes;  r = H3(id, sigma, M) (nonzero);  U = [r]H2
 *   V = sigma XOR KDF_mask(e(H1(id), Y2)^r)          (computed as e([r]H1(id), Y2))
 *   W = ChaCha20-Poly1305(key = KDF_dem(sigma), nonce 0, ad = U || V, M)
 *   open with K = [s]H1(id):  sigma = V XOR KDF_mask(e(K, U)); M = AEAD-open(W); r = H3(...)
 *   and accept only if U == [r]H2 (the FO re-encryption check)
 * </pre>
 *
 * The FO check, not the AEAD tag, is what makes a plaintext count: it proves that U, V and W were
 * made together from sigma and M, so a ciphertext altered anywhere, or sealed to another identity
 * or another key, never opens (the AEAD only stops most of them earlier). Stateless.
 */
public final class BlockKeyCipher {
  /** RFC 9380 domain separation tag of the identity hash H1 (section 3.1). */
  public static final String IDENTITY_DST =
      "TDSIM-BLOCKKEY-V01-CS01-with-BLS12381G1_XMD:SHA-256_SSWU_RO_";

  private static final byte[] R_LABEL = label("tdsim-blockkey-r-v1");
  private static final byte[] MASK_LABEL = label("tdsim-blockkey-mask-v1");
  private static final byte[] DEM_LABEL = label("tdsim-blockkey-dem-v1");
  private static final int NONCE_BYTES = 12;

  private BlockKeyCipher() {}

  private static byte[] label(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** H1(id): the block's identity point in G1. */
  public static G1Point identity(BlockId block) {
    return G1Point.hashTo(block.toBytes(), IDENTITY_DST);
  }

  /**
   * Seals {@code message} to block {@code block} under the master public key {@code y2}.
   *
   * @param identity H1(id) of {@code block} (passed in so that callers sealing many
   *     transactions to one block hash it once)
   */
  public static BlockKeyTx seal(
      G2Point y2, BlockId block, G1Point identity, byte[] message, StrongRandom random) {
    if (message == null) {
      throw new CryptoException("block-key encrypt", "message must not be null (use an empty array)");
    }
    byte[] idBytes = block.toBytes();
    byte[] sigma;
    Fr r;
    do {
      sigma = random.nextBytes(BlockKeyTx.SEED_BYTES);
      r = h3(idBytes, sigma, message);
    } while (r.isZero());
    return sealWith(y2, identity, sigma, r, message);
  }

  /**
   * The sealing steps for a given seed and scalar; {@link #seal} passes r = H3(id, sigma, M).
   * Package-private so that tests can build a ciphertext whose AEAD opens but whose r is not
   * H3(...) (the FO check must refuse it).
   */
  static BlockKeyTx sealWith(G2Point y2, G1Point identity, byte[] sigma, Fr r, byte[] message) {
    G2Point u = G2Point.generator().multiply(r);
    byte[] mask = xor(sigma, kdf(MASK_LABEL, Pairings.pair(identity.multiply(r), y2).toBytes()));
    byte[] payload = aead(true, sigma, ad(u, mask), message);
    return new BlockKeyTx(u, mask, payload);
  }

  /** What opening one transaction with the block key gave, before the FO check. */
  record Opened(byte[] message, Fr r) {}

  /**
   * One pairing e(K, U), the seed, the AEAD; empty if the AEAD refuses. The result still needs
   * the FO check U == [r]H2 ({@link BlockKeyOps#checkReencryption}).
   */
  static Optional<Opened> open(G1Point blockKey, byte[] idBytes, BlockKeyTx tx) {
    byte[] sigma =
        xor(tx.maskView(), kdf(MASK_LABEL, Pairings.pair(blockKey, tx.u()).toBytes()));
    byte[] message = aead(false, sigma, ad(tx.u(), tx.maskView()), tx.payloadView());
    if (message == null) {
      return Optional.empty();
    }
    Fr r = h3(idBytes, sigma, message);
    return r.isZero() ? Optional.empty() : Optional.of(new Opened(message, r));
  }

  /**
   * r = SHA-512(label | len(id) | id | sigma | M) reduced mod the group order (the 512-bit
   * digest makes the bias below 2^-256).
   */
  static Fr h3(byte[] idBytes, byte[] sigma, byte[] message) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-512");
    } catch (NoSuchAlgorithmException e) {
      throw new CryptoException("block-key hash", "SHA-512 is not available", e);
    }
    sha.update(R_LABEL);
    sha.update(java.nio.ByteBuffer.allocate(4).putInt(idBytes.length).array());
    sha.update(idBytes);
    sha.update(sigma);
    sha.update(message);
    return Fr.of(new BigInteger(1, sha.digest()));
  }

  private static byte[] ad(G2Point u, byte[] mask) {
    byte[] uBytes = u.toCompressed();
    byte[] out = new byte[uBytes.length + mask.length];
    System.arraycopy(uBytes, 0, out, 0, uBytes.length);
    System.arraycopy(mask, 0, out, uBytes.length, mask.length);
    return out;
  }

  /** Seals or opens; null when opening fails. Each sigma keys one payload, so the nonce is 0. */
  private static byte[] aead(boolean seal, byte[] sigma, byte[] ad, byte[] in) {
    ChaCha20Poly1305 aead = new ChaCha20Poly1305();
    aead.init(seal, new AEADParameters(new KeyParameter(kdf(DEM_LABEL, sigma)),
        8 * BlockKeyTx.TAG_BYTES, new byte[NONCE_BYTES], ad));
    byte[] out = new byte[aead.getOutputSize(in.length)];
    try {
      int n = aead.processBytes(in, 0, in.length, out, 0);
      n += aead.doFinal(out, n);
      return java.util.Arrays.copyOf(out, n);
    } catch (InvalidCipherTextException e) {
      if (seal) {
        throw new CryptoException("block-key encrypt", "AEAD failed to seal", e);
      }
      return null;
    }
  }

  /** BLAKE2b-256(label | input). */
  static byte[] kdf(byte[] label, byte[] input) {
    Blake2bDigest digest = new Blake2bDigest(256);
    digest.update(label, 0, label.length);
    digest.update(input, 0, input.length);
    byte[] out = new byte[32];
    digest.doFinal(out, 0);
    return out;
  }

  private static byte[] xor(byte[] a, byte[] b) {
    byte[] out = new byte[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = (byte) (a[i] ^ b[i]);
    }
    return out;
  }
}
