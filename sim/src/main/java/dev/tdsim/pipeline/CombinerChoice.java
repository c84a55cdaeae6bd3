package dev.tdsim.pipeline;

import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.faults.FaultPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.IntUnaryOperator;

/**
 * Who decrypts a height and with whose shares: the combiner (the protocol's, {@link
 * ConsensusProtocol#combinerOf}: for Tendermint the round-0 proposer of the next height), the
 * validators an equivocating one sends its two kinds of shares to, and the
 * signer set a combiner that folds the set announces.
 */
final class CombinerChoice {
  /**
   * The validators a height's shares go to, fixed at its first commit.
   *
   * @param combiner the validator that combines them
   * @param designated the protocol's combiner when every validator is available (Tendermint:
   *     the round-0 proposer of the next height; the combiner unless another stands in for it)
   * @param backup the validator after the designated one by id
   */
  record Combiners(int combiner, int designated, int backup) {}

  private final FaultPlan faults;
  private final int validators;
  private ConsensusProtocol consensus;
  private IntUnaryOperator combinerOf;

  CombinerChoice(FaultPlan faults, int validators) {
    this.faults = faults;
    this.validators = validators;
  }

  /** The consensus model, asked for each height's combiner. */
  void attach(ConsensusProtocol consensus) {
    this.consensus = consensus;
  }

  /** See {@link DecryptionPipeline#combinerRule}. */
  void combinerRule(IntUnaryOperator combinerOfHeight) {
    this.combinerOf = combinerOfHeight;
  }

  /** The combiners of {@code height}, chosen at its first commit ({@code atNanos}). */
  Combiners at(int height, long atNanos) {
    // The runner's rule when faults may keep the designated combiner from serving; else the
    // protocol's designated combiner, skipping those crashed at the first commit.
    int combiner = combinerOf != null ? combinerOf.applyAsInt(height)
        : faults.isEmpty() ? consensus.combinerOf(height, v -> false)
        : consensus.combinerOf(height, v -> faults.isCrashed(v, height + 1, atNanos));
    int designated = consensus.combinerOf(height, v -> false);
    return new Combiners(combiner, designated, (designated + 1) % validators);
  }

  /**
   * The order in which validators fail over: the combiner chosen at the first commit, then the
   * validators after the designated one by id (wrapping), each once: by id every validator knows
   * the order without asking the consensus protocol (the next height's later-round proposers would
   * serve as well under Tendermint, but Jolteon's leader election has no such list).
   */
  static List<Integer> candidates(Combiners c, int validators) {
    List<Integer> order = new ArrayList<>(validators);
    order.add(c.combiner());
    for (int k = 1; k <= validators; k++) {
      int v = (c.designated() + k) % validators;
      if (v != c.combiner()) { // each validator once: k walks every id, the combiner included
        order.add(v);
      }
    }
    return List.copyOf(order);
  }

  /**
   * The commit's signers without the excluded, widened in index order (skipping the excluded) if
   * their points fall short of t; null when even every validator left is short of t.
   */
  static SignerSet signerSet(Committee committee, List<Integer> commitSigners,
      Set<Integer> excluded) {
    List<Integer> chosen = new ArrayList<>();
    for (int v : commitSigners) {
      if (!excluded.contains(v)) {
        chosen.add(v);
      }
    }
    int points = chosen.stream().mapToInt(committee::pointsOf).sum();
    for (int v = 0; v < committee.validators() && points < committee.threshold(); v++) {
      if (!chosen.contains(v) && !excluded.contains(v)) {
        chosen.add(v);
        points += committee.pointsOf(v);
      }
    }
    return points < committee.threshold() ? null : SignerSet.of(committee, chosen);
  }
}
