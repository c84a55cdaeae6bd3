package dev.tdsim.crypto.cggmp21.zk;

import dev.tdsim.crypto.cggmp21.Secp256k1;
import dev.tdsim.crypto.cggmp21.SecurityParams;
import dev.tdsim.crypto.cggmp21.paillier.PaillierPublicKey;
import dev.tdsim.crypto.cggmp21.paillier.RandomInts;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import org.bouncycastle.math.ec.ECPoint;

/**
 * Pi-log*, knowledge of exponent vs Paillier encryption (CGGMP21 section C.2, figure 25): the
 * prover knows x ∈ ±2^ℓ and ρ with C = enc_N0(x; ρ) and X = x·g for a base point g (the generator
 * for Γ_i in presigning round 2, Γ for Δ_i in round 3), committing under the verifier's
 * ring-Pedersen parameters.
 */
public record LogStarProof(BigInteger S, BigInteger A, ECPoint Y, BigInteger D, BigInteger z1,
    BigInteger z2, BigInteger z3) {

  public static LogStarProof prove(ProofContext context, SecurityParams sp,
      PaillierPublicKey prover, RingPedersen verifier, BigInteger ciphertext, ECPoint x,
      ECPoint base, BigInteger secret, BigInteger rho, StrongRandom random) {
    BigInteger nHat = verifier.n();
    BigInteger alpha = RandomInts.signedBits(sp.ell() + sp.epsilon(), random);
    BigInteger mu = RandomInts.signedBitsTimes(sp.ell(), nHat, random);
    BigInteger r = RandomInts.unit(prover.n(), random);
    BigInteger gamma = RandomInts.signedBitsTimes(sp.ell() + sp.epsilon(), nHat, random);
    BigInteger s = verifier.commit(secret, mu);
    BigInteger a = prover.encrypt(alpha, r);
    ECPoint y = Secp256k1.mul(base, alpha);
    BigInteger d = verifier.commit(alpha, gamma);
    BigInteger e = challenge(context, prover, verifier, ciphertext, x, base, s, a, y, d);
    BigInteger n0 = prover.n();
    return new LogStarProof(s, a, y, d, alpha.add(e.multiply(secret)),
        r.multiply(rho.modPow(e, n0)).mod(n0), gamma.add(e.multiply(mu)));
  }

  /**
   * False unless every equation holds; every point, the prover's Y as well as the statement's X and
   * g, must be a point of secp256k1 (audit F3: a Y on another curve once escaped as a
   * ClassCastException instead of a failed proof).
   */
  public boolean verify(ProofContext context, SecurityParams sp, PaillierPublicKey prover,
      RingPedersen verifier, BigInteger ciphertext, ECPoint x, ECPoint base) {
    if (!Sigma.present(S, A, Y, D, z1, z2, z3, x, base) || !verifier.isUnit(S)
        || !verifier.isUnit(D) || !prover.isCiphertext(A) || !prover.isCiphertext(ciphertext)
        || !prover.isUnit(z2) || !RandomInts.withinSignedBits(z1, sp.ell() + sp.epsilon())
        || !Secp256k1.isPoint(Y) || !Secp256k1.isPoint(x) || !Secp256k1.isPoint(base)) {
      return false;
    }
    BigInteger e = challenge(context, prover, verifier, ciphertext, x, base, S, A, Y, D);
    return Sigma.paillierEquation(prover, z1, z2, A, ciphertext, e)
        && Secp256k1.mul(base, z1).equals(Secp256k1.add(Y, Secp256k1.mul(x, e)))
        && Sigma.pedersenEquation(verifier, z1, z3, D, S, e);
  }

  // package-private: the tests play a malicious prover that knows the Fiat-Shamir function
  static BigInteger challenge(ProofContext context, PaillierPublicKey prover,
      RingPedersen verifier, BigInteger ciphertext, ECPoint x, ECPoint base, BigInteger s,
      BigInteger a, ECPoint y, BigInteger d) {
    return new Transcript("pi-log*", context).add(verifier).add(prover.n(), ciphertext)
        .add(x, base).add(s, a).add(y).add(d).challenges().signedModQ();
  }

  public int wireBytes() {
    return Sigma.bytes(S, A, D, z1, z2, z3) + Secp256k1.POINT_BYTES;
  }
}
