package dev.tdsim.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * How the decryption latency and the verdicts respond to each varied parameter, written to
 * {@code sensitivity.json}.
 *
 * <p>For the message count ({@code workload.msgs_per_block}, when varied as a number or with
 * {@code --max-msgs-search}) and every other numeric parameter, per group of the other varied
 * values and per budget: the largest value that still fits (smallest, when the latency falls with
 * the parameter), found by search on the scenario: the grid gives a bracket (the last fitting and
 * the first non-fitting value); bisection then runs the scenario at the midpoint until the bracket
 * is one apart (whole numbers) or within 1% (other quantities), at most {@code maxProbes} steps per
 * budget. When the whole grid fits, the message count is doubled (up to what
 * {@code consensus.max_block_txs} and {@code max_block_bytes} allow) until it does not. A probe
 * point fits when every replicate fits (the {@code fits} of {@code sweep.csv}). Also the slope of
 * the p95 decryption latency against the parameter (a least-squares line over every run of the
 * group, grid and probes, replicates as separate samples) and the elasticity at the base value
 * (slope * x0 / fitted latency at x0). Categorical parameters get their latencies per value.
 */
public final class Sensitivity {
  public static final String FILE = "sensitivity.json";
  /** Latency steps smaller than this share of the largest latency do not break monotonicity. */
  static final double MONOTONE_TOLERANCE = 0.02;

  /** Runs every replicate of a probe cell (reusing an earlier run's folder when it matches). */
  @FunctionalInterface
  public interface Prober {
    List<PointResult> run(SweepPlan.Cell cell) throws IOException;

    /**
     * Every replicate of the probe as an earlier sweep stored it, without running anything; null
     * when one is missing. Used when the search is off ({@code --no-search}): stored probes still
     * count, no new one runs.
     */
    default List<PointResult> stored(SweepPlan.Cell cell) {
      return null;
    }
  }

  /** One value of a numeric parameter that was run (grid point or probe), means over replicates. */
  public record Sample(double value, String label, double p50Ms, double p95Ms, double p99Ms,
      double judgedP95Ms, boolean probe, List<Boolean> fits, List<Double> p95PerReplicate) {}

  /**
   * The largest (or smallest) fitting value for one budget.
   *
   * @param value in the parameter's display unit; null when nothing can be said
   * @param label the value as scenario text ({@code 137}, {@code 80 ms})
   * @param bound how to read value: exact, within_1pct, probe_cap, limit, beyond_grid, none_fits,
   *     below_grid, not_monotone, no_search, invalid_probe
   * @param bracketLow the last fitting value known (display unit), or null
   * @param bracketHigh the first non-fitting value known, or null
   * @param probes bisection (and doubling) steps taken for this budget
   */
  public record BudgetFit(double blockTimeMs, Double value, String label, String bound,
      Double bracketLow, Double bracketHigh, int probes, String note, Bottleneck bottleneck) {}

  /**
   * The phase of the critical path that takes the largest share of a height (mean over heights
   * and replicates) at the value reported fitting (at the smallest value run when none fits),
   * with the whole critical path there and the bytes of shares each validator sends per block.
   *
   * @param at the value (scenario text) whose runs it is taken from
   * @param share of the sum of the critical path's phases, 0..1
   * @param pathMs the critical path's phases (consensus, share creation, share gossip, combine,
   *     decrypt), mean ms, in that order; empty when unknown
   * @param shareBytes bytes of decryption shares one validator sends per block there (mean over
   *     the runs; null for runs written before tdsim recorded it)
   */
  public record Bottleneck(String phase, double ms, double share, String at,
      Map<String, Double> pathMs, Double shareBytes) {
    public Bottleneck {
      pathMs = pathMs == null ? Map.of() : java.util.Collections.unmodifiableMap(
          new java.util.LinkedHashMap<>(pathMs));
    }

    public Bottleneck(String phase, double ms, double share, String at) {
      this(phase, ms, share, at, Map.of(), null);
    }

    /**
     * The critical path and share bytes in one line, e.g. {@code consensus 420 | share creation 1
     * | share gossip 300 | combine 30 | decrypt 3 ms; shares 96 B/validator/block}.
     */
    public String pathText() {
      StringBuilder b = new StringBuilder();
      pathMs.forEach((phase, v) -> b.append(b.length() == 0 ? "" : " | ").append(phase)
          .append(' ').append(String.format(java.util.Locale.ROOT, v < 10 ? "%.1f" : "%.0f", v)));
      if (b.length() > 0) {
        b.append(" ms");
      }
      if (shareBytes != null) {
        b.append(b.length() == 0 ? "" : "; ").append("shares ")
            .append(dev.tdsim.scenario.Units.formatSize(Math.round(shareBytes)))
            .append("/validator/block");
      }
      return b.toString();
    }
  }

