package dev.tdsim.crypto.dkg;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A Schnorr proof of knowledge of x with Y = [x]G (G1), made non-interactive by Fiat-Shamir over
 * a domain tag, the DKG session, the dealer's index, the dealer's identity key (its session
 * encryption key ek_d, so the proof only verifies for the key the committee registered at that
 * index), Y and the commitment R: it stops a contribution [x]G - (others' contributions) made
 * without knowing its logarithm (rogue-key cancellation) and the re-submission of another
 * dealer's contribution under one's own index.
 *
 * <p>What it does not do: prove who made it. Everything in the challenge is public, so any party
 * that knows some x can make a valid proof under any index (audit F2: dealer 1 published its own
 * polynomial as dealer 0). Attribution rests on the authenticated publisher: a transcript counts
 * only for the dealer that published it ({@link PvssVerifier#verifyPublished}). Gurkan et al.'s
 * signature of knowledge under the dealer's long-term signing key would make a contribution
 * attributable without the channel (e.g. inside an aggregate seen later); tdsim has no such key.
 *
 * @param commitment R = [k]G
 * @param response z = k + c x
 */
public record KnowledgeProof(G1Point commitment, Fr response) {
  public static final int BYTES = G1Point.COMPRESSED_BYTES + 32;
  private static final byte[] TAG = "TDSIM-DKG-PVSS-POK-V02".getBytes(StandardCharsets.US_ASCII);

  /**
   * @param identityKey the dealer's registered session encryption key ek_dealer
   */
  public static KnowledgeProof prove(Fr secret, G1Point publicValue, long session, int dealer,
      G2Point identityKey, StrongRandom random) {
    Fr k = Fr.random(random);
    G1Point r = G1Point.generator().multiply(k);
    Fr c = challenge(session, dealer, identityKey, publicValue, r);
    return new KnowledgeProof(r, k.add(c.mul(secret)));
  }

  /** Whether [z]G == R + [c]Y, with c bound to the dealer's index and registered key. */
  public boolean verifies(G1Point publicValue, long session, int dealer, G2Point identityKey) {
    Fr c = challenge(session, dealer, identityKey, publicValue, commitment);
    return G1Point.generator().multiply(response)
        .equals(commitment.add(publicValue.multiply(c)));
  }

  static Fr challenge(long session, int dealer, G2Point identityKey, G1Point y, G1Point r) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] head = ByteBuffer.allocate(12).putLong(session).putInt(dealer).array();
      byte[] identity = identityKey.toCompressed();
      byte[] wide = new byte[64];
      for (int i = 0; i < 2; i++) {
        sha.update(TAG);
        sha.update((byte) i);
        sha.update(head);
        sha.update(identity);
        sha.update(y.toCompressed());
        sha.update(r.toCompressed());
        System.arraycopy(sha.digest(), 0, wide, 32 * i, 32);
      }
      return Fr.of(new BigInteger(1, wide)); // 512 bits mod r: bias below 2^-256
    } catch (NoSuchAlgorithmException e) {
      throw new CryptoException("DKG proof of knowledge", "SHA-256 unavailable", e);
    }
  }

  byte[] toBytes() {
    return ByteBuffer.allocate(BYTES).put(commitment.toCompressed()).put(response.toBytesLE())
        .array();
  }

  static KnowledgeProof fromBytes(byte[] b, String op) {
    if (b.length != BYTES) {
      throw new CryptoException(op, "proof of knowledge: expected " + BYTES + " bytes");
    }
    try {
      G1Point r = G1Point.fromBytes(java.util.Arrays.copyOfRange(b, 0, 48));
      Fr z = Fr.fromBytesLE(java.util.Arrays.copyOfRange(b, 48, 80));
      return new KnowledgeProof(r, z);
    } catch (CryptoException | IllegalArgumentException e) {
      throw new CryptoException(op, "proof of knowledge: " + e.getMessage());
    }
  }
}
