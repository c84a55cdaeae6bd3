package dev.tdsim.crypto.cggmp21;

/**
 * The size parameters of CGGMP21 (section 2 and the proofs' ranges; names as in the paper).
 *
 * @param paillierBits bits of each party's Paillier (and ring-Pedersen) modulus N
 * @param ell ℓ: the proven range ±2^ℓ of k, γ and x (≥ 256 for secp256k1's scalars)
 * @param epsilon ε: slack of the range proofs; a response α + e·k with e ∈ ±q, k ∈ ±2^ℓ stays in
 *     ±2^(ℓ+ε) except with probability 2^(ℓ-ε) when |e·k| < 2^2ℓ, and hides e·k as well
 * @param ellPrime ℓ': the MtA masks β ∈ ±2^ℓ', which must exceed |γ·k| (2^2ℓ) by the statistical
 *     security to hide it, and with it stay below N/2 so the decryption does not wrap
 * @param statisticalRounds m: repetitions of Pi-mod and Pi-prm (soundness 2^-m)
 */
public record SecurityParams(int paillierBits, int ell, int epsilon, int ellPrime,
    int statisticalRounds) {
  /** The paper's choice (and taurushq's and LFDT-Lockness's): N of 2048 bits, ℓ = 256, ε = 2ℓ. */
  public static final SecurityParams PAPER = new SecurityParams(2048, 256, 512, 1280, 80);

  /**
   * For unit tests only: N of 1024 bits (fast Blum primes), ε = 320 (honest responses fail with
   * probability 2^-64), ℓ' = 640 (still > 2ℓ + 64 and 2^ℓ' + 2^2ℓ < N/2). Not secure.
   */
  public static final SecurityParams TEST = new SecurityParams(1024, 256, 320, 640, 80);

  public SecurityParams {
    if (ell < 256) {
      throw new IllegalArgumentException("ell must be >= 256 (secp256k1 scalars), got " + ell);
    }
    if (epsilon <= ell) {
      throw new IllegalArgumentException("epsilon must exceed ell (responses carry e·k < 2^2ell)"
          + ", got " + epsilon);
    }
    if (ellPrime <= 2 * ell) {
      throw new IllegalArgumentException("ellPrime must exceed 2·ell to mask γ·k, got "
          + ellPrime);
    }
    if (paillierBits < ellPrime + 8 || paillierBits % 2 != 0) {
      throw new IllegalArgumentException("paillierBits must be even and >= ellPrime + 8 = "
          + (ellPrime + 8) + " so γ·k + β stays below N/2, got " + paillierBits);
    }
    if (statisticalRounds < 1) {
      throw new IllegalArgumentException("statisticalRounds must be >= 1");
    }
  }
}
