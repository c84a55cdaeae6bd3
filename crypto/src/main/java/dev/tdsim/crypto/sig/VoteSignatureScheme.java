package dev.tdsim.crypto.sig;

import dev.tdsim.crypto.random.StrongRandom;

/**
 * A signature scheme for consensus votes and proposals: every prevote, precommit and proposal of
 * a CometBFT-like chain is signed by its sender and verified by each receiver. Implementations are
 * stateless and thread-safe.
 *
 * <p>Keys are byte strings in the scheme's own canonical encoding (the one CometBFT puts on the
 * wire). {@link #verify} is total: it returns {@code false}, never throws, for a null, short, long
 * or otherwise malformed key, message or signature, because a receiver must treat a bad vote as a
 * bad vote, not as a crash.
 */
public interface VoteSignatureScheme {

  /** The lower-case name users write in a scenario ({@code consensus.vote_signature}). */
  String name();

  /** One line for listings: the construction and where it comes from. */
  String description();

  /**
   * A fresh key pair drawn from {@code random}; the same stream state gives the same key pair.
   *
   * @param random a cryptographically strong stream (never {@link java.util.Random})
   */
  VoteKeyPair keyPair(StrongRandom random);

  /**
   * Signs {@code message} (the canonical sign bytes of a vote, any length).
   *
   * @throws IllegalArgumentException if the secret key is malformed or the message null
   */
  byte[] sign(byte[] secretKey, byte[] message);

  /** Whether {@code signature} is a valid signature of {@code message} under {@code publicKey}. */
  boolean verify(byte[] publicKey, byte[] message, byte[] signature);

  /** The size of one signature on the wire, bytes. */
  int signatureBytes();

  /** The size of one public key in the scheme's encoding, bytes. */
  int publicKeyBytes();
}