  /**
   * The answer at a glance for one design (one combination of the values varied besides the
   * searched parameter, e.g. {@code crypto.variant=folded}) and budget: the largest (smallest
   * when the latency falls with it) value of the searched parameter that fits, and the bottleneck.
   */
  public record HeadlineRow(Map<String, String> design, double blockTimeMs, Double value,
      String label, String bound, Double bracketHigh, Bottleneck bottleneck) {

    /**
     * The value as a reader wants it: {@code 137 msgs}, {@code none fits} (not even one message),
     * {@code < 10 (below grid)} (the smallest value run misses, nothing smaller was tried),
     * {@code 1000 msgs (beyond grid)}; the bound is named unless the value is exact.
     */
    public String valueText(boolean msgs) {
      if (bound.equals("none_fits")) {
        return msgs ? "none fits (not even 1 msg)" : "none fits";
      }
      if (value == null) {
        String below = bracketHigh == null ? "none fits"
            : (msgs ? "< " + Math.round(bracketHigh) : "none up to " + bracketHigh);
        return below + " (" + bound.replace('_', ' ') + ")";
      }
      String v = msgs ? Math.round(value) + " msgs" : label;
      return bound.equals("exact") || bound.equals("within_1pct") ? v
          : v + " (" + bound.replace('_', ' ') + ")";
    }
  }

  /** A numeric parameter's analysis within one combination of the other varied values. */
  public record NumericGroup(Map<String, String> fixed, String direction, boolean monotone,
      List<Sample> samples, Double slopeMsPerUnit, Double interceptMs, Double rSquared,
      Double baseValue, Double elasticity, List<BudgetFit> budgets, List<String> notes) {}

  public record NumericParam(String path, String kind, String unit, boolean virtual,
      List<NumericGroup> groups) {}

  public record CategoryValue(String value, double p50Ms, double p95Ms, double p99Ms,
      double judgedP95Ms, List<Boolean> fits) {}

  public record CategoricalGroup(Map<String, String> fixed, List<CategoryValue> values) {}

  public record CategoricalParam(String path, List<CategoricalGroup> groups) {}

  /** p95 decryption latency at a parameter's lowest and highest value, others at the base. */
  public record TornadoBar(String path, String lowLabel, String highLabel, double lowP95Ms,
      double highP95Ms, double baseP95Ms) {}

  /**
   * A grid point's answer, the headline of a sweep that varies no number (e.g. only a variant
   * or a fault's stake written as a percentage): which budgets it fits, and its bottleneck.
   */
  public record PointFit(Map<String, String> labels, List<Boolean> fits, Bottleneck bottleneck) {}

  /** Everything in sensitivity.json. */
  public record Report(Map<String, String> base, String baseCell, double baseP95Ms,
      List<Double> budgetsMs, NumericParam msgs, List<NumericParam> numeric,
      List<CategoricalParam> categorical, List<TornadoBar> tornado, int probeRuns,
      int maxProbes, List<String> notes, List<PointFit> points) {

    /** The parameter the headline answers for: the message count, else the first number. */
    public NumericParam headlineParam() {
      return msgs != null ? msgs : numeric.isEmpty() ? null : numeric.get(0);
    }

    /** Per design and budget the value fitting and the bottleneck (empty: nothing numeric). */
    public List<HeadlineRow> headline() {
      List<HeadlineRow> rows = new ArrayList<>();
      NumericParam p = headlineParam();
      if (p == null) {
        return rows;
      }
      for (NumericGroup g : p.groups()) {
        for (BudgetFit f : g.budgets()) {
          rows.add(new HeadlineRow(g.fixed(), f.blockTimeMs(), f.value(), f.label(), f.bound(),
              f.bracketHigh(), f.bottleneck()));
        }
      }
      return rows;
    }
  }

  private final SweepPlan plan;
  private final Map<String, PointResult> results;
  private final Prober prober;
  private final Consumer<String> log;
  private final List<Double> budgetsMs = new ArrayList<>();
  private int probeRuns;
  /** Whether probes may run (false: only stored ones are used). */
  private final boolean runProbes;
  /** Why a search stops at a probe that is not stored. */
  private final String notStoredNote;

  private Sensitivity(SweepPlan plan, Map<String, PointResult> results, Prober prober,
      Consumer<String> log, boolean runProbes, String notStoredNote) {
    this.plan = plan;
    this.results = results;
    this.prober = prober;
    this.log = log;
    this.runProbes = runProbes;
    this.notStoredNote = notStoredNote;
    for (long b : plan.base().budgetsNanos()) {
      budgetsMs.add(b / 1e6);
    }
  }

  /**
   * Computes the report; probes run through {@code prober} (none when the search is off).
   *
   * @param results every grid point's result by point id
   */
  public static Report compute(SweepPlan plan, Map<String, PointResult> results, Prober prober,
      Consumer<String> log) {
    return new Sensitivity(plan, results, prober, log, plan.spec().search(), NOT_STORED)
        .compute();
  }

