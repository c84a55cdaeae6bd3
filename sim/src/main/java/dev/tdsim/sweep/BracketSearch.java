package dev.tdsim.sweep;

import dev.tdsim.sweep.SensitivityReport.Bound;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.function.DoubleBinaryOperator;

/**
 * The search of one group's budgets in rounds, in y = sign * x (fitting values come first along
 * y): per budget a bracket (lo fits, hi misses) from the values known (grid and earlier probes);
 * each round places up to {@code width} probes, run all at once, and every budget keeps the part
 * of its bracket that holds its boundary. A bracket given w probes is split into w + 1 parts (a
 * w-ary search; w = 1 is bisection); a budget whose whole grid fits doubles its value w times in
 * one round (the ladder lo·2, lo·4, ...; the first miss is the bracket serial doubling finds).
 *
 * <p>With {@code width} 1 the rounds are exactly the serial search: the budgets one after the
 * other, each bracket read from every value known when its search starts, one probe a step.
 * With more, the first unfinished budgets (at most {@code width} distinct brackets, budgets with
 * the same bracket share its probes) split the {@code width} slots between them, and a budget
 * also takes in the values other budgets probed inside its bracket. Since every probe of a
 * bracket lies inside it, the boundary found is the same for every width when the fit is
 * monotone in the value; only the probes run (and so {@code samples}) differ. A round counts as
 * one step of each budget it serves, so {@code maxProbes} caps the rounds per budget.
 *
 * <p>With {@code width} > 1, a message count none of whose grid values fits probes one message
 * first (settling in one round a budget that consensus alone misses); the answer is still the
 * serial one, since that probe lies inside the bracket.
 *
 * <p>Whether a value fits comes from {@link Values}; the order in which a round's probes finish
 * does not matter, since a round's results are read only once all are in.
 */
final class BracketSearch {
  /** Why a probe could not be run. */
  enum Missing {
    /** The value does not make a valid scenario. */
    INVALID,
    /** The search is off and no earlier sweep stored this probe. */
    NOT_STORED
  }

  /** What the search reads and runs, in y. */
  interface Values {
    /** Every value known so far (grid and probes), ascending. */
    NavigableSet<Double> ys();

    /** Whether the known value y fits budget b. */
    boolean fits(double y, int b);

    /**
     * How far the known value y is from fitting budget b, rising with y (the judged p95 minus
     * the budget, in ms); NaN when there is no such measure. Only guides where probes go.
     */
    default double margin(double y, int b) {
      return Double.NaN;
    }

    /**
     * Runs every one of {@code ys} not known yet, all at once (ascending order), and returns the
     * ones that could not be run.
     */
    Map<Double, Missing> probe(List<Double> ys);
  }

  /** Why a budget's search ended as it did (the note is worded by the caller). */
  enum Why {
    NONE,
    ALTERNATE,
    EVERY_GRID_FITS,
    NO_GRID_FITS,
    LIMIT,
    CAP_DOUBLING,
    CAP,
    INVALID,
    NOT_STORED,
    NONE_FITS
  }

  /**
   * One budget's answer, in y.
   *
   * @param at the probe that stopped the search ({@link Why#INVALID}), else null
   */
  record Outcome(Double y, Bound bound, Double lo, Double hi, int steps, Why why, Double at) {}

