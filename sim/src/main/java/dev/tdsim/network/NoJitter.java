package dev.tdsim.network;

import java.util.SplittableRandom;

/** Factor 1, drawing nothing: deterministic links for hand-checked scenarios and baselines. */
public record NoJitter() implements JitterModel {

  public static final String NAME = "none";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public double factor(SplittableRandom rng) {
    return 1.0;
  }
}
