package dev.tdsim.sweep;

import dev.tdsim.scenario.Units;
import dev.tdsim.sweep.SensitivityReport.CategoricalGroup;
import dev.tdsim.sweep.SensitivityReport.CategoricalParam;
import dev.tdsim.sweep.SensitivityReport.CategoryValue;
import dev.tdsim.sweep.SensitivityReport.Direction;
import dev.tdsim.sweep.SensitivityReport.NumericGroup;
import dev.tdsim.sweep.SensitivityReport.NumericParam;
import dev.tdsim.sweep.SensitivityReport.PointFit;
import dev.tdsim.sweep.SensitivityReport.BudgetFit;
import dev.tdsim.sweep.SensitivityReport.Sample;
import dev.tdsim.sweep.SensitivityReport.TornadoBar;
import dev.tdsim.sweep.SensitivitySearch.Known;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * One computation of the {@link SensitivityReport} from the grid's results: the base point, per
 * numeric parameter and group of the other varied values the search ({@link SensitivitySearch})
 * and the least-squares line of the latency, per categorical parameter the latencies of each
 * value, and the tornado.
 */
final class SensitivityAnalysis {
  /** The clients' arrival rate: with a mempool, its search is the throughput ceiling. */
  static final String RATE = "workload.rate";
  private final SweepPlan plan;
  private final Map<String, PointResult> results;
  private final List<Double> budgetsMs = new ArrayList<>();
  private final SensitivitySearch search;

  /**
   * @param results every grid point's result by point id
   * @param runProbes whether probes may run (false: only stored ones are used)
   * @param notStoredNote why a search stops at a probe that is not stored
   * @param width probes per round of the search (1: serial bisection)
   */
  SensitivityAnalysis(SweepPlan plan, Map<String, PointResult> results,
      Sensitivity.Prober prober, Consumer<String> log, boolean runProbes, String notStoredNote,
      int width) {
    this.plan = plan;
    this.results = results;
    for (long b : plan.base().budgetsNanos()) {
      budgetsMs.add(b / 1e6);
    }
    this.search = new SensitivitySearch(plan, budgetsMs, prober, log, runProbes, notStoredNote,
        width);
  }

  /** At most this many points are named in the consensus trouble notes. */
  private static final int TROUBLE_SHOWN = 6;

  /**
   * Notes naming the grid points and probes whose consensus went wrong (a height needed more
   * than one round, the chain halted, heights were never decrypted), which their latencies and
   * verdicts alone do not show; each starts with {@link SensitivityReport#CONSENSUS_TROUBLE}.
   */
  private List<String> consensusTrouble() {
    Map<String, String> byCell = new java.util.LinkedHashMap<>();
    List<PointResult> runs = new ArrayList<>();
    for (SweepPlan.Point p : plan.points()) {
      PointResult r = results.get(p.id());
      if (r != null) {
        runs.add(r);
      }
    }
    runs.addAll(search.probeResults());
    for (PointResult r : runs) {
      List<String> what = new ArrayList<>();
      if (r.maxRound() > 0) {
        what.add("heights needed up to round " + r.maxRound() + " (" + r.extraRounds()
            + " extra round" + (r.extraRounds() == 1 ? "" : "s") + ")");
      }
      if (r.halted()) {
        what.add("the chain halted");
      }
      if (r.heightsNotDecrypted() > 0) {
        what.add(r.heightsNotDecrypted() + " height" + (r.heightsNotDecrypted() == 1 ? "" : "s")
            + " never decrypted");
      }
      if (!what.isEmpty()) {
        byCell.putIfAbsent(r.cellId(), r.cellId() + ": " + String.join(", ", what));
      }
    }
    if (byCell.isEmpty()) {
      return List.of();
    }
    List<String> shown = new ArrayList<>(byCell.values());
    String more = shown.size() > TROUBLE_SHOWN
        ? "; and " + (shown.size() - TROUBLE_SHOWN) + " more points (sweep.csv: max_round,"
            + " extra_rounds, halted, heights_not_decrypted)" : "";
    return List.of(SensitivityReport.CONSENSUS_TROUBLE + " at " + byCell.size() + " of "
        + runs.size() + " runs (their times include the extra rounds): "
        + String.join("; ", shown.subList(0, Math.min(TROUBLE_SHOWN, shown.size()))) + more);
  }