  /**
   * The search's settings.
   *
   * @param sign +1: fits at small values; -1: fits at large ones
   * @param zeroFloor the bracket's lower end is 0 when no grid value fits (the message count)
   * @param limit how far a grid that fits everywhere is doubled (null: not at all)
   * @param integer whether the answer is a whole number one apart ({@link Bound#EXACT})
   * @param round rounds a probe value in x given the bracket's gap
   * @param close whether a bracket (lo, hi) in y is closed: one apart, or within 1%
   * @param tolerance the ratio of the fixed bins a bracket may close in ({@code
   *     sweep.tolerance}: 0.05 cuts the axis at 1.05^k; 0: only {@code close})
   */
  record Settings(int budgets, int sign, boolean zeroFloor, boolean enabled, boolean notMonotone,
      Double limit, boolean integer, int maxSteps, int width, DoubleBinaryOperator round,
      java.util.function.BiPredicate<Double, Double> close, double tolerance) {
    Settings {
      if (width < 1) {
        throw new IllegalArgumentException("width must be >= 1, got " + width);
      }
    }

    /** A search to one apart or 1%, with no tolerance. */
    Settings(int budgets, int sign, boolean zeroFloor, boolean enabled, boolean notMonotone,
        Double limit, boolean integer, int maxSteps, int width, DoubleBinaryOperator round,
        java.util.function.BiPredicate<Double, Double> close) {
      this(budgets, sign, zeroFloor, enabled, notMonotone, limit, integer, maxSteps, width, round,
          close, 0);
    }

    /**
     * Whether the bracket (lo fits, hi misses) holds no value beyond lo's bin of the tolerance's
     * fixed grid ({@link #bin}): then its boundary lies in that bin, and every search that gets
     * there, whatever probes it placed, answers the bin's smallest value.
     */
    boolean withinTolerance(double lo, double hi) {
      double[] bin = bin(lo);
      return bin != null && hi <= bin[1];
    }

    /**
     * y's bin of the fixed grid the tolerance t cuts the axis into, {smallest value, the next
     * bin's smallest value}: [(1 + t)^k, (1 + t)^(k+1)) above 0, [-(1 + t)^k, -(1 + t)^(k-1))
     * below; with whole numbers, the smallest whole numbers at or above those edges. Null with no
     * tolerance or at 0. The grid is the same for every search, so the answer a bin gives does not
     * depend on where the probes fell.
     */
    double[] bin(double y) {
      double[] e = exactBin(y);
      if (e == null) {
        return null;
      }
      return integer ? new double[] {Math.ceil(e[0]), Math.ceil(e[1])}
          : new double[] {threeDigitsDown(e[0]), e[1]};
    }

    /** y's bin [low, high) of the fixed grid before any rounding, or null (see {@link #bin}). */
    private double[] exactBin(double y) {
      if (!(tolerance > 0) || y == 0 || Double.isNaN(y) || Double.isInfinite(y)) {
        return null;
      }
      double r = 1 + tolerance;
      double a = Math.abs(y);
      long k = (long) Math.floor(Math.log(a) / Math.log(r));
      while (Math.pow(r, k) > a) {
        k--;
      }
      while (Math.pow(r, k + 1) <= a) {
        k++;
      }
      // a in [r^k, r^(k+1)): above 0 that is the bin; below 0, -a is in (-r^(k+1), -r^k],
      // whose bin is [-r^(k+1), -r^k) unless -a is the edge -r^k itself
      if (y > 0) {
        return new double[] {Math.pow(r, k), Math.pow(r, k + 1)};
      } else if (a == Math.pow(r, k)) {
        return new double[] {-a, -Math.pow(r, k - 1)};
      }
      return new double[] {-Math.pow(r, k + 1), -Math.pow(r, k)};
    }

    /**
     * The probes that close a bracket in y's bin, {low, high, fit probe, miss probe}: low and
     * high are the bin's edges as {@link #withinTolerance} reads them (lo at or above low is in
     * the bin; a miss at or below high closes it), the fit probe the bin's first value (whole
     * numbers: its smallest whole number; other quantities: its edge rounded up to three
     * significant digits, a value a person would write) and the miss probe the next bin's first
     * whole number, or for other quantities this bin's far edge rounded down to three digits
     * (still in the bin, so a miss there closes it). Null where {@link #bin} is.
     */
    double[] edges(double y) {
      double[] e = exactBin(y);
      if (e == null) {
        return null;
      }
      if (integer) {
        return new double[] {Math.ceil(e[0]), Math.ceil(e[1]), Math.ceil(e[0]), Math.ceil(e[1])};
      }
      double fit = threeDigits(e[0], true);
      double miss = threeDigits(e[1], false);
      if (!(fit >= e[0] && fit < miss && miss <= e[1])) {
        fit = e[0]; // a bin too narrow for three digits (a tolerance under 1%)
        miss = e[1];
      }
      return new double[] {e[0], e[1], fit, miss};
    }

    /** y rounded to three significant digits, up or down. */
    private static double threeDigits(double y, boolean up) {
      double unit = Math.pow(10, Math.floor(Math.log10(Math.abs(y))) - 2);
      double steps = up ? Math.ceil(y / unit - 1e-9) : Math.floor(y / unit + 1e-9);
      double v = Double.parseDouble(String.format(java.util.Locale.ROOT, "%.12g", steps * unit));
      // the decimal text may land a hair on the wrong side of y: then y itself
      return (up && v < y) || (!up && v > y) ? y : v;
    }

    /**
     * y rounded down to three significant digits (a rate of 108.186 tx/s: 108), so that a bin's
     * answer reads as a number a person would write; still at most the bin's edge, so it fits.
     */
    private static double threeDigitsDown(double y) {
      double unit = Math.pow(10, Math.floor(Math.log10(Math.abs(y))) - 2);
      return Double.parseDouble(String.format(java.util.Locale.ROOT, "%.12g",
          Math.floor(y / unit) * unit));
    }
  }

