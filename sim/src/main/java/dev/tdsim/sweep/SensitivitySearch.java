package dev.tdsim.sweep;

import dev.tdsim.sweep.SensitivityReport.Bound;
import dev.tdsim.sweep.SensitivityReport.BudgetFit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The search for the value fitting each budget: the grid gives a bracket (the last fitting and the
 * first non-fitting value); bisection then runs the scenario at the midpoint until the bracket is
 * one apart (whole numbers) or within 1% (other quantities), at most {@code max_probes} steps per
 * budget. When the whole grid fits, the message count (up to what {@code
 * consensus.max_block_txs} and {@code max_block_bytes} allow) and the throughput ceiling's rate
 * (up to the largest rate a scenario may have) are doubled until they do not. A probe fits when
 * every replicate fits. One instance serves every group of one report and counts its probe runs.
 */
final class SensitivitySearch {
  /** A value run for the search: its stats and whether it was a probe. */
  record Known(String label, CellStats stats, List<PointResult> runs, boolean probe) {}

  /**
   * How a parameter whose whole grid fits is extended: doubled up to {@code limit} (base unit);
   * {@code limitNote} says what the limit is when it fits.
   */
  record Extension(double limit, String limitNote) {}

  private final SweepPlan plan;
  private final List<Double> budgetsMs;
  private final Sensitivity.Prober prober;
  private final Consumer<String> log;
  /** Whether probes may run (false: only stored ones are used). */
  private final boolean runProbes;
  /** Why a search stops at a probe that is not stored. */
  private final String notStoredNote;
  private int probeRuns;

  SensitivitySearch(SweepPlan plan, List<Double> budgetsMs, Sensitivity.Prober prober,
      Consumer<String> log, boolean runProbes, String notStoredNote) {
    this.plan = plan;
    this.budgetsMs = budgetsMs;
    this.prober = prober;
    this.log = log;
    this.runProbes = runProbes;
    this.notStoredNote = notStoredNote;
  }

  /** Runs of probes made or read so far (every replicate counts). */
  int probeRuns() {
    return probeRuns;
  }

  /**
   * The search of one group.
   *
   * @param texts the override texts of the group's other values
   * @param known the values run so far by base-unit value; probes are added to it
   * @param sign +1: fits at small values (latency rises); -1: fits at large values
   * @param extension how to go beyond the grid when all of it fits (null: not at all)
   * @param enabled whether probes may be placed (false: read off the grid)
   */
  GroupSearch group(SweepPlan.Param p, Map<String, String> texts, TreeMap<Double, Known> known,
      int sign, Extension extension, boolean enabled, boolean notMonotone) {
    return new GroupSearch(p, texts, known, sign, extension, enabled, notMonotone);
  }

  /** The bracket-and-bisect search of one group (probes shared between budgets). */
  final class GroupSearch {
    private final SweepPlan.Param p;
    private final Map<String, String> texts;
    private final TreeMap<Double, Known> known;
    private final int sign;
    private final Extension extension;
    private final boolean enabled;
    private final boolean notMonotone;
    private String stopped;
    /** The search is off and the next probe was not stored by an earlier sweep. */
    private boolean notStored;

    private GroupSearch(SweepPlan.Param p, Map<String, String> texts,
        TreeMap<Double, Known> known, int sign, Extension extension, boolean enabled,
        boolean notMonotone) {
      this.p = p;
      this.texts = texts;
      this.known = known;
      this.sign = sign;
      this.extension = extension;
      this.enabled = enabled;
      this.notMonotone = notMonotone;
    }

