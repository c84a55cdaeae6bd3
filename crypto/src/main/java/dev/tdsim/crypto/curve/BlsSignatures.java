package dev.tdsim.crypto.curve;

import java.math.BigInteger;
import java.util.List;
import supranational.blst.BLST_ERROR;
import supranational.blst.P1;
import supranational.blst.P1_Affine;
import supranational.blst.P2;
import supranational.blst.P2_Affine;
import supranational.blst.SecretKey;

/**
 * BLS signatures on BLS12-381 in the minimal-public-key-size form (public keys in G1, signatures
 * in G2), as CometBFT's {@code crypto/bls12381} and Ethereum's consensus layer use them
 * (draft-irtf-cfrg-bls-signature-05, sections 2 and 3; hash to G2 by RFC 9380 with the caller's
 * domain separation tag). This is the only BLS signature code that touches blst.
 *
 * <p>Encodings follow CometBFT: secret keys 32 bytes big-endian, public keys 96 bytes (uncompressed
 * G1, what CometBFT's {@code PubKey.Bytes()} returns; 48-byte compressed keys are accepted too),
 * signatures 96 bytes (compressed G2). Verification never throws: any malformed input is a
 * {@code false}.
 */
public final class BlsSignatures {
  public static final int SECRET_KEY_BYTES = 32;
  public static final int PUBLIC_KEY_BYTES = G1Point.UNCOMPRESSED_BYTES;
  public static final int SIGNATURE_BYTES = G2Point.COMPRESSED_BYTES;

