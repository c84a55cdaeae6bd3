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
 * e(U, Z'_i) per message; combining is V-1 GT multiplications. No share proofs: a bad share makes
 * the combined secret fail {@link BlockProposer}'s check, and the payload stays unopened.
 */
final class PrecomputedVariant implements CombineVariant<GtElement> {
  /** One GT element (576 B) per ciphertext: the validator's points are folded into it. */
  @Override
  public long shareWireBytes(Committee committee, int validator) {
    return 576;
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
    return ct -> Pairings.millerLoopPrepared(List.of(ct.u()), List.of(folded))
        .finalExponentiation().toBytes();
  }

  /** The honest share times e(G, H): the product of the shares becomes s * e(G, H). */
  @Override
  public ShareMaker colludingShareMaker(KeySet keys, int validator, SignerSet signers) {
    ShareMaker honest = shareMaker(keys, validator, signers);
    GtElement factor = KeyCollision.gtShift();
    return ct -> GtElement.fromBytes(honest.create(ct)).multiply(factor).toBytes();
  }

  @Override
  public GtElement decodeShare(byte[] encoded) {
    return GtElement.fromBytes(encoded);
  }

  @Override
  public Combiner<GtElement> prepare(KeySet keys, SignerSet signers, Workers workers) {
    return new Combiner<>() {
      @Override
      public SignerSet signers() {
        return signers;
      }

      @Override
      public byte[] combine(Ciphertext ct, List<GtElement> shares) {
        return Tpke.secretBytes(product(shares));
      }

      @Override
      public void kernel(Ciphertext ct, List<GtElement> shares) {
        product(shares);
      }

      @Override
      public boolean verifiesShares() {
        return false;
      }

      @Override
      public List<Integer> verify(
          List<Ciphertext> cts, List<List<GtElement>> sharesByMessage, StrongRandom random) {
        return List.of();
      }

      @Override
      public List<Integer> blame(
          List<Ciphertext> cts, List<List<GtElement>> sharesByMessage, StrongRandom random) {
        return List.of();
      }
    };
  }

  private static GtElement product(List<GtElement> shares) {
    if (shares.isEmpty()) {
      throw new CryptoException("precomputed share_combine", "no shares");
    }
    GtElement acc = shares.get(0);
    for (int i = 1; i < shares.size(); i++) {
      acc = acc.multiply(shares.get(i));
    }
    return acc;
  }
}
