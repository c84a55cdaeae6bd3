package dev.tdsim.consensus.jolteon;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongToIntFunction;

/**
 * Aptos' leader reputation (ProposerAndVoterV2, {@code leader_reputation.rs}): the leader of
 * round r is drawn with weights from the ordered chain up to round r - {@code exclude_round}. Over
 * the newest n x {@code proposer_window_num_validators_multiplier} ordered blocks it counts each
 * validator's proposals and failed rounds (a block's failed authors are the leaders of the rounds
 * between its parent's and its own, at most {@code max_failed_authors_to_store}, the newest);
 * over the newest n x {@code voter_window_num_validators_multiplier} its votes (the signers of
 * each block's parent QC). A validator weighs {@code failed_weight} if failed x 100 > (proposals +
 * failed) x {@code failure_threshold_percent}, else {@code active_weight} if it proposed or voted,
 * else {@code inactive_weight}; times its stake. The draw is a hash of the round modulo the total
 * weight (Aptos hashes the accumulator root, the epoch and the round with SHA3-256; here a
 * SplitMix64 hash of the run's seed and the round), so every validator computes the same leader.
 * A round's leader, once its window lies wholly in the ordered chain, is kept (Aptos'
 * CachedProposerElection).
 */
final class LeaderReputation {
  private final JolteonSettings.Reputation config;
  private final long[] stake;
  private final long seed;
  /** The chain's ordered blocks, height 1 first. */
  private final List<JBlock> ordered;
  /** The leader of an earlier round (for failed authors). */
  private LongToIntFunction leaderOf;
  private final Map<Long, Integer> settled = new HashMap<>();

  LeaderReputation(JolteonSettings.Reputation config, long[] stake, long seed,
      List<JBlock> ordered) {
    this.config = config;
    this.stake = stake;
    this.seed = seed;
    this.ordered = ordered;
  }

  /** Where failed authors come from: the election itself, for earlier rounds. */
  void leadersFrom(LongToIntFunction leaderOfRound) {
    this.leaderOf = leaderOfRound;
  }

  int leaderOf(long round) {
    Integer known = settled.get(round);
    if (known != null) {
      return known;
    }
    long target = round - config.excludeRound();
    int leader = draw(round, weights(target));
    long lastOrdered = ordered.isEmpty() ? 0 : ordered.get(ordered.size() - 1).round();
    if (target <= lastOrdered) {
      settled.put(round, leader);
    }
    return leader;
  }

  /**
   * The share of the stake that proposed one of, or signed the parent QC of, the newest {@link
   * ChainHealth#WINDOW} ordered blocks up to round {@code round - exclude_round} (Aptos'
   * {@code compute_chain_health_and_add_metrics}); 1 while fewer blocks are ordered (Aptos' "chain
   * just started": no history to judge by).
   */
  double participation(long round) {
    long target = round - config.excludeRound();
    int newest = ordered.size() - 1;
    while (newest >= 0 && ordered.get(newest).round() > target) {
      newest--;
    }
    if (newest + 1 < ChainHealth.WINDOW) {
      return 1.0;
    }
    boolean[] took = new boolean[stake.length];
    for (int i = newest; i > newest - ChainHealth.WINDOW; i--) {
      JBlock b = ordered.get(i);
      took[b.proposer()] = true;
      for (int v : b.parentSigners()) {
        took[v] = true;
      }
    }
    double part = 0;
    double total = 0;
    for (int v = 0; v < stake.length; v++) {
      total += stake[v];
      part += took[v] ? stake[v] : 0;
    }
    return part / total;
  }

  /** Each validator's weight times its stake, from the ordered blocks up to round target. */
  long[] weights(long target) {
    int n = stake.length;
    int newest = ordered.size() - 1;
    while (newest >= 0 && ordered.get(newest).round() > target) {
      newest--;
    }
    int[] proposals = new int[n];
    int[] failed = new int[n];
    int[] votes = new int[n];
    int proposerWindow = n * config.proposerWindowMultiplier();
    int voterWindow = n * config.voterWindowMultiplier();
    for (int i = newest, seen = 0; i >= 0 && seen < Math.max(proposerWindow, voterWindow);
        i--, seen++) {
      JBlock b = ordered.get(i);
      if (seen < proposerWindow) {
        proposals[b.proposer()]++;
        long firstFailed = Math.max(b.parent().round() + 1,
            b.round() - config.maxFailedAuthors());
        for (long r = firstFailed; r < b.round(); r++) {
          failed[leaderOf.applyAsInt(r)]++;
        }
      }
      if (seen < voterWindow) {
        for (int v : b.parentSigners()) {
          votes[v]++;
        }
      }
    }
    long[] weights = new long[n];
    for (int v = 0; v < n; v++) {
      long w = (long) failed[v] * 100 > (long) (proposals[v] + failed[v])
          * config.failureThresholdPercent() ? config.failedWeight()
          : proposals[v] > 0 || votes[v] > 0 ? config.activeWeight() : config.inactiveWeight();
      weights[v] = w * stake[v];
    }
    return weights;
  }

  /** The first validator whose running sum of weights exceeds hash(round) mod total. */
  private int draw(long round, long[] weights) {
    long total = 0;
    for (long w : weights) {
      total += w;
    }
    long x = Long.remainderUnsigned(mix(seed + round * 0x9E3779B97F4A7C15L), total);
    long sum = 0;
    for (int v = 0; v < weights.length; v++) {
      sum += weights[v];
      if (x < sum) {
        return v;
      }
    }
    return weights.length - 1;
  }

  /** SplitMix64's finalizer. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