  /** A budget being searched. */
  private static final class State {
    Double lo;
    Double hi;
    int steps;
    /** Which end the last step moved (-1 lo, +1 hi, 0 none yet): Illinois' halving. */
    int lastMoved;
    /** How many steps in a row moved the same end. */
    int sameEndRun;
    /** The bracket's width when it last halved, and interpolated steps since. */
    double widthAtHalving = Double.NaN;
    int stepsSinceHalving;

    State(Double lo, Double hi) {
      this.lo = lo;
      this.hi = hi;
    }
  }

  private final Settings s;
  private final Values values;

  BracketSearch(Settings s, Values values) {
    this.s = s;
    this.values = values;
  }

  /** Every budget's answer, in budget order. */
  List<Outcome> run() {
    int n = s.budgets();
    Outcome[] done = new Outcome[n];
    State[] state = new State[n];
    while (true) {
      List<Integer> active = new ArrayList<>();
      List<State> brackets = new ArrayList<>();
      List<List<Integer>> members = new ArrayList<>();
      List<Integer> bracketOwner = new ArrayList<>();
      for (int b = 0; b < n; b++) {
        if (done[b] != null) {
          continue;
        }
        if (state[b] == null) {
          if (s.width() == 1 && !active.isEmpty()) {
            break; // serial: the next budget starts from what this one's search knew
          }
          Outcome o = start(b, state);
          if (o != null) {
            done[b] = o;
            continue;
          }
        }
        State st = state[b];
        if (s.width() > 1) {
          absorb(st, b);
        }
        Outcome o = check(st);
        if (o != null) {
          done[b] = o;
          continue;
        }
        int same = -1;
        for (int i = 0; i < brackets.size() && predicted(st, b) == null; i++) {
          if (predicted(brackets.get(i), bracketOwner.get(i)) == null
              && brackets.get(i).lo.equals(st.lo)
              && java.util.Objects.equals(brackets.get(i).hi, st.hi)) {
            same = i;
          }
        }
        if (same >= 0) {
          members.get(same).add(b);
        } else if (brackets.size() < s.width()) {
          brackets.add(st);
          bracketOwner.add(b);
          members.add(new ArrayList<>(List.of(b)));
        } else {
          continue;
        }
        active.add(b);
        if (s.width() == 1) {
          break;
        }
      }
      if (active.isEmpty()) {
        List<Outcome> out = new ArrayList<>();
        for (Outcome o : done) {
          out.add(o);
        }
        return out;
      }
      // the width's slots split between the brackets, the first ones taking what is left over
      List<List<Double>> candidates = new ArrayList<>();
      TreeSet<Double> all = new TreeSet<>();
      for (int i = 0; i < brackets.size(); i++) {
        int slots = s.width() / brackets.size() + (i < s.width() % brackets.size() ? 1 : 0);
        List<Double> c = candidates(brackets.get(i), bracketOwner.get(i), slots);
        candidates.add(c);
        all.addAll(c);
      }
      for (int i = 0; i < brackets.size(); i++) {
        if (candidates.get(i).isEmpty()) {
          // nothing left between the ends (whole numbers one apart after rounding)
          for (int b : members.get(i)) {
            done[b] = closed(state[b]);
          }
        }
      }
      Map<Double, Missing> missing = all.isEmpty() ? Map.of()
          : values.probe(new ArrayList<>(all));
      for (int i = 0; i < brackets.size(); i++) {
        if (candidates.get(i).isEmpty()) {
          continue;
        }
        for (int b : members.get(i)) {
          done[b] = step(state[b], b, candidates.get(i), missing);
        }
      }
    }
  }

