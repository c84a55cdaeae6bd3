package dev.tdsim.network;

import dev.tdsim.random.CommonsMathRandom;
import java.util.SplittableRandom;

/**
 * A heavy right tail: Pareto with shape alpha, scaled so that the median is 1. A Pareto with
 * scale x_m has median x_m 2^(1/alpha), so x_m = 2^(-1/alpha) and by the inverse CDF
 * factor = x_m U^(-1/alpha) = (2U)^(-1/alpha), U uniform in (0, 1). The factor never drops below
 * 2^(-1/alpha) (0.87 for alpha = 5): a link is at most 13% faster than its median but occasionally
 * much slower, the shape of queueing delay.
 *
 * <p>SimBlock (Aoki et al., "SimBlock: A Blockchain Network Simulator", INFOCOM Workshops 2019;
 * {@code simblock.simulator.Network.getLatency}) draws latency as scale / U^(1/shape) with shape
 * 0.2 x mean latency in ms and scale = mean - 5 ms. Here the shape is a parameter (default 5, a
 * heavier tail than SimBlock's for links over 25 ms) and the median, not the minimum, is pinned to
 * the measured latency.
 *
 * @param shape the tail index alpha, > 0; the mean is finite only for alpha > 1
 */
public record ParetoJitter(double shape) implements JitterModel {

  public static final String NAME = "pareto";

  /** The default tail index (see the class comment). */
  public static final double DEFAULT_SHAPE = 5.0;

  public ParetoJitter {
    if (!(shape > 0) || Double.isInfinite(shape)) {
      throw new IllegalArgumentException("pareto shape must be finite and > 0, got " + shape);
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  /** The smallest factor the model can return, 2^(-1/shape). */
  public double minimumFactor() {
    return StrictMath.pow(2.0, -1.0 / shape);
  }

  @Override
  public double factor(SplittableRandom rng) {
    return StrictMath.pow(2.0 * CommonsMathRandom.openUnit(rng), -1.0 / shape);
  }
}
