package dev.tdsim.faults;

import dev.tdsim.consensus.SplitVote;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The split-vote faults of a plan, per coalition member, and how a coalition splits the honest
 * validators. Mutable while a {@link FaultPlan.Builder} fills it, then frozen.
 */
final class SplitVotes {
  private record Entry(FaultWindow window, SplitVote attack) {}

  private static final Entry[] NONE = new Entry[0];

  private final List<List<Entry>> building;
  private Entry[][] byValidator;

  SplitVotes(int validators) {
    building = Stream.generate(() -> new ArrayList<Entry>(1)).limit(validators)
        .collect(Collectors.toList());
  }

  /**
   * Adds a coalition of {@code coalition} (ascending ids) that attacks during {@code window}.
   *
   * @throws FaultException when it has no member or leaves fewer than two honest validators
   */
  void add(int[] coalition, FaultWindow window, long[] stake) {
    SplitVote attack = new SplitVote(stake.length, coalition, sideB(coalition, stake));
    Entry e = new Entry(window, attack);
    for (int v : coalition) {
      building.get(v).add(e);
    }
  }

  /**
   * Side B of a coalition's split: side A is the fewest honest validators, by id, that with the
   * coalition hold +2/3 of the stake (at most every honest validator but the last), side B the
   * other honest validators. Both sides then hold +2/3 with the coalition exactly when some
   * split by id order can give them that; below a third of coalition stake side B cannot.
   */
  static int[] sideB(int[] coalition, long[] stake) {
    if (coalition.length == 0) {
      throw new FaultException("validators",
          "a split-vote coalition needs at least one validator");
    }
    boolean[] byzantine = new boolean[stake.length];
    long total = 0;
    long b = 0;
    for (int v : coalition) {
      byzantine[v] = true;
      b += stake[v];
    }
    for (long s : stake) {
      total += s;
    }
    int[] honest = IntStream.range(0, stake.length).filter(v -> !byzantine[v]).toArray();
    int n = honest.length;
    if (n < 2) {
      throw new FaultException(null, "a split-vote coalition needs at least two honest "
          + "validators to split, it leaves " + n + " (list the coalition in 'validators')");
    }
    long quorum = dev.tdsim.consensus.ConsensusProtocol.quorumStake(total);
    long sideA = 0;
    int k = 0;
    while (k < n - 1 && (k == 0 || sideA + b < quorum)) {
      sideA += stake[honest[k++]];
    }
    return Arrays.copyOfRange(honest, k, n);
  }

  void freeze() {
    byValidator = new Entry[building.size()][];
    for (int v = 0; v < byValidator.length; v++) {
      List<Entry> l = building.get(v);
      byValidator[v] = l.isEmpty() ? NONE : l.toArray(NONE);
    }
  }

  /** The attack {@code validator} takes part in at that height and time, or null. */
  SplitVote at(int validator, int height, long atNanos) {
    for (Entry e : byValidator[validator]) {
      if (e.window.active(height, atNanos)) {
        return e.attack;
      }
    }
    return null;
  }

  /** Whether some validator is in a coalition at some time. */
  boolean any() {
    for (Entry[] e : byValidator) {
      if (e.length > 0) {
        return true;
      }
    }
    return false;
  }
}
