package dev.tdsim.crypto.frost;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.random.StrongRandom;
import java.util.Objects;

/**
 * One FROST signer: round one (commit, RFC 9591 section 5.1) and round two (sign, section 5.2).
 * Mutable: it holds the nonces of its one outstanding commitment and forgets them when it signs,
 * so that a nonce pair can never sign twice (two shares under one nonce reveal the signing share).
 */
public final class FrostSigner {
  private final KeyPackage key;
  private Scalar hidingNonce;
  private Scalar bindingNonce;
  private SigningCommitments commitments;

  public FrostSigner(KeyPackage key) {
    this.key = Objects.requireNonNull(key, "key");
  }

  public Identifier identifier() {
    return key.identifier();
  }

  /** Round one with nonce randomness from {@code random} (32 bytes per nonce, RFC 9591 4.1). */
  public SigningCommitments commit(StrongRandom random) {
    byte[] both = random.nextBytes(64); // one generator request for both nonces
    return commit(java.util.Arrays.copyOfRange(both, 0, 32),
        java.util.Arrays.copyOfRange(both, 32, 64));
  }

  /** Round one from given nonce randomness: for RFC 9591's test vectors. */
  SigningCommitments commit(byte[] hidingRandomness, byte[] bindingRandomness) {
    hidingNonce = nonceGenerate(hidingRandomness, key.signingShare());
    bindingNonce = nonceGenerate(bindingRandomness, key.signingShare());
    commitments = new SigningCommitments(key.identifier(),
        GroupElement.multiplyBase(hidingNonce), GroupElement.multiplyBase(bindingNonce));
    return commitments;
  }

  /**
   * RFC 9591 section 4.1's nonce_generate: H3(random_bytes || SerializeScalar(secret)), so that a
   * weak random source alone does not reveal the nonce.
   */
  static Scalar nonceGenerate(byte[] randomBytes, Scalar secret) {
    if (randomBytes.length != 32) {
      throw new IllegalArgumentException("nonce randomness must be 32 bytes, got "
          + randomBytes.length);
    }
    return Ciphersuite.h3(randomBytes, secret.encode());
  }

  /**
   * Round two: this signer's share for {@code pkg}. Checks what RFC 9591 section 5.2 asks of a
   * participant: at least t commitments, its own among them and equal to what it sent. Consumes
   * the nonces.
   */
  public SignatureShare sign(SigningPackage pkg) {
    if (commitments == null) {
      throw new CryptoException("FROST sign", "signer " + key.identifier().value()
          + " has no unused commitment (round one first; a nonce signs once)");
    }
    if (pkg.commitments().size() < key.minSigners()) {
      throw new CryptoException("FROST sign", pkg.commitments().size()
          + " commitments, fewer than the threshold " + key.minSigners());
    }
    SigningCommitments mine = pkg.commitmentsOf(key.identifier());
    if (mine == null || !mine.equals(commitments)) {
      throw new CryptoException("FROST sign", "the signing package does not carry signer "
          + key.identifier().value() + "'s commitments as it sent them");
    }
    SigningMath.Context ctx = SigningMath.context(key.groupPublicKey(), pkg);
    Scalar lambda = SigningMath.lagrangeAtZero(pkg.signers(), key.identifier());
    Scalar z = hidingNonce.add(bindingNonce.multiply(ctx.bindingFactors().get(key.identifier())))
        .add(lambda.multiply(key.signingShare()).multiply(ctx.challenge()));
    hidingNonce = null;
    bindingNonce = null;
    commitments = null;
    return new SignatureShare(key.identifier(), z);
  }
}
