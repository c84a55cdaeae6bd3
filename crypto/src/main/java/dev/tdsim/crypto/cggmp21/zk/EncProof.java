package dev.tdsim.crypto.cggmp21.zk;

import dev.tdsim.crypto.cggmp21.SecurityParams;
import dev.tdsim.crypto.cggmp21.paillier.PaillierPublicKey;
import dev.tdsim.crypto.cggmp21.paillier.RandomInts;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;

/**
 * Pi-enc, the Paillier encryption-in-range proof (CGGMP21 section 6.1, figure 14): the prover
 * knows k ∈ ±2^ℓ and ρ with K = enc_N0(k; ρ), under its own Paillier key N0, committing under the
 * verifier's ring-Pedersen parameters (N̂, s, t). Non-interactive by {@link Transcript}.
 */
public record EncProof(BigInteger S, BigInteger A, BigInteger C, BigInteger z1, BigInteger z2,
    BigInteger z3) {

  public static EncProof prove(ProofContext context, SecurityParams sp, PaillierPublicKey prover,
      RingPedersen verifier, BigInteger ciphertext, BigInteger k, BigInteger rho,
      StrongRandom random) {
    BigInteger nHat = verifier.n();
    BigInteger alpha = RandomInts.signedBits(sp.ell() + sp.epsilon(), random);
    BigInteger mu = RandomInts.signedBitsTimes(sp.ell(), nHat, random);
    BigInteger r = RandomInts.unit(prover.n(), random);
    BigInteger gamma = RandomInts.signedBitsTimes(sp.ell() + sp.epsilon(), nHat, random);
    BigInteger s = verifier.commit(k, mu);
    BigInteger a = prover.encrypt(alpha, r);
    BigInteger c = verifier.commit(alpha, gamma);
    BigInteger e = challenge(context, prover, verifier, ciphertext, s, a, c);
    BigInteger n0 = prover.n();
    return new EncProof(s, a, c, alpha.add(e.multiply(k)),
        r.multiply(rho.modPow(e, n0)).mod(n0), gamma.add(e.multiply(mu)));
  }

  /** Whether the proof holds for K under the prover's key and the verifier's own parameters. */
  public boolean verify(ProofContext context, SecurityParams sp, PaillierPublicKey prover,
      RingPedersen verifier, BigInteger ciphertext) {
    if (!Sigma.present(S, A, C, z1, z2, z3) || !verifier.isUnit(S) || !verifier.isUnit(C)
        || !prover.isCiphertext(A) || !prover.isCiphertext(ciphertext) || !prover.isUnit(z2)
        || !RandomInts.withinSignedBits(z1, sp.ell() + sp.epsilon())) {
      return false;
    }
    BigInteger e = challenge(context, prover, verifier, ciphertext, S, A, C);
    return Sigma.paillierEquation(prover, z1, z2, A, ciphertext, e)
        && Sigma.pedersenEquation(verifier, z1, z3, C, S, e);
  }

  private static BigInteger challenge(ProofContext context, PaillierPublicKey prover,
      RingPedersen verifier, BigInteger ciphertext, BigInteger s, BigInteger a, BigInteger c) {
    return new Transcript("pi-enc", context).add(verifier).add(prover.n(), ciphertext)
        .add(s, a, c).challenges().signedModQ();
  }

  public int wireBytes() {
    return Sigma.bytes(S, A, C, z1, z2, z3);
  }
}