  /** The budget's bracket from every value known now; an outcome when nothing is to search. */
  private Outcome start(int b, State[] state) {
    List<Double> ys = new ArrayList<>(values.ys());
    int k = 0;
    while (k < ys.size() && values.fits(ys.get(k), b)) {
      k++;
    }
    for (int i = k; i < ys.size(); i++) {
      if (values.fits(ys.get(i), b)) {
        Double best = null;
        for (double y : ys) {
          if (values.fits(y, b)) {
            best = best == null ? y : Math.max(best, y);
          }
        }
        return new Outcome(best, Bound.NOT_MONOTONE, null, null, 0, Why.ALTERNATE, null);
      }
    }
    if (s.notMonotone()) {
      return new Outcome(null, Bound.NOT_MONOTONE, null, null, 0, Why.NONE, null);
    }
    Double hi = k < ys.size() ? ys.get(k) : null;
    if (!s.enabled()) {
      Double gridLo = k > 0 ? ys.get(k - 1) : null;
      Bound bound = hi == null ? Bound.BEYOND_GRID
          : gridLo == null ? Bound.BELOW_GRID : Bound.NO_SEARCH;
      return new Outcome(gridLo, bound, gridLo, hi, 0, Why.NONE, null);
    }
    Double lo = k > 0 ? ys.get(k - 1) : (s.zeroFloor() && s.sign() > 0 ? 0.0 : null);
    if (hi == null && (s.limit() == null || s.sign() < 0)) {
      return new Outcome(lo, Bound.BEYOND_GRID, lo, null, 0, Why.EVERY_GRID_FITS, null);
    }
    if (lo == null) {
      return new Outcome(null, Bound.BELOW_GRID, null, hi, 0, Why.NO_GRID_FITS, null);
    }
    state[b] = new State(lo, hi);
    return null;
  }

  /** Takes in the values other budgets probed inside the bracket (or beyond lo, doubling). */
  private void absorb(State st, int b) {
    for (double y : values.ys().tailSet(st.lo, false)) {
      if (st.hi != null && y >= st.hi) {
        return;
      }
      if (values.fits(y, b)) {
        st.lo = y;
      } else {
        st.hi = y;
        return;
      }
    }
  }

  /** The outcome when the budget's search is over before its next step, else null. */
  private Outcome check(State st) {
    if (st.hi == null) {
      if (st.lo >= s.limit()) {
        return new Outcome(st.lo, Bound.LIMIT, st.lo, null, st.steps, Why.LIMIT, null);
      }
      if (st.steps >= s.maxSteps()) {
        return new Outcome(st.lo, Bound.PROBE_CAP, st.lo, null, st.steps, Why.CAP_DOUBLING, null);
      }
      return null;
    }
    // With a tolerance, a bracket closes in its bin (the same answer whatever the probes); the
    // 1% closing of real quantities could stop across a bin's edge, so only whole numbers one
    // apart close it too
    boolean closeEnds = s.close().test(st.lo, st.hi) && (s.tolerance() == 0 || s.integer());
    if (closeEnds || s.withinTolerance(st.lo, st.hi)) {
      return closed(st);
    }
    if (st.steps >= s.maxSteps()) {
      return new Outcome(st.lo, Bound.PROBE_CAP, st.lo, st.hi, st.steps, Why.CAP, null);
    }
    return null;
  }

  private Outcome closed(State st) {
    if (s.zeroFloor() && st.lo == 0) {
      return new Outcome(0.0, Bound.NONE_FITS, null, st.hi, st.steps, Why.NONE_FITS, null);
    }
    // closed in a bin of the tolerance (answer: the bin's smallest value, which fits when lo
    // does), or by its ends
    if (s.withinTolerance(st.lo, st.hi)) {
      return new Outcome(s.bin(st.lo)[0], Bound.WITHIN_TOLERANCE, st.lo, st.hi, st.steps,
          Why.NONE, null);
    }
    Bound bound = s.integer() ? Bound.EXACT : Bound.WITHIN_1PCT;
    return new Outcome(st.lo, bound, st.lo, st.hi, st.steps, Why.NONE, null);
  }

