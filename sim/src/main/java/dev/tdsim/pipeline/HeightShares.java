package dev.tdsim.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** One height, from its first commit to its plaintexts: what all its combiners share. */
final class HeightShares {
  final int height;
  final long[] commitAt;
  /** Each validator's commit signers (null until it commits). */
  final List<List<Integer>> commitSigners;
  final Map<Integer, CombinerShares> byCombiner = new HashMap<>();
  Decision decision;
  /**
   * Who combines, chosen at the first commit (null before it): the first combiner, the round-0
   * proposer of the next height and the validator after it by id.
   */
  CombinerChoice.Combiners combiners;
  /** Failover between candidate combiners; null with every validator combining. */
  CombinerFailover failover;
  /** With every validator combining: the validators that broadcast their shares. */
  final boolean[] broadcast;
  boolean done;

  HeightShares(int height, int validators) {
    this.height = height;
    this.commitAt = new long[validators];
    this.commitSigners = new ArrayList<>(Collections.nCopies(validators, null));
    this.broadcast = new boolean[validators];
    Arrays.fill(commitAt, -1);
  }
}
