package dev.tdsim.crypto.dkg;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.field.Polynomials;
import dev.tdsim.crypto.random.StrongRandom;
import java.util.ArrayList;
import java.util.List;

/**
 * Feldman's verifiable secret sharing (FOCS 1987) on BLS12-381's G1: commitments C_j = [a_j]G to
 * the coefficients of f, and the check that a share s = f(x) matches them, [s]G == sum_j [x^j]
 * C_j. Many shares (several points, several dealers) are checked at once with random 63-bit
 * weights rho: one multi-scalar multiplication [sum rho s]G - sum_j [sum rho x^j] C_j == 0 instead
 * of one per share; a bad share passes with probability at most about 2^-63.
 */
public final class FeldmanVss {
  private FeldmanVss() {}

  /** C_j = [a_j]G. */
  public static List<G1Point> commit(Fr[] coefficients) {
    List<G1Point> cs = new ArrayList<>(coefficients.length);
    for (Fr a : coefficients) {
      cs.add(G1Point.generator().multiply(a));
    }
    return cs;
  }

  /** One dealer's shares for one party: the points x_k and the claimed values s_k. */
  public record Claim(int dealer, List<G1Point> commitments, Fr[] xs, List<Fr> shares) {
    public Claim {
      if (xs.length != shares.size()) {
        throw new CryptoException("Feldman share check of dealer " + dealer,
            "expected " + xs.length + " shares, got " + shares.size());
      }
    }
  }

  /** Whether every claim's shares match its commitments (one MSM over all of them). */
  public static boolean allValid(List<Claim> claims, StrongRandom random) {
    if (claims.isEmpty()) {
      return true;
    }
    List<G1Point> points = new ArrayList<>();
    List<Fr> scalars = new ArrayList<>();
    Fr lhs = Fr.zero();
    for (Claim c : claims) {
      long[] rho = random.nextLongs(c.xs().length);
      Fr[] coef = new Fr[c.commitments().size()];
      java.util.Arrays.fill(coef, Fr.zero());
      for (int k = 0; k < c.xs().length; k++) {
        Fr w = Fr.of(rho[k] & Long.MAX_VALUE); // 63-bit weight
        lhs = lhs.add(w.mul(c.shares().get(k)));
        Fr power = w;
        for (int j = 0; j < coef.length; j++) {
          coef[j] = coef[j].add(power);
          power = power.mul(c.xs()[k]);
        }
      }
      for (int j = 0; j < coef.length; j++) {
        points.add(c.commitments().get(j));
        scalars.add(coef[j].neg());
      }
    }
    points.add(G1Point.generator());
    scalars.add(lhs);
    return G1Point.msm(points, scalars).isIdentity();
  }

  /** Whether one dealer's shares match its commitments. */
  public static boolean isValid(Claim claim, StrongRandom random) {
    return allValid(List.of(claim), random);
  }

  /**
   * The dealers whose claims fail, found with one batched check and, only if it fails, one check
   * per claim.
   */
  public static List<Integer> invalidDealers(List<Claim> claims, StrongRandom random) {
    if (allValid(claims, random)) {
      return List.of();
    }
    List<Integer> bad = new ArrayList<>();
    for (Claim c : claims) {
      if (!isValid(c, random)) {
        bad.add(c.dealer());
      }
    }
    return bad;
  }

  /**
   * @throws CryptoException naming the dealer when its shares do not match its commitments
   */
  public static void requireValid(Claim claim, StrongRandom random) {
    if (!isValid(claim, random)) {
      throw new CryptoException("Feldman share check of dealer " + claim.dealer(),
          "share does not match the dealer's commitments");
    }
  }

  /** sum_j [x^j] C_j: the public verification key [f(x)]G of the point x. */
  public static G1Point evaluate(List<G1Point> commitments, Fr x) {
    List<Fr> powers = new ArrayList<>(commitments.size());
    Fr p = Fr.one();
    for (int j = 0; j < commitments.size(); j++) {
      powers.add(p);
      p = p.mul(x);
    }
    return G1Point.msm(commitments, powers);
  }

  /** f(x) for coefficients low to high. */
  static Fr evaluate(Fr[] coefficients, Fr x) {
    return Polynomials.evaluate(coefficients, x);
  }
}
