package dev.tdsim.network;

import java.util.SplittableRandom;

/**
 * Multiplicative noise on a link's base latency: a message's propagation time is base latency x
 * {@link #factor}. Multiplicative, because measured delay spread grows with path length (a 150 ms
 * trans-Pacific path varies by milliseconds, a 1 ms intra-region link by tens of microseconds).
 * Every model is scaled so that its median factor is 1, so the base latency stays the median
 * latency, as in the measured matrix it comes from (CloudPing reports medians).
 *
 * <p>Implementations are chosen by name in {@link JitterModels}. They keep no state: every draw
 * comes from the stream passed in, so the caller decides which stream a message's jitter uses.
 */
public interface JitterModel {

  /** The registry name, lower case. */
  String name();

  /** One multiplicative factor, > 0, median 1. */
  double factor(SplittableRandom rng);
}
