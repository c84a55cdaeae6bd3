package dev.tdsim.crypto.design.blockkey;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2FixedBases;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.G2Prepared;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The block-key design's operations, one function per cost the benchmarks report:
 * {@code share_create} ({@link #createShare}), {@code share_verify} ({@link #faultyShares}),
 * {@code reconstruct} ({@link #reconstruct}: combine and check the block key), {@code
 * decrypt_batch} ({@link #decryptBatch}) and the bare kernel ({@link #pairings}: B single
 * pairings). {@link BlockKeyKeys#propose} is built from them. Stateless and thread-safe.
 */
public final class BlockKeyOps {
  private static final G2Prepared GENERATOR_LINES = G2Point.generator().prepare();

  private BlockKeyOps() {}

  /**
   * Validator {@code validator}'s folded scalar a_i = sum over its points k of lambda_k
   * f(omega^k), with the Lagrange coefficients at 0 of signer set {@code signers}.
   */
  static Fr foldedScalar(KeySet keys, int validator, SignerSet signers) {
    Fr[] lambdas = signers.lambdasOf(validator);
    int first = keys.committee().firstPointOf(validator);
    Fr folded = Fr.zero();
    for (int i = 0; i < lambdas.length; i++) {
      folded = folded.add(lambdas[i].mul(keys.validatorScalarShare(first + i)));
    }
    return folded;
  }

  /** share_create: D_i = [a_i] H1(id), one G1 scalar multiplication (plus a_i). */
  public static G1Point createShare(
      KeySet keys, int validator, SignerSet signers, G1Point identity) {
    return identity.multiply(foldedScalar(keys, validator, signers));
  }

  /**
   * Per validator, blst's fixed-base tables of its key shares Z_k (window {@value
   * #KEY_SHARE_WINDOW_BITS}: 2^5 points of 192 B per key-share point, 50 MB for 8192 points),
   * built once per key set: they make each signer set's A_i about 1.8x cheaper than Pippenger.
   */
  public static List<G2FixedBases> keyShareTables(KeySet keys, Workers workers) {
    return workers.map(keys.committee().validators(), v -> {
      int first = keys.committee().firstPointOf(v);
      return new G2FixedBases(keys.keyShares().subList(first, first + keys.committee().pointsOf(v)),
          KEY_SHARE_WINDOW_BITS);
    });
  }

  /** Window of {@link #keyShareTables}. */
  static final int KEY_SHARE_WINDOW_BITS = 6;

  /**
   * The public counterpart of every signer's folded share, A_i = sum_k [lambda_k] Z_k in G2 (one
   * G2 MSM over the validator's points each), in signer order, with blst's fixed-base tables of
   * the A_i (window {@value #TABLE_WINDOW_BITS} bits: 2^7 points of 192 B per signer, 3.7 MB at
   * V = 150) for the batch check. Once per signer set.
   *
   * @param keys A_i in signer order
   */
  public record FoldedKeys(List<G2Point> keys, G2FixedBases table) {
    public FoldedKeys {
      keys = List.copyOf(keys);
    }

    /**
     * @param keyShareTables {@link #keyShareTables} of {@code keySet}
     */
    public static FoldedKeys of(KeySet keySet, SignerSet signers, List<G2FixedBases> keyShareTables,
        Workers workers) {
      List<G2Point> keys = workers.map(signers.size(), pos -> {
        int v = signers.validator(pos);
        return keyShareTables.get(v).msm(List.of(signers.lambdasOf(v)));
      });
      return new FoldedKeys(keys, new G2FixedBases(keys, TABLE_WINDOW_BITS));
    }
  }

  /** Window of the A_i tables: halves the batch check's G2 MSM against Pippenger at V = 150. */
  static final int TABLE_WINDOW_BITS = 8;

  /**
   * Batch check of every signer's share with independent random 64-bit weights w_i:
   * e(sum [w_i] D_i, H2) == e(H1(id), sum [w_i] A_i), one 2-pair product after a G1 MSM and a
   * fixed-base G2 MSM (run side by side). A torsion component of a D_i is invisible to pairings;
   * the combined key's subgroup check catches it ({@link #reconstruct}).
   */
  public static boolean batchVerify(G1Point identity, List<G1Point> shares, FoldedKeys folded,
      StrongRandom random, Workers workers) {
    long[] w = weights(shares.size(), random);
    List<Object> sums = workers.map(2, i -> i == 0 ? G1Point.msmShort(shares, w)
        : folded.table().msmShort(w));
    return Pairings.productIsOne(List.of((G1Point) sums.get(0), identity.negate()),
        List.of(G2Point.generator(), (G2Point) sums.get(1)));
  }

  /**
   * share_verify: the positions (in signer order) of the shares that are wrong, empty when the
   * batch check passes; on failure each share is checked alone, e(D_i, H2) == e(H1(id), A_i).
   */
  public static List<Integer> faultyShares(G1Point identity, List<G1Point> shares,
      FoldedKeys folded, StrongRandom random, Workers workers) {
    if (batchVerify(identity, shares, folded, random, workers)) {
      return List.of();
    }
    return positionsFailing(shares.size(), workers, pos -> Pairings.productIsOne(
        List.of(shares.get(pos), identity.negate()), List.of(G2Point.generator(), folded.keys().get(pos))));
  }

  /** The positions whose shares lie outside the prime-order subgroup. */
  public static List<Integer> outsideSubgroup(List<G1Point> shares, Workers workers) {
    return positionsFailing(shares.size(), workers, pos -> shares.get(pos).isInSubgroup());
  }

  /**
   * reconstruct: K = sum D_i (the shares are Lagrange-weighted already: one batch-affine sum),
   * then K in G1 and e(K, H2) == e(H1(id), Y2) as one 2-pair product over precomputed lines.
   * Empty when the check fails.
   */
  public static Optional<G1Point> reconstruct(
      G1Point identity, List<G1Point> shares, G2Prepared masterKeyLines) {
    G1Point key = G1Point.sum(shares);
    return checkKey(key, identity, masterKeyLines) ? Optional.of(key) : Optional.empty();
  }

  /** Whether {@code key} is [s]H1(id): in G1, and e(K, H2) * e(-H1(id), Y2) == 1. */
  public static boolean checkKey(G1Point key, G1Point identity, G2Prepared masterKeyLines) {
    return !key.isIdentity() && key.isInSubgroup()
        && Pairings.millerLoopPrepared(List.of(key, identity.negate()),
            List.of(GENERATOR_LINES, masterKeyLines)).finalExponentiation().isOne();
  }

  /**
   * decrypt_batch: opens every transaction with the (checked) block key: one pairing e(K, U_j),
   * the seed and the AEAD each, in parallel; then the Fujisaki-Okamoto check U_j == [r_j]H2 of
   * all opened ones at once ({@link #checkReencryption}). A transaction that fails either is
   * refused (its slot empty), never opened wrong.
   */
  public static List<Optional<byte[]>> decryptBatch(G1Point blockKey, byte[] idBytes,
      List<BlockKeyTx> txs, StrongRandom random, Workers workers) {
    List<Optional<BlockKeyCipher.Opened>> opened =
        workers.map(txs.size(), j -> BlockKeyCipher.open(blockKey, idBytes, txs.get(j)));
    List<Boolean> ok = checkReencryption(txs, opened, random, workers);
    List<Optional<byte[]>> out = new ArrayList<>(txs.size());
    for (int j = 0; j < txs.size(); j++) {
      out.add(ok.get(j) ? Optional.of(opened.get(j).get().message()) : Optional.empty());
    }
    return out;
  }

  /**
   * The FO check of every opened transaction: sum [rho_j] U_j == [sum rho_j r_j] H2 with random
   * 64-bit rho_j (one short G2 MSM and one G2 multiplication instead of one G2 multiplication
   * per transaction); when it fails, each one alone. Unopened slots are false.
   */
  static List<Boolean> checkReencryption(List<BlockKeyTx> txs,
      List<Optional<BlockKeyCipher.Opened>> opened, StrongRandom random, Workers workers) {
    List<Integer> idx = new ArrayList<>();
    for (int j = 0; j < txs.size(); j++) {
      if (opened.get(j).isPresent()) {
        idx.add(j);
      }
    }
    List<Boolean> ok = new ArrayList<>(java.util.Collections.nCopies(txs.size(), false));
    if (idx.isEmpty()) {
      return ok;
    }
    boolean all;
    if (idx.size() == 1) {
      all = false; // checked alone below
    } else {
      long[] rho = weights(idx.size(), random);
      List<G2Point> us = new ArrayList<>(idx.size());
      Fr sum = Fr.zero();
      for (int i = 0; i < idx.size(); i++) {
        int j = idx.get(i);
        us.add(txs.get(j).u());
        sum = sum.add(unsigned(rho[i]).mul(opened.get(j).get().r()));
      }
      all = G2Point.msmShort(us, rho).equals(G2Point.generator().multiply(sum));
    }
    if (all) {
      idx.forEach(j -> ok.set(j, true));
    } else {
      List<Boolean> each = workers.map(idx.size(), i -> {
        int j = idx.get(i);
        return G2Point.generator().multiply(opened.get(j).get().r()).equals(txs.get(j).u());
      });
      for (int i = 0; i < idx.size(); i++) {
        ok.set(idx.get(i), each.get(i));
      }
    }
    return ok;
  }

  /** The bare kernel decrypt_batch is measured against: one full pairing e(K, U_j) each. */
  public static List<GtElement> pairings(G1Point blockKey, List<G2Point> us, Workers workers) {
    return workers.map(us.size(), j -> Pairings.pair(blockKey, us.get(j)));
  }

  /** Independent non-zero 64-bit weights from a strong stream (unpredictable to share makers). */
  static long[] weights(int n, StrongRandom random) {
    return random.nextNonZeroLongs(n);
  }

  static Fr unsigned(long x) {
    return x >= 0 ? Fr.of(x) : Fr.of(BigInteger.valueOf(x).add(BigInteger.ONE.shiftLeft(64)));
  }

  private static List<Integer> positionsFailing(
      int n, Workers workers, java.util.function.IntPredicate passes) {
    List<Boolean> pass = workers.map(n, passes::test);
    List<Integer> bad = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (!pass.get(i)) {
        bad.add(i);
      }
    }
    return bad;
  }
}
