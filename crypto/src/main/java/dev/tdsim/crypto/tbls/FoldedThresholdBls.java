package dev.tdsim.crypto.tbls;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The folded form of weighted threshold BLS, for a signer set fixed before signing (as the
 * {@code folded} TPKE variant): validator i folds its Lagrange coefficients into its shares,
 * a_i = sum over its points k of lambda_k f(omega^k), and sends one G1 point [a_i] H1(m) (48 B, one
 * scalar multiplication instead of one per point). The combination is the plain sum of the V
 * partials; each partial checks against K_i = sum_k [lambda_k] Z_k (G2), computed once per signer
 * set.
 *
 * <p>The price: the partials are only valid for that signer set. If a signer is missing or
 * blamed, the Lagrange coefficients of every other signer change and all must sign again, one
 * more round. Commit certificates collect whichever +2/3 arrive first, so the simulator uses the
 * per-point form ({@link ThresholdBls}); this form fits a set announced in advance (a leader's
 * second round, or the previous height's signers).
 */
public final class FoldedThresholdBls {
  private FoldedThresholdBls() {}

  /** K_i = sum_k [lambda_k] Z_k for every signer of {@code signers}, in signer order. */
  public record SignerKeys(SignerSet signers, List<G2Point> keys) {
    public SignerKeys {
      keys = List.copyOf(keys);
      if (keys.size() != signers.size()) {
        throw new CryptoException("folded threshold BLS", signers.size() + " signers but "
            + keys.size() + " keys");
      }
    }

    public G2Point keyOf(int validator) {
      int pos = signers.validators().indexOf(validator);
      if (pos < 0) {
        throw new CryptoException("folded threshold BLS", "validator " + validator
            + " is not a signer");
      }
      return keys.get(pos);
    }
  }

  /** Once per signer set: one G2 MSM of each signer's points (in parallel on the workers). */
  public static SignerKeys prepare(ThresholdBls tbls, SignerSet signers) {
    List<G2Point> shares = tbls.keys().keyShares();
    List<G2Point> keys = tbls.keys().workers().map(signers.size(), pos -> {
      int v = signers.validator(pos);
      int first = tbls.committee().firstPointOf(v);
      return G2Point.msm(shares.subList(first, first + tbls.committee().pointsOf(v)),
          Arrays.asList(signers.lambdasOf(v)));
    });
    return new SignerKeys(signers, keys);
  }

  /** [a_i] H1(m): a_i folded from the validator's shares (~55 field products), then one G1 mult. */
  public static G1Point sign(ThresholdBls tbls, int validator, SignerSet signers,
      G1Point hashed) {
    Fr[] lambdas = signers.lambdasOf(validator);
    int first = tbls.committee().firstPointOf(validator);
    Fr a = Fr.zero();
    for (int i = 0; i < lambdas.length; i++) {
      a = a.add(lambdas[i].mul(tbls.keys().validatorScalarShare(first + i)));
    }
    return hashed.multiply(a);
  }

  /** e(D_i, H) == e(H1(m), K_i): one 2-pair product. The point must be in G1. */
  public static boolean verifyPartial(G1Point hashed, int validator, G1Point partial,
      SignerKeys keys) {
    return Pairings.productIsOne(List.of(partial, hashed.negate()),
        List.of(G2Point.generator(), keys.keyOf(validator)));
  }

  /**
   * The sum of one partial per signer, checked against the public key. On failure every partial
   * is checked (random-weight batch first, then each alone) and the bad ones are named; no
   * signature then, since the others' partials hold coefficients of this signer set only.
   *
   * @param partials validator to its G1 partial (subgroup-checked); exactly the signer set
   */
  public static CombineResult combine(ThresholdBls tbls, G1Point hashed,
      Map<Integer, G1Point> partials, SignerKeys keys, StrongRandom random) {
    List<Integer> signers = keys.signers().validators();
    if (!partials.keySet().equals(new java.util.HashSet<>(signers))) {
      return new CombineResult(Optional.empty(), List.of(), List.of(), 0);
    }
    List<G1Point> ds = signers.stream().map(partials::get).toList();
    G1Point sigma = G1Point.sum(ds);
    if (tbls.verify(hashed, sigma)) {
      return new CombineResult(Optional.of(sigma), signers, List.of(), 1);
    }
    long[] w = ThresholdBls.weights(ds.size(), random);
    boolean batch = Pairings.productIsOne(List.of(G1Point.msmShort(ds, w), hashed.negate()),
        List.of(G2Point.generator(), G2Point.msmShort(keys.keys(), w)));
    List<Integer> blamed = new ArrayList<>();
    if (!batch) {
      List<Boolean> ok = tbls.keys().workers().map(ds.size(), pos -> Pairings.productIsOne(
          List.of(ds.get(pos), hashed.negate()), List.of(G2Point.generator(),
              keys.keys().get(pos))));
      for (int pos = 0; pos < ds.size(); pos++) {
        if (!ok.get(pos)) {
          blamed.add(signers.get(pos));
        }
      }
    }
    return new CombineResult(Optional.empty(), List.of(), blamed, 1);
  }
}
