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
  /** Probes per round ({@link BracketSearch}); 1: the serial bisection. */
  private final int width;
  private int probeRuns;

  SensitivitySearch(SweepPlan plan, List<Double> budgetsMs, Sensitivity.Prober prober,
      Consumer<String> log, boolean runProbes, String notStoredNote, int width) {
    this.width = width;
    this.plan = plan;
    this.budgetsMs = budgetsMs;
    this.prober = prober;
    this.log = log;
    this.runProbes = runProbes;
    this.notStoredNote = notStoredNote;
  }

  /** Every probe run made or read so far, in the order they came in. */
  private final List<PointResult> probeResults = new ArrayList<>();

  List<PointResult> probeResults() {
    return List.copyOf(probeResults);
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
    /** Why each invalid probe value (x) is not a scenario. */
    private final Map<Double, String> invalid = new java.util.HashMap<>();

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

    /**
     * The value fitting each budget, in budget order ({@link BracketSearch}: rounds of at most
     * {@code width} probes run at once); {@code where} names the group in the probe lines.
     */
    List<BudgetFit> runAll(String where) {
      boolean isMsgs = p.path().equals(SweepPlan.MSGS);
      BracketSearch.Settings settings = new BracketSearch.Settings(budgetsMs.size(), sign,
          isMsgs, enabled, notMonotone, extension == null ? null : extension.limit(),
          p.kind() == ParamKind.INTEGER, plan.spec().maxProbes(), width, this::round,
          this::close, plan.spec().tolerance());
      List<BudgetFit> out = new ArrayList<>();
      List<BracketSearch.Outcome> outcomes =
          new BracketSearch(settings, new GroupValues(where)).run();
      int cap = plan.spec().maxProbes();
      for (int b = 0; b < outcomes.size(); b++) {
        BracketSearch.Outcome o = outcomes.get(b);
        String note = switch (o.why()) {
          case NONE -> null;
          case ALTERNATE -> "fits and misses alternate along " + p.path() + "; the value shown"
              + " is the " + (sign > 0 ? "largest" : "smallest") + " value run that fits";
          case EVERY_GRID_FITS -> "every grid value fits; the largest may be higher";
          case NO_GRID_FITS -> "no grid value fits; the search does not go beyond the grid";
          case LIMIT -> extension.limitNote();
          case CAP_DOUBLING -> "stopped after " + cap
              + " probes while doubling; the largest fitting value is at least this";
          case CAP -> "stopped after " + cap
              + " probes; the answer is between the bracket's ends";
          case INVALID -> invalid.get(sign * o.at());
          case NOT_STORED -> notStoredNote;
          case NONE_FITS -> "not even one message per block fits";
        };
        out.add(fit(b, o.y(), o.bound(), o.lo(), o.hi(), o.steps(), note));
      }
      return out;
    }

    /** The group's known values to the bracket search, in y; its probes run through here. */
    private final class GroupValues implements BracketSearch.Values {
      private final String where;

      GroupValues(String where) {
        this.where = where;
      }

      @Override
      public java.util.NavigableSet<Double> ys() {
        java.util.TreeSet<Double> ys = new java.util.TreeSet<>();
        for (double x : known.keySet()) {
          ys.add(sign * x);
        }
        return ys;
      }

      @Override
      public boolean fits(double y, int b) {
        return GroupSearch.this.fits(y, b);
      }

      /**
       * The judged p95 minus the budget (mean over replicates); NaN when its sign disagrees with
       * the verdict, which then rests on something the p95 does not measure (a run that kept its
       * heights within the budget but not up with its clients, or the heights' count near the
       * 95% line), so that the search cuts the bracket evenly instead of guessing from it.
       */
      @Override
      public double margin(double y, int b) {
        double m = known.get(sign * y).stats().budgets().get(b).judgedP95().mean()
            - budgetsMs.get(b);
        return fits(y, b) == (m <= 0) ? m : Double.NaN;
      }

      @Override
      public Map<Double, BracketSearch.Missing> probe(List<Double> ys) {
        return evaluateAll(ys, where);
      }
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

    /**
     * Runs the probes at ys (in y) not known yet, every replicate of all of them at once through
     * the prober, and adds them to the known values; returns the ys that could not be run. The
     * probe lines are logged in ascending order of the value, whatever order they finished in.
     */
    private Map<Double, BracketSearch.Missing> evaluateAll(List<Double> ys, String where) {
      Map<Double, BracketSearch.Missing> missing = new LinkedHashMap<>();
      List<Double> xs = new ArrayList<>();
      List<SweepPlan.Cell> cells = new ArrayList<>();
      List<Double> sorted = new ArrayList<>();
      for (double y : ys) {
        sorted.add(sign * y);
      }
      sorted.sort(Double::compare);
      for (double x : sorted) {
        if (known.containsKey(x)) {
          continue;
        }
        String text = p.kind().format(x);
        Map<String, String> t = new LinkedHashMap<>(texts);
        t.put(p.path(), text);
        try {
          cells.add(plan.probeCell(t));
          xs.add(x);
        } catch (SweepException e) {
          invalid.put(x, "probe " + p.path() + "=" + text + " is not a valid scenario: "
              + e.getMessage());
          missing.put(sign * x, BracketSearch.Missing.INVALID);
        }
      }
      List<List<PointResult>> found;
      if (runProbes) {
        try {
          found = prober.runAll(cells);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      } else {
        found = new ArrayList<>();
        for (SweepPlan.Cell cell : cells) {
          found.add(prober.stored(cell));
        }
      }
      for (int i = 0; i < xs.size(); i++) {
        double x = xs.get(i);
        List<PointResult> runs = found.get(i);
        if (runs == null || runs.isEmpty()) {
          missing.put(sign * x, BracketSearch.Missing.NOT_STORED);
          continue;
        }
        probeRuns += runs.size();
        probeResults.addAll(runs);
        Known k = new Known(cells.get(i).texts().get(p.path()), CellStats.of(runs), runs, true);
        known.put(x, k);
        boolean reused = runs.stream().allMatch(PointResult::reused);
        log.accept(String.format(Locale.ROOT, "probe %s=%s%s: judged p95 %.1f ms (decryption"
            + " p95 %.1f ms); %s%s", p.path(), k.label(), where, k.stats().judgedP95Ms(),
            k.stats().p95Ms(), FitRule.describe(runs, budgetsMs), reused ? " (reused)" : ""));
      }
      return missing;
    }

    private BudgetFit fit(int b, Double y, Bound bound, Double lo, Double hi,
        int probes, String note) {
      double budget = budgetsMs.get(b);
      Double x = y == null ? null : sign * y;
      Double xl = lo == null ? null : sign * lo;
      Double xh = hi == null ? null : sign * hi;
      String label = x == null ? null : labelOf(x);
      // a tolerance's answer (its bin's smallest value) need not have run: the bottleneck and
      // what decryption adds are those of the largest value run that fits, the bracket's lo
      Known fitting = x == null ? null : known.get(x);
      if (fitting == null && bound == Bound.WITHIN_TOLERANCE && xl != null) {
        fitting = known.get(xl);
      }
      Known at = fitting;
      if (at == null && !known.isEmpty()) {
        at = (sign > 0 ? known.firstEntry() : known.lastEntry()).getValue();
      }
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