  /** The report; the search runs (or reads) its probes on the way. */
  SensitivityReport report() {
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
      notes.add(SensitivityReport.ZIPPED + " the varied paths change together, so each"
          + " parameter's slope and"
          + " latencies mix the effects of all of them, and no search runs between grid points");
    }
    if (plan.sampledRealCrypto()) {
      notes.add("grid points and probes ran the real crypto at 1 sampled height"
          + " (crypto.sample_heights: 1): with crypto.timing: model every latency comes from the"
          + " cost model, so their verdicts and percentiles are those of runs with the real"
          + " crypto at every height; the plaintexts were checked at the sampled height (--set"
          + " crypto.sample_heights=N runs it at N heights)");
    }
    notes.addAll(consensusTrouble());
    double baseP95 = baseCell != null && finished(baseCell) ? stats(baseCell).p95Ms()
        : medianP95();
    List<TornadoBar> tornado = tornado(baseLabels, baseP95);
    return new SensitivityReport(baseLabels, baseCell == null ? null : baseCell.id(), baseP95,
        List.copyOf(budgetsMs), msgs, numeric, categorical, tornado, search.probeRuns(),
        plan.spec().maxProbes(), notes, pointFits(), plan.anyMempool());
  }

  /** Every finished grid point's fits and bottleneck, in grid order. */
  private List<PointFit> pointFits() {
    List<PointFit> out = new ArrayList<>();
    for (SweepPlan.Cell c : plan.cells()) {
      List<PointResult> runs = resultsOf(c);
      if (runs.isEmpty()) {
        continue;
      }
      out.add(new PointFit(c.labels(), fitsOf(CellStats.of(runs)),
          FitRule.bottleneck(runs, c.id())));
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

  /** Per budget whether the cell fits it. */
  private static List<Boolean> fitsOf(CellStats s) {
    List<Boolean> fits = new ArrayList<>();
    for (boolean f : s.fits()) {
      fits.add(f);
    }
    return fits;
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

  /** The group in a probe line: {@code  (crypto.variant=fast, validators.count=150)}. */
  private static String describeFixed(Map<String, String> fixed) {
    return fixed.isEmpty() ? "" : fixed.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ", " (", ")"));
  }

  // ------------------------------------------------------------------ numeric

  private NumericParam numeric(SweepPlan.Param p) {
    List<NumericGroup> groups = new ArrayList<>();
    for (Map.Entry<Map<String, String>, List<SweepPlan.Cell>> g : groups(p).entrySet()) {
      groups.add(numericGroup(p, g.getKey(), g.getValue()));
    }
    return new NumericParam(p.path(), p.kind(), p.kind().displayUnit(), p.virtual(), groups,
        throughput(p));
  }

  /**
   * Whether p is the throughput ceiling: the arrival rate varied as a rate with a mempool, so that
   * a run fits only when the chain also kept up with its clients ({@link FitRule#fits}); it is
   * then searched beyond the grid like the message count and named {@code max_rate_sustained}.
   */
  private boolean throughput(SweepPlan.Param p) {
    return p.path().equals(RATE) && p.kind() == ParamKind.RATE && plan.anyMempool();
  }

  /**
   * How p goes beyond a grid that fits everywhere: the message count up to what a block may
   * carry, the throughput ceiling's rate up to the largest a scenario may have; null otherwise.
   */
  private SensitivitySearch.Extension extension(SweepPlan.Param p, SweepPlan.Cell c) {
    if (p.path().equals(SweepPlan.MSGS)) {
      return new SensitivitySearch.Extension(msgsLimit(c), "the most messages a block may carry"
          + " (consensus.max_block_txs, max_block_bytes / msg_size) fits");
    }
    if (throughput(p)) {
      return new SensitivitySearch.Extension(Units.MAX_RATE_PER_SECOND, "the largest rate a"
          + " scenario may have (" + Units.formatRate(Units.MAX_RATE_PER_SECOND) + ") is sustained");
    }
    return null;
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
    boolean rising = p.path().equals(SweepPlan.MSGS) || throughput(p);
    // the latency trend over the grid decides the direction and whether to search
    List<Double> trend = new ArrayList<>();
    for (Known k : known.values()) {
      trend.add(k.stats().judgedP95Ms());
    }
    boolean up = monotone(trend, 1);
    boolean down = monotone(trend, -1);
    boolean risesOverGrid = trend.get(trend.size() - 1) > trend.get(0);
    Direction direction = Direction.of(rising, up, down);
    boolean monotone = trend.size() < 2 || (risesOverGrid ? up : down) || (up && down);
    Map<String, String> texts = groupTexts(p, fixed, cells);
    boolean zipped = !p.virtual() && plan.spec().zip() && plan.params().size() > 1;
    boolean searchable = !zipped && direction != Direction.NOT_MONOTONE;
    if (!plan.spec().search()) {
      notes.add("search off: the values fitting are read off the grid and the probes an earlier"
          + " sweep stored");
    }
    if (zipped) {
      notes.add("zip mode with other varied paths: no search between grid points");
    } else if (direction == Direction.NOT_MONOTONE) {
      notes.add("the judged p95 latency is not monotone in " + p.path() + " over the grid"
          + " (beyond " + Math.round(100 * Sensitivity.MONOTONE_TOLERANCE) + "%): no value"
          + " fitting reported");
    }
    SensitivitySearch.GroupSearch groupSearch = search.group(p, texts, known,
        direction == Direction.DECREASING ? -1 : 1, extension(p, cells.get(0)), searchable,
        direction == Direction.NOT_MONOTONE);
    List<BudgetFit> budgets = groupSearch.runAll(describeFixed(fixed));
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
      samples.add(new Sample(xd, e.getValue().label(), s.budgets().get(0).p50().mean(),
          s.p95Ms(), s.budgets().get(0).p99().mean(), s.judgedP95Ms(), e.getValue().probe(),
          fitsOf(s), reps));
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
    double tol = Sensitivity.MONOTONE_TOLERANCE * max;
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

  // ------------------------------------------------------------------ categorical

  private CategoricalParam categorical(SweepPlan.Param p) {
    List<CategoricalGroup> groups = new ArrayList<>();
    for (Map.Entry<Map<String, String>, List<SweepPlan.Cell>> g : groups(p).entrySet()) {
      List<CategoryValue> values = new ArrayList<>();
      for (SweepPlan.Cell c : g.getValue()) {
        CellStats s = stats(c);
        values.add(new CategoryValue(c.labels().get(p.path()), s.budgets().get(0).p50().mean(),
            s.p95Ms(), s.budgets().get(0).p99().mean(), s.judgedP95Ms(), fitsOf(s)));
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
}