    /** The value fitting budget b; {@code where} names the group in the probe lines. */
    BudgetFit run(int b, String where) {
      boolean isMsgs = p.path().equals(SweepPlan.MSGS);
      // y = sign * x: fitting values come first along y
      List<Double> ys = new ArrayList<>();
      for (double x : known.keySet()) {
        ys.add(sign * x);
      }
      ys.sort(Double::compare);
      int k = 0;
      while (k < ys.size() && fits(ys.get(k), b)) {
        k++;
      }
      for (int i = k; i < ys.size(); i++) {
        if (fits(ys.get(i), b)) {
          Double best = null;
          for (double y : ys) {
            if (fits(y, b)) {
              best = best == null ? y : Math.max(best, y);
            }
          }
          return fit(b, best, Bound.NOT_MONOTONE, null, null, 0,
              "fits and misses alternate along " + p.path() + "; the value shown is the "
                  + (sign > 0 ? "largest" : "smallest") + " value run that fits");
        }
      }
      if (notMonotone) {
        return fit(b, null, Bound.NOT_MONOTONE, null, null, 0, null);
      }
      Double hi = k < ys.size() ? ys.get(k) : null;
      if (!enabled) {
        Double gridLo = k > 0 ? ys.get(k - 1) : null;
        Bound bound = hi == null ? Bound.BEYOND_GRID
            : gridLo == null ? Bound.BELOW_GRID : Bound.NO_SEARCH;
        return fit(b, gridLo, bound, gridLo, hi, 0, null);
      }
      Double lo = k > 0 ? ys.get(k - 1) : (isMsgs && sign > 0 ? 0.0 : null);
      int probes = 0;
      int cap = plan.spec().maxProbes();
      if (hi == null) {
        if (extension == null || sign < 0) {
          return fit(b, lo, Bound.BEYOND_GRID, lo, null, 0,
              "every grid value fits; the largest may be higher");
        }
        double limit = extension.limit();
        while (true) {
          if (lo >= limit) {
            return fit(b, lo, Bound.LIMIT, lo, null, probes, extension.limitNote());
          }
          if (probes >= cap) {
            return fit(b, lo, Bound.PROBE_CAP, lo, null, probes, "stopped after " + cap
                + " probes while doubling; the largest fitting value is at least this");
          }
          double next = Math.min(limit, Math.max(lo * 2, lo + 1));
          probes++;
          Boolean f = evaluate(next, b, where);
          if (f == null && notStored) {
            return fit(b, lo, Bound.BEYOND_GRID, lo, null, probes - 1, notStoredNote);
          }
          if (f == null) {
            return fit(b, lo, Bound.INVALID_PROBE, lo, null, probes, stopped);
          }
          if (f) {
            lo = next;
          } else {
            hi = next;
            break;
          }
        }
      }
      if (lo == null) {
        return fit(b, null, Bound.BELOW_GRID, null, hi, 0,
            "no grid value fits; the search does not go beyond the grid");
      }
      while (!close(lo, hi)) {
        if (probes >= cap) {
          return fit(b, lo, Bound.PROBE_CAP, lo, hi, probes, "stopped after " + cap
              + " probes; the answer is between the bracket's ends");
        }
        double mid = sign * round(sign * (lo + hi) / 2, Math.abs(hi - lo));
        if (mid <= lo || mid >= hi) {
          break;
        }
        probes++;
        Boolean f = evaluate(sign * mid, b, where);
        if (f == null && notStored) {
          return isMsgs && lo == 0
              ? fit(b, null, Bound.BELOW_GRID, null, hi, probes - 1, notStoredNote)
              : fit(b, lo, Bound.NO_SEARCH, lo, hi, probes - 1, notStoredNote);
        }
        if (f == null) {
          return fit(b, lo, Bound.INVALID_PROBE, lo, hi, probes, stopped);
        }
        if (f) {
          lo = mid;
        } else {
          hi = mid;
        }
      }
      if (isMsgs && lo == 0) {
        return fit(b, 0.0, Bound.NONE_FITS, null, hi, probes,
            "not even one message per block fits");
      }
      return fit(b, lo, p.kind() == ParamKind.INTEGER ? Bound.EXACT : Bound.WITHIN_1PCT,
          lo, hi, probes, null);
    }

