package dev.tdsim.crypto.dkg;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A Schnorr proof of knowledge of x with Y = [x]G (G1), made non-interactive by Fiat-Shamir over
 * a domain tag, the DKG session, the dealer's index, Y and the commitment R: the "signature of
 * knowledge" that binds a PVSS contribution to its dealer (Gurkan et al., section 5), so that no
 * one can submit a contribution [x]G - (others' contributions) without knowing its logarithm
 * (rogue-key cancellation) or re-submit another dealer's contribution under its own name.
 *
 * @param commitment R = [k]G
 * @param response z = k + c x
 */
public record KnowledgeProof(G1Point commitment, Fr response) {
  public static final int BYTES = G1Point.COMPRESSED_BYTES + 32;
  private static final byte[] TAG = "TDSIM-DKG-PVSS-POK-V01".getBytes(StandardCharsets.US_ASCII);

  public static KnowledgeProof prove(
      Fr secret, G1Point publicValue, long session, int dealer, StrongRandom random) {
    Fr k = Fr.random(random);
    G1Point r = G1Point.generator().multiply(k);
    Fr c = challenge(session, dealer, publicValue, r);
    return new KnowledgeProof(r, k.add(c.mul(secret)));
  }

  /** Whether [z]G == R + [c]Y. */
  public boolean verifies(G1Point publicValue, long session, int dealer) {
    Fr c = challenge(session, dealer, publicValue, commitment);
    return G1Point.generator().multiply(response)
        .equals(commitment.add(publicValue.multiply(c)));
  }

  static Fr challenge(long session, int dealer, G1Point y, G1Point r) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] head = ByteBuffer.allocate(12).putLong(session).putInt(dealer).array();
      byte[] wide = new byte[64];
      for (int i = 0; i < 2; i++) {
        sha.update(TAG);
        sha.update((byte) i);
        sha.update(head);
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
