package dev.tdsim.workload;

import java.util.SplittableRandom;

/** Standard normal draws on a seeded stream. */
final class Gaussian {
  private Gaussian() {}

  /** One standard normal value: Box-Muller on two uniform draws, so sizes are reproducible. */
  static double draw(SplittableRandom random) {
    double u = 1 - random.nextDouble();
    double v = random.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
