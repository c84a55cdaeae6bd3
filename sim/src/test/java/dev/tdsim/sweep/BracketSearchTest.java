package dev.tdsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.sweep.BracketSearch.Missing;
import dev.tdsim.sweep.BracketSearch.Outcome;
import dev.tdsim.sweep.SensitivityReport.Bound;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The k-ary search on a synthetic fit function (a value fits budget b when it is at most the
 * budget's threshold): every width finds the serial search's answer, and width 1 is the serial
 * search itself (the same probes in the same order, the same steps), checked against a copy of
 * the bisection tdsim ran before the search went k-ary.
 */
class BracketSearchTest {
  private static final double LIMIT = 1_000_000;

  /** Known values and a threshold per budget; records the probes in the order they were asked. */
  static final class Synthetic implements BracketSearch.Values {
    final TreeSet<Double> known = new TreeSet<>();
    final double[] thresholds;
    final List<List<Double>> rounds = new ArrayList<>();

    /** The judged time's shape, rising with y (null: no margins, so no interpolation). */
    java.util.function.DoubleUnaryOperator shape;

    Synthetic(List<Integer> grid, double... thresholds) {
      for (int g : grid) {
        known.add((double) g);
      }
      this.thresholds = thresholds;
    }

    Synthetic withShape(java.util.function.DoubleUnaryOperator shape) {
      this.shape = shape;
      return this;
    }

    /** Below 0 up to the threshold, above 0 from one past it, as a judged p95 would be. */
    @Override
    public double margin(double y, int b) {
      return shape == null ? Double.NaN
          : shape.applyAsDouble(y) - shape.applyAsDouble(thresholds[b] + 0.5);
    }

    @Override
    public NavigableSet<Double> ys() {
      return new TreeSet<>(known);
    }

    @Override
    public boolean fits(double y, int b) {
      return y <= thresholds[b];
    }

    @Override
    public Map<Double, Missing> probe(List<Double> ys) {
      List<Double> ran = new ArrayList<>();
      for (double y : ys) {
        if (known.add(y)) {
          ran.add(y);
        }
      }
      if (!ran.isEmpty()) {
        rounds.add(ran);
      }
      return Map.of();
    }

    int probes() {
      return rounds.stream().mapToInt(List::size).sum();
    }
  }

  static List<Outcome> search(Synthetic v, int width, int cap) {
    BracketSearch.Settings s = new BracketSearch.Settings(v.thresholds.length, 1, true, true,
        false, LIMIT, true, cap, width, (x, gap) -> Math.round(x),
        (lo, hi) -> Math.abs(hi - lo) <= 1);
    return new BracketSearch(s, v).run();
  }

  /** The serial search as it was (SensitivitySearch.run before rounds): answers and probes. */
  static List<double[]> serial(Synthetic v, int cap, List<Double> probes) {
    List<double[]> out = new ArrayList<>();
    for (int b = 0; b < v.thresholds.length; b++) {
      List<Double> ys = new ArrayList<>(v.known);
      int k = 0;
      while (k < ys.size() && v.fits(ys.get(k), b)) {
        k++;
      }
      Double hi = k < ys.size() ? ys.get(k) : null;
      double lo = k > 0 ? ys.get(k - 1) : 0.0;
      int steps = 0;
      boolean capped = false;
      if (hi == null) {
        while (lo < LIMIT) {
          if (steps >= cap) {
            capped = true;
            break;
          }
          double next = Math.min(LIMIT, Math.max(lo * 2, lo + 1));
          steps++;
          if (v.known.add(next)) {
            probes.add(next);
          }
          if (v.fits(next, b)) {
            lo = next;
          } else {
            hi = next;
            break;
          }
        }
      }
      while (hi != null && !capped && hi - lo > 1) {
        if (steps >= cap) {
          capped = true;
          break;
        }
        double mid = Math.round((lo + hi) / 2);
        if (mid <= lo || mid >= hi) {
          break;
        }
        steps++;
        if (v.known.add(mid)) {
          probes.add(mid);
        }
        if (v.fits(mid, b)) {
          lo = mid;
        } else {
          hi = mid;
        }
      }
      out.add(new double[] {lo, steps, capped ? 1 : 0});
    }
    return out;
  }

  @Test
  void widthOneIsTheSerialSearchProbeForProbe() {
    List<Integer> grid = List.of(10, 100, 1000);
    double[] thresholds = {0, 37, 99, 540, 4321};
    Synthetic reference = new Synthetic(grid, thresholds);
    List<Double> serialProbes = new ArrayList<>();
    List<double[]> expected = serial(reference, 20, serialProbes);
    Synthetic v = new Synthetic(grid, thresholds);
    List<Outcome> got = search(v, 1, 20);
    List<Double> probes = new ArrayList<>();
    v.rounds.forEach(probes::addAll);
    assertEquals(serialProbes, probes);
    for (int b = 0; b < thresholds.length; b++) {
      assertEquals(expected.get(b)[0], got.get(b).y(), "budget " + b);
      assertEquals((int) expected.get(b)[1], got.get(b).steps(), "budget " + b);
    }
    assertEquals(Bound.NONE_FITS, got.get(0).bound());
    assertEquals(Bound.EXACT, got.get(4).bound());
  }

  @Test
  void widerSearchesFindTheSameAnswersInFewerRounds() {
    List<Integer> grid = List.of(10, 100, 1000);
    double[] thresholds = {0, 37, 99, 540, 4321};
    Synthetic one = new Synthetic(grid, thresholds);
    List<Outcome> serial = search(one, 1, 20);
    for (int width = 2; width <= 3; width++) {
      Synthetic v = new Synthetic(grid, thresholds);
      List<Outcome> got = search(v, width, 20);
      for (int b = 0; b < thresholds.length; b++) {
        assertEquals(serial.get(b).y(), got.get(b).y(), "width " + width + ", budget " + b);
        assertEquals(serial.get(b).bound(), got.get(b).bound());
      }
      assertTrue(v.rounds.size() < one.rounds.size(), "width " + width + ": " + v.rounds.size()
          + " rounds, serial " + one.rounds.size());
      for (List<Double> round : v.rounds) {
        assertTrue(round.size() <= width, "a round runs at most width probes: " + round);
      }
    }
  }

  @Test
  void budgetsWithTheSameBracketShareARoundsProbes() {
    // both budgets bracket (100, 1000): one ternary round serves both
    Synthetic v = new Synthetic(List.of(100, 1000), 400, 700);
    List<Outcome> got = search(v, 2, 12);
    assertEquals(List.of(400.0, 700.0), v.rounds.get(0));
    assertEquals(400.0, got.get(0).y());
    assertEquals(700.0, got.get(1).y());
  }

  @Test
  void doublingProbesSeveralMultiplesAtOnceAndFindsTheSerialBracket() {
    Synthetic v = new Synthetic(List.of(10, 100), 5000);
    List<Outcome> got = search(v, 3, 12);
    assertEquals(List.of(200.0, 400.0, 800.0), v.rounds.get(0));
    assertEquals(List.of(1600.0, 3200.0, 6400.0), v.rounds.get(1));
    assertEquals(5000.0, got.get(0).y());
    Synthetic limit = new Synthetic(List.of(10, 100), LIMIT + 1);
    Outcome o = search(limit, 4, 40).get(0);
    assertEquals(Bound.LIMIT, o.bound());
    assertEquals(LIMIT, o.y());
  }

  @Test
  void theCapCountsRounds() {
    Synthetic v = new Synthetic(List.of(1, 100_000), 31_415);
    Outcome o = search(v, 2, 3).get(0);
    assertEquals(Bound.PROBE_CAP, o.bound());
    assertEquals(3, o.steps());
    assertEquals(6, v.probes());
    assertTrue(o.lo() <= 31_415 && o.hi() > 31_415, o.lo() + ".." + o.hi());
  }

  @Test
  void aBudgetThatNoGridValueFitsProbesOneMessageFirst() {
    Synthetic v = new Synthetic(List.of(10, 100), 0, 60);
    List<Outcome> got = search(v, 2, 12);
    assertTrue(v.rounds.get(0).contains(1.0), "first round " + v.rounds.get(0));
    assertEquals(Bound.NONE_FITS, got.get(0).bound());
    assertEquals(1, got.get(0).steps(), "settled by the one-message probe");
    assertEquals(60.0, got.get(1).y());
  }

  @Test
  void nearlyLinearMarginsFindTheBoundaryInAFewRounds() {
    // the sweep: grid 10, 100, 1000; answers 121 and 426; p95 ~ 600 + 1.77 ms per msg
    double[] thresholds = {121, 426};
    Synthetic one = new Synthetic(List.of(10, 100, 1000), thresholds);
    List<Outcome> serial = search(one, 1, 20);
    Synthetic v = new Synthetic(List.of(10, 100, 1000), thresholds)
        .withShape(y -> 600 + 1.77 * y + 0.0004 * y * y);
    List<Outcome> got = search(v, 2, 20);
    for (int b = 0; b < thresholds.length; b++) {
      assertEquals(serial.get(b).y(), got.get(b).y());
      assertEquals(Bound.EXACT, got.get(b).bound());
    }
    assertTrue(v.rounds.size() <= 4, v.rounds.size() + " rounds: " + v.rounds + " (serial "
        + one.rounds.size() + ")");
  }

  @Test
  void misleadingMarginsStillEndAtTheSerialAnswer() {
    // a step in the judged time (a consensus round more) defeats interpolation: bisection
    // steps take over and the bracket still closes on the threshold
    Synthetic one = new Synthetic(List.of(1, 100_000), 31_415);
    Synthetic v = new Synthetic(List.of(1, 100_000), 31_415)
        .withShape(y -> y < 31_416 ? y * 1e-6 : 1e9 + y);
    Outcome serial = search(one, 1, 60).get(0);
    Outcome got = search(v, 2, 60).get(0);
    assertEquals(serial.y(), got.y());
    assertTrue(v.rounds.size() <= 2 * one.rounds.size(), v.rounds.size() + " rounds, serial "
        + one.rounds.size());
  }

  /** Random thresholds, grids and judged-time shapes: interpolation gives the serial answer. */
  @Property(tries = 300)
  void interpolatedSearchesFindTheSerialAnswer(
      @ForAll @Size(min = 1, max = 5) List<@IntRange(min = 0, max = 20_000) Integer> thresholds,
      @ForAll @Size(min = 1, max = 4) List<@IntRange(min = 1, max = 5_000) Integer> grid,
      @ForAll @IntRange(min = 2, max = 5) int width,
      @ForAll @IntRange(min = 0, max = 3) int shape) {
    double[] t = thresholds.stream().mapToDouble(Integer::doubleValue).sorted().toArray();
    List<Integer> g = grid.stream().distinct().sorted().toList();
    java.util.function.DoubleUnaryOperator f = switch (shape) {
      case 0 -> y -> 300 + 2 * y;
      case 1 -> y -> Math.log1p(y);
      case 2 -> y -> y * y * y;
      default -> y -> Math.floor(y / 250) * 1000 + y; // steps, as extra consensus rounds give
    };
    List<Outcome> serial = search(new Synthetic(g, t), 1, 60);
    List<Outcome> got = search(new Synthetic(g, t).withShape(f), width, 60);
    for (int b = 0; b < t.length; b++) {
      assertEquals(serial.get(b).bound(), got.get(b).bound(), "budget " + b);
      assertEquals(serial.get(b).y(), got.get(b).y(), "budget " + b);
    }
  }

  @Test
  void aToleranceStopsTheSearchEarlierWithinItOfTheAnswer() {
    double threshold = 31_415;
    Synthetic exact = new Synthetic(List.of(1, 100_000), threshold);
    Outcome e = search(exact, 1, 40).get(0);
    Synthetic loose = new Synthetic(List.of(1, 100_000), threshold);
    BracketSearch.Settings s = new BracketSearch.Settings(1, 1, true, true, false, LIMIT, true,
        40, 1, (x, gap) -> Math.round(x), (lo, hi) -> Math.abs(hi - lo) <= 1, 0.05);
    Outcome t = new BracketSearch(s, loose).run().get(0);
    assertEquals(Bound.EXACT, e.bound());
    assertEquals(Bound.WITHIN_TOLERANCE, t.bound());
    assertTrue(t.y() <= threshold && t.hi() > threshold, t.toString());
    // the answer is the smallest whole number of the fixed 5% bin holding the threshold
    double[] bin = s.bin(threshold);
    assertEquals(bin[0], t.y(), t.toString());
    assertTrue(bin[0] <= threshold && threshold < bin[1] && bin[0] >= threshold / 1.05,
        java.util.Arrays.toString(bin));
    assertTrue(loose.rounds.size() < exact.rounds.size(), loose.rounds.size() + " rounds, exact "
        + exact.rounds.size());
  }

  /** The tolerance's bins: fixed, (1.05)^k wide, whole numbers or three digits. */
  @Test
  void toleranceBinsAreFixedAndReadable() {
    BracketSearch.Settings whole = new BracketSearch.Settings(1, 1, true, true, false, LIMIT,
        true, 40, 1, (x, gap) -> Math.round(x), (lo, hi) -> Math.abs(hi - lo) <= 1, 0.05);
    // 1.05^69 = 28.98, 1.05^70 = 30.43: the whole numbers 29 and 30
    assertEquals(List.of(29.0, 31.0), toList(whole.bin(30)));
    assertEquals(List.of(29.0, 31.0), toList(whole.bin(29)));
    assertTrue(whole.withinTolerance(29, 31) && !whole.withinTolerance(29, 32));
    // below 0 (a parameter that fits at large values, searched as y = -x)
    double[] negative = whole.bin(-1000);
    assertTrue(negative[0] <= -1000 && -1000 < negative[1] && negative[0] >= -1000 * 1.05,
        java.util.Arrays.toString(negative));
    assertEquals(null, whole.bin(0));
    BracketSearch.Settings real = new BracketSearch.Settings(1, 1, false, true, false, LIMIT,
        false, 40, 1, (x, gap) -> x, (lo, hi) -> Math.abs(hi - lo) <= 0.01 * hi, 0.05);
    // 1.05^96 = 108.19: a rate's bin answers 108
    assertEquals(108.0, real.bin(108.9)[0]);
    assertEquals(null, new BracketSearch.Settings(1, 1, true, true, false, LIMIT, true, 40, 1,
        (x, gap) -> Math.round(x), (lo, hi) -> Math.abs(hi - lo) <= 1, 0).bin(30));
  }

  private static List<Double> toList(double[] a) {
    return java.util.Arrays.stream(a).boxed().toList();
  }

  /**
   * With a tolerance the answer is the bin's, whatever the probes: every width gives the serial
   * answer (what keeps a parallel search's answer the serial one with the default 5%).
   */
  @Property(tries = 300)
  void withAToleranceAnyWidthFindsTheSerialAnswer(
      @ForAll @Size(min = 1, max = 5) List<@IntRange(min = 0, max = 20_000) Integer> thresholds,
      @ForAll @Size(min = 1, max = 4) List<@IntRange(min = 1, max = 5_000) Integer> grid,
      @ForAll @IntRange(min = 2, max = 5) int width) {
    double[] t = thresholds.stream().mapToDouble(Integer::doubleValue).sorted().toArray();
    List<Integer> g = grid.stream().distinct().sorted().toList();
    List<Outcome> serial = tolerant(new Synthetic(g, t), 1);
    List<Outcome> got = tolerant(new Synthetic(g, t), width);
    for (int b = 0; b < t.length; b++) {
      assertEquals(serial.get(b).y(), got.get(b).y(), "budget " + b + ": " + got.get(b));
      assertEquals(serial.get(b).bound(), got.get(b).bound(), "budget " + b);
    }
  }

  /**
   * With a tolerance and a good guess the probes go to the edges of the guess's bin: two slots
   * close a grid's bracket in one round (a fit at the bin's smallest whole number, a miss at the
   * next bin's), where probes one apart around the guess need the boundary to lie exactly
   * between them. The issue-22 sweep's judged time, 1.77 ms per message.
   */
  @Test
  void aGuessWithAToleranceProbesTheEdgesOfItsBin() {
    Synthetic v = new Synthetic(List.of(10, 100, 1000), 425).withShape(y -> 600 + 1.77 * y);
    BracketSearch.Settings s = tolerantSettings(1, 2);
    Outcome o = new BracketSearch(s, v).run().get(0);
    double[] bin = s.bin(425);
    assertEquals(List.of(List.of(bin[0], bin[1])), v.rounds);
    assertEquals(Bound.WITHIN_TOLERANCE, o.bound());
    assertEquals(bin[0], o.y());
    // the serial search (bisection, cuts moved to the nearest edge) ends in the same bin, and
    // every probe it runs is an edge
    Synthetic one = new Synthetic(List.of(10, 100, 1000), 425).withShape(y -> 600 + 1.77 * y);
    BracketSearch.Settings serial = tolerantSettings(1, 1);
    assertEquals(bin[0], new BracketSearch(serial, one).run().get(0).y());
    for (List<Double> round : one.rounds) {
      for (double y : round) {
        assertEquals(y, s.bin(y)[0], "probe " + y + " of " + one.rounds);
      }
    }
    // wider: the edges beyond too, in the same round
    Synthetic four = new Synthetic(List.of(10, 100, 1000), 425).withShape(y -> 600 + 1.77 * y);
    BracketSearch.Settings wide = tolerantSettings(1, 4);
    assertEquals(bin[0], new BracketSearch(wide, four).run().get(0).y());
    assertEquals(1, four.rounds.size(), four.rounds.toString());
    assertEquals(4, four.rounds.get(0).size(), four.rounds.toString());
  }

  /**
   * A parameter that fits at large values (more cores) is searched as y = -x: the bins below 0
   * mirror those above, and the edge probes find the serial answer there too.
   */
  @Property(tries = 200)
  void withAToleranceBelowZeroAnyWidthFindsTheSerialAnswer(
      @ForAll @Size(min = 1, max = 4) List<@IntRange(min = 2, max = 20_000) Integer> thresholds,
      @ForAll @IntRange(min = 2, max = 5) int width) {
    double[] t = thresholds.stream().mapToDouble(x -> -x).sorted().toArray();
    List<Integer> g = List.of(-30_000, -1);
    java.util.function.IntFunction<List<Outcome>> run = w -> {
      Synthetic v = new Synthetic(g, t).withShape(y -> y);
      BracketSearch.Settings s = new BracketSearch.Settings(t.length, -1, false, true, false,
          LIMIT, true, 40, w, (x, gap) -> Math.round(x), (lo, hi) -> Math.abs(hi - lo) <= 1,
          0.05);
      return new BracketSearch(s, v).run();
    };
    List<Outcome> serial = run.apply(1);
    List<Outcome> got = run.apply(width);
    for (int b = 0; b < t.length; b++) {
      assertEquals(serial.get(b).y(), got.get(b).y(), "budget " + b + ": " + got.get(b));
      assertEquals(serial.get(b).bound(), got.get(b).bound(), "budget " + b);
      assertTrue(got.get(b).y() <= t[b] && got.get(b).y() >= t[b] * 1.05 - 1, got.get(b)
          + " for threshold " + t[b]);
    }
  }

  /**
   * A rate (not a whole number) with a tolerance: the probes go to its bins' edges rounded to
   * three significant digits (inside the bin), every width finds the serial answer, and a good
   * guess closes the bracket in one round of two probes.
   */
  @Property(tries = 200)
  void aRateWithAToleranceProbesReadableEdgesAndFindsTheSerialAnswer(
      @ForAll @Size(min = 1, max = 4) List<@IntRange(min = 60, max = 90_000) Integer> centi,
      @ForAll @IntRange(min = 2, max = 5) int width) {
    double[] t = centi.stream().mapToDouble(x -> x / 100.0).sorted().toArray();
    java.util.function.IntFunction<Synthetic> values =
        w -> new Synthetic(List.of(50, 1000), t).withShape(y -> 3 * y);
    java.util.function.IntFunction<BracketSearch.Settings> settings =
        w -> new BracketSearch.Settings(t.length, 1, false, true, false, 1e6, false, 40, w,
            (x, gap) -> x, (lo, hi) -> Math.abs(hi - lo) <= 0.01 * hi, 0.05);
    Synthetic one = values.apply(1);
    List<Outcome> serial = new BracketSearch(settings.apply(1), one).run();
    Synthetic wide = values.apply(width);
    List<Outcome> got = new BracketSearch(settings.apply(width), wide).run();
    for (int b = 0; b < t.length; b++) {
      assertEquals(serial.get(b).y(), got.get(b).y(), "budget " + b + ": " + got.get(b));
      assertEquals(serial.get(b).bound(), got.get(b).bound(), "budget " + b);
    }
    BracketSearch.Settings s = settings.apply(width);
    for (List<Double> round : wide.rounds) {
      for (double y : round) {
        String text = java.math.BigDecimal.valueOf(y).stripTrailingZeros().unscaledValue()
            .abs().toString();
        double[] e = s.edges(y);
        // three digits, or an exact edge where the bracket straddles one between such values
        assertTrue(text.length() <= 3 || y == e[0] || y == s.edges(y - 1e-9)[1],
            "probe " + y + " in " + wide.rounds);
      }
    }
  }

  @Test
  void aRateGuessClosesInOneRoundAtItsBinsReadableEdges() {
    Synthetic v = new Synthetic(List.of(50, 1000), 262.4).withShape(y -> 3 * y);
    BracketSearch.Settings s = new BracketSearch.Settings(1, 1, false, true, false, 1e6, false,
        40, 2, (x, gap) -> x, (lo, hi) -> Math.abs(hi - lo) <= 0.01 * hi, 0.05);
    Outcome o = new BracketSearch(s, v).run().get(0);
    double[] e = s.edges(262.4);
    assertEquals(List.of(List.of(e[2], e[3])), v.rounds);
    assertEquals(Bound.WITHIN_TOLERANCE, o.bound());
    assertTrue(e[0] <= e[2] && e[2] < e[3] && e[3] <= e[1], java.util.Arrays.toString(e));
    assertEquals(List.of(261.0, 273.0), List.of(e[2], e[3]), "1.05^114 = 260.4, 1.05^115 = 273.4");
    assertEquals(260.0, o.y(), "the bin's value, three digits down");
  }

  private static List<Outcome> tolerant(Synthetic v, int width) {
    return new BracketSearch(tolerantSettings(v.thresholds.length, width), v).run();
  }

  /** Whole numbers from a zero floor, 40 steps, the default 5% tolerance. */
  private static BracketSearch.Settings tolerantSettings(int budgets, int width) {
    return new BracketSearch.Settings(budgets, 1, true, true, false, LIMIT, true, 40, width,
        (x, gap) -> Math.round(x), (lo, hi) -> Math.abs(hi - lo) <= 1, 0.05);
  }

  /** Random monotone thresholds and grids: every width gives the serial answer. */
  @Property(tries = 300)
  void anyWidthFindsTheSerialAnswer(
      @ForAll @Size(min = 1, max = 5) List<@IntRange(min = 0, max = 20_000) Integer> thresholds,
      @ForAll @Size(min = 1, max = 4) List<@IntRange(min = 1, max = 5_000) Integer> grid,
      @ForAll @IntRange(min = 2, max = 5) int width) {
    double[] t = thresholds.stream().mapToDouble(Integer::doubleValue).sorted().toArray();
    List<Integer> g = grid.stream().distinct().sorted().toList();
    Synthetic one = new Synthetic(g, t);
    List<Outcome> serial = search(one, 1, 40);
    Synthetic wide = new Synthetic(g, t);
    List<Outcome> got = search(wide, width, 40);
    for (int b = 0; b < t.length; b++) {
      Outcome s = serial.get(b);
      assertEquals(s.bound(), got.get(b).bound(), "budget " + b);
      assertEquals(s.y(), got.get(b).y(), "budget " + b);
      assertEquals(Math.min(t[b], LIMIT), s.y(), "the serial search finds the threshold");
    }
    assertTrue(wide.rounds.size() <= one.rounds.size(), "no more rounds than serial probes");
    // budgets in the other order (thresholds falling) give the same answers too
    double[] reversed = t.clone();
    for (int i = 0; i < reversed.length / 2; i++) {
      double x = reversed[i];
      reversed[i] = reversed[reversed.length - 1 - i];
      reversed[reversed.length - 1 - i] = x;
    }
    List<Outcome> r1 = search(new Synthetic(g, reversed), 1, 40);
    List<Outcome> rk = search(new Synthetic(g, reversed), width, 40);
    for (int b = 0; b < t.length; b++) {
      assertEquals(r1.get(b).y(), rk.get(b).y(), "reversed, budget " + b);
    }
  }
}
