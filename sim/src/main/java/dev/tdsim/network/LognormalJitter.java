package dev.tdsim.network;

import dev.tdsim.random.CommonsMathRandom;
import java.util.SplittableRandom;

/**
 * factor = exp(sigma Z), Z standard normal: log-normal with median exactly 1 (the median of
 * exp(sigma Z) is exp(0)). Log-normal rather than normal noise because a delay must stay positive
 * and delay noise is skewed to the right (a packet can be late by much more than it can be early).
 * For small sigma it is close to the normal netem jitter of CometBFT's latency emulation
 * ({@code test/e2e/pkg/latency/latency-setter.py}: delay +- 5% of the latency, normal), which
 * sigma = 0.05 reproduces. Z is drawn by the inverse normal CDF of one uniform, so one message
 * consumes exactly one draw and the result is the same on every JVM.
 *
 * @param sigma the standard deviation of ln(factor), >= 0 (0.1 gives a ~10% spread)
 */
public record LognormalJitter(double sigma) implements JitterModel {

  public static final String NAME = "lognormal";

  public LognormalJitter {
    if (!(sigma >= 0) || Double.isInfinite(sigma)) {
      throw new IllegalArgumentException("lognormal sigma must be finite and >= 0, got " + sigma);
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public double factor(SplittableRandom rng) {
    return StrictMath.exp(sigma * CommonsMathRandom.standardNormal(rng));
  }
}
