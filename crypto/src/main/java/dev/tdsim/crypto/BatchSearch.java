package dev.tdsim.crypto;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds the failing items of a batch whose random-linear-combination check failed, by bisection:
 * a failing set's first half is checked; if it passes, the second half is known to fail (the
 * set failed, and a set of passing items always passes); otherwise the second half is checked
 * too. Sets of at most {@value #ONE_BY_ONE} items, and sets whose both halves failed twice along
 * the way (many bad items, where halving costs more than checking each), are checked one item at
 * a time. Only that exact per-item check names an item, so a passing item is never named; a bad
 * item is missed only if a half holding it passes its batch check (the batch check's soundness
 * error, e.g. 2^-64 with 64-bit weights).
 *
 * <p>Cost with one bad item among n: about 1.5 n items' worth of batch checks (each level checks
 * one half, and the other half only when the first fails), against n exact checks, which for a
 * pairing equation cost a final exponentiation each.
 */
public final class BatchSearch {
  /** Failing sets this small are checked one item at a time. */
  public static final int ONE_BY_ONE = 4;

  /** A batch check of a subset (item indices); fresh weights each call. */
  @FunctionalInterface
  public interface SetCheck {
    boolean holds(int[] items);
  }

  /** The exact check of one item. */
  @FunctionalInterface
  public interface ItemCheck {
    boolean holds(int item);
  }

  private final SetCheck batch;
  private final ItemCheck alone;
  private final Workers workers;
  private final List<Integer> bad = new ArrayList<>();

  private BatchSearch(SetCheck batch, ItemCheck alone, Workers workers) {
    this.batch = batch;
    this.alone = alone;
    this.workers = workers;
  }

  /**
   * The failing items (ascending) of [0, n), whose batch check is known to have failed; the
   * batch checks run on the caller's thread in a fixed order (so weights drawn from one stream
   * stay deterministic; each may split itself over {@code workers}), the exact checks of a set
   * in parallel on {@code workers}.
   */
  public static List<Integer> failing(int n, SetCheck batch, ItemCheck alone, Workers workers) {
    BatchSearch search = new BatchSearch(batch, alone, workers);
    int[] all = new int[n];
    Arrays.setAll(all, i -> i);
    search.search(all, 0);
    search.bad.sort(null);
    return search.bad;
  }

  /** @param dense how many times both halves failed on the way to this set */
  private void search(int[] set, int dense) {
    if (set.length <= ONE_BY_ONE || dense >= 2) {
      List<Boolean> ok = workers.map(set.length, i -> alone.holds(set[i]));
      for (int i = 0; i < set.length; i++) {
        if (!ok.get(i)) {
          bad.add(set[i]);
        }
      }
      return;
    }
    int[] left = Arrays.copyOfRange(set, 0, set.length / 2);
    int[] right = Arrays.copyOfRange(set, set.length / 2, set.length);
    if (batch.holds(left)) {
      search(right, dense);
    } else if (batch.holds(right)) {
      search(left, dense);
    } else {
      search(left, dense + 1);
      search(right, dense + 1);
    }
  }
}
