package dev.tdsim.consensus.jolteon;

import dev.tdsim.consensus.Block;
import java.util.List;

/**
 * A block of the Jolteon chain: one per round (an honest leader proposes once per round), so its
 * round names it. Its height is its distance from genesis; the k-th ordered block is at height
 * k. The parent is the block its proposal's QC certifies (the object itself: a validator that
 * holds a QC is taken to hold its block, as Aptos' block retrieval fetches a missing one).
 *
 * @param round the round it was proposed in (genesis: 0)
 * @param height its height (genesis: 0)
 * @param parent the block it extends (null for genesis)
 * @param proposer the leader that proposed it (-1 for genesis)
 * @param payload what the pipeline (or an empty filler past the run's heights) put in it
 * @param parentSigners the voters of its parent's QC (Aptos' previous_block_votes_bitvec, which
 *     leader reputation counts)
 */
record JBlock(long round, int height, JBlock parent, int proposer, Block payload,
    List<Integer> parentSigners) {
  /** The block every chain starts from: round 0, height 0. */
  static final JBlock GENESIS = new JBlock(0, 0, null, -1, null, List.of());

  /** Rounds lost before this block: the failed rounds between its parent's and its own. */
  int roundInHeight() {
    return parent == null ? 0 : (int) (round - parent.round - 1);
  }
}
