package dev.tdsim.crypto.frost;

import dev.tdsim.crypto.CryptoException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * FROST(Ed25519, SHA-512), RFC 9591 section 6.1: the context string and the hash functions H1-H5,
 * plus the DKG's proof-of-knowledge hash (not in RFC 9591, which leaves key generation outside;
 * built the same way with the tag "dkg").
 */
final class Ciphersuite {
  private Ciphersuite() {}

  /** RFC 9591 section 6.1's contextString. */
  static final byte[] CONTEXT = "FROST-ED25519-SHA512-v1".getBytes(StandardCharsets.US_ASCII);

  /** H1: the binding factor, SHA-512(contextString || "rho" || m) mod L. */
  static Scalar h1(byte[]... m) {
    return Scalar.fromWideHash(sha512(tagged("rho"), m));
  }

  /** H2: the challenge, SHA-512(m) mod L, untagged so that the result is an Ed25519 signature. */
  static Scalar h2(byte[]... m) {
    return Scalar.fromWideHash(sha512(new byte[0], m));
  }

  /** H3: nonce derivation, SHA-512(contextString || "nonce" || m) mod L. */
  static Scalar h3(byte[]... m) {
    return Scalar.fromWideHash(sha512(tagged("nonce"), m));
  }

  /** H4: the message hash in the binding factor input, SHA-512(contextString || "msg" || m). */
  static byte[] h4(byte[] m) {
    return sha512(tagged("msg"), m);
  }

  /** H5: the commitment list hash, SHA-512(contextString || "com" || m). */
  static byte[] h5(byte[] m) {
    return sha512(tagged("com"), m);
  }

  /** The DKG's proof-of-knowledge challenge, SHA-512(contextString || "dkg" || m) mod L. */
  static Scalar hDkg(byte[]... m) {
    return Scalar.fromWideHash(sha512(tagged("dkg"), m));
  }

  private static byte[] tagged(String tag) {
    byte[] t = tag.getBytes(StandardCharsets.US_ASCII);
    byte[] out = new byte[CONTEXT.length + t.length];
    System.arraycopy(CONTEXT, 0, out, 0, CONTEXT.length);
    System.arraycopy(t, 0, out, CONTEXT.length, t.length);
    return out;
  }

  /** Cloned per hash: cheaper than a provider lookup per call, and thread-safe. */
  private static final MessageDigest SHA512_PROTOTYPE = sha512Prototype();

  private static MessageDigest sha512Prototype() {
    try {
      return MessageDigest.getInstance("SHA-512");
    } catch (NoSuchAlgorithmException e) {
      throw new CryptoException("FROST hash", "SHA-512 unavailable", e);
    }
  }

  private static byte[] sha512(byte[] prefix, byte[]... parts) {
    try {
      MessageDigest sha = (MessageDigest) SHA512_PROTOTYPE.clone();
      sha.update(prefix);
      for (byte[] p : parts) {
        sha.update(p);
      }
      return sha.digest();
    } catch (CloneNotSupportedException e) {
      throw new CryptoException("FROST hash", "SHA-512 digest not cloneable", e);
    }
  }
}
