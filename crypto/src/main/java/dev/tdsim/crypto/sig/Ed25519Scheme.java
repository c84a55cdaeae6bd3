package dev.tdsim.crypto.sig;

import dev.tdsim.crypto.random.StrongRandom;
import org.bouncycastle.math.ec.rfc8032.Ed25519;

/**
 * Ed25519 (RFC 8032, section 5.1), CometBFT's default validator key type, by BouncyCastle's
 * constant-time implementation. Secret keys are the 32-byte seed, public keys 32 bytes,
 * signatures 64 bytes, as in CometBFT's {@code crypto/ed25519} (whose private key bytes are
 * seed || public key; the seed alone determines both).
 *
 * <p>Verification here decodes the public key on every call. CometBFT keeps an LRU cache of
 * expanded public keys, so its verification is slightly cheaper than this one's: the measured
 * cost is an upper bound by the price of one point decompression.
 */
final class Ed25519Scheme implements VoteSignatureScheme {
  static final String NAME = "ed25519";

  static {
    Ed25519.precompute();
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "Ed25519 (RFC 8032) by BouncyCastle: CometBFT's default validator key";
  }

  @Override
  public VoteKeyPair keyPair(StrongRandom random) {
    byte[] seed = random.nextBytes(Ed25519.SECRET_KEY_SIZE);
    byte[] pk = new byte[Ed25519.PUBLIC_KEY_SIZE];
    Ed25519.generatePublicKey(seed, 0, pk, 0);
    return new VoteKeyPair(seed, pk);
  }

  @Override
  public byte[] sign(byte[] secretKey, byte[] message) {
    if (secretKey == null || secretKey.length != Ed25519.SECRET_KEY_SIZE) {
      throw new IllegalArgumentException("an Ed25519 secret key has " + Ed25519.SECRET_KEY_SIZE
          + " bytes, got " + (secretKey == null ? "null" : secretKey.length));
    }
    if (message == null) {
      throw new IllegalArgumentException("message is null");
    }
    byte[] sig = new byte[Ed25519.SIGNATURE_SIZE];
    Ed25519.sign(secretKey, 0, message, 0, message.length, sig, 0);
    return sig;
  }

  @Override
  public boolean verify(byte[] publicKey, byte[] message, byte[] signature) {
    if (publicKey == null || publicKey.length != Ed25519.PUBLIC_KEY_SIZE
        || signature == null || signature.length != Ed25519.SIGNATURE_SIZE
        || message == null) {
      return false;
    }
    try {
      return Ed25519.verify(signature, 0, publicKey, 0, message, 0, message.length);
    } catch (RuntimeException e) {
      return false;
    }
  }

  @Override
  public int signatureBytes() {
    return Ed25519.SIGNATURE_SIZE;
  }

  @Override
  public int publicKeyBytes() {
    return Ed25519.PUBLIC_KEY_SIZE;
  }
}
