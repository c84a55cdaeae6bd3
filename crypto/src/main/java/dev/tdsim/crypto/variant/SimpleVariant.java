package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G2Prepared;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.field.Lagrange;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeyCollision;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SecretGroup;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code simple} (the first share_combine benchmark): one GT share C_k = e(U, Z_k) per key-share
 * point, combined as prod C_k^lambda_k over exactly t points, serially. There are no share proofs
 * in this design (the Z_k are private in the GT family): a bad share makes the combined secret
 * fail {@link BlockProposer}'s check against the public key and the payload stays unopened;
 * its combiner's {@code blame} names nobody, but when more than t points arrived {@link
 * BlockProposer} finds the validator by exclusion ({@link ExclusionBlame}).
 *
 * <p>Subclassed by {@code batch}, which combines in parallel.
 */
class SimpleVariant
    implements CombineVariant<List<GtElement>>, ExclusionBlame.PointShares<List<GtElement>> {
  /** A decoded simple share is already one GT element per point, in point order. */
  @Override
  public List<GtElement> perPoint(List<GtElement> share) {
    return share;
  }


  /** One GT element (576 B) per key-share point the validator holds, per ciphertext. */
  @Override
  public long shareWireBytes(Committee committee, int validator) {
    return 576L * committee.pointsOf(validator);
  }

  @Override
  public ShareWork shareWork() {
    return ShareWork.PER_POINT;
  }

  @Override
  public String name() {
    return "simple";
  }

  @Override
  public java.util.Optional<String> deploymentCaveat() {
    return java.util.Optional.of(CombinedCheck.GT_CAVEAT);
  }

  @Override
  public String description() {
    return "GT share per key-share point, t GT exponentiations per message (bucket multi-exp),"
        + " serial (first share_combine benchmark)";
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
  public boolean parallel() {
    return false;
  }

  @Override
  public ShareMaker shareMaker(KeySet keys, int validator, SignerSet signers) {
    int first = keys.committee().firstPointOf(validator);
    int count = keys.committee().pointsOf(validator);
    List<G2Prepared> lines = new ArrayList<>(count);
    for (int k = first; k < first + count; k++) {
      lines.add(keys.keyShares().get(k).prepare());
    }
    return ct -> {
      byte[] out = new byte[count * GtElement.BYTES];
      for (int i = 0; i < count; i++) {
        byte[] share = Pairings.millerLoopPrepared(List.of(ct.u()), List.of(lines.get(i)))
            .finalExponentiation().toBytes();
        System.arraycopy(share, 0, out, i * GtElement.BYTES, GtElement.BYTES);
      }
      return out;
    };
  }

  /**
   * Multiplies the share of the validator's first point k by e(G, H)^(1/lambda_k), lambda_k its
   * coefficient among the t points combined: the combination becomes s * e(G, H). Needs point k
   * among those t points.
   */
  @Override
  public ShareMaker colludingShareMaker(KeySet keys, int validator, SignerSet signers) {
    int[] used = combinedPoints(keys, signers);
    int k = keys.committee().firstPointOf(validator);
    int pos = Arrays.binarySearch(used, k);
    if (pos < 0) {
      throw new CryptoException("colluding share", "validator " + validator
          + "'s points are not among the " + used.length + " points combined");
    }
    Fr lambda = Lagrange.atZero(keys.domain(), used)[pos];
    GtElement factor = KeyCollision.gtShift().pow(lambda.inverse());
    ShareMaker honest = shareMaker(keys, validator, signers);
    return ct -> {
      byte[] out = honest.create(ct);
      byte[] first = Arrays.copyOf(out, GtElement.BYTES);
      byte[] shifted = GtElement.fromBytes(first).multiply(factor).toBytes();
      System.arraycopy(shifted, 0, out, 0, GtElement.BYTES);
      return out;
    };
  }

  /** The first t signer points: the ones combined (shares of later points are not needed). */
  private static int[] combinedPoints(KeySet keys, SignerSet signers) {
    return Arrays.copyOf(
        keys.committee().pointsOf(signers.validators()), keys.committee().threshold());
  }

  @Override
  public List<GtElement> decodeShare(byte[] encoded) {
    if (encoded == null || encoded.length == 0 || encoded.length % GtElement.BYTES != 0) {
      throw new CryptoException(
          "decoding simple share", "expected a multiple of 576 bytes, got "
              + (encoded == null ? "null" : encoded.length));
    }
    List<GtElement> out = new ArrayList<>(encoded.length / GtElement.BYTES);
    for (int off = 0; off < encoded.length; off += GtElement.BYTES) {
      out.add(GtElement.fromBytes(Arrays.copyOfRange(encoded, off, off + GtElement.BYTES)));
    }
    return out;
  }

  /**
   * One GT element per point the validator holds: a share with fewer or more elements would take
   * other points' places in the combination (spoiling every message with nobody named, or leaving
   * fewer than t points), so it is malformed.
   */
  @Override
  public List<GtElement> decodeShare(byte[] encoded, Committee committee, int validator) {
    long expected = shareWireBytes(committee, validator);
    if (encoded != null && encoded.length != expected) {
      throw new CryptoException("decoding simple share", "validator " + validator + " holds "
          + committee.pointsOf(validator) + " points: expected " + expected + " bytes, got "
          + encoded.length);
    }
    return decodeShare(encoded);
  }

  @Override
  public Combiner<List<GtElement>> prepare(KeySet keys, SignerSet signers, Workers workers) {
    int t = keys.committee().threshold();
    Fr[] lambdas = Lagrange.atZero(keys.domain(), combinedPoints(keys, signers));
    return new SimpleCombiner(signers, List.of(lambdas), t);
  }

  private static final class SimpleCombiner implements Combiner<List<GtElement>> {
    private final SignerSet signers;
    private final List<Fr> lambdas;
    private final int threshold;

    SimpleCombiner(SignerSet signers, List<Fr> lambdas, int threshold) {
      this.signers = signers;
      this.lambdas = lambdas;
      this.threshold = threshold;
    }

    @Override
    public SignerSet signers() {
      return signers;
    }

    private List<GtElement> firstT(List<List<GtElement>> shares) {
      List<GtElement> flat = new ArrayList<>(threshold);
      for (List<GtElement> s : shares) {
        for (GtElement e : s) {
          if (flat.size() == threshold) {
            return flat;
          }
          flat.add(e);
        }
      }
      if (flat.size() < threshold) {
        throw new CryptoException(
            "simple share_combine", "got " + flat.size() + " point shares, need " + threshold);
      }
      return flat;
    }

    @Override
    public byte[] combine(Ciphertext ct, List<List<GtElement>> shares) {
      return Tpke.secretBytes(GtElement.multiExp(firstT(shares), lambdas));
    }

    @Override
    public void kernel(Ciphertext ct, List<List<GtElement>> shares) {
      GtElement.multiExp(firstT(shares), lambdas);
    }

    @Override
    public boolean verifiesShares() {
      return false;
    }

    @Override
    public List<Integer> verify(
        List<Ciphertext> cts, List<List<List<GtElement>>> sharesByMessage, StrongRandom random) {
      return List.of();
    }

    @Override
    public List<Integer> blame(
        List<Ciphertext> cts, List<List<List<GtElement>>> sharesByMessage, StrongRandom random) {
      return List.of();
    }
  }

}
