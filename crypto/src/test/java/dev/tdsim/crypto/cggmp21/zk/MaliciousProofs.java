package dev.tdsim.crypto.cggmp21.zk;

import dev.tdsim.crypto.cggmp21.SecurityParams;
import dev.tdsim.crypto.cggmp21.paillier.PaillierPublicKey;
import dev.tdsim.crypto.cggmp21.paillier.RandomInts;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.math.ec.ECPoint;

/**
 * Proofs a malicious prover can make (tests only): every Paillier and ring-Pedersen equation
 * holds for the real witness and the real Fiat-Shamir challenge, but the group commitment is a
 * point of secp256r1 (audit F3). Only a verifier that checks the curve refuses them.
 */
public final class MaliciousProofs {
  private MaliciousProofs() {}

  /** A point of another curve: 7·G of secp256r1 (valid on its own curve). */
  public static ECPoint foreignPoint() {
    return CustomNamedCurves.getByName("secp256r1").getG().multiply(BigInteger.valueOf(7))
        .normalize();
  }

  /** Π^log* as {@link LogStarProof#prove} but with Y a point of secp256r1. */
  public static LogStarProof logStarWithForeignY(ProofContext context, SecurityParams sp,
      PaillierPublicKey prover, RingPedersen verifier, BigInteger ciphertext, ECPoint x,
      ECPoint base, BigInteger secret, BigInteger rho, StrongRandom random) {
    BigInteger nHat = verifier.n();
    BigInteger alpha = RandomInts.signedBits(sp.ell() + sp.epsilon(), random);
    BigInteger mu = RandomInts.signedBitsTimes(sp.ell(), nHat, random);
    BigInteger r = RandomInts.unit(prover.n(), random);
    BigInteger gamma = RandomInts.signedBitsTimes(sp.ell() + sp.epsilon(), nHat, random);
    BigInteger s = verifier.commit(secret, mu);
    BigInteger a = prover.encrypt(alpha, r);
    ECPoint y = foreignPoint();
    BigInteger d = verifier.commit(alpha, gamma);
    BigInteger e = LogStarProof.challenge(context, prover, verifier, ciphertext, x, base, s, a, y,
        d);
    BigInteger n0 = prover.n();
    return new LogStarProof(s, a, y, d, alpha.add(e.multiply(secret)),
        r.multiply(rho.modPow(e, n0)).mod(n0), gamma.add(e.multiply(mu)));
  }

  /** Π^aff-g as {@link AffGProof#prove} but with Bx a point of secp256r1. */
  public static AffGProof affGWithForeignBx(ProofContext context, SecurityParams sp,
      AffGProof.Statement st, RingPedersen verifier, BigInteger x, BigInteger y, BigInteger rho,
      BigInteger rhoY, StrongRandom random) {
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
    ECPoint bx = foreignPoint();
    BigInteger by = n1.encrypt(beta, ry);
    BigInteger e1 = verifier.commit(alpha, gamma);
    BigInteger s = verifier.commit(x, m);
    BigInteger f = verifier.commit(beta, delta);
    BigInteger t = verifier.commit(y, mu);
    BigInteger e = AffGProof.challenge(context, st, verifier, a, bx, by, e1, s, f, t);
    return new AffGProof(a, bx, by, e1, s, f, t, alpha.add(e.multiply(x)),
        beta.add(e.multiply(y)), gamma.add(e.multiply(m)), delta.add(e.multiply(mu)),
        r.multiply(rho.modPow(e, n0.n())).mod(n0.n()),
        ry.multiply(rhoY.modPow(e, n1.n())).mod(n1.n()));
  }
}
