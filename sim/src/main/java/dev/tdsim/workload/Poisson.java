package dev.tdsim.workload;

import java.util.SplittableRandom;

/** Poisson counts on a seeded stream. */
final class Poisson {
  private Poisson() {}

  /**
   * A Poisson draw of the given mean, saturating at Long.MAX_VALUE (never negative): no draw for
   * a mean of 0, Knuth's product of uniforms up to 50, a normal approximation above.
   */
  static long draw(double mean, SplittableRandom random) {
    if (!(mean > 0)) {
      return 0;
    }
    if (mean >= 0x1p63) {
      return Long.MAX_VALUE;
    }
    if (mean > 50) {
      // normal approximation; Math.round saturates at Long.MAX_VALUE
      return Math.max(0, Math.round(mean + Math.sqrt(mean) * Gaussian.draw(random)));
    }
    double limit = Math.exp(-mean);
    double p = 1;
    long k = 0;
    do {
      k++;
      p *= random.nextDouble();
    } while (p > limit);
    return k - 1;
  }
}
