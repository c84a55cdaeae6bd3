package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.G2Prepared;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeyCollision;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SecretGroup;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import java.util.List;

/**
 * {@code precomputed} (Ferveo's precomputed variant): for a known signer set each validator folds
 * its Lagrange coefficients into its key, Z'_i = sum_k [lambda_k] Z_k, and sends one GT share
 * e(U, Z'_i) per message, with its blinded share D = [1/b_i]U ({@link GtShare}); combining is
 * V-1 GT multiplications. A bad share makes the combined secret fail {@link BlockProposer}'s
 * check; {@code blame} then checks each signer's element against e(D, K_i), K_i = sum_k
 * [-lambda_k omega^k] B_k (fast's combine key for the set), names the wrong ones, and the others
 * reshare for the set without them.
 */
final class PrecomputedVariant implements CombineVariant<GtShare> {
  /**
   * One GT element (576 B) per ciphertext (the validator's points are folded into it) and the
   * blinded share D (96 B) that lets it be checked.
   */
  @Override
  public long shareWireBytes(Committee committee, int validator) {
    return GtShare.wireBytes(1);
  }

  /** The G2 key shares (share making) and the blinded-share tables (blame's per-validator check). */
  @Override
  public String prepareKeyTables(KeySet keys) {
    keys.keyShares();
    keys.blindedShareTables();
    return "G2 key shares, blinded key-share tables";
  }

  @Override
  public ShareWork shareWork() {
    return ShareWork.PER_VALIDATOR_FOLDED;
  }

  @Override
  public String name() {
    return "precomputed";
  }

  @Override
  public java.util.Optional<String> deploymentCaveat() {
    return java.util.Optional.of(CombinedCheck.GT_CAVEAT);
  }

  @Override
  public String description() {
    return "Lagrange folded into each validator's G2 key; one GT share per validator; combine ="
        + " V GT products (Ferveo precomputed)";
  }

  @Override
  public SecretGroup secretGroup() {
    return SecretGroup.GT;
  }

  @Override
  public boolean sharesDependOnSigners() {
    return true;
  }

  @Override
  public ShareMaker shareMaker(KeySet keys, int validator, SignerSet signers) {
    int first = keys.committee().firstPointOf(validator);
    int count = keys.committee().pointsOf(validator);
    Fr[] lambdas = signers.lambdasOf(validator);
    G2Prepared folded =
        G2Point.msm(keys.keyShares().subList(first, first + count), List.of(lambdas)).prepare();
    Fr inverseBlinding = keys.validatorBlinding(validator).inverse();
    return ct -> GtShare.encode(Pairings.millerLoopPrepared(List.of(ct.u()), List.of(folded))
        .finalExponentiation().toBytes(), ct, inverseBlinding);
  }

  /** The honest share times e(G, H): the product of the shares becomes s * e(G, H). */
  @Override
  public ShareMaker colludingShareMaker(KeySet keys, int validator, SignerSet signers) {
    ShareMaker honest = shareMaker(keys, validator, signers);
    GtElement factor = KeyCollision.gtShift();
    return ct -> {
      byte[] out = honest.create(ct);
      byte[] shifted = GtElement.fromBytes(java.util.Arrays.copyOf(out, GtElement.BYTES))
          .multiply(factor).toBytes();
      System.arraycopy(shifted, 0, out, 0, GtElement.BYTES);
      return out;
    };
  }

  @Override
  public GtShare decodeShare(byte[] encoded) {
    if (encoded == null || encoded.length != GtShare.wireBytes(1)) {
      throw new CryptoException("decoding precomputed share", "expected " + GtShare.wireBytes(1)
          + " bytes, got " + (encoded == null ? "null" : encoded.length));
    }
    return GtShare.decode(encoded, "decoding precomputed share");
  }

  @Override
  public Combiner<GtShare> prepare(KeySet keys, SignerSet signers, Workers workers) {
    return new Combiner<>() {
      @Override
      public SignerSet signers() {
        return signers;
      }

      @Override
      public byte[] combine(Ciphertext ct, List<GtShare> shares) {
        return Tpke.secretBytes(product(shares));
      }

      @Override
      public void kernel(Ciphertext ct, List<GtShare> shares) {
        product(shares);
      }

      @Override
      public boolean verifiesShares() {
        return false;
      }

      @Override
      public List<Integer> verify(
          List<Ciphertext> cts, List<List<GtShare>> sharesByMessage, StrongRandom random) {
        return List.of();
      }

      /**
       * Every signer checked on its own ({@link GtShare#check}) against its fold for this set:
       * e(D, K_i) with the per-point coefficients v_0 lambda_k. Weights are drawn on the calling
       * thread, in signer order.
       */
      @Override
      public List<Integer> blame(
          List<Ciphertext> cts, List<List<GtShare>> sharesByMessage, StrongRandom random) {
        List<StrongRandom> streams = new java.util.ArrayList<>(signers.size());
        for (int pos = 0; pos < signers.size(); pos++) {
          streams.add(random.split());
        }
        return Shares.faulty(signers, workers, pos -> {
          Fr[] lambdas = signers.lambdasOf(signers.validator(pos));
          return GtShare.check(keys, signers.validator(pos), cts,
              Shares.column(sharesByMessage, pos), v -> scaled(lambdas, v[0]), streams.get(pos))
              .isEmpty();
        });
      }
    };
  }

  private static GtElement product(List<GtShare> shares) {
    if (shares.isEmpty()) {
      throw new CryptoException("precomputed share_combine", "no shares");
    }
    GtElement acc = shares.get(0).elements().get(0);
    for (int i = 1; i < shares.size(); i++) {
      acc = acc.multiply(shares.get(i).elements().get(0));
    }
    return acc;
  }

  private static Fr[] scaled(Fr[] lambdas, Fr by) {
    Fr[] out = new Fr[lambdas.length];
    for (int k = 0; k < lambdas.length; k++) {
      out[k] = lambdas[k].mul(by);
    }
    return out;
  }
}
