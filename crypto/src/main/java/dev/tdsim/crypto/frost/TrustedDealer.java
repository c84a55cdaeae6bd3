package dev.tdsim.crypto.frost;

import dev.tdsim.crypto.random.StrongRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** RFC 9591 Appendix C: a trusted dealer's Shamir sharing of a group secret key. */
public final class TrustedDealer {
  private TrustedDealer() {}

  /**
   * What the dealer hands out: each signer's key package, the public package and the VSS
   * commitment (for each signer's vss_verify).
   */
  public record Dealt(List<KeyPackage> keyPackages, PublicKeyPackage publicKeys,
      VssCommitment commitment) {
    public Dealt {
      keyPackages = List.copyOf(keyPackages);
    }
  }

  /** A random group key shared t-of-n (trusted_dealer_keygen with a random secret). */
  public static Dealt deal(int minSigners, int maxSigners, StrongRandom random) {
    checkCounts(minSigners, maxSigners);
    List<Scalar> polynomial = new ArrayList<>();
    for (int i = 0; i < minSigners; i++) {
      polynomial.add(Scalar.random(random));
    }
    return share(polynomial, maxSigners);
  }

  /**
   * secret_share_shard with the given polynomial (constant term: the group secret key; then the
   * t - 1 coefficients): x_i = i for i = 1..n, as the RFC's test vectors do.
   */
  public static Dealt share(List<Scalar> polynomial, int maxSigners) {
    int minSigners = polynomial.size();
    checkCounts(minSigners, maxSigners);
    VssCommitment commitment = VssCommitment.of(polynomial);
    GroupElement groupKey = commitment.constantTerm();
    List<KeyPackage> keys = new ArrayList<>();
    Map<Identifier, GroupElement> verifying = new TreeMap<>();
    for (int i = 1; i <= maxSigners; i++) {
      Identifier id = new Identifier(i);
      Scalar share = evaluate(polynomial, id.scalar());
      GroupElement pk = GroupElement.multiplyBase(share);
      keys.add(new KeyPackage(id, share, pk, groupKey, minSigners));
      verifying.put(id, pk);
    }
    return new Dealt(keys, new PublicKeyPackage(verifying, groupKey, minSigners), commitment);
  }

  /** Horner's rule, constant term first (RFC 9591 Appendix C.1's polynomial_evaluate). */
  static Scalar evaluate(List<Scalar> polynomial, Scalar x) {
    Scalar value = Scalar.ZERO;
    for (int j = polynomial.size() - 1; j >= 0; j--) {
      value = value.multiply(x).add(polynomial.get(j));
    }
    return value;
  }

  static void checkCounts(int minSigners, int maxSigners) {
    if (minSigners < 2 || maxSigners < minSigners || maxSigners > Identifier.MAX) {
      throw new IllegalArgumentException("need 2 <= t <= n <= " + Identifier.MAX + ", got t = "
          + minSigners + ", n = " + maxSigners);
    }
  }
}
