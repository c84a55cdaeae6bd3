package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeyCollision;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SecretGroup;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code folded}, tdsim's limit-seeking design: scalar key shares, and each validator folds its
 * Lagrange coefficients for the known signer set (the commit's signers) into one scalar a_i =
 * sum_k lambda_k f(omega^k), sending D_i = [a_i]U in G1. The combiner's work per message is the
 * batch-affine sum of V points, sum_i D_i = [r f(0)]G = [r]Y, and a hash: no pairing, no scalar
 * multiplication. {@link BlockProposer} checks the sums of a block against the public key in one
 * 2-pair product ({@link CombinedCheck}); only when that fails are the shares of the failed
 * messages checked one validator at a time, e(D_i, H) == e(U, A_i) with A_i = sum_k [lambda_k]
 * Z_k for the signer set the shares were folded for. See docs/CRYPTO.md.
 */
final class FoldedVariant implements CombineVariant<G1Point> {
  /** One compressed G1 point per ciphertext. */
  @Override
  public long shareWireBytes(Committee committee, int validator) {
    return 96;
  }

  /** Shares are folded per signer set from the key shares on demand: nothing to build ahead. */
  @Override
  public String prepareKeyTables(KeySet keys) {
    return "";
  }

  @Override
  public ShareWork shareWork() {
    return ShareWork.PER_VALIDATOR_FOLDED;
  }

  @Override
  public String name() {
    return "folded";
  }

  @Override
  public String description() {
    return "Lagrange folded into G1 shares for the known signer set; combine = batch-affine sum of"
        + " V points; AEAD-checked, blame by pairing only on failure (tdsim)";
  }

  @Override
  public SecretGroup secretGroup() {
    return SecretGroup.G1;
  }

  @Override
  public boolean sharesDependOnSigners() {
    return true;
  }

  @Override
  public ShareMaker shareMaker(KeySet keys, int validator, SignerSet signers) {
    Fr[] lambdas = signers.lambdasOf(validator);
    int first = keys.committee().firstPointOf(validator);
    Fr folded = Fr.zero();
    for (int i = 0; i < lambdas.length; i++) {
      folded = folded.add(lambdas[i].mul(keys.validatorScalarShare(first + i)));
    }
    Fr secret = folded;
    return ct -> ct.u().multiply(secret).toUncompressed();
  }

  /** The honest share plus G: the sum of the shares becomes [r]Y + G. */
  @Override
  public ShareMaker colludingShareMaker(KeySet keys, int validator, SignerSet signers) {
    ShareMaker honest = shareMaker(keys, validator, signers);
    return ct -> G1Point.fromBytes(honest.create(ct)).add(KeyCollision.g1Shift()).toUncompressed();
  }

  /**
   * Curve check only: a component outside the subgroup reaches the sum, which BlockProposer's
   * combined-result check rejects (it checks the sum's subgroup membership), and blame checks
   * each share's; one check per message instead of one per share.
   */
  @Override
  public G1Point decodeShare(byte[] encoded) {
    return G1Point.fromBytesOnCurve(encoded);
  }

  @Override
  public Combiner<G1Point> prepare(KeySet keys, SignerSet signers, Workers workers) {
    signers.lambdas();
    return new FoldedCombiner(keys, signers, workers);
  }

  private static final class FoldedCombiner implements Combiner<G1Point> {
    private final KeySet keys;
    private final SignerSet signers;
    private final Workers workers;
    /** A_i, computed only when blame needs it. */
    private final ConcurrentHashMap<Integer, G2Point> foldedKeys = new ConcurrentHashMap<>();

    FoldedCombiner(KeySet keys, SignerSet signers, Workers workers) {
      this.keys = keys;
      this.signers = signers;
      this.workers = workers;
    }

    @Override
    public SignerSet signers() {
      return signers;
    }

    @Override
    public byte[] combine(Ciphertext ct, List<G1Point> shares) {
      return Tpke.secretBytes(G1Point.sum(shares));
    }

    @Override
    public void kernel(Ciphertext ct, List<G1Point> shares) {
      G1Point.sum(shares);
    }

    @Override
    public boolean verifiesShares() {
      return false;
    }

    @Override
    public List<Integer> verify(
        List<Ciphertext> cts, List<List<G1Point>> sharesByMessage, Random random) {
      return List.of();
    }

    /**
     * Per validator: e(sum_j [w_j] D_ji, H) == e(sum_j [w_j] U_j, A_i). The pairing cannot see a
     * torsion component, so when every validator passes it, each share's subgroup membership is
     * checked (only then: at V = 150 and 100 messages those 15000 checks cost about 0.7 s of CPU,
     * more than the pairing checks).
     */
    @Override
    public List<Integer> blame(
        List<Ciphertext> cts, List<List<G1Point>> sharesByMessage, Random random) {
      long[][] weights = Shares.weights(signers.size(), cts.size(), random);
      List<G1Point> us = cts.stream().map(Ciphertext::u).toList();
      List<Integer> wrong = Shares.faulty(signers, workers, pos -> {
        G1Point lhs = G1Point.msmShort(Shares.column(sharesByMessage, pos), weights[pos]);
        G1Point rhs = G1Point.msmShort(us, weights[pos]);
        return Pairings.productIsOne(
            List.of(lhs, rhs.negate()),
            List.of(G2Point.generator(), foldedKey(signers.validator(pos))));
      });
      if (!wrong.isEmpty()) {
        return wrong;
      }
      return Shares.faulty(signers, workers, pos -> Shares.column(sharesByMessage, pos).stream()
          .allMatch(G1Point::isInSubgroup));
    }

    private G2Point foldedKey(int validator) {
      return foldedKeys.computeIfAbsent(validator, v -> {
        int first = keys.committee().firstPointOf(v);
        int count = keys.committee().pointsOf(v);
        Fr[] lambdas = signers.lambdasOf(v);
        List<Fr> scalars = new ArrayList<>(List.of(lambdas));
        return G2Point.msm(keys.keyShares().subList(first, first + count), scalars);
      });
    }
  }
}
