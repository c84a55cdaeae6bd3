package dev.tdsim.workload;

import java.util.OptionalLong;
import java.util.SplittableRandom;

/**
 * How message payload sizes are drawn around their mean (YAML {@code msg_size_distribution}: its
 * name in lower case).
 */
public enum MsgSizeDistribution {
  /** Every message has the mean size; nothing is drawn. */
  FIXED {
    @Override
    double draw(long meanBytes, SplittableRandom random) {
      return meanBytes;
    }

    @Override
    public OptionalLong largestBytes(long meanBytes) {
      return OptionalLong.of(meanBytes);
    }
  },
  /** Uniform in [mean/2, 3 mean/2]: one draw. */
  UNIFORM {
    @Override
    double draw(long meanBytes, SplittableRandom random) {
      return meanBytes * (0.5 + random.nextDouble());
    }

    @Override
    public OptionalLong largestBytes(long meanBytes) {
      return OptionalLong.of(Math.round(meanBytes * 1.5));
    }
  },
  /** Log-normal with median mean and sigma 0.5: two draws (Box-Muller). */
  LOGNORMAL {
    @Override
    double draw(long meanBytes, SplittableRandom random) {
      return meanBytes * Math.exp(0.5 * Gaussian.draw(random));
    }
  };

  /** The largest payload drawn around {@code meanBytes}; empty when sizes have no bound. */
  public OptionalLong largestBytes(long meanBytes) {
    return OptionalLong.empty();
  }

  /** A size in bytes (before rounding), drawn from {@code random}. */
  abstract double draw(long meanBytes, SplittableRandom random);

  /** A payload size in whole bytes: {@link #draw} rounded, at least 1, below 2 GiB. */
  int drawBytes(long meanBytes, SplittableRandom random) {
    double size = draw(meanBytes, random);
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE - 64, Math.round(size)));
  }
}