  /**
   * The report as far as the sweep got, for the report files rewritten while it runs: the grid
   * points finished so far and the probes stored so far; nothing runs.
   *
   * @param searching whether the grid is done and the search is running
   */
  public static Report snapshot(SweepPlan plan, Map<String, PointResult> results,
      Prober stored, boolean searching) {
    Sensitivity s = new Sensitivity(plan, results, stored, line -> { }, false,
        "sweep still running: the search has not got further yet");
    Report r = s.compute();
    List<String> notes = new ArrayList<>(r.notes());
    notes.add(0, searching ? "this report was written while the search was running: the values"
        + " fitting are those the probes finished so far support"
        : "this report was written while the grid was running: only the points finished so far"
            + " are in it");
    return new Report(r.base(), r.baseCell(), r.baseP95Ms(), r.budgetsMs(), r.msgs(),
        r.numeric(), r.categorical(), r.tornado(), r.probeRuns(), r.maxProbes(), notes,
        r.points());
  }

  /**
   * An upper bound of the probe runs the search may make, known before anything runs: per
   * searched parameter, group of the other varied values and budget at most {@code max_probes}
   * probes, each of {@code replicates} runs (probes shared between budgets run once, so the real
   * count is usually far lower). 0 when the search is off.
   */
  public static int probeBound(SweepPlan plan) {
    if (!plan.spec().search()) {
      return 0;
    }
    long groups = 0;
    List<SweepPlan.Param> searched = new ArrayList<>();
    if (plan.msgsParam() != null) {
      searched.add(plan.msgsParam());
    }
    for (SweepPlan.Param p : plan.params()) {
      if (p != plan.msgsParam() && p.kind().numeric()) {
        searched.add(p);
      }
    }
    for (SweepPlan.Param p : searched) {
      boolean zipped = !p.virtual() && plan.spec().zip() && plan.params().size() > 1;
      if (zipped) {
        continue;
      }
      java.util.Set<Map<String, String>> distinct = new java.util.HashSet<>();
      for (SweepPlan.Cell c : plan.cells()) {
        Map<String, String> fixed = new LinkedHashMap<>(c.labels());
        fixed.remove(p.path());
        distinct.add(!p.virtual() && plan.spec().zip() ? Map.of() : fixed);
      }
      groups += distinct.size();
    }
    long bound = groups * plan.base().budgetsNanos().size() * plan.spec().maxProbes()
        * plan.spec().replicates();
    return (int) Math.min(Integer.MAX_VALUE, bound);
  }

  private Report compute() {
    List<String> notes = new ArrayList<>();
    Map<String, String> baseLabels = baseLabels();
    SweepPlan.Cell baseCell = plan.cellByLabels(baseLabels);
    NumericParam msgs = null;
    List<NumericParam> numeric = new ArrayList<>();
    List<CategoricalParam> categorical = new ArrayList<>();
    if (plan.msgsParam() != null) {
      msgs = numeric(plan.msgsParam());
    }
    for (SweepPlan.Param p : plan.params()) {
      if (p == plan.msgsParam()) {
        continue;
      }
      if (p.kind().numeric()) {
        numeric.add(numeric(p));
      } else {
        categorical.add(categorical(p));
      }
    }
    if (plan.spec().zip() && plan.params().size() > 1) {
      notes.add("zip mode: the varied paths change together, so each parameter's slope and"
          + " latencies mix the effects of all of them, and no search runs between grid points");
    }
    double baseP95 = baseCell != null && finished(baseCell) ? stats(baseCell).p95Ms()
        : medianP95();
    List<TornadoBar> tornado = tornado(baseLabels, baseP95);
    return new Report(baseLabels, baseCell == null ? null : baseCell.id(), baseP95,
        List.copyOf(budgetsMs), msgs, numeric, categorical, tornado, probeRuns,
        plan.spec().maxProbes(), notes, pointFits());
  }

  /** Every finished grid point's fits and bottleneck, in grid order. */
  private List<PointFit> pointFits() {
    List<PointFit> out = new ArrayList<>();
    for (SweepPlan.Cell c : plan.cells()) {
      List<PointResult> runs = resultsOf(c);
      if (runs.isEmpty()) {
        continue;
      }
      List<Boolean> fits = new ArrayList<>();
      for (boolean f : CellStats.of(runs).fits()) {
        fits.add(f);
      }
      out.add(new PointFit(c.labels(), fits, FitRule.bottleneck(runs, c.id())));
    }
    return out;
  }

  // ------------------------------------------------------------------ base point

  /** Per varied path: the base scenario's value when it is on the grid, else the middle one. */
  private Map<String, String> baseLabels() {
    Map<String, String> out = new LinkedHashMap<>();
    for (SweepPlan.Param p : plan.params()) {
      String own = YamlValues.label(YamlValues.resolved(plan.base(), p.path()));
      if (p.values().contains(own)) {
        out.put(p.path(), own);
      } else if (p.kind().numeric()) {
        List<String> sorted = new ArrayList<>(p.values());
        sorted.sort(Comparator.comparingDouble(p.numbers()::get));
        out.put(p.path(), sorted.get((sorted.size() - 1) / 2));
      } else {
        out.put(p.path(), p.values().get(0));
      }
    }
    return out;
  }

