package dev.tdsim.crypto.cggmp21;

import dev.tdsim.crypto.cggmp21.zk.AffGProof;
import dev.tdsim.crypto.cggmp21.zk.EncProof;
import dev.tdsim.crypto.cggmp21.zk.LogStarProof;
import java.math.BigInteger;
import java.util.Objects;
import org.bouncycastle.math.ec.ECPoint;

/**
 * The messages of CGGMP21's three-round presigning (figure 7), each from one signer to one other:
 * the broadcast parts (K, G in round 1; δ, Δ, S in round 3) travel with the proof made for that
 * receiver's ring-Pedersen parameters. Wire sizes count the values' minimal encodings (33 B a
 * compressed point), no framing.
 */
public final class PresignMessages {
  private PresignMessages() {}

  private static int bytes(BigInteger... values) {
    int sum = 0;
    for (BigInteger v : values) {
      sum += v.toByteArray().length;
    }
    return sum;
  }

  /** Round 1: K_i = enc_i(k_i), G_i = enc_i(γ_i) and Pi-enc for K_i. */
  public record Round1(int from, int to, BigInteger bigK, BigInteger bigG, EncProof psi) {
    public Round1 {
      Objects.requireNonNull(bigK, "K");
      Objects.requireNonNull(bigG, "G");
      Objects.requireNonNull(psi, "psi");
    }

    public int wireBytes() {
      return 8 + bytes(bigK, bigG) + psi.wireBytes();
    }
  }

  /**
   * Round 2: Γ_i, the two MtA answers to the receiver's K_j (D for γ_i, D̂ for the Lagrange-weighted
   * key share), the encryptions F, F̂ of the masks under the sender's key, Pi-aff-g for each and
   * Pi-log* for Γ_i against G_i; and the echo of round 1: SHA-256 of every signer's (K, G) as the
   * sender received them, so that a signer who sent different K or G to different parties is
   * caught (echo broadcast).
   */
  public record Round2(int from, int to, ECPoint bigGamma, BigInteger d, BigInteger f,
      BigInteger dHat, BigInteger fHat, AffGProof psi, AffGProof psiHat, LogStarProof psiPrime,
      BigInteger echo) {
    public Round2 {
      Objects.requireNonNull(echo, "echo");
      Objects.requireNonNull(bigGamma, "Gamma");
      Objects.requireNonNull(psi, "psi");
      Objects.requireNonNull(psiHat, "psiHat");
      Objects.requireNonNull(psiPrime, "psiPrime");
    }

    public int wireBytes() {
      return 8 + 32 + Secp256k1.POINT_BYTES + bytes(d, f, dHat, fHat) + psi.wireBytes()
          + psiHat.wireBytes() + psiPrime.wireBytes();
    }
  }

  /**
   * Round 3: δ_i, Δ_i = k_i·Γ with Pi-log* against K_i (base Γ), and S_i = χ_i·Γ, which lets
   * signing name a party whose σ_i is wrong.
   */
  public record Round3(int from, int to, BigInteger delta, ECPoint bigDelta, ECPoint bigS,
      LogStarProof psi) {
    public Round3 {
      Objects.requireNonNull(delta, "delta");
      Objects.requireNonNull(psi, "psi");
    }

    public int wireBytes() {
      return 8 + Secp256k1.SCALAR_BYTES + 2 * Secp256k1.POINT_BYTES + psi.wireBytes();
    }
  }
}
