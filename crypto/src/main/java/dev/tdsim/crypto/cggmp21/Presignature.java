package dev.tdsim.crypto.cggmp21;

import java.math.BigInteger;
import java.util.Map;
import org.bouncycastle.math.ec.ECPoint;

/**
 * One signer's output of presigning (CGGMP21 figure 7, "Output"): R = δ^-1·Γ = k^-1·G, its shares
 * k_i and χ_i (k·x = Σ χ_i), and for every signer j the points R_j = δ^-1·Δ_j = k_j·R and S_j =
 * δ^-1·χ_j·Γ = χ_j·R, with which a wrong σ_j is named in signing. Use once: two signatures from
 * one presignature reveal the key.
 */
public record Presignature(int party, int[] signers, ECPoint publicKey, ECPoint bigR,
    BigInteger k, BigInteger chi, Map<Integer, ECPoint> nonceShares,
    Map<Integer, ECPoint> chiShares) {
  public Presignature {
    signers = signers.clone();
    nonceShares = Map.copyOf(nonceShares);
    chiShares = Map.copyOf(chiShares);
  }

  @Override
  public int[] signers() {
    return signers.clone();
  }

  /** r = x(R) mod q. */
  public BigInteger r() {
    return bigR.getAffineXCoord().toBigInteger().mod(Secp256k1.Q);
  }

  @Override
  public String toString() {
    return "Presignature(party " + party + ", R " + bigR + ", shares hidden)";
  }
}
