package dev.tdsim.crypto.design.bench;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.G2Prepared;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.PointShares;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.field.Lagrange;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tbls.CombineResult;
import dev.tdsim.crypto.tbls.PartialSignature;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The bench of a design's per-point form ({@link dev.tdsim.crypto.design.ShareForm#PER_POINT}):
 * digest, eval_proofs and decrypt_batch are the folded form's (the same code), share_create,
 * share_verify and reconstruct are {@link PointShares}' steps on the block's base point X.
 */
final class PointsDesignBench implements DesignBench {
  private final DesignBench folded;
  private final DesignKeys design;
  private final Workers workers;
  private final Function<BlockDigest, G1Point> base;
  private final PointShares points;
  private final G2Prepared generatorLines = G2Point.generator().prepare();
  private final G2Prepared masterKeyLines;

  PointsDesignBench(DesignBench folded, DesignKeys design, Workers workers,
      Function<BlockDigest, G1Point> base) {
    this.folded = folded;
    this.design = design;
    this.workers = workers;
    this.base = base;
    this.points = new PointShares(design.keys(), workers);
    this.masterKeyLines = design.keys().publicKeyG2().prepare();
  }

  @Override
  public List<DesignFunction> functions() {
    return folded.functions();
  }

  @Override
  public Fixture fixture(BlockId id, List<SealedTx> txs, List<byte[]> payloads,
      SignerSet signers, StrongRandom random) {
    Fixture inner = folded.fixture(id, txs, payloads, signers, random);
    KeySet keys = design.keys();
    Committee c = keys.committee();
    G1Point x = base.apply(design.digest(id, txs, workers));
    List<PartialSignature> partials = workers.map(signers.size(),
        pos -> points.share(signers.validator(pos), x));
    CombineResult expected = points.combine(x, partials, random);
    BlockKeyDesignBench.require(expected.signed(), "per-point shares give no key");
    G1Point key = expected.signature().get();
    // Kernel inputs: every point with its key share and a weight; the first t points and their
    // Lagrange coefficients (computed untimed).
    List<G1Point> all = new ArrayList<>();
    List<G2Point> keyShares = new ArrayList<>();
    for (PartialSignature p : partials) {
      int first = c.firstPointOf(p.validator());
      all.addAll(p.points());
      keyShares.addAll(keys.keyShares().subList(first, first + p.points().size()));
    }
    long[] weights = random.nextLongs(all.size());
    int t = c.threshold();
    int[] indices = new int[t];
    int pos = 0;
    for (PartialSignature p : partials) {
      int first = c.firstPointOf(p.validator());
      for (int i = 0; i < p.points().size() && pos < t; i++) {
        indices[pos++] = first + i;
      }
    }
    List<G1Point> firstT = all.subList(0, t);
    List<Fr> lambdas = Arrays.asList(Lagrange.atZero(keys.domain(), indices));
    Fr scalar = keys.validatorScalarShare(0);
    int own = c.pointsOf(signers.validator(0));
    return new Fixture() {
      @Override
      public Runnable run(DesignFunction fn) {
        return switch (fn) {
          case SHARE_CREATE -> {
            PartialSignature s = points.share(signers.validator(0), x);
            yield () -> BlockKeyDesignBench.require(s.equals(partials.get(0)),
                "share_create made other shares");
          }
          case SHARE_VERIFY -> {
            boolean ok = points.verifyAll(x, partials, random);
            yield () -> BlockKeyDesignBench.require(ok, "share_verify rejected honest shares");
          }
          case RECONSTRUCT -> {
            CombineResult k = points.combine(x, partials, random);
            yield () -> BlockKeyDesignBench.require(k.signed() && k.signature().get().equals(key),
                "reconstruct did not give the block key");
          }
          default -> inner.run(fn);
        };
      }

      @Override
      public void kernel(DesignFunction fn) {
        switch (fn) {
          case SHARE_CREATE -> {
            for (int i = 0; i < own; i++) {
              x.multiply(scalar);
            }
          }
          case SHARE_VERIFY -> {
            List<Object> sums = workers.map(2, i -> i == 0 ? G1Point.msmShort(all, weights)
                : G2Point.msmShort(keyShares, weights));
            Pairings.productIsOne(List.of((G1Point) sums.get(0), x.negate()),
                List.of(G2Point.generator(), (G2Point) sums.get(1)));
          }
          case RECONSTRUCT -> Pairings.millerLoopPrepared(
              List.of(G1Point.msm(firstT, lambdas), x.negate()),
              List.of(generatorLines, masterKeyLines)).finalExponentiation();
          default -> inner.kernel(fn);
        }
      }

      @Override
      public String kernelDescription(DesignFunction fn) {
        return switch (fn) {
          case SHARE_CREATE -> "one G1 scalar multiplication per key-share point of the validator";
          case SHARE_VERIFY -> "a 64-bit G1 MSM and G2 MSM over all N points, side by side, and"
              + " a 2-pair product";
          case RECONSTRUCT -> "a G1 MSM of t points (Lagrange coefficients given) and a 2-pair"
              + " product over precomputed lines (no subgroup check)";
          default -> inner.kernelDescription(fn);
        };
      }

      @Override
      public int units(DesignFunction fn) {
        return switch (fn) {
          case SHARE_CREATE, RECONSTRUCT -> 1;
          case SHARE_VERIFY -> 2;
          default -> inner.units(fn);
        };
      }
    };
  }
}