    private boolean fits(double y, int b) {
      return known.get(sign * y).stats().fits()[b];
    }

    /**
     * The probe value: a whole number for message counts and other integers; other quantities
     * rounded to a step of about 1% of the bracket ({@code 8300 us}, not {@code 8251953 ns}).
     */
    private double round(double x, double gap) {
      if (p.kind() == ParamKind.INTEGER || !(gap > 0)) {
        return p.kind().whole() ? Math.round(x) : x;
      }
      double step = Math.pow(10, Math.floor(Math.log10(gap / 100)));
      if (p.kind().whole()) {
        return Math.round(x / Math.max(1, step)) * Math.max(1, step);
      }
      return Double.parseDouble(String.format(Locale.ROOT, "%.12g", Math.round(x / step) * step));
    }

    private boolean close(double lo, double hi) {
      double gap = Math.abs(hi - lo);
      if (p.kind() == ParamKind.INTEGER) {
        return gap <= 1;
      }
      double rel = 0.01 * Math.max(Math.abs(lo), Math.abs(hi));
      return p.kind().whole() ? gap <= Math.max(1, rel) : gap <= rel;
    }

    /** Runs the probe at x (base unit); whether it fits budget b; null if x is not valid. */
    private Boolean evaluate(double x, int b, String where) {
      Known k = known.get(x);
      if (k == null) {
        String text = p.kind().format(x);
        Map<String, String> t = new LinkedHashMap<>(texts);
        t.put(p.path(), text);
        SweepPlan.Cell cell;
        try {
          cell = plan.probeCell(t);
        } catch (SweepException e) {
          stopped = "probe " + p.path() + "=" + text + " is not a valid scenario: "
              + e.getMessage();
          return null;
        }
        List<PointResult> runs;
        if (runProbes) {
          try {
            runs = prober.run(cell);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        } else {
          runs = prober.stored(cell);
          if (runs == null || runs.isEmpty()) {
            notStored = true;
            return null;
          }
        }
        probeRuns += runs.size();
        k = new Known(text, CellStats.of(runs), runs, true);
        known.put(x, k);
        boolean reused = runs.stream().allMatch(PointResult::reused);
        log.accept(String.format(Locale.ROOT, "probe %s=%s%s: judged p95 %.1f ms (decryption"
            + " p95 %.1f ms); %s%s", p.path(), text, where, k.stats().judgedP95Ms(),
            k.stats().p95Ms(), FitRule.describe(runs, budgetsMs), reused ? " (reused)" : ""));
      }
      return k.stats().fits()[b];
    }

    private BudgetFit fit(int b, Double y, Bound bound, Double lo, Double hi,
        int probes, String note) {
      double budget = budgetsMs.get(b);
      Double x = y == null ? null : sign * y;
      Double xl = lo == null ? null : sign * lo;
      Double xh = hi == null ? null : sign * hi;
      String label = x == null ? null : labelOf(x);
      Known at = x == null ? null : known.get(x);
      if (at == null && !known.isEmpty()) {
        at = (sign > 0 ? known.firstEntry() : known.lastEntry()).getValue();
      }
      Known fitting = x == null ? null : known.get(x);
      Known above = xh == null ? null : known.get(xh);
      String whyMissed = above == null ? null : FitRule.whyMissed(above.runs(), b);
      return new BudgetFit(budget, display(x), label, bound, display(xl), display(xh), probes,
          note, at == null ? null : FitRule.bottleneck(at.runs(), at.label()),
          fitting == null ? null : FitRule.addedP95Ms(fitting.runs(), budget),
          whyMissed == null ? null : above.label() + ": " + whyMissed);
    }

    private String labelOf(double x) {
      Known k = known.get(x);
      if (k != null) {
        return k.label();
      }
      return x == 0 ? "0" : p.kind().format(x);
    }

    private Double display(Double x) {
      return x == null ? null : p.kind().display(x);
    }
  }
}
