package dev.tdsim.crypto.cggmp21;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bouncycastle.math.ec.ECPoint;

/**
 * CGGMP21's one-round signing (figure 8): σ_i = k_i·m + r·χ_i; σ = Σ σ_i, and (r, σ) is a plain
 * ECDSA signature since R = k^-1·G and Σ χ_i = k·x. If the combined signature does not verify,
 * each σ_j is checked against the presignature's points, σ_j·R = m·R_j + r·S_j, and the first
 * signer that fails is named.
 */
public final class Signing {
  private Signing() {}

  /** Signer {@code from}'s share σ_i (32 B on the wire, plus 4 B of index). */
  public record SignatureShare(int from, BigInteger sigma) {
    public static final int WIRE_BYTES = 4 + Secp256k1.SCALAR_BYTES;
  }

  /** m: the 32-byte message hash as an integer modulo q (ECDSA's bits2int for 256 bits). */
  static BigInteger hashScalar(byte[] hash) {
    if (hash.length != 32) {
      throw new IllegalArgumentException("message hash must be 32 bytes, got " + hash.length);
    }
    return new BigInteger(1, hash).mod(Secp256k1.Q);
  }

  public static SignatureShare share(Presignature presignature, byte[] hash) {
    BigInteger m = hashScalar(hash);
    BigInteger sigma = presignature.k().multiply(m)
        .add(presignature.r().multiply(presignature.chi())).mod(Secp256k1.Q);
    return new SignatureShare(presignature.party(), sigma);
  }

  /**
   * Combines one share per signer of the presignature into a verified signature, or aborts naming
   * the signer whose share is wrong.
   */
  public static EcdsaSignature combine(Presignature presignature, byte[] hash,
      List<SignatureShare> shares) {
    int[] signers = presignature.signers();
    Map<Integer, BigInteger> byFrom = new HashMap<>();
    for (SignatureShare s : shares) {
      if (Arrays.binarySearch(signers, s.from()) < 0 || byFrom.put(s.from(), s.sigma()) != null) {
        throw new IllegalArgumentException("signing: unexpected or duplicate share from "
            + s.from());
      }
    }
    BigInteger q = Secp256k1.Q;
    BigInteger sigma = BigInteger.ZERO;
    for (int j : signers) {
      BigInteger sj = byFrom.get(j);
      if (sj == null) {
        throw ProtocolAbort.blame(j, "signing", "no signature share");
      }
      if (sj.signum() < 0 || sj.compareTo(q) >= 0) {
        throw ProtocolAbort.blame(j, "signing", "a share outside [0, q)");
      }
      sigma = sigma.add(sj);
    }
    sigma = sigma.mod(q);
    BigInteger r = presignature.r();
    if (sigma.signum() != 0 && r.signum() != 0) {
      EcdsaSignature sig = EcdsaSignature.of(r, sigma, presignature.bigR());
      if (sig.verify(presignature.publicKey(), hash)) {
        return sig;
      }
    }
    BigInteger m = hashScalar(hash);
    for (int j : signers) {
      ECPoint left = Secp256k1.mul(presignature.bigR(), byFrom.get(j));
      ECPoint right = Secp256k1.add(Secp256k1.mul(presignature.nonceShares().get(j), m),
          Secp256k1.mul(presignature.chiShares().get(j), r));
      if (!left.equals(right)) {
        throw ProtocolAbort.blame(j, "signing", "a σ share that fails σ_j·R = m·R_j + r·S_j");
      }
    }
    throw ProtocolAbort.unidentified("signing", "every share checks but the signature does not"
        + " verify");
  }
}