  private double medianP95() {
    List<Double> all = new ArrayList<>();
    for (SweepPlan.Cell c : plan.cells()) {
      if (finished(c)) {
        all.add(stats(c).p95Ms());
      }
    }
    all.sort(Double::compare);
    return all.isEmpty() ? Double.NaN : all.get((all.size() - 1) / 2);
  }

  private List<PointResult> resultsOf(SweepPlan.Cell c) {
    List<PointResult> out = new ArrayList<>();
    for (SweepPlan.Point p : c.points()) {
      PointResult r = results.get(p.id());
      if (r != null) {
        out.add(r);
      }
    }
    return out;
  }

  private CellStats stats(SweepPlan.Cell c) {
    return CellStats.of(resultsOf(c));
  }

  /** Whether a cell has a result (a report written while the grid runs has only some). */
  private boolean finished(SweepPlan.Cell c) {
    return !resultsOf(c).isEmpty();
  }

  // ------------------------------------------------------------------ groups

  /** The cells sharing the other varied values, in grid order; one group of all cells in zip. */
  private Map<Map<String, String>, List<SweepPlan.Cell>> groups(SweepPlan.Param p) {
    Map<Map<String, String>, List<SweepPlan.Cell>> out = new LinkedHashMap<>();
    boolean oneGroup = !p.virtual() && plan.spec().zip();
    for (SweepPlan.Cell c : plan.cells()) {
      if (!finished(c)) {
        continue;
      }
      Map<String, String> fixed = new LinkedHashMap<>();
      if (!oneGroup) {
        for (Map.Entry<String, String> e : c.labels().entrySet()) {
          if (!e.getKey().equals(p.path())) {
            fixed.put(e.getKey(), e.getValue());
          }
        }
      }
      out.computeIfAbsent(fixed, k -> new ArrayList<>()).add(c);
    }
    return out;
  }

