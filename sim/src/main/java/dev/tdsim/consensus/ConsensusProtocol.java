package dev.tdsim.consensus;

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

  /** What the run of the protocol looked like (rounds, messages, notes for the report). */
  ConsensusStats stats();
}