  /** The prime order r of G1, G2 and GT: a secret key must lie in [1, r). */
  private static final BigInteger ORDER = new BigInteger(
      "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16);

  private BlsSignatures() {}

  /**
   * KeyGen of draft-irtf-cfrg-bls-signature-05 section 2.3 (HKDF-SHA-256 from input keying
   * material, blst's {@code keygen}), as CometBFT's {@code GenPrivKey} does from 32 random bytes.
   *
   * @param ikm at least 32 bytes of secret randomness
   * @return the 32-byte big-endian secret key
   */
  public static byte[] keyGen(byte[] ikm) {
    if (ikm == null || ikm.length < 32) {
      throw new IllegalArgumentException("BLS KeyGen needs at least 32 bytes of keying material");
    }
    SecretKey sk = new SecretKey();
    sk.keygen(ikm);
    return sk.to_bendian();
  }

  /** The public key sk * G1 of a secret key, 96 bytes uncompressed. */
  public static byte[] publicKey(byte[] secretKey) {
    return new P1(secret(secretKey)).to_affine().serialize();
  }

  /** The signature sk * H(message) with H = hash to G2 under {@code dst}, 96 bytes compressed. */
  public static byte[] sign(byte[] secretKey, byte[] message, String dst) {
    if (message == null) {
      throw new IllegalArgumentException("message is null");
    }
    return new P2().hash_to(message, dst).sign_with(secret(secretKey)).compress();
  }

  /**
   * CoreVerify (section 2.7) with CometBFT's checks: the public key must decode, lie in G1 and
   * not be the identity (KeyValidate); the signature must decode and lie in G2.
   *
   * @return whether the signature is valid; {@code false} for any malformed or null input
   */
  public static boolean verify(byte[] publicKey, byte[] message, byte[] signature, String dst) {
    if (message == null) {
      return false;
    }
    P1_Affine pk = publicKeyOrNull(publicKey);
    P2_Affine sig = signatureOrNull(signature);
    if (pk == null || sig == null) {
      return false;
    }
    return sig.core_verify(pk, true, message, dst) == BLST_ERROR.BLST_SUCCESS;
  }

  /**
   * The sum of signatures (Aggregate, section 2.8), 96 bytes compressed; {@code null} when any
   * signature is malformed or the list is empty.
   */
  public static byte[] aggregate(List<byte[]> signatures) {
    if (signatures == null || signatures.isEmpty()) {
      return null;
    }
    P2 sum = new P2();
    for (byte[] s : signatures) {
      P2_Affine sig = signatureOrNull(s);
      if (sig == null) {
        return null;
      }
      sum.aggregate(sig);
    }
    return sum.compress();
  }

  /**
   * FastAggregateVerify (section 3.3.4): one aggregate signature of one message by all the given
   * keys, checked with one pairing equation against the sum of the keys. Sound only where every
   * key's possession was proven (rogue-key attacks), as in Ethereum; tdsim uses it for cost.
   *
   * @return whether it is valid; {@code false} for any malformed input or an empty key list
   */
  public static boolean fastAggregateVerify(
      List<byte[]> publicKeys, byte[] message, byte[] aggregateSignature, String dst) {
    if (publicKeys == null || publicKeys.isEmpty() || message == null) {
      return false;
    }
    P1 sum = new P1();
    for (byte[] k : publicKeys) {
      P1_Affine pk = publicKeyOrNull(k);
      if (pk == null) {
        return false;
      }
      sum.add(pk);
    }
    P2_Affine sig = signatureOrNull(aggregateSignature);
    if (sig == null) {
      return false;
    }
    return sig.core_verify(sum.to_affine(), true, message, dst) == BLST_ERROR.BLST_SUCCESS;
  }

  /**
   * A committee's public keys, each validated once (decoded, in G1, not the identity: KeyValidate)
   * and kept decoded, as a chain keeps its validator set's keys for an epoch: a certificate
   * checked against them adds up the signers' keys without decoding each one again.
   */
  public static final class KeySet {
    private final P1_Affine[] keys;

    private KeySet(P1_Affine[] keys) {
      this.keys = keys;
    }

    /** How many keys it holds (validators 0 .. size - 1). */
    public int size() {
      return keys.length;
    }
  }

  /**
   * The keys, each validated once.
   *
   * @throws IllegalArgumentException naming the first key that is malformed, not in G1 or the
   *     identity
   */
  public static KeySet keySet(List<byte[]> publicKeys) {
    P1_Affine[] keys = new P1_Affine[publicKeys.size()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = publicKeyOrNull(publicKeys.get(i));
      if (keys[i] == null) {
        throw new IllegalArgumentException("public key " + i + " is malformed, not in G1 or the"
            + " identity");
      }
    }
    return new KeySet(keys);
  }

  /**
   * FastAggregateVerify against the keys of {@code signers} in a validated {@link KeySet}: the
   * same check as {@link #fastAggregateVerify(List, byte[], byte[], String)} without decoding the
   * keys again.
   *
   * @return whether it is valid; {@code false} for an empty or out-of-range signer list or a
   *     malformed signature
   */
  public static boolean fastAggregateVerify(
      KeySet keys, List<Integer> signers, byte[] message, byte[] aggregateSignature, String dst) {
    if (keys == null || signers == null || signers.isEmpty() || message == null) {
      return false;
    }
    P1 sum = new P1();
    for (int v : signers) {
      if (v < 0 || v >= keys.keys.length) {
        return false;
      }
      sum.add(keys.keys[v]);
    }
    P2_Affine sig = signatureOrNull(aggregateSignature);
    if (sig == null) {
      return false;
    }
    return sig.core_verify(sum.to_affine(), true, message, dst) == BLST_ERROR.BLST_SUCCESS;
  }

  private static SecretKey secret(byte[] secretKey) {
    if (secretKey == null || secretKey.length != SECRET_KEY_BYTES) {
      throw new IllegalArgumentException("a BLS secret key has " + SECRET_KEY_BYTES + " bytes, got "
          + (secretKey == null ? "null" : secretKey.length));
    }
    BigInteger s = new BigInteger(1, secretKey);
    if (s.signum() == 0 || s.compareTo(ORDER) >= 0) {
      throw new IllegalArgumentException("a BLS secret key must lie in [1, r)");
    }
    SecretKey sk = new SecretKey();
    sk.from_bendian(secretKey);
    return sk;
  }

  private static P1_Affine publicKeyOrNull(byte[] bytes) {
    if (bytes == null
        || (bytes.length != G1Point.COMPRESSED_BYTES && bytes.length != G1Point.UNCOMPRESSED_BYTES)) {
      return null;
    }
    try {
      P1_Affine pk = new P1_Affine(bytes);
      return !pk.is_inf() && pk.in_group() ? pk : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static P2_Affine signatureOrNull(byte[] bytes) {
    if (bytes == null || bytes.length != G2Point.COMPRESSED_BYTES) {
      return null;
    }
    try {
      P2_Affine sig = new P2_Affine(bytes);
      return sig.in_group() ? sig : null;
    } catch (RuntimeException e) {
      return null;
    }
  }
}