  private static String describeFixed(Map<String, String> fixed) {
    if (fixed.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder(" (");
    boolean first = true;
    for (Map.Entry<String, String> e : fixed.entrySet()) {
      sb.append(first ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
      first = false;
    }
    return sb.append(')').toString();
  }

  // ------------------------------------------------------------------ numeric

  /** A value run for the search: its stats and whether it was a probe. */
  private record Known(String label, CellStats stats, List<PointResult> runs, boolean probe) {}

  private NumericParam numeric(SweepPlan.Param p) {
    List<NumericGroup> groups = new ArrayList<>();
    for (Map.Entry<Map<String, String>, List<SweepPlan.Cell>> g : groups(p).entrySet()) {
      groups.add(numericGroup(p, g.getKey(), g.getValue()));
    }
    return new NumericParam(p.path(), p.kind().name().toLowerCase(Locale.ROOT),
        p.kind().displayUnit(), p.virtual(), groups);
  }

  private NumericGroup numericGroup(SweepPlan.Param p, Map<String, String> fixed,
      List<SweepPlan.Cell> cells) {
    List<String> notes = new ArrayList<>();
    TreeMap<Double, Known> known = new TreeMap<>();
    for (SweepPlan.Cell c : cells) {
      String label = p.virtual() ? p.values().get(0) : c.labels().get(p.path());
      double x = p.numbers().get(label);
      List<PointResult> runs = resultsOf(c);
      known.put(x, new Known(label, CellStats.of(runs), runs, false));
    }
    boolean isMsgs = p.path().equals(SweepPlan.MSGS);
    // the latency trend over the grid decides the direction and whether to search
    List<Double> trend = new ArrayList<>();
    for (Known k : known.values()) {
      trend.add(k.stats().judgedP95Ms());
    }
    boolean up = monotone(trend, 1);
    boolean down = monotone(trend, -1);
    boolean rising = trend.get(trend.size() - 1) > trend.get(0);
    String direction;
    if (isMsgs) {
      direction = "increasing";
    } else if (up && down) {
      direction = "flat";
    } else if (up) {
      direction = "increasing";
    } else if (down) {
      direction = "decreasing";
    } else {
      direction = "not_monotone";
    }
    boolean monotone = trend.size() < 2 || (rising ? up : down) || (up && down);
    Map<String, String> texts = groupTexts(p, fixed, cells);
    boolean zipped = !p.virtual() && plan.spec().zip() && plan.params().size() > 1;
    boolean searchable = !zipped && !direction.equals("not_monotone");
    if (!plan.spec().search()) {
      notes.add("search off: the values fitting are read off the grid and the probes an earlier"
          + " sweep stored");
    }
    if (zipped) {
      notes.add("zip mode with other varied paths: no search between grid points");
    } else if (direction.equals("not_monotone")) {
      notes.add("the judged p95 latency is not monotone in " + p.path() + " over the grid"
          + " (beyond " + Math.round(100 * MONOTONE_TOLERANCE) + "%): no value fitting reported");
    }
    Search search = new Search(p, texts, known, direction.equals("decreasing") ? -1 : 1,
        isMsgs ? msgsLimit(cells.get(0)) : Double.NaN, searchable,
        direction.equals("not_monotone"));
    List<BudgetFit> budgets = new ArrayList<>();
    for (int b = 0; b < budgetsMs.size(); b++) {
      budgets.add(search.run(b, describeFixed(fixed)));
    }
    // the regression uses everything run in the group: grid and probes, every replicate
    SimpleRegression reg = new SimpleRegression();
    List<Sample> samples = new ArrayList<>();
    for (Map.Entry<Double, Known> e : known.entrySet()) {
      double xd = p.kind().display(e.getKey());
      List<Double> reps = new ArrayList<>();
      for (PointResult r : e.getValue().runs()) {
        reg.addData(xd, r.p95Ms());
        reps.add(r.p95Ms());
      }
      CellStats s = e.getValue().stats();
      List<Boolean> fits = new ArrayList<>();
      for (boolean f : s.fits()) {
        fits.add(f);
      }
      samples.add(new Sample(xd, e.getValue().label(), s.budgets().get(0).p50().mean(),
          s.p95Ms(), s.budgets().get(0).p99().mean(), s.judgedP95Ms(), e.getValue().probe(),
          fits, reps));
    }
    Double slope = null;
    Double intercept = null;
    Double r2 = null;
    Double elasticity = null;
    Double base = baseValue(p);
    if (known.size() >= 2) {
      slope = finite(reg.getSlope());
      intercept = finite(reg.getIntercept());
      r2 = finite(reg.getRSquare());
      if (slope != null && intercept != null && base != null) {
        double fitted = intercept + slope * base;
        elasticity = fitted > 0 ? finite(slope * base / fitted) : null;
      }
    } else {
      notes.add("one value only: no slope");
    }
    return new NumericGroup(fixed, direction, monotone, samples, slope, intercept, r2, base,
        elasticity, budgets, notes);
  }

  /** The override texts of the group's other values (from its first cell). */
  private static Map<String, String> groupTexts(SweepPlan.Param p, Map<String, String> fixed,
      List<SweepPlan.Cell> cells) {
    Map<String, String> texts = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : cells.get(0).texts().entrySet()) {
      if (!e.getKey().equals(p.path())) {
        texts.put(e.getKey(), e.getValue());
      }
    }
    return texts;
  }

  /**
   * The base value of p in its display unit: the base point's (the scenario's own value when it
   * is on the grid, else the grid's middle value; the searched value for --max-msgs-search).
   */
  private Double baseValue(SweepPlan.Param p) {
    String label = p.virtual() ? p.values().get(0) : baseLabels().get(p.path());
    Double x = label == null ? null : p.numbers().get(label);
    return x == null ? null : p.kind().display(x);
  }

  /** The most messages a block of this cell's scenario may carry. */
  private static double msgsLimit(SweepPlan.Cell c) {
    var s = c.points().get(0).scenario();
    long bySize = s.consensus().maxBlockBytes() / Math.max(1, s.workload().msgSizeBytes());
    return Math.min(s.consensus().maxBlockTxs(), bySize);
  }

  private static boolean monotone(List<Double> ys, int sign) {
    double max = 0;
    for (double y : ys) {
      max = Math.max(max, Math.abs(y));
    }
    double tol = MONOTONE_TOLERANCE * max;
    for (int i = 1; i < ys.size(); i++) {
      if (sign * (ys.get(i) - ys.get(i - 1)) < -tol) {
        return false;
      }
    }
    return true;
  }

  private static Double finite(double v) {
    return Double.isFinite(v) ? v : null;
  }

  /** The bracket-and-bisect search of one group (probes shared between budgets). */
  private final class Search {
    private final SweepPlan.Param p;
    private final Map<String, String> texts;
    private final TreeMap<Double, Known> known;
    /** +1: fits at small values (latency rises); -1: fits at large values. */
    private final int sign;
    private final double limit;
    private final boolean enabled;
    private final boolean notMonotone;
    private String stopped;
    /** The search is off and the next probe was not stored by an earlier sweep. */
    private boolean notStored;

    Search(SweepPlan.Param p, Map<String, String> texts, TreeMap<Double, Known> known, int sign,
        double limit, boolean enabled, boolean notMonotone) {
      this.p = p;
      this.texts = texts;
      this.known = known;
      this.sign = sign;
      this.limit = limit;
      this.enabled = enabled;
      this.notMonotone = notMonotone;
    }

    BudgetFit run(int b, String where) {
      double budget = budgetsMs.get(b);
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
          return fit(budget, best, "not_monotone", null, null, 0,
              "fits and misses alternate along " + p.path() + "; the value shown is the "
                  + (sign > 0 ? "largest" : "smallest") + " value run that fits");
        }
      }
      if (notMonotone) {
        return fit(budget, null, "not_monotone", null, null, 0, null);
      }
      Double hi = k < ys.size() ? ys.get(k) : null;
      if (!enabled) {
        Double gridLo = k > 0 ? ys.get(k - 1) : null;
        String bound = hi == null ? "beyond_grid" : gridLo == null ? "below_grid" : "no_search";
        return fit(budget, gridLo, bound, gridLo, hi, 0, null);
      }
      Double lo = k > 0 ? ys.get(k - 1) : (isMsgs && sign > 0 ? 0.0 : null);
      int probes = 0;
      int cap = plan.spec().maxProbes();
      if (hi == null) {
        if (!(isMsgs && sign > 0)) {
          return fit(budget, lo, "beyond_grid", lo, null, 0,
              "every grid value fits; the largest may be higher");
        }
        while (true) {
          if (lo >= limit) {
            return fit(budget, lo, "limit", lo, null, probes, "the most messages a block may"
                + " carry (consensus.max_block_txs, max_block_bytes / msg_size) fits");
          }
          if (probes >= cap) {
            return fit(budget, lo, "probe_cap", lo, null, probes, "stopped after " + cap
                + " probes while doubling; the largest fitting value is at least this");
          }
          double next = Math.min(limit, Math.max(lo * 2, lo + 1));
          probes++;
          Boolean f = evaluate(next, b, where);
          if (f == null && notStored) {
            return fit(budget, lo, "beyond_grid", lo, null, probes - 1, notStoredNote);
          }
          if (f == null) {
            return fit(budget, lo, "invalid_probe", lo, null, probes, stopped);
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
        return fit(budget, null, "below_grid", null, hi, 0,
            "no grid value fits; the search does not go beyond the grid");
      }
      while (!close(lo, hi)) {
        if (probes >= cap) {
          return fit(budget, lo, "probe_cap", lo, hi, probes, "stopped after " + cap
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
              ? fit(budget, null, "below_grid", null, hi, probes - 1, notStoredNote)
              : fit(budget, lo, "no_search", lo, hi, probes - 1, notStoredNote);
        }
        if (f == null) {
          return fit(budget, lo, "invalid_probe", lo, hi, probes, stopped);
        }
        if (f) {
          lo = mid;
        } else {
          hi = mid;
        }
      }
      if (isMsgs && lo == 0) {
        return fit(budget, 0.0, "none_fits", null, hi, probes,
            "not even one message per block fits");
      }
      return fit(budget, lo, p.kind() == ParamKind.INTEGER ? "exact" : "within_1pct", lo, hi,
          probes, null);
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

    private BudgetFit fit(double budget, Double y, String bound, Double lo, Double hi,
        int probes, String note) {
      Double x = y == null ? null : sign * y;
      Double xl = lo == null ? null : sign * lo;
      Double xh = hi == null ? null : sign * hi;
      String label = x == null ? null : labelOf(x);
      Known at = x == null ? null : known.get(x);
      if (at == null && !known.isEmpty()) {
        at = (sign > 0 ? known.firstEntry() : known.lastEntry()).getValue();
      }
      return new BudgetFit(budget, display(x), label, bound, display(xl), display(xh), probes,
          note, at == null ? null : FitRule.bottleneck(at.runs(), at.label()));
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

  static final String NOT_STORED = "search off (--no-search): stopped at the first probe that"
      + " no earlier sweep stored";

  static String fmtMs(double ms) {
    return ms >= 1000 && ms % 1000 == 0 ? String.format(Locale.ROOT, "%.0fs", ms / 1000)
        : String.format(Locale.ROOT, "%.0fms", ms);
  }

  // ------------------------------------------------------------------ categorical

  private CategoricalParam categorical(SweepPlan.Param p) {
    List<CategoricalGroup> groups = new ArrayList<>();
    for (Map.Entry<Map<String, String>, List<SweepPlan.Cell>> g : groups(p).entrySet()) {
      List<CategoryValue> values = new ArrayList<>();
      for (SweepPlan.Cell c : g.getValue()) {
        CellStats s = stats(c);
        List<Boolean> fits = new ArrayList<>();
        for (boolean f : s.fits()) {
          fits.add(f);
        }
        values.add(new CategoryValue(c.labels().get(p.path()), s.budgets().get(0).p50().mean(),
            s.p95Ms(), s.budgets().get(0).p99().mean(), s.judgedP95Ms(), fits));
      }
      groups.add(new CategoricalGroup(g.getKey(), values));
    }
    return new CategoricalParam(p.path(), groups);
  }

  // ------------------------------------------------------------------ tornado

  private List<TornadoBar> tornado(Map<String, String> baseLabels, double baseP95) {
    List<TornadoBar> bars = new ArrayList<>();
    for (SweepPlan.Param p : plan.params()) {
      List<SweepPlan.Cell> around = new ArrayList<>();
      for (SweepPlan.Cell c : plan.cells()) {
        boolean others = true;
        for (Map.Entry<String, String> e : baseLabels.entrySet()) {
          if (!e.getKey().equals(p.path()) && !e.getValue().equals(c.labels().get(e.getKey()))) {
            others = false;
          }
        }
        if (others && finished(c)) {
          around.add(c);
        }
      }
      if (around.size() < 2) {
        around = plan.cells().stream().filter(this::finished).toList(); // zip: others change too
      }
      if (around.size() < 2) {
        continue;
      }
      SweepPlan.Cell low;
      SweepPlan.Cell high;
      if (p.kind().numeric()) {
        Comparator<SweepPlan.Cell> byValue =
            Comparator.comparingDouble(c -> p.numbers().get(c.labels().get(p.path())));
        low = around.stream().min(byValue).orElseThrow();
        high = around.stream().max(byValue).orElseThrow();
      } else {
        Comparator<SweepPlan.Cell> byLatency = Comparator.comparingDouble(c -> stats(c).p95Ms());
        low = around.stream().min(byLatency).orElseThrow();
        high = around.stream().max(byLatency).orElseThrow();
      }
      bars.add(new TornadoBar(p.path(), low.labels().get(p.path()),
          high.labels().get(p.path()), stats(low).p95Ms(), stats(high).p95Ms(), baseP95));
    }
    bars.sort(Comparator.comparingDouble(
        (TornadoBar t) -> -Math.abs(t.highP95Ms() - t.lowP95Ms())));
    return bars;
  }

  // ------------------------------------------------------------------ JSON

  /** The report as the JSON tree of sensitivity.json (field names in snake_case). */
  public static Map<String, Object> toJson(Report r) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("headline", headlineJson(r));
    out.put("base", r.base());
    out.put("base_point", r.baseCell());
    out.put("base_p95_ms", round(r.baseP95Ms()));
    out.put("budgets_ms", r.budgetsMs());
    out.put("max_probes", r.maxProbes());
    out.put("probe_runs", r.probeRuns());
    out.put("fits_rule", "a value fits a budget when every replicate fits it (at least 95% of"
        + " heights within the budget, judged as consensus + decryption latency, or the slower"
        + " of the two when pipelined)");
    if (r.msgs() != null) {
      out.put("msgs_per_block", numericJson(r.msgs(), true));
    }
    List<Object> params = new ArrayList<>();
    for (NumericParam p : r.numeric()) {
      params.add(numericJson(p, false));
    }
    for (CategoricalParam p : r.categorical()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("path", p.path());
      m.put("kind", "categorical");
      List<Object> groups = new ArrayList<>();
      for (CategoricalGroup g : p.groups()) {
        Map<String, Object> gm = new LinkedHashMap<>();
        gm.put("fixed", g.fixed());
        List<Object> values = new ArrayList<>();
        for (CategoryValue v : g.values()) {
          Map<String, Object> vm = new LinkedHashMap<>();
          vm.put("value", v.value());
          vm.put("p50_ms", round(v.p50Ms()));
          vm.put("p95_ms", round(v.p95Ms()));
          vm.put("p99_ms", round(v.p99Ms()));
          vm.put("judged_p95_ms", round(v.judgedP95Ms()));
          vm.put("fits", fitsJson(r.budgetsMs(), v.fits()));
          values.add(vm);
        }
        gm.put("values", values);
        groups.add(gm);
      }
      m.put("groups", groups);
      params.add(m);
    }
    out.put("parameters", params);
    List<Object> tornado = new ArrayList<>();
    for (TornadoBar t : r.tornado()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("path", t.path());
      m.put("low_value", t.lowLabel());
      m.put("high_value", t.highLabel());
      m.put("low_p95_ms", round(t.lowP95Ms()));
      m.put("high_p95_ms", round(t.highP95Ms()));
      m.put("base_p95_ms", round(t.baseP95Ms()));
      tornado.add(m);
    }
    out.put("tornado", tornado);
    out.put("notes", r.notes());
    return out;
  }

  private static Map<String, Object> numericJson(NumericParam p, boolean msgs) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("path", p.path());
    m.put("kind", p.kind());
    if (!p.unit().isEmpty()) {
      m.put("unit", p.unit());
    }
    if (msgs) {
      m.put("searched_from", p.virtual() ? "the base value (--max-msgs-search)" : "the grid");
    }
    List<Object> groups = new ArrayList<>();
    for (NumericGroup g : p.groups()) {
      Map<String, Object> gm = new LinkedHashMap<>();
      gm.put("fixed", g.fixed());
      gm.put("direction", g.direction());
      gm.put("monotone", g.monotone());
      List<Object> budgets = new ArrayList<>();
      for (BudgetFit f : g.budgets()) {
        Map<String, Object> fm = new LinkedHashMap<>();
        fm.put("block_time_ms", f.blockTimeMs());
        String name = msgs ? "max_msgs_fitting"
            : g.direction().equals("decreasing") ? "min_value_fitting" : "max_value_fitting";
        fm.put(name, msgs && f.value() != null ? (Object) Math.round(f.value())
            : round(f.value()));
        if (!msgs && f.label() != null) {
          fm.put(name + "_text", f.label());
        }
        fm.put("bound", f.bound());
        fm.put("bracket", msgs
            ? java.util.Arrays.asList(whole(f.bracketLow()), whole(f.bracketHigh()))
            : java.util.Arrays.asList(round(f.bracketLow()), round(f.bracketHigh())));
        fm.put("probes", f.probes());
        if (f.bottleneck() != null) {
          fm.put("bottleneck", bottleneckJson(f.bottleneck()));
        }
        if (f.note() != null) {
          fm.put("note", f.note());
        }
        budgets.add(fm);
      }
      gm.put("budgets", budgets);
      gm.put(msgs ? "cost_per_extra_msg_ms" : "slope_ms_per_unit", round(g.slopeMsPerUnit()));
      gm.put("intercept_ms", round(g.interceptMs()));
      gm.put("r_squared", round(g.rSquared()));
      gm.put(msgs ? "base_msgs" : "base_value", msgs ? (Object) whole(g.baseValue())
          : round(g.baseValue()));
      gm.put("elasticity", round(g.elasticity()));
      List<Object> samples = new ArrayList<>();
      for (Sample s : g.samples()) {
        Map<String, Object> sm = new LinkedHashMap<>();
        sm.put(msgs ? "msgs" : "value", msgs ? (Object) whole(s.value()) : round(s.value()));
        if (!msgs) {
          sm.put("text", s.label());
        }
        sm.put("probe", s.probe());
        sm.put("p50_ms", round(s.p50Ms()));
        sm.put("p95_ms", round(s.p95Ms()));
        sm.put("p99_ms", round(s.p99Ms()));
        sm.put("judged_p95_ms", round(s.judgedP95Ms()));
        sm.put("replicates", s.p95PerReplicate().size());
        samples.add(sm);
      }
      gm.put("samples", samples);
      if (!g.notes().isEmpty()) {
        gm.put("notes", g.notes());
      }
      groups.add(gm);
    }
    m.put("groups", groups);
    return m;
  }

  /**
   * The answer at a glance: per design (the other varied values) and budget the largest value of
   * the searched parameter fitting (the message count when it is searched) and the bottleneck.
   */
  private static Map<String, Object> headlineJson(Report r) {
    Map<String, Object> h = new LinkedHashMap<>();
    NumericParam p = r.headlineParam();
    h.put("parameter", p == null ? null : p.path());
    List<Object> designs = new ArrayList<>();
    if (p != null) {
      for (NumericGroup g : p.groups()) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("design", g.fixed());
        List<Object> budgets = new ArrayList<>();
        for (BudgetFit f : g.budgets()) {
          Map<String, Object> b = new LinkedHashMap<>();
          b.put("block_time_ms", f.blockTimeMs());
          boolean msgs = p.path().equals(SweepPlan.MSGS);
          String name = msgs ? "max_msgs_fitting"
              : g.direction().equals("decreasing") ? "min_value_fitting" : "max_value_fitting";
          b.put(name, f.value() == null ? null : msgs ? (Object) Math.round(f.value())
              : round(f.value()));
          if (!msgs) {
            b.put(name + "_text", f.label());
          }
          b.put("bound", f.bound());
          b.put("bottleneck", f.bottleneck() == null ? null : bottleneckJson(f.bottleneck()));
          budgets.add(b);
        }
        d.put("budgets", budgets);
        designs.add(d);
      }
    }
    h.put("designs", designs);
    if (p == null) {
      List<Object> points = new ArrayList<>();
      for (PointFit f : r.points()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("point", f.labels());
        m.put("fits", fitsJson(r.budgetsMs(), f.fits()));
        m.put("bottleneck", f.bottleneck() == null ? null : bottleneckJson(f.bottleneck()));
        points.add(m);
      }
      h.put("points", points);
    }
    return h;
  }

  private static Map<String, Object> bottleneckJson(Bottleneck b) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("phase", b.phase());
    m.put("ms", round(b.ms()));
    m.put("share", round(b.share()));
    m.put("at", b.at());
    if (!b.pathMs().isEmpty()) {
      Map<String, Object> path = new LinkedHashMap<>();
      b.pathMs().forEach((phase, v) -> path.put(phase, round(v)));
      m.put("critical_path_ms", path);
    }
    if (b.shareBytes() != null) {
      m.put("share_bytes_per_validator_per_block", Math.round(b.shareBytes()));
    }
    return m;
  }

  private static Map<String, Boolean> fitsJson(List<Double> budgets, List<Boolean> fits) {
    Map<String, Boolean> m = new LinkedHashMap<>();
    for (int i = 0; i < budgets.size(); i++) {
      m.put(fmtMs(budgets.get(i)), fits.get(i));
    }
    return m;
  }

  private static Long whole(Double v) {
    return v == null || !Double.isFinite(v) ? null : Math.round(v);
  }

  private static Double round(Double v) {
    if (v == null || !Double.isFinite(v)) {
      return null;
    }
    return Math.round(v * 1e6) / 1e6;
  }
}
