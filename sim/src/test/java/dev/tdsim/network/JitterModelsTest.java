package dev.tdsim.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.random.RandomStreams;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class JitterModelsTest {

  private static final int DRAWS = 40_001;

  private static double[] sample(JitterModel model, long seed) {
    SplittableRandom rng = new RandomStreams(seed).stream("jitter-test", 0);
    double[] x = new double[DRAWS];
    for (int i = 0; i < DRAWS; i++) {
      x[i] = model.factor(rng);
    }
    return x;
  }

  private static double median(double[] x) {
    double[] s = x.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  @Test
  void noneIsExactlyOne() {
    SplittableRandom rng = new SplittableRandom(1);
    long before = new SplittableRandom(1).nextLong();
    assertEquals(1.0, new NoJitter().factor(rng));
    assertEquals(before, rng.nextLong(), "none must not consume draws");
  }

  @Test
  void lognormalHasMedianOneAndTheConfiguredSigma() {
    double[] x = sample(new LognormalJitter(0.2), 7);
    // the sample median of 40k draws has sd ~ 0.2 * 1.25 / sqrt(40k) = 0.00125: bounds are 8 sd
    assertEquals(1.0, median(x), 0.01);
    double mean = Arrays.stream(x).map(Math::log).average().orElseThrow();
    double var = Arrays.stream(x).map(v -> Math.pow(Math.log(v) - mean, 2)).sum() / (DRAWS - 1);
    assertEquals(0.2, Math.sqrt(var), 0.01);
    assertTrue(Arrays.stream(x).allMatch(v -> v > 0));
  }

  @Test
  void paretoHasMedianOneAndAHeavyRightTail() {
    ParetoJitter pareto = new ParetoJitter(5);
    double[] x = sample(pareto, 8);
    assertEquals(1.0, median(x), 0.01);
    double min = Arrays.stream(x).min().orElseThrow();
    assertTrue(min >= pareto.minimumFactor(), "min " + min);
    assertEquals(Math.pow(2, -0.2), pareto.minimumFactor(), 1e-12);
    // P(factor > 2) = P((2U)^(-1/5) > 2) = P(U < 2^-6) = 1/64; bounds +-25% are ~6 sd
    long above2 = Arrays.stream(x).filter(v -> v > 2).count();
    assertEquals(DRAWS / 64.0, above2, DRAWS / 64.0 * 0.25);
  }

  @Test
  void drawsAreDeterministicFromTheStream() {
    assertTrue(Arrays.equals(sample(new LognormalJitter(0.1), 3),
        sample(new LognormalJitter(0.1), 3)));
    assertTrue(Arrays.equals(sample(new ParetoJitter(3), 3), sample(new ParetoJitter(3), 3)));
  }

  @Test
  void registryCreatesByNameWithConfigParameters() {
    NetworkConfig base = UnitTestNetworks.perLink();
    assertEquals(new LognormalJitter(0.3), JitterModels.create(base.withLognormalJitter(0.3)));
    assertEquals(new ParetoJitter(4), JitterModels.create(base.withParetoJitter(4)));
    assertInstanceOf(NoJitter.class, JitterModels.create(base.withJitterModel("NONE")));
    assertThrows(IllegalArgumentException.class, () -> new LognormalJitter(-0.1));
    assertThrows(IllegalArgumentException.class, () -> new ParetoJitter(0));
    assertThrows(IllegalArgumentException.class, () -> base.withParetoJitter(Double.NaN));
  }
}