  /**
   * The probes of a bracket given {@code slots}: the doubling ladder when it has no upper end,
   * else the points splitting it into slots + 1 parts (rounded as the parameter wants; for one
   * slot the midpoint (lo + hi) / 2 of bisection), ascending in y. With more than one slot a
   * message-count bracket from 0 probes 1 first.
   */
  private List<Double> candidates(State st, int b, int slots) {
    List<Double> out = new ArrayList<>();
    Double guess = predicted(st, b);
    if (guess != null) {
      List<Double> placed = binEdges() ? edgesAround(st, guess, slots) : guessed(st, guess, slots);
      for (double c : placed) {
        if (c > st.lo && c < st.hi && !out.contains(c)) {
          out.add(c);
        }
      }
      if (!out.isEmpty()) {
        out.sort(Double::compare);
        return out;
      }
    }
    if (st.hi == null) {
      double v = st.lo;
      for (int i = 0; i < slots && v < s.limit(); i++) {
        v = Math.min(s.limit(), Math.max(v * 2, v + 1));
        out.add(v);
      }
      return out;
    }
    double lo = st.lo;
    double hi = st.hi;
    if (s.width() > 1 && s.zeroFloor() && s.sign() > 0 && lo == 0 && hi > 1) {
      // No grid value fits: one message first, since a budget that consensus alone misses is
      // then settled in one round, not by bisecting down to it; the other slots split (1, hi).
      out.add(1.0);
      lo = 1;
      slots--;
    }
    for (int i = 1; i <= slots; i++) {
      double y = (lo * (slots + 1 - i) + hi * i) / (slots + 1);
      double c = s.sign() * s.round().applyAsDouble(s.sign() * y, Math.abs(hi - lo));
      if (binEdges()) {
        c = nearestEdge(c, lo, hi);
      }
      if (c > lo && c < hi && !out.contains(c)) {
        out.add(c);
      }
    }
    out.sort(Double::compare);
    return out;
  }

  /**
   * Where budget b's boundary lies by linear interpolation of its margins at the bracket's ends
   * (regula falsi, with Illinois' halving of the margin of an end that stayed put twice), in y;
   * null when it does not apply: the serial search (kept as plain bisection), no margins, a
   * bracket without an upper end or from the zero floor, margins that do not straddle 0, or a
   * bracket that has not halved in two interpolated steps (then one bisection step runs).
   */
  private Double predicted(State st, int b) {
    if (s.width() == 1 || st.hi == null || (s.zeroFloor() && st.lo == 0)) {
      return null;
    }
    if (!Double.isNaN(st.widthAtHalving) && st.stepsSinceHalving >= 2) {
      return null;
    }
    double mLo = values.margin(st.lo, b);
    double mHi = values.margin(st.hi, b);
    if (!(mLo <= 0) || !(mHi > 0) || !Double.isFinite(mLo) || !Double.isFinite(mHi)) {
      return null;
    }
    if (st.sameEndRun >= 2) {
      if (st.lastMoved < 0) {
        mHi /= 1 << Math.min(20, st.sameEndRun - 1);
      } else {
        mLo /= 1 << Math.min(20, st.sameEndRun - 1);
      }
    }
    return st.lo + (st.hi - st.lo) * (-mLo) / (mHi - mLo);
  }

  /**
   * The probes placed around a predicted boundary: for whole numbers the values just below and
   * above it (the last fitting and first missing value when the guess is right), then more on
   * either side; otherwise the guess and points around it a bracket's 1% apart. Rounded as the
   * parameter wants.
   */
  private List<Double> guessed(State st, double guess, int slots) {
    List<Double> out = new ArrayList<>();
    double gap = Math.abs(st.hi - st.lo);
    double unit = s.integer() ? 1 : Math.max(gap / 100, Math.ulp(guess));
    double base = s.integer() ? Math.floor(guess) : guess;
    for (int i = 0; out.size() < slots && i < 4 * slots + 4; i++) {
      // base, base + 1, base - 1, base + 2, ... in units
      int k = (i + 1) / 2 * (i % 2 == 1 ? 1 : -1);
      double y = base + k * unit;
      if (!(y > st.lo && y < st.hi)) {
        continue;
      }
      double c = s.sign() * s.round().applyAsDouble(s.sign() * y, gap);
      if (c > st.lo && c < st.hi && !out.contains(c)) {
        out.add(c);
      }
    }
    return out;
  }

  /**
   * Whether probes go to the edges of the tolerance's bins: whenever there is a tolerance. A
   * bracket closes once a fitting value and a missing one lie at the two edges of one bin (or
   * inside it), so a probe between two edges tells less than the edge next to it.
   */
  private boolean binEdges() {
    return s.tolerance() > 0;
  }

