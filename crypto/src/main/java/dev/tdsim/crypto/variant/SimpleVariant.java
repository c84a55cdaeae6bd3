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
 * point, combined as prod C_k^lambda_k over exactly t points, serially. Each share also carries
 * its sender's blinded share D = [1/b_i]U ({@link GtShare}), so that when the combined secret
 * fails {@link BlockProposer}'s check against the public key, {@code blame} checks each validator
 * whose points were combined on its own and names exactly those whose elements are wrong
 * (positive evidence: never by exclusion, issue 19, item 9).
 *
 * <p>Subclassed by {@code batch}, which combines in parallel.
 */
class SimpleVariant implements CombineVariant<GtShare> {
  /**
   * One GT element (576 B) per key-share point the validator holds, per ciphertext, and the
   * blinded share D (96 B) that lets each element be checked.
   */
  @Override
  public long shareWireBytes(Committee committee, int validator) {
    return GtShare.wireBytes(committee.pointsOf(validator));
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
    Fr inverseBlinding = keys.validatorBlinding(validator).inverse();
    return ct -> {
      byte[] out = new byte[count * GtElement.BYTES];
      for (int i = 0; i < count; i++) {
        byte[] share = Pairings.millerLoopPrepared(List.of(ct.u()), List.of(lines.get(i)))
            .finalExponentiation().toBytes();
        System.arraycopy(share, 0, out, i * GtElement.BYTES, GtElement.BYTES);
      }
      return GtShare.encode(out, ct, inverseBlinding);
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

  @Override
  public boolean takesPointErrors() {
    return true;
  }

  /** The honest share with each element k multiplied by e(G, H)^(p(x_k)) ({@link PointErrors}). */
  @Override
  public ShareMaker framingShareMaker(KeySet keys, int attacker, int target, SignerSet signers) {
    int[] vanishing = PointErrors.vanishing(keys.committee(), attacker, target, signers);
    Fr[] errors = PointErrors.errors(keys, attacker, vanishing);
    List<GtElement> factors = new ArrayList<>(errors.length);
    for (Fr e : errors) {
      factors.add(KeyCollision.gtShift().pow(e));
    }
    ShareMaker honest = shareMaker(keys, attacker, signers);
    return ct -> {
      byte[] out = honest.create(ct);
      for (int k = 0; k < factors.size(); k++) {
        int off = k * GtElement.BYTES;
        byte[] shifted = GtElement.fromBytes(Arrays.copyOfRange(out, off, off + GtElement.BYTES))
            .multiply(factors.get(k)).toBytes();
        System.arraycopy(shifted, 0, out, off, GtElement.BYTES);
      }
      return out;
    };
  }

  /** The first t signer points: the ones combined (shares of later points are not needed). */
  private static int[] combinedPoints(KeySet keys, SignerSet signers) {
    return Arrays.copyOf(
        keys.committee().pointsOf(signers.validators()), keys.committee().threshold());
  }

  @Override
  public GtShare decodeShare(byte[] encoded) {
    return GtShare.decode(encoded, "decoding simple share");
  }

  /**
   * One GT element per point the validator holds, and D: a share with fewer or more elements
   * would take other points' places in the combination (spoiling every message, or leaving fewer
   * than t points), so it is malformed.
   */
  @Override
  public GtShare decodeShare(byte[] encoded, Committee committee, int validator) {
    long expected = shareWireBytes(committee, validator);
    if (encoded != null && encoded.length != expected) {
      throw new CryptoException("decoding simple share", "validator " + validator + " holds "
          + committee.pointsOf(validator) + " points: expected " + expected + " bytes, got "
          + encoded.length);
    }
    return decodeShare(encoded);
  }

  @Override
  public Combiner<GtShare> prepare(KeySet keys, SignerSet signers, Workers workers) {
    Fr[] lambdas = Lagrange.atZero(keys.domain(), combinedPoints(keys, signers));
    return new SimpleCombiner(keys, signers, List.of(lambdas), workers);
  }

  private static final class SimpleCombiner implements Combiner<GtShare> {
    private final KeySet keys;
    private final SignerSet signers;
    private final List<Fr> lambdas;
    private final int threshold;
    private final Workers workers;

    SimpleCombiner(KeySet keys, SignerSet signers, List<Fr> lambdas, Workers workers) {
      this.keys = keys;
      this.signers = signers;
      this.lambdas = lambdas;
      this.threshold = keys.committee().threshold();
      this.workers = workers;
    }

    @Override
    public SignerSet signers() {
      return signers;
    }

    private List<GtElement> firstT(List<GtShare> shares) {
      List<GtElement> flat = new ArrayList<>(threshold);
      for (GtShare s : shares) {
        for (GtElement e : s.elements()) {
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
    public byte[] combine(Ciphertext ct, List<GtShare> shares) {
      return Tpke.secretBytes(GtElement.multiExp(firstT(shares), lambdas));
    }

    @Override
    public void kernel(Ciphertext ct, List<GtShare> shares) {
      GtElement.multiExp(firstT(shares), lambdas);
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
     * Each validator whose points are among the t combined (the only ones a combination reads),
     * checked on its own against its blinding key and blinded shares ({@link GtShare#check}):
     * the ones whose shares are wrong. Weights are drawn on the calling thread, in signer order.
     */
    @Override
    public List<Integer> blame(
        List<Ciphertext> cts, List<List<GtShare>> sharesByMessage, StrongRandom random) {
      List<Integer> combined = new ArrayList<>();
      int points = 0;
      for (int pos = 0; pos < signers.size() && points < threshold; pos++) {
        combined.add(pos);
        points += keys.committee().pointsOf(signers.validator(pos));
      }
      List<StrongRandom> streams = new ArrayList<>(combined.size());
      for (int ignored : combined) {
        streams.add(random.split());
      }
      List<Boolean> wrong = workers.map(combined.size(), i -> GtShare.check(keys,
          signers.validator(combined.get(i)), cts, Shares.column(sharesByMessage, combined.get(i)),
          v -> v, streams.get(i)).isPresent());
      List<Integer> bad = new ArrayList<>();
      for (int i = 0; i < combined.size(); i++) {
        if (wrong.get(i)) {
          bad.add(signers.validator(combined.get(i)));
        }
      }
      return bad;
    }
  }
}
