package dev.tdsim.jmh;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
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
 * Ciphertext validity of a block of {@code txs} transactions (docs/PERFORMANCE.md, "Batched
 * ciphertext checks (issue 22 D)"): each transaction's own check ({@link DesignKeys#isValid}, in
 * parallel on the workers) against the batched check ({@link DesignKeys#invalidAmong}: one
 * weighted pairing product split over the workers), on an honest block and on one with a single
 * bad transaction in the middle (the batched check fails and the bisection search names it).
 * {@code folded} is Ferveo's Baek-Zheng tag (e(U, H(U||V)) == e(G, W)), {@code batched} the
 * batched design's proof (its own block-wide check with Fiat-Shamir weights). The check does not
 * depend on the committee, so the key set is small.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class ValidityBatchBench {
  @Param({"folded", "batched"})
  public String design;

  @Param({"1000"})
  public int txs;

  @Param({"2"})
  public int threads;

  private Workers workers;
  private DesignKeys keys;
  private List<SealedTx> honest;
  private List<SealedTx> oneBad;
  private SeededDrbg random;

  @Setup(Level.Trial)
  public void setUp() {
    workers = Workers.of(threads);
    KeySet keySet = KeySet.deal(Committee.equal(16, 11, 4), SeededDrbg.of(1, "bench-keys", 0),
        workers);
    keys = Designs.byName(design).setup(keySet, txs, SeededDrbg.of(1, "bench-setup", 0), workers);
    BlockId id = new BlockId("bench", 1);
    SeededDrbg sealing = SeededDrbg.of(1, "bench-seal", 0);
    honest = new ArrayList<>(txs);
    for (int j = 0; j < txs; j++) {
      honest.add(keys.encrypt(id, j, new byte[100], sealing));
    }
    oneBad = new ArrayList<>(honest);
    byte[] bytes = honest.get(txs / 2).toBytes();
    bytes[bytes.length - 1] ^= 1; // inside the AEAD tag: decodes, fails the validity proof
    oneBad.set(txs / 2, keys.decode(bytes));
    random = SeededDrbg.of(1, "bench-weights", 0);
    if (!keys.invalidAmong(honest, random, workers).isEmpty()
        || !keys.invalidAmong(oneBad, random, workers).equals(List.of(txs / 2))) {
      throw new IllegalStateException("validity bench setup: the checks disagree with the block");
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    workers.close();
  }

  /** Every transaction's own check (two Miller loops and a final exponentiation each). */
  @Benchmark
  public List<Boolean> perTransaction() {
    return workers.map(honest.size(), j -> keys.isValid(honest.get(j)));
  }

  /** The batched check of an honest block. */
  @Benchmark
  public List<Integer> batched() {
    return keys.invalidAmong(honest, random, workers);
  }

  /** The batched check of a block with one bad transaction, and the search that names it. */
  @Benchmark
  public List<Integer> batchedOneBad() {
    return keys.invalidAmong(oneBad, random, workers);
  }
}
