package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.field.Domain;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.field.Lagrange;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Blame by exclusion, for variants whose shares do not depend on the signer set and that cannot
 * check a share on its own ({@code simple}, {@code batch}: their {@link
 * CombineVariant.Combiner#blame} is empty). The combined-result check is an oracle: a combination
 * passes iff its secret is the true one. A combination reads only the first t key-share points of
 * its signer set, so only validators owning those points (the suspects) can have spoiled it. When
 * the signers hold more than t points, the failing messages are combined again without a suspect
 * and checked; if no single exclusion makes every failing message pass, pairs are tried (a
 * suspect a, and a suspect of the set without a: leaving a out brings later points in). The first
 * group whose exclusion makes every failing message pass, and whose remaining points are proven
 * consistent (below), is named.
 *
 * <p>Cost: each test is one share_combine and one combined-result check of the failing messages
 * only, plus one prepare_combine (t Lagrange coefficients); a passing test adds one GT
 * multi-exponentiation of the m remaining points per failing message. One faulty validator: at
 * most c tests, c the number of suspects (c <= V). Two: fewer than c + c^2 tests (each suspect a,
 * with the c suspects of the set without a), pairs only when c <= {@link #MAX_PAIR_CANDIDATES}.
 * More faulty validators than that in the first t points are not searched: the messages stay
 * unopened ({@link BlockResult.Status#UNATTRIBUTED}).
 *
 * <p>With exactly t points (or too few spare points to leave a candidate out) nothing can be
 * attributed from these shares: {@link Outcome#needsMoreShares()}, and the caller should wait for
 * more validators' shares and call again.
 *
 * <p>A passing test proves only the interpolation at 0 of the remaining set; before naming, the
 * shares of all remaining points are checked to lie on one polynomial of degree < t ({@link
 * #consistent}), which with the check proves them right when they hold at least t - 1 right
 * points, so an error crafted to cancel in one test's combination cannot have an honest
 * validator named (docs/CRYPTO.md, blame by exclusion).
 */
final class ExclusionBlame {
  /** Pairs are searched only among this many suspects (fewer than 600 pair tests). */
  static final int MAX_PAIR_CANDIDATES = 24;

  /** A variant whose decoded share holds one GT element per key-share point of its sender. */
  interface PointShares<S> {
    /** The share's elements, one per point the validator owns, in point order. */
    List<GtElement> perPoint(S share);
  }

  /**
   * @param named the validators found faulty (empty when none)
   * @param needsMoreShares whether a candidate could not be left out for lack of spare points (no
   *     attribution is possible from these shares; more validators' shares may allow it)
   * @param tests how many exclusion sets were combined and checked
   */
  record Outcome(List<Integer> named, boolean needsMoreShares, int tests) {}

  private ExclusionBlame() {}

  static <S> Outcome find(
      CombineVariant<S> variant,
      KeySet keys,
      Workers workers,
      CombinedCheck<?> check,
      List<Ciphertext> cts,
      List<Integer> failing,
      Map<Integer, List<S>> shares,
      SignerSet signers,
      StrongRandom random) {
    Committee committee = keys.committee();
    int spare = signers.pointCount() - committee.threshold();
    List<Integer> candidates = suspects(committee, signers.validators(), List.of());
    boolean skipped = false;
    int tests = 0;
    for (int v : candidates) {
      if (committee.pointsOf(v) > spare) {
        skipped = true;
        continue;
      }
      tests++;
      if (passes(variant, keys, workers, check, cts, failing, shares, signers, List.of(v),
          random) && consistent(variant, keys, workers, failing, shares,
              signers.without(List.of(v)).validators(), random)) {
        // The rest is proven right, so the failing combination's wrong point is v's.
        return new Outcome(List.of(v), false, tests);
      }
    }
    if (candidates.size() <= MAX_PAIR_CANDIDATES) {
      // Leaving a out brings later validators' points into the combination: b ranges over the
      // suspects of the set without a.
      java.util.Set<List<Integer>> tried = new java.util.HashSet<>();
      for (int a : candidates) {
        for (int b : suspects(committee, signers.validators(), List.of(a))) {
          List<Integer> group = List.of(Math.min(a, b), Math.max(a, b));
          if (!tried.add(group)) {
            continue;
          }
          if (committee.pointsOf(a) + committee.pointsOf(b) > spare) {
            skipped = true;
            continue;
          }
          tests++;
          List<Integer> rest = signers.without(group).validators();
          if (passes(variant, keys, workers, check, cts, failing, shares, signers, group, random)
              && consistent(variant, keys, workers, failing, shares, rest, random)) {
            // The rest is proven right: name each member whose points do not fit it.
            List<Integer> named = new ArrayList<>();
            for (int member : group) {
              List<Integer> with = new ArrayList<>(rest);
              with.add(member);
              with.sort(null);
              if (!consistent(variant, keys, workers, failing, shares, with, random)) {
                named.add(member);
              }
            }
            return new Outcome(named, false, tests);
          }
        }
      }
    }
    return new Outcome(List.of(), skipped, tests);
  }

  /**
   * The validators, other than the excluded, whose points are among the first t of the set
   * without the excluded: the only ones a combination of that set reads.
   */
  private static List<Integer> suspects(
      Committee committee, List<Integer> validators, List<Integer> excluded) {
    List<Integer> out = new ArrayList<>();
    int before = 0;
    for (int v : validators) {
      if (before >= committee.threshold()) {
        break;
      }
      if (!excluded.contains(v)) {
        out.add(v);
        before += committee.pointsOf(v);
      }
    }
    return out;
  }

  /** Whether every failing message combines to its true secret without the group. */
  private static <S> boolean passes(
      CombineVariant<S> variant,
      KeySet keys,
      Workers workers,
      CombinedCheck<?> check,
      List<Ciphertext> cts,
      List<Integer> failing,
      Map<Integer, List<S>> shares,
      SignerSet signers,
      List<Integer> group,
      StrongRandom random) {
    SignerSet without = signers.without(group);
    CombineVariant.Combiner<S> combiner = variant.prepare(keys, without, workers);
    List<byte[]> secrets = workers.map(failing.size(), i -> {
      int j = failing.get(i);
      List<S> row = new ArrayList<>(without.size());
      for (int pos = 0; pos < without.size(); pos++) {
        row.add(shares.get(without.validator(pos)).get(j));
      }
      return combiner.combine(cts.get(j), row);
    });
    return check.failing(cts, failing, secrets, random).isEmpty();
  }

  /**
   * Whether, for every failing message, the shares of all points of {@code validators} lie on
   * one polynomial of degree < t: one random codeword of the dual of that Reed-Solomon code,
   * c_x = u_x h(x) with u_x = 1 / prod_{y != x} (x - y) (proportional to lambda_x(T) x, the
   * Lagrange coefficient at 0 over all m points T) and h of degree < m - t with random 64-bit
   * coefficients, must give prod_x C_x^(c_x) == 1 (one GT multi-exponentiation of m elements per
   * message). A share vector off the code passes with probability at most 2^-64. Together with a
   * passing combined-result check (the polynomial's value at 0 is the true secret), it proves
   * every point of T right when T holds at least t - 1 right points: the difference with f has
   * degree < t and vanishes at 0 and at those points. With m = t there is nothing to test.
   */
  private static <S> boolean consistent(
      CombineVariant<S> variant,
      KeySet keys,
      Workers workers,
      List<Integer> failing,
      Map<Integer, List<S>> shares,
      List<Integer> validators,
      StrongRandom random) {
    if (!(variant instanceof PointShares<?>)) {
      return true; // no per-point view: the check alone decides (not reached by simple, batch)
    }
    @SuppressWarnings("unchecked")
    PointShares<S> points = (PointShares<S>) variant;
    Committee committee = keys.committee();
    int[] at = committee.pointsOf(validators);
    int m = at.length;
    int t = committee.threshold();
    if (m <= t) {
      return true;
    }
    Domain domain = keys.domain();
    Fr[] lambda = Lagrange.atZero(domain, at);
    long[] h = Shares.weights(1, m - t, random)[0];
    List<Fr> c = new ArrayList<>(m);
    for (int i = 0; i < m; i++) {
      Fr x = domain.element(at[i]);
      Fr hx = Fr.zero();
      for (int d = h.length - 1; d >= 0; d--) {
        hx = hx.mul(x).add(Shares.unsigned(h[d]));
      }
      c.add(lambda[i].mul(x).mul(hx));
    }
    List<Boolean> ok = workers.map(failing.size(), f -> {
      List<GtElement> row = new ArrayList<>(m);
      for (int v : validators) {
        List<GtElement> own = points.perPoint(shares.get(v).get(failing.get(f)));
        if (own.size() != committee.pointsOf(v)) {
          return false; // not one element per point: cannot be placed
        }
        row.addAll(own);
      }
      return GtElement.multiExp(row, c).isOne();
    });
    return !ok.contains(false);
  }
}
