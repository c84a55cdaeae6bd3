package dev.tdsim.crypto.cggmp21.zk;

import dev.tdsim.crypto.cggmp21.Secp256k1;
import dev.tdsim.crypto.cggmp21.SecurityParams;
import dev.tdsim.crypto.cggmp21.paillier.PaillierPublicKey;
import dev.tdsim.crypto.cggmp21.paillier.RandomInts;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import org.bouncycastle.math.ec.ECPoint;

/**
 * Pi-aff-g, Paillier affine operation with group commitment in range (CGGMP21 section 6.2,
 * figure 15): the prover knows x ∈ ±2^ℓ, y ∈ ±2^ℓ', ρ, ρ_y with D = C^x · (1 + N0)^y · ρ^N0 mod
 * N0^2 (the MtA answer under the verifier's key N0 to the verifier's ciphertext C), Y = enc_N1(y;
 * ρ_y) under the prover's own key N1, and X = x·G. Commitments use the verifier's ring-Pedersen
 * parameters.
 *
 * @param A C^α (1 + N0)^β r^N0
 * @param Bx α·G
 * @param By enc_N1(β; r_y)
 * @param E s^α t^γ
 * @param S s^x t^m
 * @param F s^β t^δ
 * @param T s^y t^μ
 */
public record AffGProof(BigInteger A, ECPoint Bx, BigInteger By, BigInteger E, BigInteger S,
    BigInteger F, BigInteger T, BigInteger z1, BigInteger z2, BigInteger z3, BigInteger z4,
    BigInteger w, BigInteger wy) {

  /** The public inputs: verifier's key and ciphertext, the answer, the prover's key. */
  public record Statement(PaillierPublicKey verifierKey, PaillierPublicKey proverKey,
      BigInteger c, BigInteger d, BigInteger y, ECPoint x) {}

  public static AffGProof prove(ProofContext context, SecurityParams sp, Statement st,
      RingPedersen verifier, BigInteger x, BigInteger y, BigInteger rho, BigInteger rhoY,
      StrongRandom random) {
    PaillierPublicKey n0 = st.verifierKey();
    PaillierPublicKey n1 = st.proverKey();
    BigInteger nHat = verifier.n();
    BigInteger alpha = RandomInts.signedBits(sp.ell() + sp.epsilon(), random);
    BigInteger beta = RandomInts.signedBits(sp.ellPrime() + sp.epsilon(), random);
    BigInteger r = RandomInts.unit(n0.n(), random);
    BigInteger ry = RandomInts.unit(n1.n(), random);
    BigInteger gamma = RandomInts.signedBitsTimes(sp.ell() + sp.epsilon(), nHat, random);
    BigInteger m = RandomInts.signedBitsTimes(sp.ell(), nHat, random);
    BigInteger delta = RandomInts.signedBitsTimes(sp.ell() + sp.epsilon(), nHat, random);
    BigInteger mu = RandomInts.signedBitsTimes(sp.ell(), nHat, random);
    BigInteger a = n0.add(n0.pow(st.c(), alpha), n0.encrypt(beta, r));
    ECPoint bx = Secp256k1.mulBase(alpha);
    BigInteger by = n1.encrypt(beta, ry);
    BigInteger e1 = verifier.commit(alpha, gamma);
    BigInteger s = verifier.commit(x, m);
    BigInteger f = verifier.commit(beta, delta);
    BigInteger t = verifier.commit(y, mu);
    BigInteger e = challenge(context, st, verifier, a, bx, by, e1, s, f, t);
    return new AffGProof(a, bx, by, e1, s, f, t, alpha.add(e.multiply(x)),
        beta.add(e.multiply(y)), gamma.add(e.multiply(m)), delta.add(e.multiply(mu)),
        r.multiply(rho.modPow(e, n0.n())).mod(n0.n()),
        ry.multiply(rhoY.modPow(e, n1.n())).mod(n1.n()));
  }

  /**
   * False unless every equation holds; Bx and the statement's X must be points of secp256k1 (audit
   * F3: a Bx on another curve once escaped as a ClassCastException instead of a failed proof).
   */
  public boolean verify(ProofContext context, SecurityParams sp, Statement st,
      RingPedersen verifier) {
    PaillierPublicKey n0 = st.verifierKey();
    PaillierPublicKey n1 = st.proverKey();
    if (!Sigma.present(A, Bx, By, E, S, F, T, z1, z2, z3, z4, w, wy, st.x())
        || !n0.isCiphertext(A) || !n0.isCiphertext(st.c()) || !n0.isCiphertext(st.d())
        || !n1.isCiphertext(By) || !n1.isCiphertext(st.y()) || !n0.isUnit(w) || !n1.isUnit(wy)
        || !verifier.isUnit(E) || !verifier.isUnit(S) || !verifier.isUnit(F)
        || !verifier.isUnit(T) || !Secp256k1.isPoint(Bx) || !Secp256k1.isPoint(st.x())
        || !RandomInts.withinSignedBits(z1, sp.ell() + sp.epsilon())
        || !RandomInts.withinSignedBits(z2, sp.ellPrime() + sp.epsilon())) {
      return false;
    }
    BigInteger e = challenge(context, st, verifier, A, Bx, By, E, S, F, T);
    BigInteger left = n0.add(n0.pow(st.c(), z1), n0.encrypt(z2, w));
    BigInteger right = n0.add(A, n0.pow(st.d(), e));
    return left.equals(right)
        && Secp256k1.mulBase(z1).equals(Secp256k1.add(Bx, Secp256k1.mul(st.x(), e)))
        && Sigma.paillierEquation(n1, z2, wy, By, st.y(), e)
        && Sigma.pedersenEquation(verifier, z1, z3, E, S, e)
        && Sigma.pedersenEquation(verifier, z2, z4, F, T, e);
  }

  // package-private: the tests play a malicious prover that knows the Fiat-Shamir function
  static BigInteger challenge(ProofContext context, Statement st, RingPedersen verifier,
      BigInteger a, ECPoint bx, BigInteger by, BigInteger e, BigInteger s, BigInteger f,
      BigInteger t) {
    return new Transcript("pi-aff-g", context).add(verifier)
        .add(st.verifierKey().n(), st.proverKey().n(), st.c(), st.d(), st.y()).add(st.x())
        .add(a).add(bx).add(by, e, s, f, t).challenges().signedModQ();
  }

  public int wireBytes() {
    return Sigma.bytes(A, By, E, S, F, T, z1, z2, z3, z4, w, wy) + Secp256k1.POINT_BYTES;
  }
}
