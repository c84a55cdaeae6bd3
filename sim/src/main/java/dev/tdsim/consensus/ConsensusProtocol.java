package dev.tdsim.consensus;

import java.util.function.IntPredicate;

/**
 * A BFT consensus protocol the simulation runs. Created by {@link Protocols} from the scenario's
 * {@code consensus.protocol}; it drives itself through the event loop once started and reports
 * every validator's commits to its {@link ConsensusListener}.
 */
public interface ConsensusProtocol {
  /** Starts height 1 at every validator at {@code startNanos}. */
  void start(long startNanos);

  /** The proposer of (height, round). */
  int proposer(int height, int round);

  /**
   * The validator that decrypts {@code height} first because it needs the plaintexts first: the
   * one its decryption shares are sent to. {@code unavailable} tells which validators cannot
   * serve now (crashed, silent); the protocol skips them the way its own rules would (Tendermint:
   * the proposer of the next height in the first round whose proposer is available).
   */
  int combinerOf(int height, IntPredicate unavailable);

  /**
   * How many heights after {@code h} the first proposal made after h's commit is (Tendermint: 1,
   * the next height is proposed after the commit): a schedule that holds a proposal for the
   * plaintexts of an earlier height holds the proposal of h + lag for h's.
   */
  int decisionLag();

  /**
   * The stake a quorum needs: more than two thirds of {@code totalStake}, as CometBFT and Aptos
   * count it.
   */
  static long quorumStake(long totalStake) {
    return totalStake * 2 / 3 + 1;
  }

  /** What the run of the protocol looked like (rounds, messages, notes for the report). */
  ConsensusStats stats();
}
