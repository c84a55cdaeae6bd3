package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The batched design's operations one at a time, for benchmarks ({@code tdsim bench}: digest,
 * eval_proofs, share_create, share_verify, reconstruct, decrypt_batch), and the bare kernels they
 * are compared with in the same run: the pairing products of decrypt_batch, the G1 FFTs and scalar
 * multiplications of FK20, the MSM of the digest and the sum of reconstruct. Every operation runs
 * on the keys' {@link Workers}.
 */
public final class BatchedOps {
  private final BatchedKeys keys;
  private final Workers workers;

  public BatchedOps(BatchedKeys keys) {
    this.keys = keys;
    this.workers = keys.workers();
  }

  public Workers workers() {
    return workers;
  }

  /** digest: B tags, one scalar inverse FFT of size m, one G1 MSM of size m. */
  public BatchedDigest digest(BlockId block, List<SealedTx> txs) {
    return keys.digest(block, txs, workers);
  }

  /** The polynomial the digest commits to (coefficients on H_n, length n): FK20's input. */
  public Fr[] coefficients(List<SealedTx> txs) {
    return Kzg.interpolate(keys.evaluations(tags(txs)));
  }

  /** Each transaction's tag. */
  public Fr[] tags(List<SealedTx> txs) {
    return workers.map(txs.size(), j -> Cipher.tag(((BatchedTx) txs.get(j)).header()))
        .toArray(Fr[]::new);
  }

  /** eval_proofs: all n openings by FK20 (the powers' transform is cached after the first). */
  public G1Point[] evalProofs(Fr[] coefficients) {
    return Kzg.openAll(keys.setup(), coefficients, workers);
  }

  /** eval_proofs as prepare computes them: direct openings for small blocks, else FK20. */
  public G1Point[] evalProofsForBlock(Fr[] tags) {
    return keys.negatedProofs(tags, workers);
  }

  /** validity of a whole block (one product, one final exponentiation): the invalid positions. */
  public List<Integer> validity(List<SealedTx> txs) {
    return keys.invalidPositions(txs.stream().map(t -> (BatchedTx) t).toList(), workers);
  }

  /** The whole of prepare: digest check, validity of every transaction, FK20. */
  public BatchedBlock prepare(BatchedDigest digest, List<SealedTx> txs) {
    return keys.prepare(digest, txs, workers);
  }

  /** share_create: one G1 scalar multiplication (plus folding the signer set's coefficients). */
  public byte[] shareCreate(int validator, SignerSet signers, BatchedBlock block) {
    return keys.foldedShare(validator, signers, block);
  }

  /** The signer set's folded G2 keys (what share_verify checks against), cached per set. */
  public void prepareSigners(SignerSet signers) {
    keys.combiner().foldedKeys(signers);
  }

  /** Decodes one share per signer (subgroup-checked), in signer order. */
  public List<G1Point> decodeShares(SignerSet signers, Map<Integer, byte[]> shares) {
    return workers.map(signers.size(), pos -> G1Point.fromBytes(shares.get(signers.validator(pos))));
  }

  /**
   * share_verify: all signers' shares in one 2-pair product with 64-bit random weights; on failure
   * each share alone. Returns the validators whose share is wrong (empty: all good).
   */
  public List<Integer> shareVerify(BatchedBlock block, SignerSet signers, List<G1Point> shares,
      StrongRandom random) {
    BatchedCombiner c = keys.combiner();
    List<G2Point> folded = c.foldedKeys(signers);
    G1Point point = block.digest().point();
    if (c.batchVerify(point, shares, folded, random)) {
      return List.of();
    }
    return c.blame(point, signers, shares, folded);
  }

  /** reconstruct: K = sum of the shares (batch-affine), checked by e(K, H) == e(C', [sk]_2). */
  public G1Point reconstruct(BatchedBlock block, List<G1Point> shares) {
    G1Point key = G1Point.sum(shares);
    if (!keys.combiner().checkKey(block.digest().point(), key)) {
      throw new CryptoException("batched reconstruct", "the combined key is not sk*C'");
    }
    return key;
  }

  /** decrypt_batch: every transaction's 2-pair product, final exponentiation, KDF and AEAD. */
  public List<Optional<byte[]>> decryptBatch(BatchedBlock block, G1Point key) {
    return keys.combiner().decryptAll(block, key);
  }

  /** Kernel of decrypt_batch: the same B 2-pair Miller loops and final exponentiations only. */
  public int pairingKernel(BatchedBlock block, G1Point key) {
    return keys.combiner().pairingKernel(block, key);
  }

  /**
   * Kernel of eval_proofs for m: what FK20 cannot avoid, on the same inputs' shapes: 2m G1
   * scalar multiplications, one G1 FFT of size 2m and one of size m (the cached transform of the
   * powers excluded, as in eval_proofs).
   */
  public G1Point fftKernel(int m, Fr[] scalars) {
    List<G1Point> powers = keys.setup().powers();
    G1Point[] product = new G1Point[2 * m];
    workers.forEach(2 * m, i -> product[i] = powers.get(i % m).multiply(scalars[i % scalars.length]));
    G1Point[] z = G1Fft.transform(product, true, workers);
    G1Point[] out = G1Fft.transform(Arrays.copyOf(z, m), false, workers);
    return out[0];
  }

  /** Kernel of digest: one G1 MSM of size B over the Lagrange basis. */
  public G1Point msmKernel(Fr[] tags) {
    return G1Point.msm(keys.setup().lagrange().subList(0, tags.length), Arrays.asList(tags));
  }

  /** Kernel of reconstruct: the sum of V points and one 2-pair pairing product. */
  public boolean reconstructKernel(List<G1Point> shares, G1Point point) {
    G1Point sum = G1Point.sum(shares);
    return Pairings.productIsOne(new ArrayList<>(List.of(sum, point.negate())),
        List.of(G2Point.generator(), keys.setup().publicKeyG2()));
  }
}
