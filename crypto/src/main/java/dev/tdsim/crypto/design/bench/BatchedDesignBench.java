package dev.tdsim.crypto.design.bench;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.batched.BatchedBlock;
import dev.tdsim.crypto.design.batched.BatchedDigest;
import dev.tdsim.crypto.design.batched.BatchedKeys;
import dev.tdsim.crypto.design.batched.BatchedOps;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The batched design's bench functions (through {@link BatchedOps}, on the workers the design was
 * set up with): digest, eval_proofs (as prepare computes them: FK20, or direct openings for small
 * blocks), share_create, share_verify, reconstruct, decrypt_batch, each beside the kernel
 * BatchedOps names for it (share_verify: its short MSMs and 2-pair product).
 */
final class BatchedDesignBench implements DesignBench {
  private final BatchedOps ops;
  private final DesignKeys keys;

  BatchedDesignBench(DesignKeys keys, Workers workers) {
    this.ops = new BatchedOps((BatchedKeys) keys);
    this.keys = keys;
  }

  static final List<DesignFunction> FUNCTIONS = List.of(DesignFunction.values());

  @Override
  public List<DesignFunction> functions() {
    return FUNCTIONS;
  }

  @Override
  public Fixture fixture(BlockId id, List<SealedTx> txs, List<byte[]> payloads,
      SignerSet signers, StrongRandom random) {
    int m = txs.size();
    BatchedDigest digest = ops.digest(id, txs);
    BatchedBlock block = ops.prepare(digest, txs);
    Fr[] tags = ops.tags(txs);
    Fr[] coefficients = ops.coefficients(txs);
    Fr[] scalars = new Fr[2 * coefficients.length];
    for (int i = 0; i < scalars.length; i++) {
      scalars[i] = coefficients[i % coefficients.length];
    }
    ops.prepareSigners(signers);
    Map<Integer, byte[]> encoded = new LinkedHashMap<>();
    List<byte[]> made = ops.workers().map(signers.size(),
        pos -> ops.shareCreate(signers.validator(pos), signers, block));
    for (int pos = 0; pos < signers.size(); pos++) {
      encoded.put(signers.validator(pos), made.get(pos));
    }
    List<G1Point> shares = ops.decodeShares(signers, encoded);
    G1Point key = ops.reconstruct(block, shares);
    // The share check's inputs in shape: V folded G2 keys (computed as block-key folds them) and
    // 64-bit weights.
    dev.tdsim.crypto.tpke.KeySet keySet = keys.keys();
    List<G2Point> foldedKeys = ops.workers().map(signers.size(), pos -> {
      int v = signers.validator(pos);
      int first = keySet.committee().firstPointOf(v);
      return G2Point.msm(keySet.keyShares().subList(first,
          first + keySet.committee().pointsOf(v)), List.of(signers.lambdasOf(v)));
    });
    long[] weights = random.nextLongs(signers.size());
    G1Point[] proofs = ops.evalProofsForBlock(tags); // caches FK20's transformed powers
    ops.evalProofs(coefficients); // the same for the kernel's size
    Fixture f = new Fixture() {
      @Override
      public Runnable run(DesignFunction fn) {
        return switch (fn) {
          case DIGEST -> {
            BatchedDigest d = ops.digest(id, txs);
            yield () -> BlockKeyDesignBench.require(d.equals(digest), "digest changed");
          }
          case EVAL_PROOFS -> {
            G1Point[] p = ops.evalProofsForBlock(tags);
            yield () -> BlockKeyDesignBench.require(Arrays.equals(p, proofs),
                "eval_proofs gave other proofs");
          }
          case SHARE_CREATE -> {
            byte[] s = ops.shareCreate(signers.validator(0), signers, block);
            yield () -> BlockKeyDesignBench.require(Arrays.equals(s, made.get(0)),
                "share_create made another share");
          }
          case SHARE_VERIFY -> {
            List<Integer> bad = ops.shareVerify(block, signers, shares, random);
            yield () -> BlockKeyDesignBench.require(bad.isEmpty(),
                "share_verify rejected honest shares " + bad);
          }
          case RECONSTRUCT -> {
            G1Point k = ops.reconstruct(block, shares);
            yield () -> BlockKeyDesignBench.require(k.equals(key),
                "reconstruct did not give the block key");
          }
          case DECRYPT_BATCH -> {
            List<Optional<byte[]>> out = ops.decryptBatch(block, key);
            yield () -> BlockKeyDesignBench.checkPlaintexts(out, payloads);
          }
        };
      }

      @Override
      public void kernel(DesignFunction fn) {
        switch (fn) {
          case DIGEST -> ops.msmKernel(tags);
          case EVAL_PROOFS -> ops.fftKernel(coefficients.length, scalars);
          case SHARE_CREATE -> digest.point().multiply(coefficients[0]);
          case SHARE_VERIFY -> {
            G1Point lhs = G1Point.msmShort(shares, weights);
            G2Point rhs = G2Point.msmShort(foldedKeys, weights);
            Pairings.productIsOne(List.of(lhs, digest.point().negate()),
                List.of(G2Point.generator(), rhs));
          }
          case RECONSTRUCT -> ops.reconstructKernel(shares, digest.point());
          case DECRYPT_BATCH -> ops.pairingKernel(block, key);
          default -> throw new IllegalArgumentException(fn.cliName());
        }
      }

      @Override
      public String kernelDescription(DesignFunction fn) {
        return switch (fn) {
          case DIGEST -> "one G1 MSM of size B over the Lagrange basis";
          case EVAL_PROOFS -> "2m G1 scalar multiplications, a G1 FFT of size 2m and one of size m";
          case SHARE_CREATE -> "one G1 scalar multiplication";
          case SHARE_VERIFY -> "a 64-bit G1 MSM and G2 MSM of V points and a 2-pair product";
          case RECONSTRUCT -> "the sum of V G1 points and a 2-pair product";
          case DECRYPT_BATCH -> "B 2-pair Miller loops and B final exponentiations";
        };
      }

      @Override
      public int units(DesignFunction fn) {
        return switch (fn) {
          case SHARE_CREATE, RECONSTRUCT -> 1;
          case SHARE_VERIFY -> signers.size();
          default -> m;
        };
      }
    };
    for (DesignFunction fn : functions()) {
      f.run(fn).run();
    }
    return f;
  }
}
