package dev.tdsim.jmh;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G2GeneratorTable;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
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
 * Dealing keys (docs/PERFORMANCE.md, "Dealing keys"): one multiple of the G2 generator by blst's
 * own multiplication against the generator's table ({@link G2GeneratorTable}), and a whole key
 * set of {@code shares} points over 150 validators with its blinded keys, as every run's setup
 * builds it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class KeyDealingBench {
  @Param({"8192"})
  public int shares;

  @Param({"2"})
  public int threads;

  private Workers workers;
  private Fr scalar;
  private int round;

  @Setup(Level.Trial)
  public void setUp() {
    workers = Workers.of(threads);
    scalar = Fr.random(SeededDrbg.of(1, "bench-dealing", 0));
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    workers.close();
  }

  @Benchmark
  public G2Point generatorMultiply() {
    return G2Point.generator().multiply(scalar);
  }

  @Benchmark
  public G2Point generatorTable() {
    return G2GeneratorTable.multiply(scalar);
  }

  /** A fresh key set and its blinded keys (what a run's setup waits for). */
  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @Measurement(iterations = 5)
  @Warmup(iterations = 1)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  public Object dealKeySet() {
    KeySet keys = KeySet.deal(Committee.equal(shares, Committee.defaultThreshold(shares), 150),
        SeededDrbg.of(round++, "bench-dealing-keys", 0), workers);
    return keys.blindedShares();
  }
}
