package dev.tdsim.jmh;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.G2Prepared;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.blockkey.BlockKeyCipher;
import dev.tdsim.crypto.design.blockkey.BlockKeyOps;
import dev.tdsim.crypto.design.blockkey.BlockKeyTx;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The block-key design's costs (docs/PERFORMANCE.md, "block-key"): one validator's share, the
 * batch verification of every share, reconstruct (sum and check of the block key), the two
 * together (the critical path before decryption), the per-signer-set preparation, and decrypting
 * a block of B transactions beside its bare kernel, B single pairings e(K, U_j) on the same
 * threads. All signers of a committee of {@code validators} with 8192 points, threshold 5461.
 * Time per operation: divide the two B-sized ones by B for a transaction.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BlockKeyBench {
  @Param({"150"})
  public int validators;

  @Param({"2"})
  public int threads;

  @Param({"512"})
  public int txs;

  private Workers workers;
  private KeySet keys;
  private SignerSet signers;
  private G1Point identity;
  private List<G1Point> shares;
  private BlockKeyOps.FoldedKeys folded;
  private List<dev.tdsim.crypto.curve.G2FixedBases> tables;
  private G2Prepared masterKeyLines;
  private G1Point blockKey;
  private byte[] idBytes;
  private List<BlockKeyTx> sealed;
  private List<G2Point> us;
  private SeededDrbg random;

  @Setup(Level.Trial)
  public void setUp() {
    workers = Workers.of(threads);
    keys = KeySet.deal(Committee.equal(8192, Committee.defaultThreshold(8192), validators),
        SeededDrbg.of(1, "bench-keys", 0), workers);
    DesignKeys design = Designs.byName("block-key").setup(keys, txs, SeededDrbg.of(1, "b", 1),
        workers);
    signers = SignerSet.all(keys.committee());
    signers.lambdas();
    BlockId id = new BlockId("bench", 1);
    idBytes = id.toBytes();
    identity = BlockKeyCipher.identity(id);
    shares = workers.map(signers.size(),
        pos -> BlockKeyOps.createShare(keys, signers.validator(pos), signers, identity));
    tables = BlockKeyOps.keyShareTables(keys, workers);
    folded = BlockKeyOps.FoldedKeys.of(keys, signers, tables, workers);
    masterKeyLines = keys.publicKeyG2().prepare();
    blockKey = BlockKeyOps.reconstruct(identity, shares, masterKeyLines).orElseThrow();
    SeededDrbg sealing = SeededDrbg.of(1, "bench-seal", 0);
    sealed = new ArrayList<>(txs);
    for (int j = 0; j < txs; j++) {
      SealedTx tx = design.encrypt(id, j, new byte[256], sealing);
      sealed.add((BlockKeyTx) tx);
    }
    us = sealed.stream().map(BlockKeyTx::u).toList();
    random = SeededDrbg.of(1, "bench-weights", 0);
    if (!BlockKeyOps.faultyShares(identity, shares, folded, random, workers).isEmpty()
        || BlockKeyOps.decryptBatch(blockKey, idBytes, sealed, random, workers).stream()
            .anyMatch(java.util.Optional::isEmpty)) {
      throw new IllegalStateException("block-key bench setup does not open its own block");
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    workers.close();
  }

  /** share_create: one validator's folded scalar (coefficients cached) and one G1 multiplication. */
  @Benchmark
  public G1Point shareCreate() {
    return BlockKeyOps.createShare(keys, 0, signers, identity);
  }

  /** share_verify: the batch check of all V shares (G1 and G2 short MSMs, one 2-pair product). */
  @Benchmark
  public List<Integer> shareVerify() {
    return BlockKeyOps.faultyShares(identity, shares, folded, random, workers);
  }

  /** reconstruct: K = sum of the V shares, K in G1, e(K, H2) == e(H1(id), Y2). */
  @Benchmark
  public Object reconstruct() {
    return BlockKeyOps.reconstruct(identity, shares, masterKeyLines).orElseThrow();
  }

  /** share_verify then reconstruct: everything between the shares' arrival and decryption. */
  @Benchmark
  public Object verifyAndReconstruct() {
    if (!BlockKeyOps.faultyShares(identity, shares, folded, random, workers).isEmpty()) {
      throw new IllegalStateException("honest shares failed");
    }
    return BlockKeyOps.reconstruct(identity, shares, masterKeyLines).orElseThrow();
  }

  /** Once per signer set: A_i = sum_k [lambda_k] Z_k for every signer (V fixed-base G2 MSMs over
   * the key shares' tables of the key set), and the A_i's own table. */
  @Benchmark
  public Object prepareSignerSet() {
    return BlockKeyOps.FoldedKeys.of(keys, signers, tables, workers);
  }

  /** decrypt_batch: B transactions opened (pairing, seed, AEAD) and FO-checked. */
  @Benchmark
  public Object decryptBatch() {
    return BlockKeyOps.decryptBatch(blockKey, idBytes, sealed, random, workers);
  }

  /** The bare kernel: B single pairings e(K, U_j), final exponentiation each. */
  @Benchmark
  public void pairingsKernel() {
    BlockKeyOps.pairings(blockKey, us, workers);
  }
}
