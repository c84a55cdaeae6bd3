package dev.tdsim.consensus;

import java.util.List;
import java.util.Optional;

/**
 * A protocol's own settings (its timeouts, its simulation models), as the rest of the simulator
 * may ask them: each protocol's record implements it and the protocol reads its own record.
 */
public interface ProtocolSettings {
  /** Whether a committee of {@code validators} is simulated message by message. */
  boolean exactFor(int validators);

  /**
   * Why this protocol's models cannot simulate a committee of {@code validators} at all (a model
   * that sends every vote as a message, with no large-committee model beside it), naming the
   * keys that decide it; empty when they can.
   */
  default Optional<Refusal> refusesCommittee(int validators) {
    return Optional.empty();
  }

  /**
   * Whether the protocol carries transactions between validators itself (Jolteon's Quorum Store
   * batches), so that the validators' mempools do not gossip to each other: Aptos sets {@code
   * broadcast_within_validator_network} to {@code !quorum_store_enabled}.
   */
  default boolean disseminatesTransactions() {
    return false;
  }

  /**
   * Why a committee of {@code validators} cannot host faults that act on single messages (the
   * model that computes quorum arrival times has no messages to drop or forge), naming the keys
   * that decide it; empty when it can.
   */
  Optional<Refusal> refusesMessageFaults(int validators);

  /**
   * Why this protocol's model cannot host a fault of kind {@code kind} (its scenario name: the
   * protocol knows which of the fault registry's kinds it models); empty when it can.
   */
  default Optional<Refusal> refusesFault(String kind) {
    return Optional.empty();
  }

  /**
   * The pause a validator takes after a commit before it starts the next height (0 for a
   * protocol whose next block does not wait for a commit).
   */
  long commitPauseNanos();

  /**
   * How long a peer's gossip loop that finds nothing to send sleeps before it looks again, for
   * the network's per-peer send loops (0: the protocol sends directly, no gossip loop).
   */
  long gossipSleepNanos();

  /** How much of the chain's time one block needs, for judging a block-time budget. */
  BlockPace pace();

  /**
   * The setting that spaces this chain's blocks, in words for the report's chain line (e.g.
   * {@code timeout_commit 0 ms}).
   */
  String blockSpacing();

  /**
   * The protocol's words for its block certificate and for the votes that make it, for reports
   * (Tendermint: {@code commit certificate} of {@code precommit}s).
   */
  CertificateWords certificateWords();

  /**
   * The name of the decryption schedule ({@code crypto.schedule}) a scenario on this protocol
   * gets when it names none: how the chains that run this protocol decrypt.
   */
  String defaultSchedule();

  /**
   * @param certificate the block certificate's name ({@code commit certificate})
   * @param vote one vote that makes it ({@code precommit})
   */
  record CertificateWords(String certificate, String vote) {}

  /**
   * A refusal of a scenario's combination.
   *
   * @param problem what is wrong and how to fix it, one sentence
   * @param keys the scenario keys that decide it ({@code consensus.simulation})
   */
  record Refusal(String problem, List<String> keys) {
    public Refusal {
      keys = List.copyOf(keys);
    }
  }
}