  /**
   * The probes that close the bracket in the bin holding the guess ({@link Settings#edges}): its
   * first value (to fit) unless lo already lies in it, and the miss probe at its far edge unless
   * hi is already there. With one slot and both needed, the edge nearer the guess: either outcome there leaves
   * one probe to close, where the farther edge's expected outcome can be followed by the nearer
   * one missing. More slots than two add the edges beyond, in case the guess is a bin off.
   */
  private List<Double> edgesAround(State st, double guess, int slots) {
    double[] e = s.edges(guess);
    if (e == null) {
      return guessed(st, guess, slots);
    }
    boolean needLow = st.lo < e[0];
    boolean needHigh = st.hi > e[1];
    boolean lowFirst = guess - e[0] <= e[1] - guess;
    // the readable probes, or the exact edges when no readable value lies inside the bracket
    // (a bracket straddling an edge between two three-digit values: 98.1 fits, 98.2 misses)
    double fit = e[2] < st.hi ? e[2] : e[0];
    double miss = e[3] > st.lo ? e[3] : e[1];
    List<Double> order = new ArrayList<>();
    if (needLow && needHigh) {
      order.add(lowFirst ? fit : miss);
      order.add(lowFirst ? miss : fit);
    } else if (needLow) {
      order.add(fit);
    } else if (needHigh) {
      order.add(miss);
    }
    if (slots > 2) {
      double r = Math.sqrt(1 + s.tolerance());
      double[] below = s.edges(e[0] > 0 ? e[0] / r : e[0] * r);
      double[] above = s.edges(e[1] > 0 ? e[1] * r : e[1] / r);
      if (below != null && needLow) {
        order.add(below[2]);
      }
      if (above != null && needHigh) {
        order.add(above[3]);
      }
    }
    List<Double> out = new ArrayList<>();
    for (double c : order) {
      if (out.size() < slots && c > st.lo && c < st.hi && !out.contains(c)) {
        out.add(c);
      }
    }
    return out;
  }

  /**
   * The bin probe nearest to c strictly inside (lo, hi), else the exact edge of c's bin nearest
   * to it inside (lo, hi) (a bracket straddling an edge between two readable values), else c.
   */
  private double nearestEdge(double c, double lo, double hi) {
    double[] e = s.edges(c);
    if (e == null) {
      return c;
    }
    boolean lowNearer = c - e[0] <= e[1] - c;
    double[] order = lowNearer ? new double[] {e[2], e[3], e[0], e[1]}
        : new double[] {e[3], e[2], e[1], e[0]};
    for (double v : order) {
      if (v > lo && v < hi) {
        return v;
      }
    }
    return c;
  }

  /** One step of a budget over its bracket's probes; its outcome when this ends its search. */
  private Outcome step(State st, int b, List<Double> probes, Map<Double, Missing> missing) {
    Outcome o = stepBracket(st, b, probes, missing);
    track(st);
    return o;
  }

  /** Keeps what {@link #predicted} needs: which end moved, and whether the bracket halved. */
  private void track(State st) {
    if (st.hi == null) {
      return;
    }
    double width = st.hi - st.lo;
    if (Double.isNaN(st.widthAtHalving) || width <= st.widthAtHalving / 2) {
      st.widthAtHalving = width;
      st.stepsSinceHalving = 0;
    } else {
      st.stepsSinceHalving++;
      if (st.stepsSinceHalving > 2) {
        st.stepsSinceHalving = 0; // the bisection step ran: interpolate again
        st.widthAtHalving = width;
      }
    }
  }

  private Outcome stepBracket(State st, int b, List<Double> probes, Map<Double, Missing> missing) {
    st.steps++;
    Double lo0 = st.lo;
    for (double c : probes) {
      Missing m = missing.get(c);
      if (m == Missing.NOT_STORED) {
        if (st.hi == null) {
          return new Outcome(st.lo, Bound.BEYOND_GRID, st.lo, null, st.steps - 1, Why.NOT_STORED,
              null);
        }
        return s.zeroFloor() && st.lo == 0
            ? new Outcome(null, Bound.BELOW_GRID, null, st.hi, st.steps - 1, Why.NOT_STORED, null)
            : new Outcome(st.lo, Bound.NO_SEARCH, st.lo, st.hi, st.steps - 1, Why.NOT_STORED,
                null);
      }
      if (m == Missing.INVALID) {
        return new Outcome(st.lo, Bound.INVALID_PROBE, st.lo, st.hi, st.steps, Why.INVALID, c);
      }
      if (values.fits(c, b)) {
        st.lo = c;
      } else {
        st.hi = c;
        break;
      }
    }
    int moved = st.lo.equals(lo0) ? 1 : -1;
    st.sameEndRun = moved == st.lastMoved ? st.sameEndRun + 1 : 1;
    st.lastMoved = moved;
    return null;
  }
}
