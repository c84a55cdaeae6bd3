package dev.tdsim.jmh;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.field.Lagrange;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tbls.CombineResult;
import dev.tdsim.crypto.tbls.FoldedThresholdBls;
import dev.tdsim.crypto.tbls.PartialSignature;
import dev.tdsim.crypto.tbls.ThresholdBls;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * Threshold BLS on the default committee (docs/PERFORMANCE.md, "Threshold BLS"): N = 8192 points
 * over {@code validators} validators, t = 5461, partials of every validator on hand. The speed goal
 * of issue 11 compares {@link #combine} (choose the first t points, Lagrange coefficients, one G1
 * MSM, check of the result) with {@link #referenceLagrangePlusMsm} (the same coefficients plus one
 * single-threaded 5461-point Pippenger MSM) in the same run. Time per operation.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ThresholdBlsBench {
  @Param({"150"})
  public int validators;

  @Param({"2"})
  public int threads;

  private Workers workers;
  private ThresholdBls tbls;
  private G1Point hashed;
  private List<PartialSignature> partials;
  private byte[] encodedPartial;
  private byte[] uncompressedPartial;
  private int[] firstT;
  private List<G1Point> firstTPoints;
  private G1Point signature;
  private SeededDrbg random;
  private SignerSet signerSet;
  private FoldedThresholdBls.SignerKeys folded;
  private Map<Integer, G1Point> foldedPartials;

  @Setup(Level.Trial)
  public void setUp() {
    workers = Workers.of(threads);
    int n = 8192;
    Committee committee = Committee.equal(n, Committee.defaultThreshold(n), validators);
    KeySet keys = KeySet.deal(committee, SeededDrbg.of(1, "bench-tbls-keys", 0), workers);
    tbls = ThresholdBls.of(keys);
    keys.keyShares();
    hashed = tbls.hash("commit height 1".getBytes(StandardCharsets.UTF_8));
    partials = workers.map(validators, v -> tbls.sign(v, hashed));
    encodedPartial = partials.get(0).encode();
    uncompressedPartial = partials.get(0).encodeUncompressed();
    int t = committee.threshold();
    firstT = new int[t];
    firstTPoints = new ArrayList<>(t);
    for (int k = 0; k < t; k++) {
      firstT[k] = k;
      int v = keys.validatorOf(k);
      firstTPoints.add(partials.get(v).points().get(k - committee.firstPointOf(v)));
    }
    random = SeededDrbg.of(1, "bench-tbls-weights", 0);
    CombineResult r = tbls.combine(hashed, partials, random);
    signature = r.signature().orElseThrow();
    if (r.combinations() != 1 || !tbls.verifyAll(hashed, partials, random)) {
      throw new IllegalStateException("threshold BLS bench setup does not sign");
    }
    List<Integer> signers = new ArrayList<>();
    for (int v = 0, pts = 0; pts < t; v++) {
      signers.add(v);
      pts += committee.pointsOf(v);
    }
    signerSet = SignerSet.of(committee, signers);
    folded = FoldedThresholdBls.prepare(tbls, signerSet);
    foldedPartials = new HashMap<>();
    for (int v : signers) {
      foldedPartials.put(v, FoldedThresholdBls.sign(tbls, v, signerSet, hashed));
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    workers.close();
  }

  /** The goal's numerator: combine 5461 of 8192 points and check the signature. */
  @Benchmark
  public Object combine() {
    return tbls.combine(hashed, partials, random).signature().orElseThrow();
  }

  /** The goal's denominator: Lagrange coefficients of the first t points, one 5461-point MSM. */
  @Benchmark
  public G1Point referenceLagrangePlusMsm() {
    Fr[] lambdas = Lagrange.atZero(tbls.keys().domain(), firstT);
    return G1Point.msm(firstTPoints, Arrays.asList(lambdas));
  }

  /** The coefficients alone (fast Lagrange: vanishing polynomial of the 2731 missing points). */
  @Benchmark
  public Fr[] lagrangeOnly() {
    return Lagrange.atZero(tbls.keys().domain(), firstT);
  }

  /** Validator 0's partial: one G1 multiplication per point it holds (55 at V = 150). */
  @Benchmark
  public PartialSignature signPartial() {
    return tbls.sign(0, hashed);
  }

  /** Decoding validator 0's 55 compressed points with subgroup checks (a vote's receipt). */
  @Benchmark
  public PartialSignature decodePartial() {
    return PartialSignature.decode(tbls.committee(), 0, encodedPartial);
  }

  /** The combiner's decoding of one vote: 55 uncompressed points, curve checks only. */
  @Benchmark
  public PartialSignature decodePartialOnCurve() {
    return PartialSignature.decodeOnCurve(tbls.committee(), 0, uncompressedPartial);
  }

  /** One validator's partial, random-weight check (55-point G1 and G2 short MSMs, 2 pairings). */
  @Benchmark
  public boolean verifyPartial() {
    return tbls.verifyPartial(hashed, partials.get(0), random);
  }

  /** All 8192 partial points in one random-weight check. */
  @Benchmark
  public boolean verifyAllPartials() {
    return tbls.verifyAll(hashed, partials, random);
  }

  /** The combined signature: subgroup check and a 2-pair product over precomputed lines. */
  @Benchmark
  public boolean verifyCombined() {
    return tbls.verify(hashed, signature);
  }

  /** Folded form: one validator's partial for a known signer set (one G1 multiplication). */
  @Benchmark
  public G1Point foldedSign() {
    return FoldedThresholdBls.sign(tbls, 0, signerSet, hashed);
  }

  /** Folded form: the sum of the signers' partials and its check. */
  @Benchmark
  public Object foldedCombine() {
    return FoldedThresholdBls.combine(tbls, hashed, foldedPartials, folded, random)
        .signature().orElseThrow();
  }
}
