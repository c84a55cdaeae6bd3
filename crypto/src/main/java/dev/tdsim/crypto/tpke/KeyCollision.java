package dev.tdsim.crypto.tpke;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.field.Fr;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;
import org.bouncycastle.crypto.engines.ChaCha7539Engine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * A malicious encryptor's ciphertext whose payload opens under two different shared secrets:
 * ChaCha20-Poly1305 is not key-committing (Len, Grubbs, Ristenpart, "Partitioning Oracle
 * Attacks", USENIX Security 2021). The encryptor knows r, hence both the true secret s and a
 * shifted secret s' that one colluding validator can make the combination produce; the payload
 * opens to the honest plaintext A under s and to a different plaintext B under s'. Its tag W is
 * valid ([r] HashToG2(U || V)), so it passes every ciphertext check. An AEAD that opens is
 * therefore no proof that the combination is right: block_propose checks the combined secret
 * against the public key instead (docs/CRYPTO.md).
 *
 * <p>The shifts (what a colluding validator adds to the combination):
 *
 * <ul>
 *   <li>G1 family: s' = s + G (the folded validator adds G to its share D_i);
 *   <li>GT family: s' = s * e(G, H) (a GT share multiplied by e(G, H), or by e(G, H)^(1/lambda)
 *       for a per-point share whose Lagrange coefficient is lambda; a fast share plus [1/x_i]G
 *       for K_i = [x_i]H).
 * </ul>
 *
 * <p>The construction (RFC 8439, sections 2.5 and 2.8): the Poly1305 tag is (sum_i c_i rk^(q-i)
 * mod p + sk) mod 2^128 over the 16-byte blocks c_i of aad || pad || ciphertext || pad ||
 * lengths, with (rk, sk) from ChaCha20 block 0 under the key. The ciphertext is A's encryption
 * under the honest key, padded with zeros to a block, followed by one free block x; the two tags
 * agree when h1 + x e1 - h2 - x e2 = sk2 - sk1 mod p (h: the polynomial with x = 0, e: rk to
 * the free block's power), a linear equation in x. The solution must fit in 16 bytes and the sum
 * must not carry differently modulo 2^128; about one r in five gives both, so the builder draws
 * r again until it works. The honest plaintext is A, zero bytes up to a multiple of 16, and the
 * 16 bytes that x decrypts to.
 */
public final class KeyCollision {
  /** Poly1305's prime 2^130 - 5. */
  private static final BigInteger P = BigInteger.ONE.shiftLeft(130).subtract(BigInteger.valueOf(5));

  private static final BigInteger TWO_128 = BigInteger.ONE.shiftLeft(128);
  private static final BigInteger CLAMP = new BigInteger("0ffffffc0ffffffc0ffffffc0fffffff", 16);
  private static final int BLOCK = 16;
  /** Each draw of r succeeds with probability about 1/5: 200 draws fail with chance < 1e-19. */
  private static final int MAX_DRAWS = 200;

  private KeyCollision() {}

  /**
   * A built colliding ciphertext.
   *
   * @param ciphertext valid (W checks), group as requested
   * @param honestPlaintext what the payload opens to under the true secret
   * @param shiftedPlaintext what it opens to under the shifted secret (differs from the honest)
   * @param honestSecret canonical bytes of the true secret (the KDF input)
   * @param shiftedSecret canonical bytes of the shifted secret
   */
  public record Colliding(
      Ciphertext ciphertext,
      byte[] honestPlaintext,
      byte[] shiftedPlaintext,
      byte[] honestSecret,
      byte[] shiftedSecret) {
    public Colliding {
      honestPlaintext = honestPlaintext.clone();
      shiftedPlaintext = shiftedPlaintext.clone();
      honestSecret = honestSecret.clone();
      shiftedSecret = shiftedSecret.clone();
    }

    @Override
    public byte[] honestPlaintext() {
      return honestPlaintext.clone();
    }

    @Override
    public byte[] shiftedPlaintext() {
      return shiftedPlaintext.clone();
    }

    @Override
    public byte[] honestSecret() {
      return honestSecret.clone();
    }

    @Override
    public byte[] shiftedSecret() {
      return shiftedSecret.clone();
    }
  }

  /** The G1 shift a colluding folded validator adds to its share: the generator G. */
  public static G1Point g1Shift() {
    return G1Point.generator();
  }

  /** The GT factor a colluding validator multiplies the combination by: e(G, H). */
  public static GtElement gtShift() {
    return Pairings.pair(G1Point.generator(), G2Point.generator());
  }

  /** A colliding ciphertext for the standard shift of {@code group} (see the class comment). */
  public static Colliding encrypt(
      G1Point publicKey, byte[] message, SecretGroup group, Random random) {
    return group == SecretGroup.G1
        ? encryptG1(publicKey, message, g1Shift(), random)
        : encryptGt(publicKey, message, gtShift(), random);
  }

  /** G1 family: opens under [r]Y and under [r]Y + shift (any point of E(Fp), even torsion). */
  public static Colliding encryptG1(
      G1Point publicKey, byte[] message, G1Point shift, Random random) {
    return build(publicKey, message, SecretGroup.G1, Tpke::secretBytes,
        rY -> Tpke.secretBytes(rY.add(shift)), random);
  }

  /** GT family: opens under e([r]Y, H) and under e([r]Y, H) * shift. */
  public static Colliding encryptGt(
      G1Point publicKey, byte[] message, GtElement shift, Random random) {
    Function<G1Point, GtElement> secret = rY -> Pairings.pair(rY, G2Point.generator());
    return build(publicKey, message, SecretGroup.GT, rY -> Tpke.secretBytes(secret.apply(rY)),
        rY -> Tpke.secretBytes(secret.apply(rY).multiply(shift)), random);
  }

  private static Colliding build(
      G1Point publicKey,
      byte[] message,
      SecretGroup group,
      Function<G1Point, byte[]> honest,
      Function<G1Point, byte[]> shifted,
      Random random) {
    if (message == null) {
      throw new CryptoException("key-colliding encryption", "message must not be null");
    }
    for (int draw = 0; draw < MAX_DRAWS; draw++) {
      Fr r = Fr.random(random);
      if (r.isZero()) {
        continue;
      }
      G1Point u = G1Point.generator().multiply(r);
      G1Point rY = publicKey.multiply(r);
      byte[] s1 = honest.apply(rY);
      byte[] s2 = shifted.apply(rY);
      Optional<byte[]> payload =
          collidingPayload(Tpke.kdf(s1), Tpke.kdf(s2), u.toCompressed(), message);
      if (payload.isEmpty()) {
        continue;
      }
      G2Point w = Tpke.hashToG2(u, group, payload.get()).multiply(r);
      Ciphertext ct = new Ciphertext(group, u, payload.get(), w);
      byte[] a = Tpke.open(ct, s1).orElseThrow(() -> bug("the honest key does not open it"));
      byte[] b = Tpke.open(ct, s2).orElseThrow(() -> bug("the shifted key does not open it"));
      return new Colliding(ct, a, b, s1, s2);
    }
    throw new CryptoException("key-colliding encryption", "no collision in " + MAX_DRAWS + " draws");
  }

  private static CryptoException bug(String what) {
    return new CryptoException("key-colliding encryption", what + " (a bug in the builder)");
  }

  /**
   * ciphertext || tag opening under both keys with associated data {@code aad}, or empty when
   * this pair of keys has no 16-byte solution without a carry.
   */
  static Optional<byte[]> collidingPayload(byte[] key1, byte[] key2, byte[] aad, byte[] message) {
    int prefix = roundUp(message.length);
    int length = prefix + BLOCK;
    byte[] stream1 = keystream(key1, 64 + length);
    byte[] stream2 = keystream(key2, 64 + length);
    BigInteger r1 = le(stream1, 0).and(CLAMP);
    BigInteger s1 = le(stream1, BLOCK);
    BigInteger r2 = le(stream2, 0).and(CLAMP);
    BigInteger s2 = le(stream2, BLOCK);

    byte[] ct = new byte[length];
    for (int i = 0; i < prefix; i++) {
      byte plain = i < message.length ? message[i] : 0;
      ct[i] = (byte) (plain ^ stream1[64 + i]);
    }
    int aadPadded = roundUp(aad.length);
    byte[] mac = new byte[aadPadded + length + BLOCK];
    System.arraycopy(aad, 0, mac, 0, aad.length);
    System.arraycopy(ct, 0, mac, aadPadded, length);
    putLong(mac, aadPadded + length, aad.length);
    putLong(mac, aadPadded + length + 8, length);
    int blocks = mac.length / BLOCK;
    int free = (aadPadded + prefix) / BLOCK;

    BigInteger h1 = poly(mac, r1);
    BigInteger h2 = poly(mac, r2);
    BigInteger e1 = r1.modPow(BigInteger.valueOf(blocks - free), P);
    BigInteger e2 = r2.modPow(BigInteger.valueOf(blocks - free), P);
    BigInteger denominator = e1.subtract(e2).mod(P);
    if (denominator.signum() == 0) {
      return Optional.empty();
    }
    BigInteger x = h2.subtract(h1).add(s2).subtract(s1).multiply(denominator.modInverse(P)).mod(P);
    if (x.bitLength() > 8 * BLOCK) {
      return Optional.empty();
    }
    byte[] xBytes = toLe(x, BLOCK);
    System.arraycopy(xBytes, 0, ct, prefix, BLOCK);
    System.arraycopy(xBytes, 0, mac, aadPadded + prefix, BLOCK);
    BigInteger tag1 = poly(mac, r1).add(s1).mod(TWO_128);
    BigInteger tag2 = poly(mac, r2).add(s2).mod(TWO_128);
    if (!tag1.equals(tag2)) {
      return Optional.empty(); // the two sums carried differently modulo 2^128
    }
    byte[] payload = Arrays.copyOf(ct, length + Ciphertext.TAG_BYTES);
    System.arraycopy(toLe(tag1, BLOCK), 0, payload, length, BLOCK);
    return Optional.of(payload);
  }

  /** ChaCha20 (RFC 8439 section 2.4) from block counter 0 with the all-zero nonce of Tpke. */
  private static byte[] keystream(byte[] key, int bytes) {
    ChaCha7539Engine engine = new ChaCha7539Engine();
    engine.init(true, new ParametersWithIV(new KeyParameter(key), new byte[Tpke.NONCE_BYTES]));
    byte[] out = new byte[bytes];
    engine.processBytes(new byte[bytes], 0, bytes, out, 0);
    return out;
  }

  /** sum_i (block_i + 2^128) rk^(q-i) mod p over full 16-byte blocks (RFC 8439 section 2.5.1). */
  private static BigInteger poly(byte[] data, BigInteger rk) {
    BigInteger acc = BigInteger.ZERO;
    for (int off = 0; off < data.length; off += BLOCK) {
      acc = acc.add(le(data, off)).add(TWO_128).multiply(rk).mod(P);
    }
    return acc;
  }

  private static BigInteger le(byte[] data, int offset) {
    byte[] be = new byte[BLOCK + 1];
    for (int i = 0; i < BLOCK; i++) {
      be[BLOCK - i] = data[offset + i];
    }
    return new BigInteger(be);
  }

  private static byte[] toLe(BigInteger x, int bytes) {
    byte[] out = new byte[bytes];
    for (int i = 0; i < bytes; i++) {
      out[i] = x.shiftRight(8 * i).byteValue();
    }
    return out;
  }

  private static void putLong(byte[] out, int offset, long value) {
    for (int i = 0; i < 8; i++) {
      out[offset + i] = (byte) (value >>> (8 * i));
    }
  }

  private static int roundUp(int bytes) {
    return (bytes + BLOCK - 1) / BLOCK * BLOCK;
  }
}
