package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2FixedBases;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.G2Prepared;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SecretGroup;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * {@code fast} (Ferveo's fast_share_combine and final design): validator i sends D_i = [1/b_i]U;
 * prepare_combine folds Lagrange coefficients into the public blinded shares, K_i = sum_k
 * [lambda_k * (-omega^k)] B_k = [b_i] sum_k [lambda_k] Z_k, and precomputes K_i's Miller lines, so
 * share_combine is one V-pair multi-Miller loop over precomputed lines, squarings shared by all
 * pairs, and one final exponentiation: prod_i e(D_i, K_i) = e(U, [f(0)]H).
 */
final class FastVariant implements CombineVariant<G1Point> {
  /** One compressed G1 point per ciphertext. */
  @Override
  public long shareWireBytes(Committee committee, int validator) {
    return 96;
  }

  @Override
  public String prepareKeyTables(KeySet keys) {
    keys.blindedShareTables();
    return "blinded key-share tables";
  }

  @Override
  public ShareWork shareWork() {
    return ShareWork.PER_VALIDATOR;
  }

  @Override
  public String name() {
    return "fast";
  }

  @Override
  public String description() {
    return "blinded G1 shares; prepare_combine (fast Lagrange, fixed-base G2 MSM, Miller lines);"
        + " V-pair multi-Miller loop per message (Ferveo fast_share_combine)";
  }

  @Override
  public SecretGroup secretGroup() {
    return SecretGroup.GT;
  }

  @Override
  public boolean sharesDependOnSigners() {
    return false;
  }

  @Override
  public ShareMaker shareMaker(KeySet keys, int validator, SignerSet signers) {
    Fr inverseBlinding = keys.validatorBlinding(validator).inverse();
    return ct -> ct.u().multiply(inverseBlinding).toUncompressed();
  }

  /**
   * The honest share plus [1/x_i]G, where K_i = [x_i]H with x_i = b_i sum_k lambda_k f(omega^k)
   * is this validator's combine key for {@code signers}: e([1/x_i]G, K_i) = e(G, H), so the
   * combination becomes s * e(G, H). Share verification rejects it.
   */
  @Override
  public ShareMaker colludingShareMaker(KeySet keys, int validator, SignerSet signers) {
    Fr[] lambdas = signers.lambdasOf(validator);
    int first = keys.committee().firstPointOf(validator);
    Fr folded = Fr.zero();
    for (int i = 0; i < lambdas.length; i++) {
      folded = folded.add(lambdas[i].mul(keys.validatorScalarShare(first + i)));
    }
    G1Point offset =
        G1Point.generator().multiply(keys.validatorBlinding(validator).mul(folded).inverse());
    ShareMaker honest = shareMaker(keys, validator, signers);
    return ct -> G1Point.fromBytes(honest.create(ct)).add(offset).toUncompressed();
  }

  /**
   * Curve check only: D_i is only ever paired, and the pairing sees a point of E(Fp) only through
   * its class modulo rE, so a component outside G1 (of order dividing the cofactor) changes
   * nothing: e(D + T, K) = e(D, K). Skipping blst's subgroup check saves ~45 us per share (see
   * docs/CRYPTO.md and CurveTest#pairingIgnoresComponentsOutsideG1).
   */
  @Override
  public G1Point decodeShare(byte[] encoded) {
    return G1Point.fromBytesOnCurve(encoded);
  }

  @Override
  public Combiner<G1Point> prepare(KeySet keys, SignerSet signers, Workers workers) {
    Fr[] lambdas = signers.lambdas();
    List<G2FixedBases> tables = keys.blindedShareTables();
    int[] offsets = Shares.lambdaOffsets(signers);
    List<G2Prepared> lines = workers.map(signers.size(), pos -> {
      int validator = signers.validator(pos);
      int first = keys.committee().firstPointOf(validator);
      int count = keys.committee().pointsOf(validator);
      List<Fr> scalars = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        scalars.add(lambdas[offsets[pos] + i].mul(keys.domain().element(first + i)).neg());
      }
      return tables.get(validator).msm(scalars).prepare();
    });
    return new FastCombiner(keys, signers, lines, workers);
  }

  static final class FastCombiner implements Combiner<G1Point> {
    private final KeySet keys;
    private final SignerSet signers;
    private final List<G2Prepared> lines;
    private final Workers workers;

    FastCombiner(KeySet keys, SignerSet signers, List<G2Prepared> lines, Workers workers) {
      this.keys = keys;
      this.signers = signers;
      this.lines = lines;
      this.workers = workers;
    }

    @Override
    public SignerSet signers() {
      return signers;
    }

    @Override
    public byte[] combine(Ciphertext ct, List<G1Point> shares) {
      return Tpke.secretBytes(Pairings.millerLoopPrepared(shares, lines).finalExponentiation());
    }

    @Override
    public void kernel(Ciphertext ct, List<G1Point> shares) {
      Pairings.millerLoopPrepared(shares, lines).finalExponentiation();
    }

    @Override
    public boolean verifiesShares() {
      return true;
    }

    /**
     * prod_i e(sum_j [a_ji] D_ji, P_i) == e(sum_j (sum_i a_ji) U_j, H), since e(D_ji, P_i) =
     * e(U_j, H) for an honest share; 64-bit weights bound a forger's chance by 2^-64. On failure
     * each validator is checked alone with its own weights.
     */
    @Override
    public List<Integer> verify(
        List<Ciphertext> cts, List<List<G1Point>> sharesByMessage, Random random) {
      long[][] weights = Shares.weights(signers.size(), cts.size(), random);
      List<Fr> uWeights = new ArrayList<>(cts.size());
      for (int j = 0; j < cts.size(); j++) {
        Fr sum = Fr.zero();
        for (long[] w : weights) {
          sum = sum.add(Shares.unsigned(w[j]));
        }
        uWeights.add(sum);
      }
      return verify(cts, sharesByMessage, weights, uWeights);
    }

    /**
     * The batch check with given weights: uWeights[j] must be sum_i weights[i][j]. The batch
     * equation is the product of the per-validator ones, so when it fails some validator's own
     * check must fail too; if none does, the weights are inconsistent, which is a bug: it is
     * raised, not hidden behind a per-validator fallback that would run for every block.
     */
    List<Integer> verify(List<Ciphertext> cts, List<List<G1Point>> sharesByMessage,
        long[][] weights, List<Fr> uWeights) {
      List<G1Point> us = cts.stream().map(Ciphertext::u).toList();
      List<G1Point> combined = workers.map(signers.size(),
          pos -> G1Point.msmShort(Shares.column(sharesByMessage, pos), weights[pos]));
      List<G1Point> ps = new ArrayList<>(combined);
      List<G2Point> qs = new ArrayList<>(signers.size() + 1);
      for (int pos = 0; pos < signers.size(); pos++) {
        qs.add(keys.blindingKey(signers.validator(pos)));
      }
      ps.add(G1Point.msm(us, uWeights).negate());
      qs.add(G2Point.generator());
      if (Pairings.productIsOne(ps, qs)) {
        return List.of();
      }
      List<Integer> faulty = Shares.faulty(signers, workers, pos -> Pairings.productIsOne(
          List.of(combined.get(pos), G1Point.msmShort(us, weights[pos]).negate()),
          List.of(keys.blindingKey(signers.validator(pos)), G2Point.generator())));
      if (faulty.isEmpty()) {
        throw new CryptoException("fast share verification", "the batch check failed but every"
            + " validator passed its own check: the batch weights are inconsistent (a bug)");
      }
      return faulty;
    }

    @Override
    public List<Integer> blame(
        List<Ciphertext> cts, List<List<G1Point>> sharesByMessage, Random random) {
      return verify(cts, sharesByMessage, random);
    }
  }
}
